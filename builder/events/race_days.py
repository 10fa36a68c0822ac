"""The race days an event's organiser entered (:mod:`builder.events.race_campaign`), in the store.

Append-only, as the store's other records: entering a day again adds a row, and a day's latest row
stands; an empty text takes the day back. :class:`RaceDays` is a part of
:class:`builder.events.store.Store`: its methods go through the store's engine.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa

from builder.events.bounds import StoreRefused
from builder.events.race_campaign import RaceDay
from builder.events.rows import aware, utc
from builder.events.schema import race_days, utcnow

DAY_BYTES = 256 * 1024
"""A day's YAML: the book's stage sheet is a page; this is far past any real day."""
DAYS_MOST = 30
"""Days an event may have (the pack's ``rounds: count`` is at most as many)."""
ENTRIES_MOST = 2000
"""Rows an event's days may take, every correction included: past it, nothing more is stored."""


class RaceDays:
    engine: sa.Engine

    def _reading(self) -> sa.Connection:
        raise NotImplementedError

    @staticmethod
    def _changed(conn: sa.Connection, event_id: int) -> None:
        raise NotImplementedError

    def enter_race_day(self, event_id: int, number: int, text: str, now: datetime | None = None) -> None:
        """Day ``number``'s stage as ``text`` (the YAML the organiser wrote; '' takes it back), kept
        whole in one transaction. Refused: a number past :data:`DAYS_MOST` (``no-such-round``), a text
        too long (``file-too-large``), an event past :data:`ENTRIES_MOST` rows (``event-full``)."""
        if not 1 <= number <= DAYS_MOST:
            raise StoreRefused("no-such-round", str(number))
        if len(text.encode("utf-8")) > DAY_BYTES:
            raise StoreRefused("race-day-too-large", str(number))
        with self.engine.begin() as conn:
            count = conn.execute(sa.select(sa.func.count()).select_from(race_days)
                                 .where(race_days.c.event_id == event_id)).scalar()
            if count >= ENTRIES_MOST:
                raise StoreRefused("event-full", "race days")
            conn.execute(race_days.insert().values(event_id=event_id, number=number, text=text,
                                                   entered_at=utc(now) if now else utcnow()))
            self._changed(conn, event_id)  # pages made from the event's days are made again

    def race_days(self, event_id: int) -> list[RaceDay]:
        """Each day's latest entry, by number; a day taken back is left out."""
        latest = (sa.select(sa.func.max(race_days.c.id)).where(race_days.c.event_id == event_id)
                  .group_by(race_days.c.number))
        with self._reading() as conn:
            rows = conn.execute(sa.select(race_days.c.number, race_days.c.text, race_days.c.entered_at)
                                .where(race_days.c.id.in_(latest)).order_by(race_days.c.number)).all()
        return [RaceDay(row.number, row.text, aware(row.entered_at)) for row in rows if row.text.strip()]
