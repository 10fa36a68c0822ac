"""The database under a store: an SQLAlchemy engine for ``sqlite:///…`` or ``postgresql://…``, with
SQLite's settings for durable writes from several processes, its schema brought up to date."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from builder.events import schema
from builder.events.bounds import StoreRefused

BUSY_TIMEOUT_MS = 10_000
"""How long a SQLite write waits for another process's write before it fails."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling off: SQLAlchemy's "begin" event below emits BEGIN.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")  # first: the next may wait on a lock
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = FULL")  # a commit is on disk before it returns
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def _sqlite_begin(conn: sa.Connection) -> None:
    # A write's IMMEDIATE takes the write lock at once, so two processes' writes queue on
    # busy_timeout instead of one failing when its read turns into a write; a read (WAL) waits on none.
    conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get("reading") else "BEGIN IMMEDIATE")



def engine_for(url: str) -> sa.Engine:
    """The engine of the database at ``url`` (created if need be), its schema brought up to date;
    a database whose schema is newer than this code is refused (``newer-database``), untouched."""
    if url.startswith(("postgresql://", "postgres://")):
        # The driver in the lock (psycopg 3), whichever SQLAlchemy names by default (2.0: psycopg2).
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    engine = sa.create_engine(url)
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        sa.event.listen(engine, "begin", _sqlite_begin)
    with engine.connect().execution_options(reading=True) as conn:  # a look: no write lock taken
        found = schema.version_of(conn)
    if found > schema.LATEST:
        engine.dispose()
        raise StoreRefused("newer-database", f"the database is at schema version {found}; "
                           f"this builder knows up to {schema.LATEST}: update builder")
    schema.upgrade(engine)
    return engine
