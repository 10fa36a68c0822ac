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


def test_the_events_zone_is_named_by_its_offset_and_its_own_name_if_it_has_one():
    from datetime import datetime, timedelta, timezone
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from builder.desk.pages import zone_label

    winter = datetime(2026, 1, 10, 12, tzinfo=timezone.utc)
    assert zone_label(SimpleNamespace(zone=ZoneInfo("Europe/Madrid")), winter) == "CET, UTC+01:00"
    assert zone_label(SimpleNamespace(zone=timezone(timedelta(hours=-3))), winter) == "UTC-03:00"
    assert zone_label(SimpleNamespace(zone=timezone.utc), winter) == "UTC"
