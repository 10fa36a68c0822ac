"""The server's HTTP contract: the page and its own files, what it refuses of a request (another host,
another site, an unknown path, a body too long, JSON too deep), the card preview, the page's words,
download names in any alphabet, a bug logged and answered with its id, and a slow print that
doesn't hold up the other requests."""

import asyncio
import hashlib
import json
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml

from builder.serve.app import BODY_MOST, create_app
from tests.serve.conftest import BROKEN, PORT, ROOT


def test_the_page_and_its_own_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200 and "app.js" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200 and client.get("/static/choices.js").status_code == 200
    # Every script the page loads (deferred, in its order) is one the server serves: the allow-list holds it.
    scripts = re.findall(r'<script src="/static/([^"]+)" defer></script>', page.text)
    assert len(scripts) == page.text.count("<script") and {"new-roster.js", "memory.js"} <= set(scripts)
    assert all(client.get(f"/static/{name}").headers["content-type"].startswith("text/javascript") for name in scripts)
    assert client.get("/static/../../pyproject.toml").status_code == 404
    # builder's one look (issue 42), the same file the desk serves, and nothing beside it.
    assert '<link rel="stylesheet" href="/look/design.css">' in page.text
    assert client.get("/look/design.css").headers["content-type"].startswith("text/css")
    assert client.get("/look/icons/lock.svg").headers["content-type"] == "image/svg+xml"
    assert client.get("/look/../app.py").status_code == 404 and client.get("/look/icons/LICENSE").status_code == 404
    # Its icon in the browser's tab (issue 46), the desk's too.
    assert '<link rel="icon" href="/look/favicon.svg" type="image/svg+xml">' in page.text
    assert client.get("/look/favicon.svg").headers["content-type"] == "image/svg+xml"


def test_a_foreign_host_is_refused(client):
    # DNS rebinding: a name that resolves to 127.0.0.1 still says its own name in Host.
    assert client.get("/api/files", headers={"host": "evil.example:8000"}).status_code == 403
    assert client.get("/", headers={"host": f"127.0.0.1:{PORT + 1}"}).status_code == 403
    assert client.get("/api/files", headers={"host": f"localhost:{PORT}"}).status_code == 200


def test_a_request_from_another_site_is_refused(client, folder):
    before = (folder / "compania-fenix.yaml").read_bytes()
    response = client.post("/api/save", json={"path": "compania-fenix.yaml", "text": "x", "version": None},
                           headers={"origin": "http://evil.example"})
    assert response.status_code == 403
    # A form post (no JSON) is refused too, whatever its origin.
    assert client.post("/api/save", content=b"path=x", headers={"content-type": "text/plain"}).status_code == 415
    assert (folder / "compania-fenix.yaml").read_bytes() == before


def test_the_card_preview_escapes_what_a_roster_holds_and_loads_only_templates(client):
    text = BROKEN.replace("Fusilro", "Fusilero").replace("name: Prueba", "name: '<script>alert(1)</script>'")
    html = client.post("/api/preview", json={"path": "x.yaml", "text": text}).json()["html"]
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert 'href="/templates/base/base.css"' in html and 'href="/templates/wartime/style.css"' in html
    assert html.count('href="/look/design.css"') == 1  # on screen the preview sits in the one look
    assert client.get("/templates/base/base.css").status_code == 200
    assert client.get("/templates/../pyproject.toml").status_code == 404
    assert client.get("/templates/wartime/new-roster.es.yaml").status_code == 404  # stylesheets only


def test_the_catalog_and_the_page_words_in_both_languages(client):
    topics = client.get("/api/catalog", params={"system": "cripmaquion"}).json()["topics"]
    assert any(entry["name"] == "Minotauro" for entry in topics["races"])
    assert client.get("/api/catalog", params={"system": "ajedrez"}).status_code == 404
    es, en = (client.get("/api/ui", params={"lang": lang}).json()["text"] for lang in ("es", "en"))
    assert (es["serve.save"], en["serve.save"]) == ("Guardar", "Save")


def test_the_page_starts_in_the_language_the_server_was_started_in(folder):
    from starlette.testclient import TestClient

    from builder.serve.app import create_app

    with TestClient(create_app(folder, PORT, "en"), base_url=f"http://127.0.0.1:{PORT}") as english:
        assert english.get("/api/ui").json()["lang"] == "en"
        assert english.get("/api/ui", params={"lang": "es"}).json()["text"]["serve.save"] == "Guardar"


