"""The database under a store: SQLite's settings for durable writes from several processes, reads that
take no write lock, and a database from a newer builder refused untouched."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
import sqlalchemy as sa

from builder.events import schema
from builder.events.bounds import StoreRefused
from builder.events.engines import BUSY_TIMEOUT_MS, engine_for
from tests.timing import baseline, bound, timed


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'event.sqlite'}"


def test_sqlite_is_opened_in_wal_with_full_sync_foreign_keys_and_a_wait_for_locks(url):
    engine = engine_for(url)
    with engine.connect() as conn:
        pragmas = [conn.exec_driver_sql(f"PRAGMA {p}").scalar()
                   for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")]
        assert schema.version_of(conn) == schema.LATEST  # its schema brought up to date
    engine.dispose()
    assert pragmas == ["wal", 2, 1, BUSY_TIMEOUT_MS] and BUSY_TIMEOUT_MS == 10_000  # synchronous 2 is FULL


def test_a_read_takes_no_write_lock_while_a_write_holds_it(url):
    engine = engine_for(url)

    def read() -> None:
        with engine.connect().execution_options(reading=True) as reading:  # plain BEGIN: WAL reads wait on none
            assert reading.execute(sa.select(sa.func.count()).select_from(schema.events)).scalar() == 0

    before = baseline(lambda: timed(read))  # the same read with no write under way
    with engine.begin() as writing:  # BEGIN IMMEDIATE: the write lock, held until the end of this block
        writing.execute(schema.events.insert().values(name="Torneo", system="wartime", locked=False,
                                                      created_at=schema.utcnow()))
        during = timed(read)
    # As quick as with no write (a read that waited would wait the busy timeout, 10 s): within three
    # times the read before, or 1 s where that was quicker.
    assert during < bound(before, 1 / 3), (before, during)
    engine.dispose()


def test_a_database_from_a_newer_builder_is_refused_untouched(url):
    engine_for(url).dispose()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(schema.schema_version.insert().values(version=schema.LATEST + 1,
                                                           applied_at=datetime(2026, 5, 1, tzinfo=timezone.utc)))
    with pytest.raises(StoreRefused) as refused:
        engine_for(url)
    assert refused.value.code == "newer-database" and f"version {schema.LATEST + 1}" in str(refused.value)
    with engine.connect() as conn:
        assert schema.version_of(conn) == schema.LATEST + 1
    engine.dispose()
