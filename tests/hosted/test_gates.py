"""The hosted builder's gates: the desk's Host and Origin checks, CSRF token and bounded bodies; a
click's budget per client in memory; a bug logged without a word of the list."""

from __future__ import annotations

import logging
import time

import pytest

from builder.hosted import build
from tests.hosted.support import BASE, click


def test_a_request_to_another_host_or_from_another_site_or_without_its_token_is_refused(client):
    assert client.get("/", headers={"host": "evil.example"}).status_code == 403
    assert client.get("/build?game=porcrom", headers={"host": "127.0.0.1:9999"}).status_code == 403
    assert click(client, game="porcrom", at="[]", headers={"origin": "http://evil.example"}).status_code == 403
    assert click(client, game="porcrom", at="[]", csrf="").status_code == 403
    assert click(client, game="porcrom", at="[]", csrf="wrong").status_code == 403
    assert click(client, game="porcrom", at="[]").status_code == 200


def test_a_click_bigger_than_a_list_and_its_warbook_is_refused_before_it_is_read(client):
    mib = 1024 * 1024
    three = tuple((f"f{n}.yaml", b"# " + b"x" * (mib - 100) + b"\n") for n in range(3))
    answer = click(client, "/build/edit", game="wartime", files=three, op="set", path='["name"]', value="y", at="[]")
    assert answer.status_code == 413 and answer.json()["code"] == "desk-too-large"


@pytest.fixture
def fresh():
    """An app of its own, with the budgets as given, its clock held still."""
    from starlette.testclient import TestClient

    from builder.hosted.app import create_hosted

    def make(**given):
        client = TestClient(create_hosted("127.0.0.1:8090", **given), base_url=BASE)
        client.__enter__()
        client.get("/")
        made.append(client)
        return client
    made = []
    yield make
    for client in made:
        client.__exit__(None, None, None)


def test_clicks_and_pdfs_have_their_budgets_per_client(fresh, monkeypatch):
    import types

    monkeypatch.setattr("builder.hosted.budgets.time", types.SimpleNamespace(monotonic=lambda: 1_800_000_000.0))
    monkeypatch.setattr("builder.hosted.gates.PACED_SECONDS", 0.2)
    client = fresh(clicks_per_minute=20, pdfs_per_minute=1)
    answers = [click(client, game="porcrom", at="[]").status_code for _ in range(20)]
    began = time.monotonic()
    answers += [click(client, game="porcrom", at="[]").status_code for _ in range(4)]
    assert answers[:20] == [200] * 20 and answers[20:] == [429] * 4
    # A client on its own connections waits for its refusal: a flood of them makes few a second.
    assert time.monotonic() - began >= 4 * 0.2
    assert click(client, game="porcrom", at="[]").json()["code"] == "desk-rate"
    # A client saying it is another is not believed (no trusted proxy): the budget is still its own.
    other = click(client, game="porcrom", at="[]", headers={"x-forwarded-for": "10.1.1.1"})
    assert other.status_code == 429
    client.app.state.desk.clicks.__init__(20)  # a new minute
    assert click(client, "/build/export", game="porcrom", kind="pdf").status_code == 200
    assert click(client, "/build/export", game="porcrom", kind="pdf").status_code == 429
    assert click(client, "/build/export", game="porcrom", kind="xlsx").status_code == 200


def test_a_bug_is_logged_with_its_id_and_never_a_word_of_the_list(client, monkeypatch, caplog):
    marker = "MARCA-" + "SECRETA" * 2  # made here: the traceback's source lines never show it

    def broken(packs):
        raise ValueError(f"a secret from the list: {marker}")
    monkeypatch.setattr(build, "titles", broken)
    with caplog.at_level(logging.ERROR, logger="builder.hosted"):
        answer = client.get("/")
    assert answer.status_code == 500 and marker not in answer.text
    assert "ValueError" in caplog.text and marker not in caplog.text
