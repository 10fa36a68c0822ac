"""The organiser's exports as jobs, in the store (the print, the summary, the event's JSON, …).

An export is asked for, runs in a worker of the desk process that took the ask, to its end whatever
the organiser's browser does, and leaves a file every desk process can hand out (their shared
exports folder): its row says how far it got and where its file is. At most one job of a kind runs
for an event: asked again meanwhile, the running one is the answer (:meth:`ExportJobs.ask_export`).
While a job runs, its desk process says it is alive every few seconds (``beat_at``); a job silent
for :data:`STALE_SECONDS` died with its process (a desk stopped or killed mid-job) and is shown as
such (``stopped``): asked again, a new one starts. :class:`ExportJobs` is a part of
:class:`builder.events.store.Store`: its methods go through the store's engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa

from builder.events.rows import aware, utc
from builder.events.schema import export_jobs, utcnow

STALE_SECONDS = 30
"""A running job whose process said nothing for this long is taken for gone with it (its process
beats every few seconds: :data:`builder.desk.export_jobs.BEAT_SECONDS`)."""
STATES = ("running", "done", "failed", "stopped", "gone")
"""As stored: running; done (its file made); failed (it could not be made); stopped (its desk process
stopped during it); gone (its file deleted: expired, or replaced by a newer one of its kind)."""


@dataclass(frozen=True)
class ExportJob:
    id: int
    event_id: int
    kind: str
    options: dict[str, Any]
    state: str
    """One of :data:`STATES`; ``stopped`` too when running as stored but silent past :data:`STALE_SECONDS`."""
    done: int
    total: int
    file: str | None
    bytes: int | None
    started_at: datetime
    ended_at: datetime | None


class ExportJobs:
    engine: sa.Engine

    def _reading(self) -> sa.Connection:
        raise NotImplementedError

    def ask_export(self, event_id: int, kind: str, options: dict[str, Any],
                   now: datetime | None = None) -> tuple[ExportJob, bool]:
        """The job of ``kind`` running for the event, or a new one started: the job, and whether it is new.
        In one transaction, so two asks at once (two desk processes) start one job."""
        now = utc(now) if now else utcnow()
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":  # on SQLite, BEGIN IMMEDIATE already serialises writers
                conn.execute(sa.text("LOCK TABLE export_jobs IN SHARE ROW EXCLUSIVE MODE"))
            running = conn.execute(sa.select(export_jobs).where(
                export_jobs.c.event_id == event_id, export_jobs.c.kind == kind, export_jobs.c.state == "running",
                export_jobs.c.beat_at > now - timedelta(seconds=STALE_SECONDS))
                .order_by(export_jobs.c.id.desc()).limit(1)).first()
            if running is not None:
                return _job(running, now), False
            job_id = conn.execute(export_jobs.insert().values(
                event_id=event_id, kind=kind, options=json.dumps(options, sort_keys=True)[:200], state="running",
                done=0, total=0, started_at=now, beat_at=now)).inserted_primary_key[0]
            return _job(conn.execute(sa.select(export_jobs).where(export_jobs.c.id == job_id)).one(), now), True

    def export_job(self, job_id: int) -> ExportJob | None:
        with self._reading() as conn:
            row = conn.execute(sa.select(export_jobs).where(export_jobs.c.id == job_id)).first()
        return None if row is None else _job(row, utcnow())

    def last_export(self, event_id: int, kind: str) -> ExportJob | None:
        """The event's newest job of ``kind``, whatever its state."""
        with self._reading() as conn:
            row = conn.execute(sa.select(export_jobs).where(export_jobs.c.event_id == event_id,
                                                            export_jobs.c.kind == kind)
                               .order_by(export_jobs.c.id.desc()).limit(1)).first()
        return None if row is None else _job(row, utcnow())

    def export_files(self, event_id: int) -> list[ExportJob]:
        """The event's jobs that have a file on disk (done), the oldest first."""
        with self._reading() as conn:
            rows = conn.execute(sa.select(export_jobs).where(export_jobs.c.event_id == event_id,
                                                             export_jobs.c.state == "done")
                                .order_by(export_jobs.c.id)).all()
        now = utcnow()
        return [_job(row, now) for row in rows]

    def running_exports(self, event_id: int) -> list[ExportJob]:
        """The event's jobs running now (their processes alive, as far as their beats say)."""
        with self._reading() as conn:
            rows = conn.execute(sa.select(export_jobs).where(export_jobs.c.event_id == event_id,
                                                             export_jobs.c.state == "running")).all()
        now = utcnow()
        return [job for job in (_job(row, now) for row in rows) if job.state == "running"]

    def export_progress(self, job_id: int, done: int | None = None, total: int | None = None) -> None:
        """A running job's sign of life, and how far it got (when given)."""
        values: dict[str, Any] = {"beat_at": utcnow()}
        if done is not None:
            values["done"] = done
        if total is not None:
            values["total"] = total
        with self.engine.begin() as conn:
            conn.execute(export_jobs.update().where(export_jobs.c.id == job_id, export_jobs.c.state == "running")
                         .values(**values))

    def export_ended(self, job_id: int, state: str, file: str | None = None, size: int | None = None) -> None:
        """A running job done (its ``file``, of ``size`` bytes), failed or stopped; or a done job's file gone."""
        if state not in STATES[1:]:
            raise ValueError(state)
        was, values = ("done", {"state": state}) if state == "gone" else \
            ("running", {"state": state, "ended_at": utcnow(), "file": file, "bytes": size})
        with self.engine.begin() as conn:
            conn.execute(export_jobs.update().where(export_jobs.c.id == job_id, export_jobs.c.state == was)
                         .values(**values))


def _job(row: Any, now: datetime) -> ExportJob:
    state = row.state
    if state == "running" and row.beat_at <= now - timedelta(seconds=STALE_SECONDS):
        state = "stopped"
    try:
        options = json.loads(row.options)
    except ValueError:
        options = {}
    return ExportJob(row.id, row.event_id, row.kind, options if isinstance(options, dict) else {}, state,
                     row.done, row.total, row.file, row.bytes, aware(row.started_at),
                     aware(row.ended_at) if row.ended_at else None)
