"""The builder's routes on the desk over HTTP: each click a POST past the desk's gates (CSRF, Origin,
the body's bounds) with its own budget, answered with the new text and view and keeping nothing; the
database holds nothing from a player who built but did not submit; «Entregar» is an upload's
submission; hostile values in every field of a click are refused, never a bug."""

from __future__ import annotations

import dataclasses
import os
import re
from datetime import datetime, timedelta, timezone

import pytest
import sqlalchemy as sa

from builder.desk.state import clicks_limit
from builder.events.bounds import StoreRefused
from builder.events.packs import load_pack
from builder.events.store import Store
from tests.desk.support import ALFA, BASE, OVER, PACK, ROOT, TOKEN, WARBOOK, csrf, stored

FILES = (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK))


def click(client, route: str = "/build/edit", files=FILES, headers=None, **fields):
    given = {"csrf": csrf(client), "lang": "es", "file": files[0][0] if files else "", **fields}
    return client.post(route, data={k: v for k, v in given.items() if v is not None},
                       files=[("files", (name, data, "application/yaml")) for name, data in files] or None,
                       headers=headers or {})


def text_of(answer) -> str:
    import html

    return html.unescape(re.search(r'<template id="build-text">(.*?)</template>', answer.text, re.S).group(1))


def everything(db: str) -> dict[str, list]:
    """Every row of every table of the database."""
    engine = sa.create_engine(db)
    try:
        meta = sa.MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            return {name: sorted(map(repr, conn.execute(sa.select(table)).all())) for name, table in meta.tables.items()}
    finally:
        engine.dispose()


def test_the_players_page_offers_the_builder_beside_upload_and_paste(client):
    es, en = client.get("/"), client.get("/?lang=en")
    assert "Construye tu lista aquí" in es.text and 'href="/build?lang=es"' in es.text
    assert "Build your list here" in en.text and "Construye" not in en.text
    page = client.get("/build")
    assert page.status_code == 200 and "Torneo de Otoño" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "<script>" not in page.text  # the page's data is JSON, its script is /static/builder.js
    assert client.get("/static/builder.js").status_code == 200
    # Every script the page loads (deferred, the keeping before the page's) is one the desk serves.
    scripts = re.findall(r'<script src="/static/([^"]+)" defer></script>', page.text)
    assert scripts.index("keeping.js") < scripts.index("builder.js")
    assert all(client.get(f"/static/{name}").headers["content-type"].startswith("text/javascript") for name in scripts)
    assert client.get("/static/choices.js").status_code == 200  # the refused choices marked as the local page does
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/").headers["content-security-policy"].startswith("default-src 'none'; style-src")


