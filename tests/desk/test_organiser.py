"""The organiser's side over HTTP: the dashboard flags a list sent twice, reviews and locks; the
deadline moved; a team's own page; the summary spreadsheet and the print."""

from __future__ import annotations

import contextlib
import io
import re
from datetime import datetime, timezone

import sqlalchemy as sa
from openpyxl import load_workbook

from builder.events import schema
from builder.events.store import Store
from tests.desk.support import OVER, WARBOOK, admin, csrf, edit_code, exported, submit


def test_the_dashboard_flags_a_list_sent_by_two_teams_and_the_organiser_reviews_and_locks(client, db):
    submit(client, "Patrulla Alfa")
    submit(client, "Patrulla Beta")
    submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    admin(client)
    board = client.get("/admin").text
    assert "Listas repetidas" in board and "WT-068D-E2A7: Patrulla Alfa, Patrulla Beta" in board
    assert "misma lista que: Patrulla Beta" in board and "(borrador)" in board
    token = csrf(client)
    assert client.post("/admin/team/1", data={"csrf": token, "action": "approved", "version": "1"}).status_code == 200
    client.post("/admin/team/3", data={"csrf": token, "action": "sent-back", "note": "Sobran 8 puntos", "version": "1"})
    client.post("/admin/team/2", data={"csrf": token, "action": "lock", "confirm": "yes"})
    client.post("/admin/event", data={"csrf": token, "action": "lock", "confirm": "yes"})
    board = client.get("/admin").text
    assert "aprobada" in board and "devuelta: Sobran 8 puntos" in board and "cerrada" in board
    assert "El evento está cerrado." in board
    store = Store.open(db)
    assert store.event(1).locked and store.locked_teams(1) == {2}
    assert client.post("/admin/team/99", data={"csrf": token, "action": "lock", "confirm": "yes"}).status_code == 404


def test_closing_the_event_or_a_list_unconfirmed_asks_and_changes_nothing(client, db):
    submit(client, "Patrulla Alfa")
    admin(client)
    for where, asked in (("/admin/event", "¿Cerrar el evento?"), ("/admin/team/1", "¿Cerrar la lista de Patrulla Alfa?")):
        answer = client.post(where, data={"csrf": csrf(client), "action": "lock"}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"].startswith("/admin/confirm?action=lock")
        page = client.get(answer.headers["location"])
        assert page.status_code == 200 and asked in page.text and 'name="confirm" value="yes"' in page.text
    store = Store.open(db)
    assert not store.event(1).locked and store.locked_teams(1) == set()
    assert client.get("/admin/confirm?action=lock&team=99").status_code == 404
    assert client.get("/admin/confirm?action=unpublish").status_code == 400


def test_the_summary_sheet_has_a_row_per_team_rechecked_from_the_stored_files(client):
    submit(client, "Patrulla Alfa")
    code = edit_code(submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK))))
    submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)), code=code)
    admin(client)
    response = exported(client, "/admin/summary.xlsx?lang=en")
    assert response.status_code == 200 and "Torneo%20de%20Oto%C3%B1o.xlsx" in response.headers["content-disposition"]
    sheet = load_workbook(io.BytesIO(response.content))["Lists"]
    rows = [[c.value for c in row] for row in sheet.iter_rows(min_row=2)]
    assert [(r[0], r[4], r[6]) for r in rows] == [("patrulla-alfa/v1/alfa.yaml", 178, "LEGAL"),
                                                   ("asalto/v2/asalto.yaml", 258, "ILLEGAL")]
    # Who sent each list, which version, when and its review: a sheet of the desk's own, second.
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames[1] == "Submissions"
    teams = [[c.value for c in row] for row in book["Submissions"].iter_rows(min_row=2)]
    assert [(r[0], r[1], r[3], r[4], r[6]) for r in teams] == [
        ("Patrulla Alfa", 1, "no", "pending", "patrulla-alfa/v1/alfa.yaml"), ("Asalto", 2, "no", "pending", "asalto/v2/asalto.yaml")]


