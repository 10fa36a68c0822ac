"""The organiser's sessions, kept in the event store (``organiser_sessions``, migration 5), so that
every desk process on one database sees a login, a logout and an expiry at once.

A session is known here by a key, the hash its desk makes of the session's id: the id itself is
only in the organiser's cookie, so the database, or a copy of it, opens no session. Besides when it
started and ends, a session holds for a few minutes the new edit code the organiser just issued a
team, sealed by the desk with the session's id, until the team's page shows it once.

The storage is bounded: opening a session deletes every expired one (of every event on the
database), and an event keeps at most :data:`SESSIONS_MOST` at once, the oldest ended past it. Only
the organiser, with the token, opens one.
"""

from __future__ import annotations

import sqlalchemy as sa

from builder.events.schema import organiser_sessions as table

SESSIONS_MOST = 20
"""An event's sessions at once: the organiser's phone, laptop and a helper's, many times over."""
CODE_SECONDS = 600
"""How long a new edit code waits in the session for the team's page to show it."""


class OrganiserSessions:
    """The sessions of the event ``event_id`` in the database of ``engine`` (a store's, migrated).
    Times are Unix seconds, given by the caller (the desk's clock)."""

    def __init__(self, engine: sa.Engine, event_id: int):
        self.engine, self.event_id = engine, event_id

    def _reading(self) -> sa.Connection:
        return self.engine.connect().execution_options(reading=True)

    def open(self, key: str, seconds: int, now: float) -> None:
        """A new session of ``key``, ending ``seconds`` from ``now``; the expired ones deleted, and
        the event's oldest ended if it holds too many."""
        moment = int(now)
        with self.engine.begin() as conn:
            conn.execute(table.delete().where(table.c.expires <= moment))
            conn.execute(table.insert().values(key=key, event_id=self.event_id, started=moment,
                                               expires=moment + max(1, int(seconds))))
            kept = (sa.select(table.c.key).where(table.c.event_id == self.event_id)
                    .order_by(table.c.started.desc(), table.c.key).limit(SESSIONS_MOST))
            conn.execute(table.delete().where(table.c.event_id == self.event_id, table.c.key.not_in(kept)))

    def alive(self, key: str, now: float) -> bool:
        """Whether the session of ``key`` is open: started, not ended, not expired."""
        with self._reading() as conn:
            return conn.execute(sa.select(table.c.key).where(
                table.c.key == key, table.c.event_id == self.event_id, table.c.expires > int(now))).first() is not None

    def end(self, key: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(table.delete().where(table.c.key == key, table.c.event_id == self.event_id))

    def count(self) -> int:
        """The event's sessions kept (open or expired but not yet deleted)."""
        with self._reading() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(table)
                                .where(table.c.event_id == self.event_id)).scalar() or 0

    def hold_code(self, key: str, team_id: int, sealed: str, now: float) -> bool:
        """Keep a team's new edit code, ``sealed``, in the open session of ``key`` for
        :data:`CODE_SECONDS` (the one held before is dropped); False if there is no such session."""
        moment = int(now)
        with self.engine.begin() as conn:
            done = conn.execute(table.update().where(
                table.c.key == key, table.c.event_id == self.event_id, table.c.expires > moment).values(
                code_team=team_id, code_sealed=sealed, code_until=moment + CODE_SECONDS))
            return done.rowcount == 1

    def take_code(self, key: str, team_id: int, now: float) -> str | None:
        """The sealed code the session of ``key`` holds for ``team_id``, if it is still fresh, taken
        out of it: a second look (another tab, another process) finds nothing."""
        with self.engine.begin() as conn:
            found = conn.execute(sa.select(table.c.code_team, table.c.code_sealed, table.c.code_until).where(
                table.c.key == key, table.c.event_id == self.event_id, table.c.expires > int(now),
                table.c.code_sealed.is_not(None))).first()
            if found is None or found.code_team != team_id:
                return None
            # Taken only if it is still there: of two processes reading it at once, one shows it.
            taken = conn.execute(table.update().where(table.c.key == key, table.c.code_sealed == found.code_sealed)
                                 .values(code_team=None, code_sealed=None, code_until=None)).rowcount == 1
        return found.code_sealed if taken and found.code_until > int(now) else None
