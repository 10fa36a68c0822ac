"""The server's HTTP contract: the page and its own files, what it refuses of a request (another host,
another site, an unknown path), the card preview, the page's words, and a bug reported as such."""

import pytest

from tests.serve.conftest import BROKEN, PORT


def test_the_page_and_its_own_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200 and "app.js" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/../../pyproject.toml").status_code == 404


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
    assert '<base href="/templates/">' in html
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


def test_a_bug_is_reported_with_its_traceback(client, monkeypatch):
    from builder.serve import workspace

    def broken(self, text, relative):
        raise RuntimeError("planted")

    monkeypatch.setattr(workspace.Workspace, "check", broken)
    response = client.post("/api/check", json={"path": "x.yaml", "text": "system: porcrom\n"})
    assert response.status_code == 500
    assert response.json()["code"] == "internal-error" and "planted" in response.json()["traceback"]


@pytest.mark.parametrize("endpoint", ["/api/check", "/api/preview", "/api/save", "/api/export"])
def test_a_lone_surrogate_in_the_text_is_no_crash(client, folder, endpoint):
    # What a browser's JSON.stringify sends for a pasted half of a surrogate pair.
    body = b'{"path": "nueva.yaml", "text": "system: porcrom\\nname: \\ud800\\n", "version": null, "format": "xlsx"}'
    response = client.post(endpoint, content=body, headers={"content-type": "application/json"})
    assert response.status_code < 500 and "traceback" not in response.text.lower()
    assert not (folder / "nueva.yaml").exists()
    if endpoint == "/api/check":
        assert response.json()["findings"][0]["code"] == "invalid-encoding"