def test_the_print_has_every_teams_sheet_footed_with_the_fingerprint_its_receipt_gave(client):
    alfa = submit(client, "Patrulla Alfa")
    over = submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    fingerprints = [re.search(r'id="r-fingerprint">([A-Z]{2}-[0-9A-F]{4}-[0-9A-F]{4})<', r.text).group(1)
                    for r in (alfa, over)]
    assert client.get("/admin/print.pdf").status_code == 403
    admin(client)
    response = exported(client, "/admin/print.pdf")
    assert response.status_code == 200 and response.headers["content-type"] == "application/pdf"
    assert "Torneo%20de%20Oto%C3%B1o.pdf" in response.headers["content-disposition"]
    from pypdf import PdfReader

    pages = [p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages]
    assert "2 equipos" in pages[0] and "178 / 250" in pages[0] and "258 / 250" in pages[0]  # 58 + 5 × 40
    for fingerprint in fingerprints:
        assert fingerprint in pages[0] and any(fingerprint in p for p in pages[1:])
    assert any("BORRADOR" in p for p in pages[1:])  # the illegal list printed as a marked draft


def test_the_organiser_moves_the_deadline_and_the_dashboard_says_when_it_has_passed(client, db):
    admin(client)
    token = csrf(client)
    past = client.post("/admin/event", data={"csrf": token, "action": "deadline", "deadline": "2020-01-01T10:00"})
    assert past.status_code == 200  # back on the dashboard
    # The server's clock is its own local time: 2020-01-01 10:00 there, kept in UTC.
    expected = datetime(2020, 1, 1, 10, 0).astimezone().astimezone(timezone.utc)
    assert Store.open(db).event(1).deadline == expected
    board = client.get("/admin").text
    assert "Las entregas están cerradas: el plazo terminó el " + expected.strftime("%Y-%m-%d %H:%M") in board
    assert "El evento está abierto." not in board
    assert submit(client, "Tarde").status_code == 423
    client.post("/admin/event", data={"csrf": token, "action": "deadline", "deadline": ""})  # no deadline
    assert Store.open(db).event(1).deadline is None and submit(client, "A tiempo").status_code == 200
    bad = client.post("/admin/event", data={"csrf": token, "action": "deadline", "deadline": "mañana"})
    assert bad.status_code == 400 and 'data-code="bad-deadline"' in bad.text


def test_the_organiser_reads_a_teams_problems_files_versions_and_reviews(client):
    first = submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)), code=edit_code(first))
    assert client.get("/admin/team/1").status_code == 403
    admin(client)
    client.post("/admin/team/1", data={"csrf": csrf(client), "action": "sent-back", "note": "Sobran 8 puntos",
                                       "version": "2"})
    assert 'href="/admin/team/1?lang=es"' in client.get("/admin").text
    team = client.get("/admin/team/1")
    assert team.status_code == 200 and "Asalto" in team.text
    # 58 + 5 × 40 = 258 of the pack's 250: the finding, said as the check says it.
    assert 'data-code="over-points-limit"' in team.text and "la lista suma 258 puntos" in team.text
    assert "[over-points-limit]" not in team.text
    assert team.text.count("<td>ILEGAL</td>") == 2  # both versions
    assert "devuelta — Sobran 8 puntos" in team.text and "fenix-warbook.yaml" in team.text
    assert client.get("/admin/team/99").status_code == 404 and client.get("/admin/team/x").status_code == 404


def test_a_teams_page_shows_its_versions_ten_at_a_time_and_the_dashboard_the_database_size(client, db):
    code = edit_code(submit(client, "Patrulla Alfa"))
    for _ in range(11):
        assert submit(client, "Patrulla Alfa", code=code).status_code == 200
    admin(client)
    assert re.search(r'id="database-size">Base de datos: \d+\.\d MiB<', client.get("/admin").text)
    first = client.get("/admin/team/1").text
    rows = re.findall(r"<tr><td>(\d+)</td>", first)
    assert rows == [str(v) for v in range(12, 2, -1)] and "Página 1 de 2" in first and "page=2" in first
    second = client.get("/admin/team/1?page=2&lang=en").text
    assert re.findall(r"<tr><td>(\d+)</td>", second) == ["2", "1"] and "Page 2 of 2" in second
    assert "Sargento" in second  # the latest version's files, on every page
    assert client.get("/admin/team/1?page=x").status_code == 200


