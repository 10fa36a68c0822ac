"""The event's roll as the organiser reads it: its teams' latest lists a page or a batch at a time,
how many teams it has, the lists several teams sent, and the reviews that stand.

Every read here costs the rows it answers with, never the whole event: a dashboard of thousands of
teams reads one page of them, and an export (the spreadsheet, the print, the files of
:meth:`Roll.export`) walks them a batch at a time. Removed teams
(``teams.removed_at``) are in none of them. :class:`Roll` is a part of
:class:`builder.events.store.Store`: its methods read through the store's connection.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

import sqlalchemy as sa

from builder.events.bounds import StoreRefused, plain_file_name, slug
from builder.events.rows import aware, submissions_where
from builder.events.schema import Review, Submission, reviews, submissions, teams


@dataclass(frozen=True)
class SameList:
    """A list (one fingerprint) that several teams' latest versions are: how many, and the first
    few names (in the order they registered)."""

    fingerprint: str
    teams: int
    names: tuple[str, ...]


def live(event_id: int) -> Any:
    """The condition on ``teams`` of the event's teams still in it."""
    return sa.and_(teams.c.event_id == event_id, teams.c.removed_at.is_(None))


def newest_of(event_id: int) -> Any:
    """The ids of the latest version of each team still in the event."""
    return (sa.select(sa.func.max(submissions.c.id)).join(teams, teams.c.id == submissions.c.team_id)
            .where(live(event_id)).group_by(submissions.c.team_id))


class Roll:
    def _reading(self) -> sa.Connection:
        raise NotImplementedError

    def team_count(self, event_id: int) -> int:
        """How many teams the event has (removed ones not counted)."""
        with self._reading() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(teams).where(live(event_id))).scalar()

    def removed_count(self, event_id: int) -> int:
        """How many teams the organiser removed from the event."""
        with self._reading() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(teams).where(
                teams.c.event_id == event_id, teams.c.removed_at.is_not(None))).scalar()

    def latest_page(self, event_id: int, page: int = 1, per_page: int = 50,
                    fingerprint: str | None = None) -> tuple[list[Submission], int]:
        """One page of the teams' latest versions without their files, in the order the teams
        registered (``fingerprint``: only the teams whose latest version is that list), and how many
        there are in all."""
        which = submissions.c.id.in_(newest_of(event_id))
        if fingerprint is not None:
            which = sa.and_(which, submissions.c.fingerprint == fingerprint)
        with self._reading() as conn:
            total = conn.execute(sa.select(sa.func.count()).select_from(submissions).where(which)).scalar()
            return submissions_where(conn, which, files=False, limit=per_page,
                                     offset=(max(page, 1) - 1) * per_page), total

    def latest_batches(self, event_id: int, size: int = 25, files: bool = True) -> Iterator[list[Submission]]:
        """The teams' latest versions (with their files), ``size`` teams at a time, in the order
        they registered: an export holds one batch in memory, never the event. Each batch is read
        in a transaction of its own, after the last team of the one before. A caller that lets each
        team go as it is done with it (``batch.pop(0)``) holds one batch at most."""
        after, batch = 0, None
        while True:
            batch = None  # the last one let go before the next is read: one batch in memory, not two
            with self._reading() as conn:
                batch = submissions_where(conn, sa.and_(submissions.c.id.in_(newest_of(event_id)),
                                                        submissions.c.team_id > after), files=files, limit=size)
            if not batch:
                return
            after = batch[-1].team_id  # before it is given: the caller may empty it as it goes
            yield batch

    def same_lists(self, event_id: int, fingerprints: Iterable[str] | None = None, most: int | None = None,
                   names: int = 3) -> tuple[list[SameList], int]:
        """The lists two or more teams' latest versions are, the most sent first (``fingerprints``:
        only those), at most ``most`` of them, each with its first ``names`` teams; and how many such
        lists there are in all."""
        newest = newest_of(event_id)
        counted = (sa.select(submissions.c.fingerprint, sa.func.count().label("teams"))
                   .where(submissions.c.id.in_(newest), submissions.c.fingerprint.is_not(None))
                   .group_by(submissions.c.fingerprint).having(sa.func.count() > 1))
        if fingerprints is not None:
            counted = counted.where(submissions.c.fingerprint.in_(sorted(set(fingerprints))))
        with self._reading() as conn:
            groups = conn.execute(counted.order_by(sa.desc("teams"), submissions.c.fingerprint)).all()
            total = len(groups)
            groups = groups[:most] if most is not None else groups
            if not groups:
                return [], total
            place = sa.func.row_number().over(partition_by=submissions.c.fingerprint,
                                              order_by=teams.c.id).label("place")
            ranked = (sa.select(submissions.c.fingerprint, teams.c.name, place)
                      .join(teams, teams.c.id == submissions.c.team_id)
                      .where(submissions.c.id.in_(newest), submissions.c.fingerprint.in_([g.fingerprint for g in groups]))
                      .subquery())
            first: dict[str, list[str]] = {}
            for row in conn.execute(sa.select(ranked.c.fingerprint, ranked.c.name).where(ranked.c.place <= names)
                                    .order_by(ranked.c.fingerprint, ranked.c.place)):
                first.setdefault(row.fingerprint, []).append(row.name)
        return [SameList(g.fingerprint, g.teams, tuple(first.get(g.fingerprint, ()))) for g in groups], total

    def duplicates(self, event_id: int) -> dict[str, list[str]]:
        """The fingerprints that two or more teams' latest versions share → those teams' names
        (every one: for a few teams; the dashboard reads :meth:`same_lists`)."""
        groups, _ = self.same_lists(event_id, names=1_000_000)
        return {group.fingerprint: list(group.names) for group in sorted(groups, key=lambda g: g.fingerprint)}

    def standings(self, team_ids: Iterable[int]) -> dict[int, Review]:
        """The review of each of these teams' latest version, for those that have one."""
        ids = sorted(set(team_ids))
        if not ids:
            return {}
        last = (sa.select(sa.func.max(submissions.c.id)).where(submissions.c.team_id.in_(ids))
                .group_by(submissions.c.team_id))
        newest_review = (sa.select(sa.func.max(reviews.c.id)).where(reviews.c.submission_id.in_(last))
                         .group_by(reviews.c.team_id))
        with self._reading() as conn:
            rows = conn.execute(sa.select(reviews, submissions.c.version)
                                .join(submissions, submissions.c.id == reviews.c.submission_id)
                                .where(reviews.c.id.in_(newest_review))).all()
        return {r.team_id: Review(r.submission_id, r.version, r.verdict, r.note, aware(r.at)) for r in rows}

    def export(self, event_id: int, folder: Path | str) -> list[Path]:
        """Write each team's latest version into ``folder``: a folder per team named
        ``<slug of its name>-<id>``, each file under its stored name when that is a plain YAML file's
        name (else ``_file-<n>.yaml``, which no plain name can be), its text exactly as sent. The
        files written, in order. Read a batch of teams at a time, however many the event has."""
        written = []
        root = Path(folder).resolve()
        for submission in (s for batch in self.latest_batches(event_id) for s in batch):
            home = root / f"{slug(submission.team)}-{submission.team_id}"
            home.mkdir(parents=True, exist_ok=True)
            for n, (name, text) in enumerate(submission.files.items(), start=1):
                path = home / (name if plain_file_name(name) else f"_file-{n}.yaml")
                if path.parent != home:  # plain_file_name admits no separator; kept as a second lock
                    raise StoreRefused("bad-file-name", repr(name))
                path.write_bytes(text.encode("utf-8"))
                written.append(path)
        return written
