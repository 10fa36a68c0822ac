"""The desk of the example tournament on a real database (a SQLite file, and the PostgreSQL that
BUILDER_TEST_DB names when it is set: tests/databases.py), and a client that has loaded its first page."""

from __future__ import annotations

import pytest

from builder.events.packs import load_pack
from tests.databases import KINDS, database
from tests.desk.support import BASE, PACK, TOKEN


@pytest.fixture(autouse=True)
def _exports_in_tmp_path(monkeypatch, tmp_path):
    """The organiser's export files under the test's own folder (the desk keeps them in the user's cache)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(params=KINDS)
def db(request, tmp_path) -> str:
    with database(request.param, tmp_path, "torneo") as url:
        yield url


@pytest.fixture
def client(db):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080"), base_url=BASE) as test_client:
        test_client.get("/")  # the CSRF cookie, as a browser gets it with the page
        yield test_client


@pytest.fixture
def day_client(db):
    """The desk of the example tournament played in rounds (tests.desk.support.ROUNDS)."""
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from tests.desk.support import day_pack

    with TestClient(create_desk(day_pack(), db, TOKEN, "127.0.0.1:8080"), base_url=BASE) as test_client:
        test_client.get("/")
        yield test_client
