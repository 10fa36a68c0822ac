"""The databases the store's and the desk's tests run on: a SQLite file in tmp_path always, and the
PostgreSQL that BUILDER_TEST_DB names when it is set (.ci/run sets it).

Every test on PostgreSQL gets a schema of its own, made for it and dropped after it, reached
through the URL's ``search_path``: tests in parallel (pytest-xdist) on one database never see each
other's tables.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import Iterator

import pytest
import sqlalchemy as sa

POSTGRES = os.environ.get("BUILDER_TEST_DB", "")
KINDS = ["sqlite"] + (["postgresql"] if POSTGRES else [])
"""The fixtures' parameters: the databases the tests run on here."""


def _driver(url: str) -> sa.URL:
    """``url`` with the driver in the lock (psycopg 3), as the store reads ``postgresql://``."""
    parsed = sa.make_url(url)
    return parsed.set(drivername="postgresql+psycopg") if parsed.drivername in ("postgresql", "postgres") else parsed


@contextlib.contextmanager
def postgres_schema() -> Iterator[str]:
    """A URL of BUILDER_TEST_DB whose connections see only a new, empty schema (dropped after)."""
    try:
        engine = sa.create_engine(_driver(POSTGRES))
    except ImportError as driver_missing:
        pytest.skip(f"no PostgreSQL driver for {POSTGRES.split(':')[0]}: {driver_missing}")
    name = f"test_{secrets.token_hex(6)}"
    with engine.begin() as conn:
        conn.exec_driver_sql(f'CREATE SCHEMA "{name}"')
    try:
        yield _driver(POSTGRES).update_query_dict({"options": f"-csearch_path={name}"}).render_as_string(
            hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f'DROP SCHEMA "{name}" CASCADE')
        engine.dispose()


@contextlib.contextmanager
def database(kind: str, folder: Path, stem: str = "event") -> Iterator[str]:
    """The URL of an empty database of ``kind`` (one of :data:`KINDS`): a SQLite file in ``folder``,
    or a fresh schema of BUILDER_TEST_DB."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / f'{stem}.sqlite'}"
        return
    with postgres_schema() as url:
        yield url
