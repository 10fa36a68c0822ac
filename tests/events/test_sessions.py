"""The organiser's sessions kept in the store, on SQLite and (BUILDER_TEST_DB) PostgreSQL: one row
each, seen by every process on the database, ended, expired, bounded in number, and a new code held
for its own team a few minutes and taken once."""

from __future__ import annotations

import pytest

from builder.events.sessions import CODE_SECONDS, SESSIONS_MOST, OrganiserSessions
from builder.events.store import Store
from tests.databases import KINDS, database

T = 1_800_000_000


@pytest.fixture(params=KINDS)
def stores(request, tmp_path):
    """Two stores on one database (two desk processes), with one event."""
    with database(request.param, tmp_path) as url:
        one, other = Store.open(url), Store.open(url)
        event = one.open_event("Torneo", "wartime")
        yield OrganiserSessions(one.engine, event), OrganiserSessions(other.engine, event), one
        one.close()
        other.close()


def test_a_session_opened_by_one_process_is_seen_and_ended_by_another(stores):
    one, other, _ = stores
    one.open("a" * 64, 3600, T)
    assert other.alive("a" * 64, T + 10) and not other.alive("b" * 64, T + 10)
    other.end("a" * 64)
    assert not one.alive("a" * 64, T + 11) and one.count() == 0


def test_a_session_expires_and_the_next_opening_deletes_every_expired_row(stores):
    one, other, _ = stores
    one.open("a" * 64, 3600, T)
    assert one.alive("a" * 64, T + 3599) and not one.alive("a" * 64, T + 3600)
    assert one.count() == 1
    other.open("b" * 64, 3600, T + 3600)
    assert one.count() == 1 and one.alive("b" * 64, T + 3601)


def test_an_event_keeps_a_bounded_number_of_sessions_the_oldest_ended(stores):
    one, _, store = stores
    for n in range(SESSIONS_MOST + 5):
        one.open(f"{n:064d}", 3600, T + n)
    assert one.count() == SESSIONS_MOST
    assert not one.alive(f"{0:064d}", T + 100) and one.alive(f"{SESSIONS_MOST + 4:064d}", T + 100)
    elsewhere = OrganiserSessions(store.engine, store.create_event("Liga", "wartime"))
    elsewhere.open("e" * 64, 3600, T + 200)  # another event's sessions are its own
    assert elsewhere.count() == 1 and one.count() == SESSIONS_MOST and not one.alive("e" * 64, T + 200)


def test_a_new_code_waits_for_its_team_a_few_minutes_and_is_taken_once(stores):
    one, other, _ = stores
    assert not one.hold_code("a" * 64, 1, "sealed", T)  # no such session
    one.open("a" * 64, 3600, T)
    assert one.hold_code("a" * 64, 1, "sealed", T)
    assert other.take_code("a" * 64, 2, T + 1) is None  # another team's page
    assert other.take_code("a" * 64, 1, T + 2) == "sealed"
    assert one.take_code("a" * 64, 1, T + 3) is None  # once
    one.hold_code("a" * 64, 1, "later", T + 10)
    assert one.take_code("a" * 64, 1, T + 10 + CODE_SECONDS) is None  # too late: gone
    one.hold_code("a" * 64, 1, "ended", T + 20)
    one.end("a" * 64)
    assert one.take_code("a" * 64, 1, T + 21) is None
