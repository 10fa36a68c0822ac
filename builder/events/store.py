"""An event's lists in a database: teams, every version each submitted, the organiser's reviews.

``Store.open("sqlite:///event.sqlite")`` is the embedded default, one file beside the pack;
``Store.open("postgresql://…")`` serves a league run by several server processes. Both go through
SQLAlchemy Core, the same statements and the same transactions. The tables are described in
:mod:`builder.events.schema`.

The contract every method keeps:

- every write is one transaction (``engine.begin()``): a refusal (:class:`StoreRefused`) or any
  exception leaves nothing half-stored;
- submissions and reviews are append-only: a new version is a new row, never an overwrite; a team
  the organiser removes (:meth:`Store.remove_teams`) is marked so, never deleted, and is then in no
  read (it is no team: ``no-such-team``);
- on SQLite, an acknowledged write (a method that returned) survives the process being killed: the
  journal is WAL with ``synchronous=FULL``, so a commit is on disk before it returns;
- nothing a player sent becomes a path: :meth:`Store.export` names folders after a slug of the team
  name and its id, and writes only files whose stored names are plain ``*.yaml``/``*.yml`` names.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Mapping

import sqlalchemy as sa

from builder.events import schema
from builder.events.bounds import (Limits, StoreRefused, club_name, plain_file_name, size_of, slug, team_key,
                                   team_name)
from builder.events.codes import code_matches, hash_code, new_edit_code
from builder.events.schema import Checked, Event, Receipt, Review, Submission  # the values it answers with
from builder.events.engines import engine_for
from builder.events.day import DayKeeping
from builder.events.export_jobs import ExportJobs
from builder.events.found import as_text
from builder.events.race_days import RaceDays
from builder.events.roll import Roll, live, newest_of
from builder.events.rows import add_version, aware, submissions_where, utc
from builder.events.schema import code_changes, events, reviews, submissions, teams

__all__ = ["Limits", "Store", "StoreRefused", "plain_file_name", "slug", "team_key", "team_name"]

class Store(Roll, DayKeeping, RaceDays, ExportJobs):
    """An event desk's database. Make one with :meth:`open`; every method is one transaction."""

    def __init__(self, engine: sa.Engine):
        self.engine = engine

    @classmethod
    def open(cls, url: str) -> "Store":
        """Open (creating if need be) the database at ``url`` (``sqlite:///path`` or
        ``postgresql://…``) and bring its schema up to date. A database whose schema is newer than
        this code is refused (``newer-database``), untouched."""
        return cls(engine_for(url))

    def _reading(self) -> sa.Connection:
        """A connection for reads alone (writes go through ``engine.begin()``)."""
        return self.engine.connect().execution_options(reading=True)

    def close(self) -> None:
        self.engine.dispose()

    def answers(self) -> None:
        """One read of the events table; raises when the database doesn't answer (a desk's health)."""
        with self._reading() as conn:
            conn.execute(sa.select(events.c.id).limit(1)).all()

    def schema_version(self) -> int:
        with self._reading() as conn:
            return schema.version_of(conn)

    # The event

    def create_event(self, name: str, system: str, deadline: datetime | None = None) -> int:
        """A new event (unlocked), its id. ``deadline``: the moment submissions close (UTC if naive)."""
        with self.engine.begin() as conn:
            return conn.execute(events.insert().values(
                name=name, system=system, deadline=utc(deadline) if deadline else None, locked=False,
                created_at=schema.utcnow())).inserted_primary_key[0]

    def find_event(self, name: str, system: str) -> int | None:
        """The id of the first event of this name and system (a desk reopened on its database)."""
        with self._reading() as conn:
            return conn.execute(sa.select(events.c.id).where(events.c.name == name, events.c.system == system)
                                .order_by(events.c.id).limit(1)).scalar()

    def open_event(self, name: str, system: str) -> int:
        """The id of the first event of this name and system, made (unlocked, no deadline) if there is
        none, in one transaction: desk processes starting at once on one database find one event."""
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":  # on SQLite, BEGIN IMMEDIATE already serialises writers
                conn.execute(sa.text("LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE"))
            found = conn.execute(sa.select(events.c.id).where(events.c.name == name, events.c.system == system)
                                 .order_by(events.c.id).limit(1)).scalar()
            if found is not None:
                return found
            return conn.execute(events.insert().values(
                name=name, system=system, deadline=None, locked=False,
                created_at=schema.utcnow())).inserted_primary_key[0]

    def event(self, event_id: int) -> Event:
        with self._reading() as conn:
            row = self._event(conn, event_id)
        return Event(row.id, row.name, row.system, aware(row.deadline), row.locked, row.changes, bool(row.publish))

    def publishing_set(self, event_id: int) -> bool:
        """Whether the event's publishing was ever set (by :meth:`set_publish`)."""
        with self._reading() as conn:
            return self._event(conn, event_id).publish is not None

    def set_publish(self, event_id: int, publish: bool) -> None:
        """Show the event's lists to everyone once it is closed (or stop showing them)."""
        with self.engine.begin() as conn:
            self._event(conn, event_id)
            conn.execute(events.update().where(events.c.id == event_id)
                         .values(publish=publish, changes=events.c.changes + 1))

    def set_deadline(self, event_id: int, deadline: datetime | None) -> None:
        with self.engine.begin() as conn:
            self._event(conn, event_id)
            conn.execute(events.update().where(events.c.id == event_id)
                         .values(deadline=utc(deadline) if deadline else None, changes=events.c.changes + 1))

    def lock_event(self, event_id: int, locked: bool = True) -> None:
        """Close (or, with ``locked=False``, reopen) the event to every submission."""
        with self.engine.begin() as conn:
            self._event(conn, event_id)
            conn.execute(events.update().where(events.c.id == event_id)
                         .values(locked=locked, changes=events.c.changes + 1))

    def lock_team(self, team_id: int, locked: bool = True) -> None:
        """Close (or reopen) one team to new versions; the event's lock and deadline still apply."""
        with self.engine.begin() as conn:
            team = self._team(conn, team_id)
            conn.execute(teams.update().where(teams.c.id == team_id).values(locked=locked))
            self._changed(conn, team.event_id)

    # Submitting

    def register(self, event_id: int, team: str, files: Mapping[str, str], checked: Checked,
                 now: datetime | None = None, limits: Limits | None = None, club: str | None = None) -> Receipt:
        """Store a new team (``club``: the club it names, as :func:`club_name` keeps it) and its first version; the receipt carries the team's edit code, in
        plain text this once (only its salted hash is kept). Refused: ``no-such-event``,
        ``bad-team-name``, ``team-exists`` (the same name once case, accents and separators are
        left out), ``event-locked``, ``past-deadline`` (``now`` at or after the deadline),
        ``event-full`` (the event has ``limits.teams`` teams, removed ones not counted), and the
        files' and ``limits``' refusals of :meth:`submit`. The name is kept as :func:`team_name` makes it."""
        name = team_name(team)
        folded = team_key(name)
        club = club_name(club)
        self._check_files(files)
        size = size_of(files)
        limits = limits or Limits()
        limits.check(0, 0, size)
        code = new_edit_code()
        code_hash = hash_code(code)
        with self.engine.begin() as conn:
            event = self._event(conn, event_id, for_update=True)
            self._check_open(event, None, utc(now))
            taken = conn.execute(sa.select(teams.c.name).where(
                teams.c.event_id == event_id, teams.c.folded == folded)).first()
            if taken:
                raise StoreRefused("team-exists", f"{name!r} is taken by {taken.name!r}")
            # Counted under the event's row lock: registrations at once can't pass the bound together.
            limits.check_teams(conn.execute(sa.select(sa.func.count()).select_from(teams).where(live(event_id))).scalar())
            team_id = conn.execute(teams.insert().values(
                event_id=event_id, name=name, folded=folded, code_hash=code_hash, locked=False,
                created_at=utc(now), club=club)).inserted_primary_key[0]
            submission_id = add_version(conn, team_id, 1, files, checked, utc(now), size)
            self._changed(conn, event_id)
        return Receipt(team_id, submission_id, 1, code)

    def submit(self, team_id: int, edit_code: str, files: Mapping[str, str], checked: Checked,
               now: datetime | None = None, limits: Limits | None = None) -> Receipt:
        """Store a new version of a team's list (the earlier ones stay). Refused: ``no-such-team``,
        ``wrong-edit-code``, ``event-locked``, ``team-locked``, ``past-deadline``, ``no-files``,
        ``bad-file-name`` (a name that is not a plain ``*.yaml``/``*.yml`` file's), and over
        ``limits``: ``team-versions-full``, ``team-bytes-full`` (the team's versions, this one
        included, past its bytes)."""
        self._check_files(files)
        size = size_of(files)
        if not self.code_is(team_id, edit_code):
            raise StoreRefused("wrong-edit-code")
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            self._check_open(self._event(conn, team.event_id), team, utc(now))
            last, kept = conn.execute(sa.select(sa.func.max(submissions.c.version), sa.func.sum(submissions.c.bytes))
                                      .where(submissions.c.team_id == team_id)).one()
            (limits or Limits()).check(last or 0, kept or 0, size)
            submission_id = add_version(conn, team_id, (last or 0) + 1, files, checked, utc(now), size)
            self._changed(conn, team.event_id)
        return Receipt(team_id, submission_id, (last or 0) + 1)

    def new_code(self, team_id: int, now: datetime | None = None) -> str:
        """A new edit code for the team, in plain text this once; the old one stops working at once.
        The change is kept in the team's history (:meth:`code_changes`), never the code."""
        code = new_edit_code()
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            conn.execute(teams.update().where(teams.c.id == team_id).values(code_hash=hash_code(code)))
            conn.execute(code_changes.insert().values(team_id=team_id, at=utc(now)))
            self._changed(conn, team.event_id)
        return code

    def code_changes(self, team_id: int) -> list[datetime]:
        """When the organiser issued the team a new edit code, the first first."""
        with self._reading() as conn:
            self._team(conn, team_id)
            return [aware(at) for at in conn.execute(sa.select(code_changes.c.at).where(
                code_changes.c.team_id == team_id).order_by(code_changes.c.id)).scalars()]

    def remove_teams(self, event_id: int, team_ids: list[int], now: datetime | None = None) -> list[str]:
        """Take these teams out of the event (spam), all or none: their names, in the order they
        registered. Nothing is deleted: each is marked removed (``removed_at``), so its versions and
        reviews stay in the history, and its folded name is marked ``#<id>#…`` (no folded name has a
        ``#``), which frees the name for a new team. Refused ``no-such-team`` when one of them is not a
        team of the event (or was removed already)."""
        wanted = sorted(set(team_ids))
        with self.engine.begin() as conn:
            self._event(conn, event_id, for_update=True)
            found = conn.execute(sa.select(teams.c.id, teams.c.name).where(live(event_id), teams.c.id.in_(wanted))
                                 .order_by(teams.c.id).with_for_update()).all()
            if not wanted or len(found) != len(wanted):
                raise StoreRefused("no-such-team", ", ".join(map(str, sorted(set(wanted) - {r.id for r in found}))))
            conn.execute(teams.update().where(teams.c.id.in_(wanted)).values(
                removed_at=utc(now), folded=sa.literal("#") + sa.cast(teams.c.id, sa.String) + "#" + teams.c.folded))
            self._changed(conn, event_id)
        return [row.name for row in found]

    # Reading

    def code_is(self, team_id: int, edit_code: str) -> bool:
        """Whether ``edit_code`` is the team's (refused ``no-such-team`` when there is no such team)."""
        with self._reading() as conn:
            stored = self._team(conn, team_id).code_hash
        return code_matches(edit_code, stored)

    def teams(self, event_id: int, ids: list[int] | None = None) -> dict[int, str]:
        """The event's teams, id → name, in the order they registered (``ids``: only those)."""
        which = live(event_id) if ids is None else sa.and_(live(event_id), teams.c.id.in_(ids))
        with self._reading() as conn:
            return dict(conn.execute(sa.select(teams.c.id, teams.c.name).where(which).order_by(teams.c.id)).all())

    def locked_teams(self, event_id: int) -> set[int]:
        """The ids of the event's teams the organiser has locked."""
        with self._reading() as conn:
            return set(conn.execute(sa.select(teams.c.id).where(live(event_id), teams.c.locked == sa.true())).scalars())

    def versions(self, team_id: int) -> list[Submission]:
        """Every version of a team's list, the first first."""
        with self._reading() as conn:
            self._team(conn, team_id)
            return submissions_where(conn, submissions.c.team_id == team_id)

    def newest(self, team_id: int) -> Submission:
        """A team's latest version, with its files and what its check found."""
        newest = sa.select(sa.func.max(submissions.c.id)).where(submissions.c.team_id == team_id).scalar_subquery()
        with self._reading() as conn:
            self._team(conn, team_id)
            return submissions_where(conn, submissions.c.id == newest, found=True)[0]

    def submission(self, submission_id: int) -> Submission:
        """One stored version, with its files and what its check found (refused ``no-such-submission``)."""
        with self._reading() as conn:
            found = submissions_where(conn, sa.and_(submissions.c.id == submission_id, teams.c.removed_at.is_(None)),
                                      found=True)
        if not found:
            raise StoreRefused("no-such-submission", str(submission_id))
        return found[0]

    def keep_found(self, submission_id: int, found: dict[str, Any]) -> None:
        """What checking a version stored before migration 6 found, kept with it once (the first
        to be kept stays): its pages no longer check it again."""
        with self.engine.begin() as conn:
            conn.execute(submissions.update().where(submissions.c.id == submission_id, submissions.c.found.is_(None))
                         .values(found=as_text(found)))

    def history(self, team_id: int, page: int = 1, per_page: int = 10) -> tuple[list[Submission], int]:
        """One page of a team's versions, the newest first, without their files (``files`` empty),
        and how many versions it has in all."""
        with self._reading() as conn:
            self._team(conn, team_id)
            total = conn.execute(sa.select(sa.func.count()).where(submissions.c.team_id == team_id)).scalar()
            return submissions_where(conn, submissions.c.team_id == team_id, files=False, newest_first=True,
                                     limit=per_page, offset=(max(page, 1) - 1) * per_page), total

    def latest(self, event_id: int, files: bool = True) -> list[Submission]:
        """Each team's latest version, in the order the teams registered; ``files=False``: without
        their files (``files`` empty), for what shows only the check's results."""
        with self._reading() as conn:
            return submissions_where(conn, submissions.c.id.in_(newest_of(event_id)), files=files)

    def size(self) -> int:
        """The database's size in bytes, as its server counts it (SQLite: its pages)."""
        with self._reading() as conn:
            if conn.dialect.name == "postgresql":
                return conn.execute(sa.text("SELECT pg_database_size(current_database())")).scalar()
            if conn.dialect.name == "sqlite":
                return (conn.exec_driver_sql("PRAGMA page_count").scalar()
                        * conn.exec_driver_sql("PRAGMA page_size").scalar())
        raise NotImplementedError(conn.dialect.name)

    # The organiser's reviews

    def review(self, team_id: int, verdict: str, note: str = "", now: datetime | None = None,
               version: int | None = None) -> Review:
        """Approve (``approved``) or send back (``sent-back``) the team's latest version, with a
        note the player sees; an earlier review stays in the history. ``version``: the one the
        organiser saw; if the latest is another, nothing is stored (``stale-version``, its detail
        the latest version's number)."""
        if verdict not in ("approved", "sent-back"):
            raise StoreRefused("bad-verdict", verdict)
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            last = conn.execute(sa.select(submissions.c.id, submissions.c.version)
                                .where(submissions.c.team_id == team_id)
                                .order_by(submissions.c.version.desc()).limit(1)).one()
            if version is not None and version != last.version:
                raise StoreRefused("stale-version", str(last.version))
            at = utc(now)
            conn.execute(reviews.insert().values(team_id=team_id, submission_id=last.id, verdict=verdict,
                                                 note=note, at=at))
            self._changed(conn, team.event_id)
        return Review(last.id, last.version, verdict, note, aware(at))

    def approve(self, team_id: int, note: str = "", now: datetime | None = None) -> Review:
        return self.review(team_id, "approved", note, now)

    def send_back(self, team_id: int, note: str, now: datetime | None = None) -> Review:
        return self.review(team_id, "sent-back", note, now)

    def reviews(self, team_id: int) -> list[Review]:
        """Every review of the team's versions, the first first."""
        with self._reading() as conn:
            self._team(conn, team_id)
            rows = conn.execute(sa.select(reviews, submissions.c.version)
                                .join(submissions, submissions.c.id == reviews.c.submission_id)
                                .where(reviews.c.team_id == team_id).order_by(reviews.c.id)).all()
        return [Review(r.submission_id, r.version, r.verdict, r.note, aware(r.at)) for r in rows]

    def standing(self, team_id: int) -> Review | None:
        """The review of the team's latest version, if it has one (a newer version has none yet)."""
        with self._reading() as conn:
            self._team(conn, team_id)
            last = conn.execute(sa.select(sa.func.max(submissions.c.id)).where(submissions.c.team_id == team_id)).scalar()
            review = conn.execute(sa.select(reviews, submissions.c.version)
                                  .join(submissions, submissions.c.id == reviews.c.submission_id)
                                  .where(reviews.c.team_id == team_id).order_by(reviews.c.id.desc()).limit(1)).first()
        if review is None or review.submission_id != last:
            return None
        return Review(review.submission_id, review.version, review.verdict, review.note, aware(review.at))

    # Within a transaction

    def _event(self, conn: sa.Connection, event_id: int, for_update: bool = False) -> Any:
        query = sa.select(events).where(events.c.id == event_id)
        row = conn.execute(query.with_for_update() if for_update else query).first()
        if row is None:
            raise StoreRefused("no-such-event", str(event_id))
        return row

    def _team(self, conn: sa.Connection, team_id: int, for_update: bool = False) -> Any:
        query = sa.select(teams).where(teams.c.id == team_id, teams.c.removed_at.is_(None))
        row = conn.execute(query.with_for_update() if for_update else query).first()
        if row is None:
            raise StoreRefused("no-such-team", str(team_id))
        return row

    @staticmethod
    def _check_open(event: Any, team: Any, now: datetime) -> None:
        if event.locked:
            raise StoreRefused("event-locked")
        if team is not None and team.locked:
            raise StoreRefused("team-locked")
        if event.deadline is not None and now >= event.deadline:
            raise StoreRefused("past-deadline", f"the deadline was {event.deadline:%Y-%m-%d %H:%M} UTC")

    @staticmethod
    def _check_files(files: Mapping[str, str]) -> None:
        if not files:
            raise StoreRefused("no-files")
        for name in files:
            if not plain_file_name(name):
                raise StoreRefused("bad-file-name", repr(name))

    @staticmethod
    def _changed(conn: sa.Connection, event_id: int) -> None:
        conn.execute(events.update().where(events.c.id == event_id).values(changes=events.c.changes + 1))
