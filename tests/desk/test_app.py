"""The desk made for an event: the pack's ``event:`` block and the deadline given at start close
the submissions and publish the lists."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from builder.events.packs import load_pack
from builder.events.store import Store
from tests.desk.support import BASE, PACK, TOKEN, stored, submit


def test_the_packs_event_block_sets_the_deadline_and_publishing(tmp_path):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    pack = tmp_path / "pack.yaml"
    pack.write_text(PACK.read_text(encoding="utf-8") + "event:\n  deadline: 2020-01-01T10:00:00+01:00\n"
                    "  publish: true\n  token: una-clave-de-dieciseis\n", encoding="utf-8")
    loaded = load_pack(pack)
    assert loaded.event.token == "una-clave-de-dieciseis"
    app = create_desk(loaded, f"sqlite:///{tmp_path / 'e.sqlite'}", TOKEN, "127.0.0.1:8080")
    with TestClient(app, base_url=BASE) as c:
        c.get("/")
        late = submit(c, "Patrulla Alfa")
        assert late.status_code == 423  # 2020-01-01 09:00 UTC is long past
        assert c.get("/lists").status_code == 200  # past the deadline is closed: published
    assert Store.open(f"sqlite:///{tmp_path / 'e.sqlite'}").event(1).deadline == \
        datetime(2020, 1, 1, 9, 0, tzinfo=timezone.utc)


def test_a_deadline_given_at_start_closes_the_submissions(db):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    closed = datetime.now(timezone.utc) - timedelta(minutes=1)
    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", deadline=closed), base_url=BASE) as late:
        late.get("/")
        assert submit(late, "Gamma").status_code == 423
    assert stored(db) == (0, 0)


def test_the_one_look_is_served_and_nothing_beside_it(client):
    sheet = client.get("/look/design.css")
    assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/css")
    assert "--accent" in sheet.text
    icon = client.get("/look/icons/undo-2.svg")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"
    for name in ("/look/icons/LICENSE", "/look/../app.py", "/look/%2e%2e/looks.py", "/look/icons/../../looks.py"):
        assert client.get(name).status_code == 404, name


def test_healthz_answers_ok_while_the_database_answers_with_no_cookie_gate_or_cache(client):
    fresh = type(client)(client.app, base_url="http://127.0.0.1:8080")  # no cookie, the desk's own address
    for answer in (fresh.get("/healthz"), fresh.get("/healthz", headers={"host": "127.0.0.1:8081"})):
        assert (answer.status_code, answer.text) == (200, "ok\n")
        assert answer.headers["cache-control"] == "no-store" and "set-cookie" not in answer.headers
    assert fresh.head("/healthz").status_code == 200


def test_healthz_answers_503_when_the_database_fails_or_hangs(client, monkeypatch):
    import threading

    import sqlalchemy as sa

    from builder.desk import app

    store = client.app.state.desk.store

    def failing():
        raise sa.exc.OperationalError("SELECT", {}, Exception("unable to open database file"))
    monkeypatch.setattr(store, "answers", failing)
    answer = client.get("/healthz")
    assert (answer.status_code, answer.text) == (503, "unavailable\n")
    monkeypatch.setattr(app, "HEALTH_SECONDS", 0.2)
    hung, answered = threading.Event(), threading.Event()

    def hanging():
        hung.wait(10)
        answered.set()
    monkeypatch.setattr(store, "answers", hanging)
    status = client.get("/healthz").status_code
    # 503 while the database still hangs: the answer did not wait for it.
    assert (status, answered.is_set()) == (503, False)
    hung.set()