def test_every_path_is_guarded_an_unknown_one_too(client):
    assert client.get("/no-such-page", headers={"host": "evil.example:8000"}).status_code == 403
    assert client.get("/no-such-page").status_code == 404
    assert client.get("/static/..%2f..%2fpyproject.toml").status_code == 404


def test_a_bug_is_logged_on_the_server_and_answered_with_its_id_only(client, monkeypatch, caplog):
    from builder.serve import workspace

    def broken(self, text, relative):
        raise RuntimeError("planted in /a/secret/path")

    monkeypatch.setattr(workspace.Workspace, "check", broken)
    with caplog.at_level("ERROR", logger="builder.serve"):
        response = client.post("/api/check", json={"path": "x.yaml", "text": "system: porcrom\n"})
    assert response.status_code == 500
    answer = response.json()
    assert answer["code"] == "internal-error" and len(answer["bug"]) == 8
    assert "traceback" not in answer and "/a/secret/path" not in response.text and "planted" not in response.text
    assert answer["bug"] in answer["message"]
    logged = "\n".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)
    assert answer["bug"] in logged and "planted in /a/secret/path" in caplog.text


@pytest.mark.parametrize("endpoint", ["/api/check", "/api/preview", "/api/save", "/api/export"])
def test_a_lone_surrogate_in_the_text_is_no_crash(client, folder, endpoint):
    # What a browser's JSON.stringify sends for a pasted half of a surrogate pair.
    body = b'{"path": "nueva.yaml", "text": "system: porcrom\\nname: \\ud800\\n", "version": null, "format": "xlsx"}'
    response = client.post(endpoint, content=body, headers={"content-type": "application/json"})
    assert response.status_code < 500 and "traceback" not in response.text.lower()
    assert not (folder / "nueva.yaml").exists()
    if endpoint == "/api/check":
        assert response.json()["findings"][0]["code"] == "invalid-encoding"


@pytest.mark.parametrize("op, path", [("set", ["name"]), ("add", ["squads"]), ("set", ["squads", 0, "name"])])
@pytest.mark.parametrize("saved", [True, False], ids=["kept", "not-yet-kept"])
def test_a_lone_surrogate_in_a_clicks_value_is_refused_as_bad_input(client, folder, op, path, saved):
    # A click's value is text the page sends as JSON: half a surrogate pair is no text a file holds.
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    version = hashlib.sha256(text.encode()).hexdigest() if saved else None
    body = json.dumps({"file": "compania-fenix.yaml", "text": text, "version": version, "op": op, "path": path,
                       "value": "\ud800"})
    assert "\\ud800" in body
    response = client.post("/fragments/edit", content=body.encode(), headers={"content-type": "application/json"})
    assert response.status_code in (400, 422), response.text[:300]
    assert response.json()["code"] == "serve-edit-bad-value" and "traceback" not in response.text.lower()
    assert (folder / "compania-fenix.yaml").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("route", ["/fragments/edit", "/fragments/build", "/api/choices"])
@pytest.mark.parametrize("field", ["file", "text", "at", "other"])
def test_a_lone_surrogate_in_any_field_of_a_builder_request_is_no_crash(client, folder, route, field):
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    given = {"file": "compania-fenix.yaml", "text": text, "version": hashlib.sha256(text.encode()).hexdigest(),
             "op": "add", "path": ["squads"], "value": "x"}
    given[field] = {"file": "a\ud800.yaml", "text": text + "# \ud800\n", "at": ["\ud800"], "other": "\ud800"}[field]
    response = client.post(route, content=json.dumps(given).encode(), headers={"content-type": "application/json"})
    assert response.status_code < 500 and "traceback" not in response.text.lower(), response.text[:300]
    assert (folder / "compania-fenix.yaml").read_text(encoding="utf-8") == text or field == "at"


# What the server refuses before it costs anything, and what one request never does to the others.


def asgi_post(app, path: str, headers: list[tuple[bytes, bytes]], chunks):
    """POST through the app's ASGI door with a body sent as ``chunks`` (an iterator), and how
    many of them the app asked for; the status it answered with."""
    asked = []
    sent = []

    async def receive():
        asked.append(1)
        chunk = next(chunks, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", f"127.0.0.1:{PORT}".encode()), (b"content-type", b"application/json"), *headers],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", PORT)}
    asyncio.run(asyncio.wait_for(app(scope, receive, send), timeout=10))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, len(asked)


def endless(size: int):
    while True:
        yield b"x" * size


def test_a_body_declared_too_long_is_refused_before_it_is_read(folder):
    status, asked = asgi_post(create_app(folder, PORT), "/api/check",
                              [(b"content-length", str(10 * 1024 ** 3).encode())], endless(65536))
    assert status == 413 and asked == 0


