"""The hosted builder over a test client that has loaded its start page (its CSRF cookie with it)."""

from __future__ import annotations

import pytest

from tests.hosted.support import BASE


@pytest.fixture(scope="module")
def hosted_app():
    from starlette.testclient import TestClient

    from builder.hosted.app import create_hosted

    with TestClient(create_hosted("127.0.0.1:8090"), base_url=BASE) as client:
        client.get("/")
        yield client


@pytest.fixture
def client(hosted_app):
    """The app's client, with budgets of its own for each test (one app serves the module's tests: its
    workers are started once); tests/hosted/test_gates.py tries the budgets themselves."""
    import dataclasses

    from builder.hosted.budgets import Budget

    state = hosted_app.app.state.desk
    hosted_app.app.state.desk = dataclasses.replace(state, clicks=Budget(10_000), pdfs=Budget(100))
    hosted_app.cookies.clear()
    hosted_app.get("/")
    return hosted_app