def test_an_approval_of_a_version_no_longer_the_latest_changes_nothing(client, db):
    code = edit_code(submit(client, "Asalto"))  # version 1, legal
    admin(client)
    board = client.get("/admin").text
    assert board.count('<input type="hidden" name="version" value="1">') == 2  # approve and send back
    assert '<input type="hidden" name="version" value="1">' in client.get("/admin/team/1").text
    # The dashboard showed version 1; the player sends version 2 (illegal) before the click lands.
    submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)), code=code)
    stale = client.post("/admin/team/1?lang=en", data={"csrf": csrf(client), "action": "approved", "version": "1"})
    assert stale.status_code == 409 and 'data-code="stale-version"' in stale.text
    assert "showed version 1" in stale.text and "version 2" in stale.text
    assert 'href="/admin/team/1?lang=en"' in stale.text
    assert Store.open(db).reviews(1) == []  # nothing landed on version 2
    for shown in ("", "x", "²"):
        refused = client.post("/admin/team/1", data={"csrf": csrf(client), "action": "sent-back", "version": shown})
        assert refused.status_code == 400
    assert Store.open(db).reviews(1) == []
    done = client.post("/admin/team/1", data={"csrf": csrf(client), "action": "sent-back", "version": "2",
                                              "note": "Sobran 8 puntos"})
    assert done.status_code == 200
    (review,) = Store.open(db).reviews(1)
    assert (review.version, review.verdict) == (2, "sent-back")


def test_the_organiser_issues_a_new_edit_code_shown_once_and_the_old_one_stops_working(client, db):
    old = edit_code(submit(client, "Asalto"))
    admin(client)
    unconfirmed = client.post("/admin/team/1", data={"csrf": csrf(client), "action": "new-code"})
    assert unconfirmed.status_code == 400 and 'data-code="desk-confirm-new-code"' in unconfirmed.text
    assert Store.open(db).code_is(1, old)
    issued = client.post("/admin/team/1", data={"csrf": csrf(client), "action": "new-code", "confirm": "yes"},
                         follow_redirects=False)
    assert issued.status_code == 303 and issued.headers["location"] == "/admin/team/1?lang=es#new-code-box"
    page = client.get(issued.headers["location"])
    new = re.search(r'id="new-code">([A-Z0-9-]+)<', page.text).group(1)
    assert new != old and 'id="code-changes"' in page.text and "el anterior dejó de valer" in page.text
    reloaded = client.get("/admin/team/1")  # shown once: a reload shows the history, not the code
    assert new not in reloaded.text and 'id="code-changes"' in reloaded.text
    refused = submit(client, "Asalto", code=old)
    assert refused.status_code == 403
    assert 'id="r-version">2<' in submit(client, "Asalto", code=new).text


def readable(cookie: str) -> str:
    """Whatever a cookie's value says to anyone who reads it: each of its dotted parts, and each one
    decoded from base64 (a signed cookie is signed, not encrypted), zlib-compressed or not."""
    import base64
    import zlib

    said = [cookie]
    for part in cookie.lstrip(".").split("."):
        with contextlib.suppress(ValueError):
            data = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
            said.append(data.decode("latin-1"))
            with contextlib.suppress(zlib.error):
                said.append(zlib.decompress(data).decode("latin-1"))
    return "\n".join(said)


def test_a_new_edit_code_never_travels_in_a_cookie_nor_lies_in_the_store_in_clear(client, db):
    submit(client, "Asalto")
    admin(client)
    issued = client.post("/admin/team/1", data={"csrf": csrf(client), "action": "new-code", "confirm": "yes"},
                         follow_redirects=False)
    sent = issued.headers.get_list("set-cookie")
    held = [readable(value) for value in client.cookies.values()] + [readable(header) for header in sent]
    page = client.get(issued.headers["location"])
    new = re.search(r'id="new-code">([A-Z0-9-]+)<', page.text).group(1)
    for cookie in held:
        assert new not in cookie and new.replace("-", "") not in cookie
    engine = sa.create_engine(db.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as conn:
        rows = conn.execute(sa.select(schema.organiser_sessions)).all()
    engine.dispose()
    assert rows and all(new not in str(tuple(row)) for row in rows)
    assert new not in client.get("/admin/team/1").text  # and shown once


def test_a_new_edit_code_waits_in_the_session_for_its_own_team_a_few_minutes(client, monkeypatch):
    from builder.desk import sessions

    submit(client, "Asalto")
    submit(client, "Patrulla Beta")
    admin(client)
    now = [sessions.clock()]
    monkeypatch.setattr(sessions, "clock", lambda: now[0])
    client.post("/admin/team/1", data={"csrf": csrf(client), "action": "new-code", "confirm": "yes"})
    assert 'id="new-code"' not in client.get("/admin/team/2").text  # another team's page: not shown there
    client.post("/admin/team/1", data={"csrf": csrf(client), "action": "new-code", "confirm": "yes"},
                follow_redirects=False)
    now[0] += 601
    assert 'id="new-code"' not in client.get("/admin/team/1").text  # shown within minutes, or never