def test_a_body_that_keeps_coming_is_refused_once_past_the_limit(folder):
    # No length said: chunks of 64 KiB are counted as they come, and reading stops past 2 MiB.
    status, asked = asgi_post(create_app(folder, PORT), "/api/check", [], endless(65536))
    assert status == 413
    assert asked <= BODY_MOST // 65536 + 2


def test_json_nested_past_any_sense_is_a_refusal_not_a_bug(client):
    deep = "[" * 100_000 + "]" * 100_000
    response = client.post("/api/check", content=deep.encode(), headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["code"] == "serve-not-json"


def test_every_answer_says_its_type_is_what_it_says(client):
    for response in (client.get("/api/files"), client.get("/no-such-page"),
                     client.post("/api/check", content=b"{", headers={"content-type": "application/json"})):
        assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("name", ["army🐉.yaml", "ロスター.yaml", 'dos "comillas".yaml', "plain.yaml"])
def test_a_download_keeps_its_name_in_any_alphabet(client, folder, name):
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    response = client.post("/api/export", json={"path": name, "text": text, "kind": "xlsx"})
    assert response.status_code == 200
    header = response.headers["content-disposition"]
    header.encode("latin-1")   # what HTTP headers can carry
    plain, _, coded = header.partition("; filename*=UTF-8''")
    assert unquote(coded) == name.rsplit(".", 1)[0] + ".xlsx"
    assert plain.count('"') == 2 and plain.startswith('attachment; filename="')


def test_a_slow_print_does_not_hold_up_the_other_requests(folder, monkeypatch):
    from builder.serve import workspace

    real = workspace.Workspace.check
    released = threading.Event()  # the slow check goes on only once the quick one is answered

    def slow(self, text, relative):
        if relative == "lento.yaml":
            released.wait(10)
        return real(self, text, relative)

    monkeypatch.setattr(workspace.Workspace, "check", slow)
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    app = create_app(folder, PORT)

    async def both():
        import httpx2

        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url=f"http://127.0.0.1:{PORT}") as http:
            slow_one = asyncio.ensure_future(http.post("/api/check", json={"path": "lento.yaml", "text": text}))
            await asyncio.sleep(0.1)
            quick = await http.post("/api/check", json={"path": "rapido.yaml", "text": text})
            slow_waiting = not slow_one.done()
            released.set()
            await slow_one
            return quick.status_code, slow_waiting, slow_one.result().status_code

    # The quick check is answered while the slow one still waits (held up behind it, it would have
    # waited the slow one's ten seconds, and the slow one would be done first).
    assert asyncio.run(both()) == (200, True, 200)


def test_the_share_text_is_what_export_text_writes(client, folder):
    from click.testing import CliRunner

    from builder.cli.main import cli

    roster = folder / "compania-fenix.yaml"
    text = roster.read_text(encoding="utf-8")
    shared = client.post("/api/share", json={"path": "compania-fenix.yaml", "text": text}).json()["text"]
    exported = CliRunner().invoke(cli, ["export", str(roster), "--text"], env={"BUILDER_LANG": None}).output
    assert shared.rstrip("\n") == exported.rstrip("\n")
    assert "Compañía Fénix" in shared and "283" in shared
    unreadable = client.post("/api/share", json={"path": "x.yaml", "text": "- no\n"})
    assert unreadable.status_code == 422 and unreadable.json()["findings"][0]["code"] == "not-a-mapping"


VENDOR = Path(__file__).resolve().parents[2] / "tools" / "axe"


