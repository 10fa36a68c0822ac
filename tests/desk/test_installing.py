"""The desk's builder page as an installable app (builder/desk/installing.py): its manifest, its
icons and its service worker, served with their media types and headers; the worker's cache named
after the shell's files, so a change to one of them is a new worker."""

from __future__ import annotations

import json
import re
import struct

from builder.desk import installing
from builder.desk.build import POLICY, STATIC


def test_the_page_links_its_manifest_and_registers_its_worker(client):
    page = client.get("/build")
    assert '<link rel="manifest" href="/build/manifest.webmanifest?lang=es">' in page.text
    assert re.search(r'<script src="/static/installing.js" data-worker="/build/worker.js" data-scope="/build" defer>',
                     page.text)
    assert "worker-src 'self'" in page.headers["content-security-policy"]
    assert "manifest-src 'self'" in page.headers["content-security-policy"]


def test_the_manifest_is_served_as_one_with_a_start_and_scope_its_worker_covers(client):
    for lang, start in (("es", "/build"), ("en", "/build?lang=en")):
        answer = client.get(f"/build/manifest.webmanifest?lang={lang}")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/manifest+json")
        manifest = answer.json()
        assert manifest["start_url"] == start and manifest["scope"] == "/build" and manifest["lang"] == lang
        assert manifest["display"] == "standalone" and manifest["name"] and manifest["short_name"]
        assert {(i["sizes"], i["purpose"]) for i in manifest["icons"]} == {
            ("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")}
    assert "Build your list" in client.get("/build/manifest.webmanifest?lang=en").json()["name"]
    assert "Construye tu lista" in client.get("/build/manifest.webmanifest").json()["name"]


def test_each_icon_is_a_png_of_its_size(client):
    for icon in client.get("/build/manifest.webmanifest").json()["icons"]:
        answer = client.get(icon["src"])
        assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
        assert answer.content[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", answer.content[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_the_worker_is_served_never_cached_with_its_scope_and_a_policy_of_its_own(client):
    answer = client.get("/build/worker.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "/build"
    assert "no-cache" in answer.headers["cache-control"] or "no-store" in answer.headers["cache-control"]
    assert answer.headers["content-security-policy"] == installing.WORKER_POLICY
    settings = json.loads(answer.text.split("\n", 1)[0].removeprefix("const SETTINGS = ").removesuffix(";"))
    assert settings["page"] == "/build" and settings["scope"] == "/build"
    assert set(settings["pages"]) == {"/build", "/build?lang=es", "/build?lang=en"}
    # The whole shell: every script and stylesheet the page loads, its icons and builder's look.
    page = client.get("/build").text
    loaded = set(re.findall(r'(?:src|href)="(/(?:static|look)/[^"?]+)"', page))
    assert loaded <= set(settings["shell"])
    assert {f"/static/{name}" for name in STATIC} <= set(settings["shell"])
    assert "/look/icons/plus.svg" in settings["shell"]
    assert all(client.get(path).status_code == 200 for path in settings["shell"])


def test_the_worker_keeps_no_post_nor_anything_but_the_shell_and_the_page(client):
    code = installing.WORKER.read_text(encoding="utf-8")
    assert 'if (request.method !== "GET") return;' in code
    assert code.count("cache.put(") == 2  # the page, at install and as it is asked for: nothing else


def test_a_change_to_a_file_of_the_shell_is_a_new_worker_version(tmp_path):
    files = []
    for name in ("a.js", "b.css"):
        (tmp_path / name).write_text(f"/* {name} */", encoding="utf-8")
        files.append(tmp_path / name)
    app = installing.Installable(name="n", short_name="n", page="/build", scope="/build",
                                 assets=("/static/a.js", "/static/b.css"), files=tuple(files), icons="/static/")
    before = app.version()
    assert before in app.worker()
    installing._version.cache_clear()
    files[1].write_text("/* b.css, changed */", encoding="utf-8")
    assert app.version() != before
    assert app.version() in app.worker()


def test_a_host_names_its_own_page_scope_and_app(tmp_path):
    # The hosted builder serves the same page elsewhere: the manifest follows what it is given.
    (tmp_path / "a.js").write_text("", encoding="utf-8")
    app = installing.Installable(name="builder", short_name="builder", page="/", scope="/",
                                 assets=("/static/a.js",), files=(tmp_path / "a.js",), icons="/icons/")
    manifest = app.manifest("en")
    assert manifest["start_url"] == "/?lang=en" and manifest["scope"] == "/" and manifest["id"] == "/"
    assert manifest["icons"][0]["src"].startswith("/icons/")


def test_the_page_keeps_its_form_token_as_long_as_the_kept_copy_may_be_opened(client):
    answer = client.get("/build")
    cookie = [v for v in answer.headers.get_list("set-cookie") if v.startswith("desk_csrf=")]
    assert len(cookie) == 1 and "Max-Age=2592000" in cookie[0] and "HttpOnly" in cookie[0]
    token = cookie[0].split("=", 1)[1].split(";")[0]
    assert f'data-csrf="{token}"' in answer.text


def test_the_policy_lets_the_page_register_its_worker_and_read_its_manifest():
    assert "worker-src 'self'" in POLICY and "manifest-src 'self'" in POLICY
