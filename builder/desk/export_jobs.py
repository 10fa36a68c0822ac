"""The organiser's exports as jobs: asked for, each runs to its end in a worker process of the desk
(:mod:`builder.desk.export_work`) whatever the browser does, and leaves a file to download.

- One job of a kind at a time for an event, across the desk's processes: asked again while it runs,
  it is the answer (:meth:`builder.events.export_jobs.ExportJobs.ask_export`).
- The job's state lives in the event's store, so any desk process shows how far it got and hands
  out its file: the files are in one folder every desk process on the machine shares
  (:func:`exports_folder`, under ``XDG_CACHE_HOME``; the deployment's units share theirs).
- While it runs, its process says so every :data:`BEAT_SECONDS`; a desk stopped mid-job marks its
  jobs stopped, and one killed falls silent: either way the page says to ask again.
- The disk is bounded: a file is kept :data:`KEPT_HOURS` at most, a newer file of its kind replaces
  it, and an event's files take :data:`EXPORTS_BYTES` at most (the oldest go first); a job's
  folder that no job owns any more is removed (but the shelf of sheets drawn ahead, :mod:`builder.desk.sheets`,
  bounded on its own).
- The workers are the desk's own kind (:class:`builder.desk.workers.Workers`), a pool of one for
  exports alone: niced below the pages, bounded in memory, never a player's check behind a print.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import shutil
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import anyio
import sqlalchemy as sa

from builder.core.pack import Pack
from builder.desk import export_work
from builder.desk.sheets import SHEETS
from builder.desk.workers import Workers
from builder.events.export_jobs import ExportJob
from builder.events.store import Store

BEAT_SECONDS = 5.0
"""How often a running job's process says it is alive (see STALE_SECONDS in builder.events.export_jobs)."""
KEPT_HOURS = 24
"""How long a made file is kept for its download."""
EXPORTS_BYTES = 2 * 1024 ** 3
"""The most an event's export files take on disk together (a print of 1,500 teams is some 100 MB)."""
CPU_SECONDS = 1800
"""A job's own CPU time (a print's teams are drawn by processes of its own, not counted here)."""
BACKSTOP = 3600
"""Wall-clock seconds a job may take before its worker is taken for hung."""
STRAY_SECONDS = 60
"""A job's folder no job owns is removed once this old: another process's job may have just made it."""

log = logging.getLogger("builder.desk")


def exports_folder(url: str, event_id: int) -> Path:
    """Where an event's export files are kept: under the user's cache (``XDG_CACHE_HOME``, else
    ``~/.cache``), one folder per database and event, the same for every desk process that opens it."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    named = sa.make_url(url).render_as_string(hide_password=True)
    return cache / "builder" / "exports" / hashlib.sha256(f"{named}|{event_id}".encode()).hexdigest()[:16]


class Exports:
    """A desk process's exports: its pool of one worker, the jobs it runs, their folder."""

    def __init__(self, pack: Pack, store: Store, event_id: int, folder: Path, zone: Any = None):
        self.pack, self.store, self.event_id, self.folder, self.zone = pack, store, event_id, folder, zone
        self.workers = Workers(pack, count=1, spare=0, backstop=BACKSTOP)
        self.running: dict[int, asyncio.Task[None]] = {}
        """This process's jobs, by id."""

    async def ask(self, kind: str, options: dict[str, Any], day: Any = None) -> ExportJob:
        """The job of ``kind`` running for the event, or a new one, started here (``day``: the
        tournament day as the page read it). Shielded: a job written in the store is started,
        whether or not its asker waits for the answer."""
        return await asyncio.shield(self._ask(kind, options, day))

    async def _ask(self, kind: str, options: dict[str, Any], day: Any) -> ExportJob:
        job, new = await anyio.to_thread.run_sync(self.store.ask_export, self.event_id, kind, options)
        if new:
            self.running[job.id] = asyncio.get_running_loop().create_task(self._run(job, day))
        return job

    async def _run(self, job: ExportJob, day: Any) -> None:
        beating = asyncio.get_running_loop().create_task(self._beat(job.id))
        url = self.store.engine.url.render_as_string(hide_password=False)
        try:
            path, size = await self.workers.run(export_work.made, (
                url, self.event_id, job.id, job.kind, job.options, str(self.folder), self.zone, day), CPU_SECONDS)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - whatever stopped it, the organiser is told to ask again
            log.exception("export %s (job %d) failed", job.kind, job.id)
            await anyio.to_thread.run_sync(self.store.export_ended, job.id, "failed")
        else:
            await anyio.to_thread.run_sync(self._kept, job, path, size)
        finally:
            beating.cancel()
            self.running.pop(job.id, None)
            if not self.running:  # its worker gone till the next export: what it loaded and drew, given back
                self.workers.close()

    async def _beat(self, job_id: int) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            await anyio.to_thread.run_sync(self.store.export_progress, job_id)

    def _kept(self, job: ExportJob, path: str, size: int) -> None:
        if size > EXPORTS_BYTES:  # alone past what the event's files may take: never kept
            shutil.rmtree(Path(path).parent, ignore_errors=True)
            self.store.export_ended(job.id, "failed")
            return
        self.store.export_ended(job.id, "done", path, size)
        self.tidy()

    def tidy(self, now: datetime | None = None) -> None:
        """The files past their time, replaced by a newer of their kind, or over the event's bound
        (the oldest first) removed; and the folders no job owns."""
        now = now or datetime.now(timezone.utc)
        kept, newest = [], {}
        for job in reversed(self.store.export_files(self.event_id)):  # the newest first
            expired = job.ended_at is not None and job.ended_at < now - timedelta(hours=KEPT_HOURS)
            if expired or job.kind in newest or not _here(job.file, self.folder):
                self._drop(job)
            else:
                newest[job.kind] = job
                kept.append(job)
        total = sum(job.bytes or 0 for job in kept)
        for job in reversed(kept):  # the oldest first
            if total <= EXPORTS_BYTES:
                break
            total -= job.bytes or 0
            self._drop(job)
            kept.remove(job)
        owned = {f"job-{job.id}" for job in kept + self.store.running_exports(self.event_id)}
        if self.folder.is_dir():
            for folder in self.folder.iterdir():
                if folder.name not in owned and folder.name != SHEETS and time.time() - folder.stat().st_mtime > STRAY_SECONDS:
                    shutil.rmtree(folder, ignore_errors=True)

    def _drop(self, job: ExportJob) -> None:
        if _here(job.file, self.folder):
            shutil.rmtree(Path(job.file).parent, ignore_errors=True)
        self.store.export_ended(job.id, "gone")

    def file_of(self, job: ExportJob) -> Path | None:
        """A done job's file, if it is still on this machine's disk."""
        return Path(job.file) if job.state == "done" and _here(job.file, self.folder) else None

    def close(self) -> None:
        """The desk stops: its running jobs marked stopped (to be asked again), its worker ended."""
        for job_id in list(self.running):
            self.store.export_ended(job_id, "stopped")
        self.workers.close()


def _here(file: str | None, folder: Path) -> bool:
    """Whether ``file`` is an export's file in ``folder`` and is there."""
    if not file:
        return False
    path = Path(file)
    return path.parent.parent == folder and path.is_file()
