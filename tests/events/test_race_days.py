"""The race days in the store, on SQLite and PostgreSQL: append-only, a day's latest entry stands,
an empty one takes it back, bounded in number, size and rows."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from builder.events import race_days
from builder.events.store import Store, StoreRefused
from tests.databases import KINDS, database


@pytest.fixture(params=KINDS)
def store(request, tmp_path):
    with database(request.param, tmp_path, "carrera") as url:
        opened = Store.open(url)
        yield opened
        opened.close()


def test_a_days_latest_entry_stands(store):
    event = store.create_event("Carrera", "cripmaquion")
    other = store.create_event("Otra", "cripmaquion")
    store.enter_race_day(event, 2, "name: Segunda\n")
    store.enter_race_day(event, 1, "name: Primera\n", now=datetime(2026, 11, 28, 10, tzinfo=timezone.utc))
    store.enter_race_day(event, 2, "name: Segunda, corregida\n")
    store.enter_race_day(other, 1, "name: De otro evento\n")
    days = store.race_days(event)
    assert [(d.number, d.text) for d in days] == [(1, "name: Primera\n"), (2, "name: Segunda, corregida\n")]
    assert days[0].entered_at == datetime(2026, 11, 28, 10, tzinfo=timezone.utc)
    store.enter_race_day(event, 2, "")
    assert [d.number for d in store.race_days(event)] == [1]


def test_what_is_refused_stores_nothing(store, monkeypatch):
    event = store.create_event("Carrera", "cripmaquion")
    for number in (0, -1, race_days.DAYS_MOST + 1):
        with pytest.raises(StoreRefused) as refused:
            store.enter_race_day(event, number, "name: x\n")
        assert refused.value.code == "no-such-round"
    with pytest.raises(StoreRefused) as refused:
        store.enter_race_day(event, 1, "x" * (race_days.DAY_BYTES + 1))
    assert refused.value.code == "race-day-too-large"
    monkeypatch.setattr(race_days, "ENTRIES_MOST", 2)
    store.enter_race_day(event, 1, "name: a\n")
    store.enter_race_day(event, 1, "name: b\n")
    with pytest.raises(StoreRefused) as refused:
        store.enter_race_day(event, 1, "name: c\n")
    assert refused.value.code == "event-full"
    assert [d.text for d in store.race_days(event)] == ["name: b\n"]
