"""The organiser's dashboard under a flood and the removal of spam teams: a page of teams, a few names
and a count for a list sent by many, the removal asked first and logged, its teams gone from every
count, their names free; the event's bound on teams, refused in both languages."""

from __future__ import annotations

import io
import re

from openpyxl import load_workbook

from builder.events.store import Checked, Store
from tests.desk.support import ALFA, BASE, OVER, PACK, TOKEN, WARBOOK, admin, csrf, edit_code, exported, submit


def flood(db: str, teams: int, start: int = 0) -> None:
    """``teams`` teams registered straight into the store, all with Patrulla Alfa (one fingerprint)."""
    store = Store.open(db)
    files = {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()}
    for n in range(start, start + teams):
        store.register(1, f"Spam {n:04}", files, Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    store.close()


def test_the_dashboard_is_a_page_of_teams_and_names_a_few_of_those_that_sent_one_list(client, db):
    submit(client, "Patrulla Alfa")
    submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    flood(db, 120)
    admin(client)
    board = client.get("/admin").text
    assert len(re.findall(r'<tr data-team="\d+"', board)) == 50 and "Página 1 de 3" in board
    assert "122 equipos de 300 como mucho" in board
    # Each row: three names and a count behind a link, never the 120 others.
    assert "misma lista que: Spam 0000, Spam 0001, Spam 0002 y 117 equipos más" in board
    assert board.count("Spam 0100") == 0 and 'href="/admin?lang=es&amp;same=WT-068D-E2A7"' in board
    assert "WT-068D-E2A7: Patrulla Alfa, Spam 0000, Spam 0001 y 118 más" in board
    third = client.get("/admin?page=3&lang=en").text
    assert len(re.findall(r'<tr data-team="\d+"', third)) == 22 and "Page 3 of 3" in third and 'rel="prev"' in third
    same = client.get("/admin?same=WT-068D-E2A7&page=2").text
    assert "Equipos que entregaron la lista WT-068D-E2A7" in same and "Asalto" not in same.split('id="teams"')[1]
    assert len(re.findall(r'<tr data-team="\d+"', same)) == 50 and "Quitar los 121 equipos de esta lista" in same
    for odd in ("page=0", "page=x", "page=99999999999", "same=<b>", "same=" + "A" * 99):
        assert client.get(f"/admin?{odd}").status_code == 200
    # The page costs its rows, not the event: five times the teams, the same page's size.
    flood(db, 480, start=120)
    bigger = client.get("/admin").text
    assert len(re.findall(r'<tr data-team="\d+"', bigger)) == 50 and len(bigger) < len(board) + 200


def test_the_organiser_removes_spam_teams_asked_first_and_they_leave_every_count(client, db, caplog):
    submit(client, "Patrulla Alfa")
    flood(db, 3)
    admin(client)
    asked = client.post("/admin/remove", data={"csrf": csrf(client), "team-2": "yes", "team-3": "yes"},
                        follow_redirects=False)
    assert asked.status_code == 303 and asked.headers["location"] == "/admin/confirm?action=remove&lang=es&teams=2%2C3"
    assert Store.open(db).team_count(1) == 4  # asked, nothing done
    page = client.get(asked.headers["location"]).text
    assert "¿Quitar 2 equipos del evento?" in page and "Spam 0000, Spam 0001" in page
    assert 'name="teams" value="2,3"' in page and 'name="action" value="remove"' in page
    with caplog.at_level("INFO", logger="builder.desk"):
        done = client.post("/admin/remove", data={"csrf": csrf(client), "teams": "2,3", "confirm": "yes"})
    assert done.status_code == 200 and "Equipos quitados: 2." in done.text
    assert "removed 2 teams: Spam 0000, Spam 0001" in caplog.text
    assert "2 equipos de 300 como mucho · 2 quitados por la organización" in done.text
    assert "Spam 0000" not in done.text and client.get("/admin/team/2").status_code == 404
    # Every team of one list at once.
    asked = client.post("/admin/remove", data={"csrf": csrf(client), "same": "WT-068D-E2A7"}, follow_redirects=False)
    page = client.get(asked.headers["location"]).text
    assert "¿Quitar 2 equipos del evento?" in page and "Patrulla Alfa, Spam 0002" in page
    client.post("/admin/remove", data={"csrf": csrf(client), "same": "WT-068D-E2A7", "confirm": "yes"})
    assert Store.open(db).teams(1) == {} and "0 equipos de 300" in client.get("/admin").text
    sheet = load_workbook(io.BytesIO(exported(client, "/admin/summary.xlsx").content))
    assert sheet["Listas"].max_row == 1  # the header alone
    # The names are free again.
    assert 'id="edit-code"' in submit(client, "Spam 0000").text
    for data, status in (({}, 400), ({"teams": "1,99"}, 404), ({"teams": ",".join(map(str, range(1, 300)))}, 400)):
        refused = client.post("/admin/remove", data={"csrf": csrf(client), "confirm": "yes", **data})
        assert refused.status_code == status
    assert client.get("/admin/confirm?action=remove&teams=99").status_code == 404
    assert client.post("/admin/remove", data={"teams": "5", "confirm": "yes"}).status_code == 403  # no CSRF token


def test_a_new_team_past_the_events_bound_is_refused_in_both_languages(tmp_path):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    pack = tmp_path / "torneo.yaml"
    pack.write_text(PACK.read_text(encoding="utf-8") + "event:\n  max_teams: 2\n", encoding="utf-8")
    with TestClient(create_desk(load_pack(pack), f"sqlite:///{tmp_path / 'e.sqlite'}", TOKEN, "127.0.0.1:8080"),
                    base_url=BASE) as bounded:
        bounded.get("/")
        code = edit_code(submit(bounded, "Alfa"))
        submit(bounded, "Beta")
        full = submit(bounded, "Gamma")
        assert full.status_code == 409 and 'data-code="event-full"' in full.text
        assert "todos los equipos que admite" in full.text
        english = submit(bounded, "Gamma", lang="en")
        assert english.status_code == 409 and "as many teams as it takes" in english.text
        assert 'id="r-version">2<' in submit(bounded, "Alfa", code=code).text  # a team in it still sends versions
