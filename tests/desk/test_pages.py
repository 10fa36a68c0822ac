"""The desk's pages: what a player typed is shown as text, and a refusal says "nothing was stored"
only where something was sent."""

from __future__ import annotations

from tests.desk.support import admin, submit


def test_a_team_name_with_a_script_is_shown_as_text(client):
    submit(client, "<script>alert(1)</script>")
    admin(client)
    board = client.get("/admin")
    assert "<script>alert(1)</script>" not in board.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in board.text


def test_a_page_that_is_not_there_says_nothing_of_storing(client):
    for path in ("/lists", "/nada"):
        answer = client.get(path)
        assert answer.status_code == 404 and "No se ha guardado nada." not in answer.text
    assert "no publica las listas" in client.get("/lists").text


def test_a_stored_list_whose_check_again_is_refused_shows_the_refusal_never_a_500(client, db, monkeypatch):
    from builder.events.bounds import StoreRefused
    from tests.desk.support import csrf, edit_code, kept_unchecked

    receipt = submit(client, "Patrulla Alfa")
    code = edit_code(receipt)
    client.post("/status", data={"csrf": csrf(client), "team": "Patrulla Alfa", "code": code})
    kept_unchecked(db)  # as a builder before migration 6 kept it: its findings checked again when shown

    async def refused(files):
        raise StoreRefused("check-too-heavy", "")

    monkeypatch.setattr(client.app.state.desk.checks, "check", refused)
    admin(client)
    for path in (str(receipt.url.path), "/status", "/admin/team/1"):
        shown = client.get(path)
        assert shown.status_code == 200, (path, shown.text)
        assert 'data-code="check-too-heavy"' in shown.text
