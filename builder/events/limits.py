"""Per-client rate limits kept in the event store, so that every process of a desk (``--workers``,
or several machines sharing one PostgreSQL) counts against one budget.

A limit allows at most ``most`` requests a window (a minute) from one client, counted over a sliding
window estimated from two fixed ones: the current window's count, plus the previous window's count
weighted by the share of it the sliding window still covers. Each window is one row of
``rate_hits`` (:mod:`builder.events.schema`), counted by one statement, atomic on its own: an
upsert that reads the previous window in a subquery and only counts a request it allows
(``INSERT … SELECT … WHERE room > 0 ON CONFLICT … DO UPDATE … WHERE count < room RETURNING``), so a
client refused keeps no tally growing against it and two processes never both take the last place.

The cost, on every POST: that one statement (one round trip, autocommit, two primary-key lookups),
and once a window in each process a delete of its windows gone by (a limit's windows may be of
another length than another's: each prunes its own). The counts need no durability
(a power cut forgets a minute of them), so their commits skip the flush to disk: SQLite's
connections here are ``synchronous=NORMAL`` (in WAL mode the store's own ``FULL`` commits stay
durable), PostgreSQL's sessions ``synchronous_commit = off``.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from builder.events.schema import rate_hits
from builder.events.engines import BUSY_TIMEOUT_MS

KEY_MOST = 200


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


def _postgresql_connect(dbapi_connection: Any, _record: Any) -> None:
    with dbapi_connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit = off")  # for this session, every statement after
    dbapi_connection.commit()


def _counting(dialect: Any) -> Any:
    """The one statement that counts a request if it fits: a new row for the window (count 1), or its
    count bumped by one, only while the count stays under the room the previous window leaves."""
    key = sa.bindparam("key", type_=sa.String)
    previous = (sa.select(rate_hits.c.count)
                .where(rate_hits.c.key == key, rate_hits.c.window_start == sa.bindparam("previous", type_=sa.BigInteger))
                .scalar_subquery())
    room = sa.bindparam("most", type_=sa.Float) - sa.func.coalesce(previous, 0) * sa.bindparam("still", type_=sa.Float)
    first = sa.select(key, sa.bindparam("current", type_=sa.BigInteger), sa.literal(1, sa.Integer)).where(room > 0)
    return (dialect.insert(rate_hits).from_select(["key", "window_start", "count"], first)
            .on_conflict_do_update(index_elements=[rate_hits.c.key, rate_hits.c.window_start],
                                   set_={"count": rate_hits.c.count + 1}, where=rate_hits.c.count < room)
            .returning(rate_hits.c.count))


class StoredRateLimit:
    """At most ``most`` requests a ``window`` (seconds) from one client, counted in the database at
    ``url`` (the event store's, already migrated), shared by every process that opens it with the
    same ``name``: ``allow(client)`` counts one request and says whether it fits."""

    def __init__(self, url: sa.URL | str, name: str, most: int, window: float = 60.0):
        self.name, self.most, self.window = name, most, window
        # Each call is one statement, atomic on its own: no BEGIN and COMMIT around it.
        self.engine = sa.create_engine(url, isolation_level="AUTOCOMMIT", pool_size=2, max_overflow=8)
        dialect = {"postgresql": postgresql, "sqlite": sqlite}[self.engine.dialect.name]
        sa.event.listen(self.engine, "connect", _postgresql_connect if dialect is postgresql else _sqlite_connect)
        self._count = _counting(dialect)
        self._pruned: int | None = None

    def allow(self, client: str, now: float | None = None) -> bool:
        """Whether one more request from ``client`` fits (and, if so, it is counted)."""
        moment = time.time() if now is None else now  # the wall clock: shared by every machine
        current = int(moment // self.window)
        still = 1.0 - (moment / self.window - current)  # the previous window's share in the sliding one
        with self.engine.connect() as conn:
            allowed = conn.execute(self._count, {
                "key": f"{self.name} {client}"[:KEY_MOST], "current": current, "previous": current - 1,
                "most": float(self.most), "still": still}).first() is not None
            if self._pruned != current:  # once a window in each process
                # Its own windows only: another limit's are counted in windows of another length.
                conn.execute(rate_hits.delete().where(rate_hits.c.key.startswith(f"{self.name} ", autoescape=True),
                                                      rate_hits.c.window_start < current - 1))
                self._pruned = current
        return allowed

    def close(self) -> None:
        self.engine.dispose()
