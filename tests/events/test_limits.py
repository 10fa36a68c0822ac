"""The rate limits kept in the store, on SQLite and (BUILDER_TEST_DB) PostgreSQL: one budget for
every process on the database, a sliding minute, refusals not counted, old windows pruned."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from builder.events.limits import StoredRateLimit
from builder.events.schema import rate_hits
from builder.events.store import Store
from tests.databases import KINDS, database

T = 1_800_000_000.0  # a moment at the start of a minute: T // 60 is whole


@pytest.fixture(params=KINDS)
def url(request, tmp_path):
    with database(request.param, tmp_path) as opened:
        Store.open(opened).close()  # the store's schema, rate_hits among it
        yield opened


@pytest.fixture
def limits(url):
    made: list[StoredRateLimit] = []

    def make(most: int, name: str = "post") -> StoredRateLimit:
        made.append(StoredRateLimit(url, name, most))
        return made[-1]
    yield make
    for limit in made:
        limit.close()


def test_a_client_gets_its_budget_and_no_more_and_another_client_its_own(limits):
    limit = limits(3)
    assert [limit.allow("10.0.0.1", T + n) for n in range(5)] == [True, True, True, False, False]
    assert limit.allow("10.0.0.2", T + 5)
    assert limits(3, name="login").allow("10.0.0.1", T + 6)  # another limit, another budget


def test_two_limits_on_one_database_share_the_budget(limits):
    one, other = limits(4), limits(4)
    answers = [(one, other)[n % 2].allow("10.0.0.1", T + n) for n in range(6)]
    assert answers == [True, True, True, True, False, False]


def test_the_window_slides_and_refusals_are_not_counted(limits):
    limit = limits(4)
    assert all(limit.allow("a", T + n) for n in range(4))
    assert not any(limit.allow("a", T + 10 + n) for n in range(20))  # refused, and not counted
    # Half a minute into the next window, half of the last one still counts: 4 - 4 × ½ = 2 places.
    assert [limit.allow("a", T + 90) for _ in range(3)] == [True, True, False]
    # Two windows on, the first one is forgotten (and pruned).
    assert [limit.allow("a", T + 180 + n) for n in range(5)] == [True, True, True, True, False]


def test_old_windows_are_pruned(limits, url):
    limit = limits(5)
    for minute in range(6):
        limit.allow(f"client-{minute}", T + 60 * minute)
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as conn:
        kept = conn.execute(sa.select(rate_hits.c.key).order_by(rate_hits.c.window_start)).scalars().all()
    engine.dispose()
    assert kept == ["post client-4", "post client-5"]


def test_processes_racing_for_the_last_places_never_take_more_than_the_budget(limits):
    """Eight threads on two limits (two connection pools, as two processes) ask at once."""
    one, other = limits(10), limits(10)
    allowed, start = [], threading.Barrier(8)

    def ask(limit: StoredRateLimit) -> None:
        start.wait()
        allowed.extend(limit.allow("10.0.0.9", T + 1) for _ in range(5))

    threads = [threading.Thread(target=ask, args=((one, other)[n % 2],)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(allowed) == 40 and allowed.count(True) == 10


def test_a_limit_of_short_windows_prunes_only_its_own_and_leaves_another_limits_count(url):
    """The builder's clicks are counted in windows of a few seconds, the POSTs in minutes: pruning the
    clicks' old windows never forgets a client's POSTs."""
    posts, clicks = StoredRateLimit(url, "post", 2), StoredRateLimit(url, "click", 120, window=12.0)
    try:
        assert posts.allow("a", T) and posts.allow("a", T + 1)
        assert clicks.allow("a", T + 2) and clicks.allow("a", T + 30)  # a later window: the clicks prune
        assert not posts.allow("a", T + 31)
    finally:
        posts.close()
        clicks.close()
