"""What the tournament day's page and export tests share: a day made in memory as the store would
give it, and a desk whose pack plays rounds, with that day."""

from __future__ import annotations

import dataclasses

import pytest
from starlette.testclient import TestClient

from builder.core.pack import RoundsFormat
from builder.desk.app import create_desk
from builder.events.packs import load_pack
from builder.events.rounds import Day, Entrant, Game, Result, Round, Table
from tests.desk.support import BASE, PACK, TOKEN, submit

ROUNDS = RoundsFormat(count=4, score="puntos de victoria", tie_breakers=("opponents-points", "score-difference"))


def a_day(ids: list[int], published_second: bool = False) -> Day:
    """Five teams (the first two given by the store, three more), two rounds: the first published and
    played (a dispute at table 2), the second paired, published or not."""
    names = ["Patrulla Alfa", "Exploradores", "Asalto <b>pesado</b>", "Los Rotos", "Fénix"]
    entrants = tuple(Entrant(team, name, club="Club Norte" if n < 2 else None, checked_in=True)
                     for n, (team, name) in enumerate(zip(ids, names)))
    first = Round(1, "semilla-1", True, (Table(1, ids[0], ids[1]), Table(2, ids[2], ids[3]), Table(3, ids[4])))
    second = Round(2, "semilla-1", published_second, (Table(1, ids[0], ids[4]), Table(2, ids[1], ids[2]),
                                                      Table(3, ids[3])))
    games = (Game(1, first.tables[0], Result("a", 12, 7)), Game(1, first.tables[1], None, disputed=True),
             Game(1, first.tables[2], Result("a")), Game(2, second.tables[0]), Game(2, second.tables[1]),
             Game(2, second.tables[2], Result("a")))
    return Day(entrants, (first, second), games)


def desk_with(db: str, rounds: RoundsFormat | None = ROUNDS):
    pack = dataclasses.replace(load_pack(PACK), rounds=rounds)
    return create_desk(pack, db, TOKEN, "127.0.0.1:8080")


@pytest.fixture
def showing(db):
    """A desk whose pack plays rounds, two teams stored, and the day the store gives (``day``)."""
    app = desk_with(db)
    with TestClient(app, base_url=BASE) as client:
        client.get("/")
        submit(client, "Patrulla Alfa")
        submit(client, "Exploradores")
        store = app.state.desk.store
        ids = sorted(store.teams(app.state.desk.event_id))
        kept = {"day": a_day(ids + [901, 902, 903])}
        store.day = lambda event_id: kept["day"]
        yield client, app, kept, ids