def test_the_vendored_scripts_are_served_and_are_the_registrys_releases(client):
    # htmx and its json-enc extension, copied from the npm packages tools/axe's lock pins.
    lock = json.loads((VENDOR / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert lock["node_modules/htmx.org"]["version"] == "2.0.11"
    for name, package, inside in (("htmx.min.js", "htmx.org", "dist/htmx.min.js"),
                                  ("json-enc.min.js", "htmx-ext-json-enc", "dist/json-enc.min.js")):
        served = client.get(f"/static/vendor/{name}")
        assert served.status_code == 200 and served.headers["content-type"].startswith("text/javascript")
        installed = VENDOR / "node_modules" / package / inside
        if installed.is_file():  # where make page-tools ran
            assert served.content == installed.read_bytes(), name
    assert client.get("/static/vendor/../app.py").status_code == 404


def test_create_makes_the_file_once_from_the_games_starting_roster(client, folder):
    made = client.post("/api/create", json={"system": "cripmaquion", "path": "nuevo.yaml", "name": "Los Rápidos",
                                            "points_limit": "", "lang": "es"})
    assert made.status_code == 200
    text = (folder / "nuevo.yaml").read_text(encoding="utf-8")
    assert text == made.json()["text"] and "team: Los Rápidos" in text
    assert text.startswith("#")  # the starting roster's comments stay
    again = client.post("/api/create", json={"system": "cripmaquion", "path": "nuevo.yaml", "name": "Otro"})
    assert again.status_code == 409 and "Los Rápidos" in (folder / "nuevo.yaml").read_text(encoding="utf-8")
    limited = client.post("/api/create", json={"system": "wartime", "path": "w.yaml", "points_limit": "250"})
    assert "points_limit: 250" in limited.json()["text"]
    # The starting roster's placeholders are not kept: no «Tu nombre» printed as a player, and
    # a limit left empty is no limit (the Confrontation start says 200).
    free = client.post("/api/create", json={"system": "confrontation", "path": "c.yaml", "points_limit": ""}).json()
    assert "player:" not in free["text"] and "points_limit" not in free["text"]
    assert "player:" not in text
    assert client.post("/api/create", json={"system": "wartime", "path": "../fuera.yaml"}).status_code == 403
    assert client.post("/api/create", json={"system": "ajedrez", "path": "a.yaml"}).status_code == 404


def test_a_warbook_is_a_kind_of_new_file_and_a_list_links_to_it_and_back(client, folder):
    wartime = next(s for s in client.get("/api/ui", params={"lang": "es"}).json()["systems"] if s["key"] == "wartime")
    assert wartime["kinds"] == [{"key": "warbook", "title": "Warbook"}]
    made = client.post("/api/create", json={"system": "wartime", "kind": "warbook", "path": "libro.yaml",
                                            "name": "Mi libro", "lang": "es"})
    assert made.status_code == 200
    data = yaml.safe_load((folder / "libro.yaml").read_text(encoding="utf-8"))
    assert set(data) == {"system", "name", "warbook"} and data["name"] == "Mi libro"
    row = next(r for r in client.get("/api/files").json()["files"] if r["path"] == "libro.yaml")
    assert row["holds"] == "warbook" and row["legal"]
    assert client.post("/api/create", json={"system": "cripmaquion", "kind": "warbook", "path": "x.yaml"}).status_code == 404
    # The list's link to its Warbook, and the Warbook's to the lists that use it.
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    view = client.post("/fragments/build", json={"file": "compania-fenix.yaml", "text": text, "lang": "es"}).text
    assert 'data-open="fenix-warbook.yaml"' in view and "Warbook: fenix-warbook.yaml" in view
    text = (folder / "fenix-warbook.yaml").read_text(encoding="utf-8")
    view = client.post("/fragments/build", json={"file": "fenix-warbook.yaml", "text": text, "lang": "en"}).text
    assert "Lists that use it:" in view and 'data-open="compania-fenix.yaml"' in view
    text = (folder / "libro.yaml").read_text(encoding="utf-8")
    assert "Ninguna lista lo usa" in client.post("/fragments/build", json={
        "file": "libro.yaml", "text": text, "lang": "es"}).text


def test_a_click_is_answered_with_the_builder_view_and_the_file_saved(client, folder):
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    version = hashlib.sha256(text.encode()).hexdigest()
    view = client.post("/fragments/build", json={"file": "compania-fenix.yaml", "text": text, "version": version,
                                                 "at": '["squads", 0]'})
    assert view.status_code == 200 and view.headers["content-type"].startswith("text/html")
    assert 'id="build"' in view.text and "Alfa" in view.text
    edit = client.post("/fragments/edit", json={"file": "compania-fenix.yaml", "text": text, "version": version,
                                                "op": "set", "path": ["squads", 0, "name"], "value": "Alfa 1"})
    assert edit.status_code == 200 and "name: Alfa 1\n" in (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    stale = client.post("/fragments/edit", json={"file": "compania-fenix.yaml", "text": text, "version": version,
                                                 "op": "set", "path": ["squads", 0, "name"], "value": "Beta"})
    assert stale.status_code == 409
    outside = client.post("/fragments/edit", json={"file": "../x.yaml", "text": text, "op": "set", "path": ["name"]})
    assert outside.status_code == 403
    choices = client.post("/api/choices", json={"file": "compania-fenix.yaml", "text": text, "at": ["squads", 0]})
    assert choices.status_code == 200 and isinstance(choices.json()["refused"], dict)


def test_under_an_event_pack_every_roster_is_checked_with_it(folder):
    from starlette.testclient import TestClient

    from builder.events.packs import load_pack

    pack = load_pack(Path(__file__).resolve().parents[2] / "examples" / "tournament" / "pack" / "torneo-otono.yaml")
    with TestClient(create_app(folder, PORT, pack=pack), base_url=f"http://127.0.0.1:{PORT}") as client:
        assert client.get("/api/files").json()["pack"] == "Torneo de Otoño"
        text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
        view = client.post("/fragments/build", json={"file": "compania-fenix.yaml", "text": text}).text
        # The list's 283 points are within its own 300, not within the event's 250.
        assert "283 / 250 puntos" in view and "ILEGAL" in view


def test_a_warbook_on_its_own_is_shown_as_a_warbook_not_as_a_legal_list(client, folder):
    # The folder's list, the YAML tab's status (/api/check) and the builder view all say what
    # the file is, in the page's language; none says LEGAL.
    for lang, word in (("es", "WARBOOK"), ("en", "WARBOOK")):
        rows = {row["path"]: row for row in client.get(f"/api/files?lang={lang}").json()["files"]}
        book = rows["fenix-warbook.yaml"]
        assert (book["roster"], book["status"], book["status_text"]) == (False, "warbook", word)
        assert (rows["compania-fenix.yaml"]["status"], rows["asalto-ilegal.yaml"]["status"]) == ("legal", "illegal")
    text = (folder / "fenix-warbook.yaml").read_text(encoding="utf-8")
    checked = client.post("/api/check", json={"path": "fenix-warbook.yaml", "text": text}).json()
    assert (checked["roster"], checked["status"], checked["status_text"]) == (False, "warbook", "WARBOOK")
    view = client.post("/fragments/build", json={"file": "fenix-warbook.yaml", "text": text}).text
    assert '<strong class="no-list">WARBOOK</strong>' in view and ">LEGAL<" not in view
    assert 'data-roster="false"' in view and 'data-status-text="WARBOOK"' in view
    listed = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    view = client.post("/fragments/build", json={"file": "compania-fenix.yaml", "text": listed, "lang": "en"}).text
    assert '<strong class="legal">LEGAL</strong>' in view


def test_a_cripmaquion_team_shows_its_specialty_slots_as_a_wartime_list_its_points(client, folder):
    shutil.copy(ROOT / "examples" / "cripmaquion" / "grupetto-verde.yaml", folder / "grupetto.yaml")
    # El Grupetto verde (§9) lines up its whole roster of 8: cripmaqueta, a star, takes 2 slots,
    # rompehuesos, cazavictorias and brincamontes 1 each: 2 + 1 + 1 + 1 = 5; §9.2 allows 5 to 8
    # runners: 5/5.
    row = {r["path"]: r for r in client.get("/api/files").json()["files"]}["grupetto.yaml"]
    assert (row["points"], row["measure"]) == (None, "5/5 plazas de especialista")
    assert {r["path"]: r for r in client.get("/api/files?lang=en").json()["files"]}["grupetto.yaml"]["measure"] \
        == "5/5 specialty slots"
    text = (folder / "grupetto.yaml").read_text(encoding="utf-8")
    assert client.post("/api/check", json={"path": "grupetto.yaml", "text": text}).json()["measure"] \
        == "5/5 plazas de especialista"
    view = client.post("/fragments/build", json={"file": "grupetto.yaml", "text": text}).text
    assert '<span class="measure">5/5 plazas de especialista</span>' in view
    assert 'data-measure="5/5 plazas de especialista"' in view


def test_every_answer_says_how_long_the_server_took_by_part(client, folder):
    # Issue 40: what the browser's tools (and make bench) read of the server's share of a click.
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    version = hashlib.sha256(text.encode()).hexdigest()
    edit = client.post("/fragments/edit", json={"file": "compania-fenix.yaml", "text": text, "version": version,
                                                "op": "set", "path": ["squads", 0, "name"], "value": "Alfa 1"})
    parts = dict(p.strip().split(";dur=") for p in edit.headers["server-timing"].split(","))
    assert {"edit", "save", "check", "form", "render", "total"} <= set(parts)
    assert all(float(v) >= 0 for v in parts.values())
    assert float(parts["total"]) >= float(parts["check"])
    for answer in (client.get("/"), client.get("/static/app.js"), client.get("/api/files"),
                   client.get("/api/files", headers={"host": "evil.example:8000"})):
        assert answer.headers["server-timing"].startswith(("check", "total")), answer.request.url