def test_a_click_is_made_in_the_text_sent_and_answered_with_the_new_text(client):
    answer = click(client, op="set", path='["name"]', value="Patrulla Nueva", at="[]")
    assert answer.status_code == 200
    new = text_of(answer)
    assert "name: Patrulla Nueva" in new and new.replace("Patrulla Nueva", "Patrulla Alfa") == ALFA.decode()
    # Checked under the event's pack: its limit (250), whatever the list says.
    assert 'data-limit="250"' in answer.text and 'data-legal="true"' in answer.text
    over = click(client, "/build/view", files=(("alfa.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)), at="[]")
    assert 'data-legal="false"' in over.text and 'data-points="258"' in over.text


def test_the_database_holds_nothing_from_a_player_who_built_but_did_not_submit(client, db):
    before = everything(db)
    for n in range(30):
        assert click(client, op="set", path='["name"]', value=f"Patrulla {n}", at="[]").status_code == 200
    assert click(client, "/build/view", at='["squads", 0]').status_code == 200
    assert click(client, "/build/choices", at='["squads", 0]').status_code == 200
    assert click(client, "/build/export", kind="xlsx").status_code == 200
    assert click(client, op="set", path='["nope", 99]', value="x").status_code == 400
    assert click(client, csrf="wrong", op="set", path='["name"]', value="x").status_code == 403
    assert client.get("/build").status_code == 200
    after = everything(db)
    # The clicks' budget is counted in the store (one for every desk process): a count by address, never a text.
    counts = after.pop("rate_hits")
    assert after == {name: rows for name, rows in before.items() if name != "rate_hits"}
    assert counts and all(re.fullmatch(r"\('click testclient', \d+, \d+\)", row) for row in counts), counts
    assert stored(db) == (0, 0)


def test_choices_are_tried_once_per_text_and_kept_by_its_hash(client, monkeypatch):
    calls = []
    lane = client.app.state.desk.trying  # the choices are tried in its worker process
    real = lane.run

    async def counted(job, *args):
        calls.append(job)
        return await real(job, *args)
    monkeypatch.setattr(lane, "run", counted)
    fenix = (ROOT / "examples" / "wartime" / "compania-fenix.yaml").read_bytes()  # 283 of the event's 250
    over = (("lista.yaml", fenix), ("fenix-warbook.yaml", WARBOOK))
    first = click(client, "/build/choices", files=over, at='["squads", 0]')
    again = click(client, "/build/choices", files=over, at='["squads", 0]')
    other = click(client, "/build/choices", at='["squads", 0]')
    assert first.json() == again.json() and first.json()["refused"]
    assert other.status_code == 200 and calls == ["choices", "choices"]


def test_entregar_is_an_uploads_submission_and_an_illegal_list_is_a_marked_draft(client, db):
    answer = client.post("/build/submit", data={"csrf": csrf(client), "lang": "es", "team": "Alfa", "code": ""},
                         files=[("files", (n, d, "application/yaml")) for n, d in
                                (("lista.yaml", OVER), ("fenix-warbook.yaml", WARBOOK), ("warbook.yaml", WARBOOK))])
    assert answer.status_code == 200 and 'id="receipt"' in answer.text
    assert "ILEGAL" in answer.text and "borrador" in answer.text
    assert stored(db) == (1, 1)
    store = Store.open(db)
    [latest] = store.latest(1)
    store.close()
    # The Warbook the list doesn't read stays out, as the player meant only the list and its own.
    assert list(latest.files) == ["lista.yaml", "fenix-warbook.yaml"]
    code = re.search(r'id="edit-code">([A-Z0-9-]+)<', answer.text).group(1)
    last = client.post("/build/last", data={"csrf": csrf(client), "team": "alfa", "code": code.lower()})
    assert last.json()["files"]["lista.yaml"] == OVER.decode() and last.json()["version"] == 1
    # A refusal (a wrong code) says why on the builder's page, the team's name kept in its form.
    sent = client.post("/build/submit", data={"csrf": csrf(client), "lang": "es", "team": "Alfa", "code": "AAAA-BBBB-CCCC-DDDD"},
                       files=[("files", (n, d, "application/yaml")) for n, d in FILES], follow_redirects=False)
    refused = client.get(sent.headers["location"])
    assert refused.status_code == 403 and 'data-code="wrong-edit-code"' in refused.text and 'value="Alfa"' in refused.text
    wrong = client.post("/build/last", data={"csrf": csrf(client), "team": "Alfa", "code": "AAAA-BBBB-CCCC-DDDD"})
    nobody = client.post("/build/last", data={"csrf": csrf(client), "team": "Nadie", "code": "AAAA-BBBB-CCCC-DDDD"})
    assert wrong.status_code == nobody.status_code == 403 and wrong.json() == nobody.json()


def test_after_the_deadline_the_builder_works_and_submitting_is_refused_with_the_reason(db):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    past = datetime.now(timezone.utc) - timedelta(hours=1)
    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", deadline=past), base_url=BASE) as c:
        page = c.get("/build")
        assert 'id="submit-closed"' in page.text and "El plazo de entrega ha terminado." in page.text
        assert click(c, "/build/view", at="[]").status_code == 200
        sent = c.post("/build/submit", data={"csrf": csrf(c), "team": "Alfa"},
                      files=[("files", (n, d, "application/yaml")) for n, d in FILES], follow_redirects=False)
        # Answered as the upload's refusals are (POST-redirect-GET), on the builder's own page.
        assert sent.status_code == 303 and sent.headers["location"].startswith("/build?refused=")
        refused = c.get(sent.headers["location"])
        assert refused.status_code == 423 and "El plazo de entrega ha terminado." in refused.text
        assert 'id="refusal"' in refused.text and 'id="workshop"' in refused.text
    assert stored(db) == (0, 0)


def still_clock(monkeypatch) -> None:
    """The stored limits' clock held at the start of a minute: a test's few requests never straddle
    two windows (the sliding estimate would let a few more through, as it does any minute)."""
    import types

    monkeypatch.setattr("builder.events.limits.time", types.SimpleNamespace(time=lambda: 1_800_000_000.0))


def test_clicks_have_their_own_budget_and_pdfs_theirs(db, monkeypatch):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    still_clock(monkeypatch)
    app = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", posts_per_minute=2, clicks_per_minute=20,
                      pdfs_per_minute=1)
    with TestClient(app, base_url=BASE) as c:
        c.get("/build")
        # Far more clicks than the desk's POSTs (2 a minute here), up to their own budget.
        answers = [click(c, "/build/view", at="[]").status_code for _ in range(24)]
        assert answers[:20] == [200] * 20 and answers[20:] == [429] * 4
        app.state.desk.clicks.close()
        app.state.desk = dataclasses.replace(app.state.desk, clicks=clicks_limit(db, 100))
        assert click(c, "/build/export", kind="pdf").headers["content-type"] == "application/pdf"
        assert click(c, "/build/export", kind="pdf").status_code == 429
        assert click(c, "/build/export", kind="xlsx").status_code == 200
    assert stored(db) == (0, 0)


def test_a_click_from_another_site_or_without_its_token_is_refused(client):
    assert click(client, csrf="", op="set", path='["name"]', value="x").status_code == 403
    assert click(client, op="set", path='["name"]', value="x", headers={"origin": "http://evil.example"}).status_code == 403
    assert client.post("/build/edit", data={"op": "set"}).status_code == 403


DEEP = "system: wartime\nname: [" * 1 + "[" * 5000 + "]" * 5000 + "]\n"
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
HOSTILE = [
    # (what, the click's fields, its files): each refused or answered, never a bug
    ("path not JSON", {"op": "set", "path": "[[[", "value": "x"}, None),
    ("path too deep", {"op": "set", "path": "[" + ",".join(['"a"'] * 50) + "]", "value": "x"}, None),
    ("path of objects", {"op": "set", "path": '[{"a": 1}]', "value": "x"}, None),
    ("path huge", {"op": "set", "path": '["' + "a" * 60000 + '"]', "value": "x"}, None),
    ("path nested", {"op": "set", "path": "[" * 10000 + "]" * 10000, "value": "x"}, None),
    ("op unknown", {"op": "__class__", "path": '["name"]', "value": "x"}, None),
    ("at hostile", {"op": "set", "path": '["name"]', "at": '["squads", -1, 99999999999999999999]', "value": "x"}, None),
    ("value huge", {"op": "set", "path": '["name"]', "value": "x" * 60000}, None),
    ("value control", {"op": "set", "path": '["name"]', "value": "a\x00b\x1b[31m\u202e"}, None),
    ("value YAML", {"op": "set", "path": '["name"]', "value": "&a [*a]\n: - {"}, None),
    # Half a surrogate pair, as UTF-8 can't carry it (a browser's form never sends it so).
    ("value lone surrogate", {"op": "set", "path": '["name"]', "value": "\ud800".encode("utf-8", "surrogatepass")}, None),
    ("added lone surrogate", {"op": "add", "path": '["squads"]', "value": "\ud800".encode("utf-8", "surrogatepass")}, None),
    ("other hostile", {"op": "add", "path": '["squads"]', "other": "}{" * 1000}, None),
    ("variant out", {"op": "variant", "path": '["squads", 0]', "value": "99"}, None),
    ("file missing", {"file": "otra.yaml", "at": "[]"}, None),
    ("file outside", {"file": "../../etc/passwd", "at": "[]"}, None),
    ("name outside", {"at": "[]"}, (("../alfa.yaml", ALFA),)),
    ("name not YAML", {"at": "[]"}, (("alfa.sh", ALFA),)),
    ("two of one name", {"at": "[]"}, (("alfa.yaml", ALFA), ("ALFA.yaml", ALFA))),
    ("six files", {"at": "[]"}, tuple((f"f{n}.yaml", ALFA) for n in range(6))),
    ("no files", {"at": "[]"}, ()),
    ("not UTF-8", {"at": "[]"}, (("alfa.yaml", b"\xff\xfe" + ALFA),)),
    ("over a MiB", {"at": "[]"}, (("alfa.yaml", b"#" * (1024 * 1024 + 1)),)),
    ("nested deep", {"op": "set", "path": '["name"]', "value": "x"}, (("alfa.yaml", DEEP.encode()),)),
    ("alias bomb", {"op": "set", "path": '["name"]', "value": "x"}, (("alfa.yaml", BOMB.encode()),)),
    ("not a list", {"op": "remove", "path": '["squads", 0]'}, (("alfa.yaml", b"- 1\n- 2\n"),)),
    ("warbook names itself", {"at": "[]"}, (("alfa.yaml", ALFA.replace(b"fenix-warbook.yaml", b"alfa.yaml")),)),
]


@pytest.mark.parametrize("route", ["/build/edit", "/build/view", "/build/choices", "/build/export"])
@pytest.mark.parametrize("what, fields, files", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_values_in_every_field_of_a_click_are_refused_never_a_bug(client, db, route, what, fields, files):
    extra = {"kind": "xlsx"} if route == "/build/export" else {}
    given = {**fields, **extra}
    answer = click(client, route, files=FILES if files is None else files, **given)
    assert answer.status_code in (200, 400, 403, 413, 415, 422), (what, answer.status_code, answer.text[:300])
    assert "Traceback" not in answer.text and "internal" not in answer.text.lower()
    assert client.get("/").status_code == 200
    assert stored(db) == (0, 0)


def test_the_cards_preview_is_the_printed_document_with_the_print_templates_stylesheets(client, db):
    answer = click(client, "/build/preview")
    html = answer.json()["html"]
    assert answer.status_code == 200 and "Patrulla Alfa" in html and 'href="/templates/base/base.css"' in html
    assert client.get("/templates/base/base.css").headers["content-type"].startswith("text/css")
    for elsewhere in ("/templates/../pyproject.toml", "/templates/base/document.html.j2", "/templates/wartime/new-roster.es.yaml"):
        assert client.get(elsewhere).status_code == 404
    assert "frame-src 'self'" in client.get("/build").headers["content-security-policy"]
    assert stored(db) == (0, 0)


def test_a_click_is_made_in_a_worker_process_and_one_past_its_bounds_is_refused_as_too_heavy(client, monkeypatch):
    desk = client.app.state.desk
    # The clicks' workers are processes apart from the pages', the checks' own (one for heavy jobs and
    # a spare: a light click or list never waits behind a heavy one, tests/desk/test_checks.py).
    assert desk.building.workers is desk.trying.workers is desk.checks.workers
    assert click(client, op="set", path='["name"]', value="Patrulla Nueva", at="[]").status_code == 200
    assert [p.pid for p in desk.building.workers.pool._processes.values()] != [os.getpid()]

    async def too_heavy(job, *args):  # what the worker says past its CPU time or memory (tests/desk/test_checks.py)
        raise StoreRefused("check-too-heavy", "")
    monkeypatch.setattr(desk.building, "run", too_heavy)
    refused = click(client, op="set", path='["name"]', value="y", at="[]")
    assert refused.status_code == 422 and refused.json()["code"] == "click-too-heavy"
    assert refused.json()["message"].startswith("Este cambio cuesta demasiado")


def test_a_click_bigger_than_a_list_and_its_warbook_is_refused_before_it_is_read(client):
    mib = 1024 * 1024
    three = tuple((f"f{n}.yaml", b"# " + b"x" * (mib - 100) + b"\n") for n in range(3))
    answer = click(client, files=three, op="set", path='["name"]', value="y", at="[]")
    assert answer.status_code == 413
    # A list and its Warbook of a megabyte each still fit.
    two = (("alfa.yaml", ALFA + b"# " + b"x" * (mib - len(ALFA) - 100) + b"\n"), ("fenix-warbook.yaml", WARBOOK))
    assert click(client, files=two, op="set", path='["name"]', value="Patrulla Nueva", at="[]").status_code == 200


def test_what_the_event_fixes_is_shown_as_the_events_on_the_desks_builder(client, db):
    # Patrulla Alfa says 300 points of its own; the event's pack checks it at 250 with its restrictions.
    page = click(client, "/build/view", at="[]").text
    assert '<strong class="value">250</strong>' in page and "fijado por el evento" in page
    assert 'id="f-points_limit" name="value"' not in page and 'value="300"' not in page
    assert "<dt>Miniaturas como máximo</dt> <dd>12</dd>" in page
    refused = click(client, op="set", path='["points_limit"]', value="999", at="[]")
    assert refused.status_code == 422 and "points_limit: 999" not in refused.text
    assert stored(db) == (0, 0)


def test_the_builder_says_the_events_limit_in_words_never_the_packs_path_or_key(client):
    """Issue 46: 258 of the pack's 250 (58 + 5 × 40), said as the event's rule, on the page and in the
    spreadsheet a player downloads; the pack's file, line and key are the organiser's."""
    import io

    import openpyxl

    files = (("alfa.yaml", OVER), ("fenix-warbook.yaml", WARBOOK))
    view = click(client, "/build/view", files=files, at="[]")
    assert "la lista suma 258 puntos y el límite es 250 (regla del evento)" in view.text
    assert "torneo-otono.yaml" not in view.text and "4 points_limit" not in view.text
    english = click(client, "/build/view", files=files, at="[]", lang="en")
    assert "the list adds up to 258 points and the limit is 250 (the event&#39;s rule)" in english.text
    sheet = click(client, "/build/export", files=files, kind="xlsx")
    cells = [str(c.value) for ws in openpyxl.load_workbook(io.BytesIO(sheet.content)) for row in ws.iter_rows()
             for c in row if c.value is not None]
    assert any("(regla del evento)" in c for c in cells) and not any("torneo-otono.yaml" in c for c in cells)


def test_a_closed_event_offers_no_upload_on_the_builder_and_says_it_is_closed(client):
    """Issue 46: once locked, the builder's page says submissions are closed and no longer offers
    «Subir un archivo o pegar la lista»; open, it does."""
    from tests.desk.support import admin

    open_page = client.get("/build").text
    assert "Subir un archivo o pegar la lista" in open_page and 'id="build-closed"' not in open_page
    admin(client)
    client.post("/admin/event", data={"csrf": csrf(client), "action": "lock", "confirm": "yes"})
    for lang, closed, offer in (("es", "Las entregas están cerradas", "Subir un archivo o pegar la lista"),
                                ("en", "Submissions are closed", "Upload a file or paste the list")):
        page = client.get(f"/build?lang={lang}").text
        assert 'id="build-closed"' in page and closed in page and offer not in page


def test_the_builder_shows_the_deadline_in_the_deadlines_own_zone(db):
    """Issue 46: 20:00 at UTC+2 is 20:00 on the builder's page, as on the upload form; not 18:00 (its UTC)."""
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    zone = timezone(timedelta(hours=2))
    deadline = datetime(2099, 3, 1, 20, 0, tzinfo=zone)
    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", deadline=deadline), base_url=BASE) as c:
        assert "Plazo: hasta 2099-03-01 20:00" in c.get("/").text
        page = c.get("/build").text
        assert "Plazo: hasta 2099-03-01 20:00" in page and "18:00" not in page
