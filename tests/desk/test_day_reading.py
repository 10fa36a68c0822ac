"""How the desk reads the day: the store's, when the pack plays rounds and the store keeps one."""

from __future__ import annotations

import dataclasses

from builder.desk.day_reading import day_of, fingerprints
from builder.events.rounds import Day
from tests.desk.show_support import desk_with, showing  # noqa: F401 - the fixture


def test_the_day_is_the_stores_when_the_pack_plays_rounds(showing):
    client, app, kept, ids = showing
    desk = app.state.desk
    assert day_of(desk) is kept["day"]
    assert day_of(dataclasses.replace(desk, pack=dataclasses.replace(desk.pack, rounds=None))) is None
    del desk.store.day
    assert day_of(desk) is None or isinstance(day_of(desk), Day)  # a store with a day of its own (part B's)
    assert set(fingerprints(desk)) == set(ids) and all(fingerprints(desk).values())
