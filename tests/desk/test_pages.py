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

    async def refused(files, kept=None):
        raise StoreRefused("check-too-heavy", "")

    monkeypatch.setattr(client.app.state.desk.checks, "check", refused)
    admin(client)
    for path in (str(receipt.url.path), "/status", "/admin/team/1"):
        shown = client.get(path)
        assert shown.status_code == 200, (path, shown.text)
        assert 'data-code="check-too-heavy"' in shown.text


def test_a_stored_lists_problems_are_shown_as_kept_with_it_never_checked_again(client, monkeypatch):
    from tests.desk.support import OVER, WARBOOK, csrf, edit_code

    receipt = submit(client, "Patrulla Alfa", files=(("alfa.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    client.post("/status", data={"csrf": csrf(client), "team": "Patrulla Alfa", "code": edit_code(receipt)})
    before = receipt.text.split('id="keep-receipt"')[1]

    async def never(files, kept=None):
        raise AssertionError("a stored list checked again")

    monkeypatch.setattr(client.app.state.desk.checks, "check", never)
    admin(client)
    for path in (str(receipt.url.path), "/status", "/admin/team/1"):
        shown = client.get(path)
        assert shown.status_code == 200 and 'data-code="over-points-limit"' in shown.text, path
    again = client.get(str(receipt.url.path))
    assert again.text.split('id="keep-receipt"')[1] == before and "Ana Robles" in again.text
    assert 'data-code="over-points-limit"' in client.get(str(receipt.url.path) + "?lang=en").text


def test_a_list_stored_before_its_findings_were_kept_is_checked_again_once_as_its_clients_own(client, db, monkeypatch):
    from builder.desk.workers import CLIENT
    from tests.desk.support import csrf, edit_code, kept_unchecked

    receipt = submit(client, "Patrulla Alfa")
    client.post("/status", data={"csrf": csrf(client), "team": "Patrulla Alfa", "code": edit_code(receipt)})
    kept_unchecked(db)
    lane = client.app.state.desk.checks
    checked, clients, under = [], [], []
    check = lane.check

    async def counted(files, kept=None):
        checked.append(CLIENT.get())
        clients.append(dict(lane.clients))
        under.append(kept)
        return await check(files, kept)

    monkeypatch.setattr(lane, "check", counted)
    first = client.get("/status")
    assert first.status_code == 200 and "Patrulla Alfa" in first.text and 'data-code="' not in first.text
    assert checked == ["testclient"] and clients == [{"testclient": 1}]  # admitted as this client's, in its lane
    assert under == [("wartime", "2026")]  # checked again under the edition it was checked under
    assert not lane.clients and lane.in_flight == 0
    assert client.get("/status").status_code == 200 and client.get(str(receipt.url.path)).status_code == 200
    assert len(checked) == 1  # what it found now kept with it

    kept_unchecked(db)
    lane.admit("testclient"), lane.admit("testclient")  # this client's share of the lane taken already
    try:
        busy = client.get("/status")
    finally:
        lane.release("testclient"), lane.release("testclient")
    assert busy.status_code == 200 and 'data-code="desk-busy-client"' in busy.text and len(checked) == 1


def test_the_events_zone_is_named_by_its_offset_and_its_own_name_if_it_has_one():
    from datetime import datetime, timedelta, timezone
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from builder.desk.pages import zone_label

    winter = datetime(2026, 1, 10, 12, tzinfo=timezone.utc)
    assert zone_label(SimpleNamespace(zone=ZoneInfo("Europe/Madrid")), winter) == "CET, UTC+01:00"
    assert zone_label(SimpleNamespace(zone=timezone(timedelta(hours=-3))), winter) == "UTC-03:00"
    assert zone_label(SimpleNamespace(zone=timezone.utc), winter) == "UTC"


def test_every_page_links_builders_icon_and_the_footer_shows_nothing_internal(client):
    """Issue 46: a favicon, served by the desk from its allow-list; no host:port the desk listens on."""
    for path in ("/", "/build", "/status", "/admin/login", "/nada", "/?lang=en"):
        page = client.get(path)
        assert page.text.count('<link rel="icon" href="/look/favicon.svg" type="image/svg+xml">') == 1, path
        footer = page.text.split("<footer", 1)[1]
        assert "127.0.0.1" not in footer and "8080" not in footer, path
    icon = client.get("/look/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml" and b"<svg" in icon.content


def test_the_new_deadline_field_starts_with_the_current_deadline_in_the_events_zone(db):
    """Issue 46: «Nuevo plazo» holds the deadline as set (20:00 at UTC+2: 20:00, its own clock), and sent
    back unchanged it is the same moment; with no deadline it is empty."""
    import re
    from datetime import datetime, timedelta, timezone

    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from builder.events.packs import load_pack
    from tests.desk.support import BASE, PACK, TOKEN, csrf

    deadline = datetime(2099, 3, 1, 20, 0, tzinfo=timezone(timedelta(hours=2)))
    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", deadline=deadline), base_url=BASE) as c:
        c.get("/")
        admin(c)
        field = re.search(r'<input type="datetime-local" id="deadline"[^>]*>', c.get("/admin").text).group(0)
        assert 'value="2099-03-01T20:00"' in field
        c.post("/admin/event", data={"csrf": csrf(c), "action": "deadline", "deadline": "2099-03-01T20:00"})
        assert c.app.state.desk.store.event(1).deadline == deadline
        c.post("/admin/event", data={"csrf": csrf(c), "action": "deadline", "deadline": ""})
        field = re.search(r'<input type="datetime-local" id="deadline"[^>]*>', c.get("/admin").text).group(0)
        assert "value=" not in field


def test_the_dashboards_print_starts_a_job_whose_page_says_how_far_it_got_in_its_language(client):
    """Issue 55: the dashboard's print is a job (a POST, with the form's token); its page says it is
    being made, refreshes itself while it runs (no script on the organiser's pages), and says the
    organiser may leave; the organiser's alone."""
    import re

    assert client.get("/admin/exports/print").status_code == 403
    admin(client)
    board = client.get("/admin").text
    assert re.search(r'<form class="inline" method="post" action="/admin/exports/print\?lang=es">', board)
    assert 'id="print" class="i-print"' in board
    client.app.state.desk.store.ask_export(1, "print", {"lang": "es", "paper": "a4"})  # running, in another process
    es = client.post("/admin/exports/print", data={"csrf": client.cookies["desk_csrf"], "lang": "es"})
    en = client.get("/admin/exports/print?lang=en")
    assert es.status_code == 200 and 'role="status"' in es.text and "Preparándolo: empezando." in es.text
    assert '<meta http-equiv="refresh" content="2">' in es.text and "<progress" in es.text
    assert "Being made: starting." in en.text and "Preparándolo" not in en.text and "You may leave" in en.text
    assert "script" not in es.headers["content-security-policy"]  # still no script on the organiser's pages
    assert client.get("/admin/exports/nothing").status_code == 404
    assert client.get("/admin/exports/sheet-1").status_code == 404  # an event that plays no rounds
