"""The event desk over HTTP, on a real SQLite file: a player submits, re-submits with the edit code,
is refused (wrong code, locked, past the deadline) with nothing stored; the organiser's routes
need the token, a same-site Origin and the CSRF token; uploads are bounded and named plainly."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import sqlalchemy as sa
from openpyxl import load_workbook

from builder.events import schema
from builder.events.packs import load_pack
from builder.events.store import Store

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
BASE = "http://127.0.0.1:8080"
TOKEN = "la-clave-de-la-organizacion"
# Patrulla Alfa (178 of 250, legal) with its Warbook beside it, as the example tournament keeps it.
ALFA = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes()
OVER = ALFA.replace(b"count: 3", b"count: 5")  # 58 + 5 × 40 = 258 of 250: illegal


@pytest.fixture
def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'torneo.sqlite'}"


@pytest.fixture
def client(db):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080"), base_url=BASE) as test_client:
        test_client.get("/")  # the CSRF cookie, as a browser gets it with the page
        yield test_client


def csrf(client) -> str:
    return client.cookies["desk_csrf"]


def submit(client, team: str, files=(("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK)), code: str = "",
           lang: str = "es", pasted: str = "", **headers):
    return client.post("/submit", data={"csrf": csrf(client), "team": team, "code": code, "lang": lang,
                                        "pasted": pasted},
                       files=[("files", (name, data, "application/x-yaml")) for name, data in files], headers=headers)


def edit_code(response) -> str:
    return re.search(r'id="edit-code">([A-Z0-9-]+)<', response.text).group(1)


def stored(db: str) -> tuple[int, int]:
    engine = sa.create_engine(db)
    with engine.connect() as conn:
        counts = tuple(conn.execute(sa.select(sa.func.count()).select_from(t)).scalar()
                       for t in (schema.teams, schema.submissions))
    engine.dispose()
    return counts


def admin(client) -> None:
    assert client.get(f"/admin/login?token={TOKEN}", follow_redirects=False).status_code == 303


def test_a_legal_list_is_stored_with_a_receipt_and_its_edit_code_shown_once(client, db):
    page = client.get("/")
    assert page.status_code == 200 and "Torneo de Otoño" in page.text and 'name="csrf"' in page.text
    assert page.headers["content-security-policy"].startswith("default-src 'none'; style-src 'self' 'unsafe-inline'; "
                                                              "form-action 'self'; frame-ancestors 'none'")
    assert page.headers["x-content-type-options"] == "nosniff" and page.headers["referrer-policy"] == "same-origin"
    response = submit(client, "Patrulla Alfa")
    assert response.status_code == 200, response.text
    receipt = response.text
    assert "LEGAL" in receipt and "178 / 250" in receipt and "WT-068D-E2A7" in receipt and "Ana Robles" in receipt
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){3}", edit_code(response))
    assert stored(db) == (1, 1)
    files = Store.open(db).latest(1)[0].files
    assert list(files) == ["alfa.yaml", "fenix-warbook.yaml"]  # the roster first, each as sent
    assert files["alfa.yaml"].encode() == ALFA


def test_a_new_version_with_the_edit_code_and_a_wrong_code_refused_storing_nothing(client, db):
    code = edit_code(submit(client, "Patrulla Alfa"))
    second = submit(client, "patrulla  ALFA", code=code.lower(), lang="en")
    assert second.status_code == 200 and 'id="r-version">2<' in second.text and "edit-code" not in second.text
    assert "Receipt" in second.text  # in the language chosen
    wrong = submit(client, "Patrulla Alfa", code="AAAA-BBBB-CCCC-DDDD")
    assert wrong.status_code == 403 and "no es el de ese equipo" in wrong.text and "Traceback" not in wrong.text
    taken = submit(client, "Patrulla Alfa")  # the name again, without the code
    assert taken.status_code == 409
    assert stored(db) == (1, 2)


def test_a_locked_event_a_locked_team_and_a_past_deadline_refuse_a_submission(client, db):
    code = edit_code(submit(client, "Patrulla Alfa"))
    store = Store.open(db)
    store.lock_team(1)
    assert submit(client, "Patrulla Alfa", code=code).status_code == 423
    store.lock_event(1)
    refused = submit(client, "Gamma")
    assert refused.status_code == 423 and "El evento está cerrado" in refused.text
    store.lock_event(1, locked=False)
    store.set_deadline(1, datetime.now(timezone.utc) - timedelta(minutes=1))
    late = submit(client, "Gamma")
    assert late.status_code == 423 and "plazo" in late.text
    store.close()
    assert stored(db) == (1, 1)


def test_an_illegal_list_is_stored_as_a_draft_with_its_findings(client, db):
    response = submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)), lang="en")
    assert response.status_code == 200 and "ILLEGAL" in response.text and "draft" in response.text
    assert "over-points-limit" in response.text
    (latest,) = Store.open(db).latest(1)
    assert latest.draft and not latest.checked.legal


def test_a_list_pasted_as_text_and_a_reference_outside_the_submission(client, db):
    pasted = ALFA.decode().replace("fenix-warbook.yaml", "../../wartime/fenix-warbook.yaml")
    refused = submit(client, "Pegada", files=(), pasted=pasted)
    assert refused.status_code == 422 and "reference-outside-folder" in refused.text
    assert stored(db) == (0, 0)
    accepted = submit(client, "Pegada", files=(("fenix-warbook.yaml", WARBOOK),), pasted=ALFA.decode())
    assert accepted.status_code == 200 and "LEGAL" in accepted.text


@pytest.mark.parametrize("name", ["../x.yaml", "/etc/x.yaml", "sub/x.yaml", "x.txt", ".yaml"])
def test_a_file_name_that_is_not_a_plain_yaml_name_is_refused(client, db, name):
    response = submit(client, "Alfa", files=((name, ALFA),))
    assert response.status_code == 400 and "nombre que no vale" in response.text
    assert stored(db) == (0, 0)


def test_an_oversize_upload_is_refused(client, db):
    big = b"# " + b"x" * (1024 * 1024) + b"\n"
    assert submit(client, "Alfa", files=(("big.yaml", big),)).status_code == 413
    declared = client.post("/submit", content=b"x", headers={"content-length": str(10 ** 9),
                                                              "content-type": "multipart/form-data; boundary=b"})
    assert declared.status_code == 413
    assert stored(db) == (0, 0)


def test_a_post_without_the_csrf_token_or_from_another_site_is_refused(client, db):
    no_token = client.post("/submit", data={"team": "Alfa"}, files=[("files", ("a.yaml", ALFA, "text/yaml"))])
    assert no_token.status_code == 403 and "recarga la página" in no_token.text
    assert submit(client, "Alfa", origin="http://evil.example").status_code == 403
    assert submit(client, "Alfa", origin="null").status_code == 403
    assert submit(client, "Alfa", origin=BASE).status_code == 200
    assert stored(db) == (1, 1)


def test_a_team_name_with_a_script_is_shown_as_text(client):
    submit(client, "<script>alert(1)</script>")
    admin(client)
    board = client.get("/admin")
    assert "<script>alert(1)</script>" not in board.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in board.text


def test_the_organisers_pages_need_the_token(client):
    assert client.get("/admin").status_code == 403
    assert client.get("/admin/summary.xlsx").status_code == 403
    assert client.get("/admin/login?token=wrong").status_code == 403
    assert client.post("/admin/event", data={"csrf": csrf(client), "action": "lock"}).status_code == 403
    admin(client)
    assert client.get("/admin").status_code == 200


def test_the_organiser_is_refused_from_another_origin_or_without_csrf(client, db):
    admin(client)
    foreign = client.post("/admin/event", data={"csrf": csrf(client), "action": "lock"},
                          headers={"origin": "http://evil.example"})
    no_csrf = client.post("/admin/event", data={"action": "lock"})
    assert (foreign.status_code, no_csrf.status_code) == (403, 403)
    assert not Store.open(db).event(1).locked
    form_login = client.post("/admin/login", data={"csrf": csrf(client), "token": TOKEN}, follow_redirects=False)
    assert form_login.status_code == 303


def test_the_dashboard_flags_a_list_sent_by_two_teams_and_the_organiser_reviews_and_locks(client, db):
    submit(client, "Patrulla Alfa")
    submit(client, "Patrulla Beta")
    submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    admin(client)
    board = client.get("/admin").text
    assert "Listas repetidas" in board and "WT-068D-E2A7: Patrulla Alfa, Patrulla Beta" in board
    assert "misma lista que: Patrulla Beta" in board and "(borrador)" in board
    token = csrf(client)
    assert client.post("/admin/team/1", data={"csrf": token, "action": "approved"}).status_code == 200
    client.post("/admin/team/3", data={"csrf": token, "action": "sent-back", "note": "Sobran 8 puntos"})
    client.post("/admin/team/2", data={"csrf": token, "action": "lock"})
    client.post("/admin/event", data={"csrf": token, "action": "lock"})
    board = client.get("/admin").text
    assert "aprobada" in board and "devuelta: Sobran 8 puntos" in board and "cerrada" in board
    assert "El evento está cerrado." in board
    store = Store.open(db)
    assert store.event(1).locked and store.locked_teams(1) == {2}
    assert client.post("/admin/team/99", data={"csrf": token, "action": "lock"}).status_code == 404


def test_the_summary_sheet_has_a_row_per_team_rechecked_from_the_stored_files(client):
    submit(client, "Patrulla Alfa")
    submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    admin(client)
    response = client.get("/admin/summary.xlsx?lang=en")
    assert response.status_code == 200 and "Torneo%20de%20Oto%C3%B1o.xlsx" in response.headers["content-disposition"]
    sheet = load_workbook(io.BytesIO(response.content))["Lists"]
    rows = [[c.value for c in row] for row in sheet.iter_rows(min_row=2)]
    assert [(r[0], r[4], r[6]) for r in rows] == [("patrulla-alfa-1/alfa.yaml", 178, "LEGAL"),
                                                   ("asalto-2/asalto.yaml", 258, "ILLEGAL")]
    # Who sent each list, which version, when and its review: a sheet of the desk's own, second.
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames[1] == "Submissions"
    teams = [[c.value for c in row] for row in book["Submissions"].iter_rows(min_row=2)]
    assert [(r[0], r[1], r[3], r[4], r[6]) for r in teams] == [
        ("Patrulla Alfa", 1, "no", "pending", "patrulla-alfa-1/alfa.yaml"), ("Asalto", 1, "no", "pending", "asalto-2/asalto.yaml")]


def test_the_print_has_every_teams_sheet_footed_with_the_fingerprint_its_receipt_gave(client):
    alfa = submit(client, "Patrulla Alfa")
    over = submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    fingerprints = [re.search(r'id="r-fingerprint">([A-Z]{2}-[0-9A-F]{4}-[0-9A-F]{4})<', r.text).group(1)
                    for r in (alfa, over)]
    assert client.get("/admin/print.pdf").status_code == 403
    admin(client)
    response = client.get("/admin/print.pdf")
    assert response.status_code == 200 and response.headers["content-type"] == "application/pdf"
    assert "Torneo%20de%20Oto%C3%B1o.pdf" in response.headers["content-disposition"]
    from pypdf import PdfReader

    pages = [p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages]
    assert "2 equipos" in pages[0] and "178 / 250" in pages[0] and "258 / 250" in pages[0]  # 58 + 5 × 40
    for fingerprint in fingerprints:
        assert fingerprint in pages[0] and any(fingerprint in p for p in pages[1:])
    assert any("BORRADOR" in p for p in pages[1:])  # the illegal list printed as a marked draft


def test_a_player_sees_the_organisers_note_with_the_edit_code_and_nothing_without_it(client):
    first = submit(client, "Asalto", files=(("asalto.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    code = edit_code(first)
    admin(client)
    client.post("/admin/team/1", data={"csrf": csrf(client), "action": "sent-back", "note": "Sobran 8 puntos"})
    form = client.get("/status")
    assert form.status_code == 200 and 'name="code"' in form.text
    look = lambda team, given: client.post("/status", data={"csrf": csrf(client), "team": team, "code": given})  # noqa: E731
    seen = look("  asalto ", code.lower())  # the name as typed, the code as read from paper
    assert seen.status_code == 200
    assert re.search(r'id="s-review">devuelta<', seen.text) and "Sobran 8 puntos" in seen.text
    assert re.search(r'id="s-open">sí<', seen.text) and re.search(r'id="s-version">1<', seen.text)
    assert "[over-points-limit]" in seen.text and "box-warn" in seen.text  # 58 + 5 × 40 = 258 of 250
    wrong, nobody = look("Asalto", "AAAA-BBBB-CCCC-DDDD"), look("Nadie", code)
    assert (wrong.status_code, nobody.status_code) == (403, 403)
    assert "Sobran" not in wrong.text and "Sobran" not in nobody.text
    # A new version: the note stays in sight, said to be about version 1.
    submit(client, "Asalto", code=code)
    again = look("Asalto", code)
    assert "de la versión 1" in again.text and re.search(r'id="s-version">2<', again.text)
    client.post("/admin/event", data={"csrf": csrf(client), "action": "lock"})
    assert re.search(r'id="s-open">no<', look("Asalto", code).text)


def test_the_lists_are_published_only_once_the_event_is_locked_and_only_if_asked(db, tmp_path):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    for publish in (True, False):
        app = create_desk(load_pack(PACK), f"sqlite:///{tmp_path / f'{publish}.sqlite'}", TOKEN, "127.0.0.1:8080",
                          publish=publish)
        with TestClient(app, base_url=BASE) as c:
            c.get("/")
            submit(c, "Patrulla <b>Alfa</b>")
            assert c.get("/lists").status_code == 404
            admin(c)
            c.post("/admin/event", data={"csrf": csrf(c), "action": "lock"})
            public = c.get("/lists")
            if not publish:
                assert public.status_code == 404
                continue
            assert public.status_code == 200 and "WT-068D-E2A7" in public.text
            assert "Patrulla &lt;b&gt;Alfa&lt;/b&gt;" in public.text and "<b>Alfa</b>" not in public.text
            assert "fenix-warbook.yaml" in public.text and "Sargento" in public.text  # the files, as sent
            assert 'id="published-link"' in c.get("/").text


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
    client.post("/admin/team/1", data={"csrf": csrf(client), "action": "sent-back", "note": "Sobran 8 puntos"})
    assert 'href="/admin/team/1?lang=es"' in client.get("/admin").text
    team = client.get("/admin/team/1")
    assert team.status_code == 200 and "Asalto" in team.text
    # 58 + 5 × 40 = 258 of the pack's 250: the finding, said as the check says it.
    assert "[over-points-limit]" in team.text and "258" in team.text
    assert team.text.count("<td>ILEGAL</td>") == 2  # both versions
    assert "devuelta — Sobran 8 puntos" in team.text and "fenix-warbook.yaml" in team.text
    assert client.get("/admin/team/99").status_code == 404 and client.get("/admin/team/x").status_code == 404


def test_a_warbook_alone_is_refused_as_no_list_and_nothing_is_stored(client, db):
    alone = submit(client, "Solo Warbook", files=(("fenix-warbook.yaml", WARBOOK),))
    assert alone.status_code == 400 and 'data-code="no-list"' in alone.text
    assert "No se ha guardado nada." in alone.text and stored(db) == (0, 0)


def test_a_page_that_is_not_there_says_nothing_of_storing(client):
    for path in ("/lists", "/nada"):
        answer = client.get(path)
        assert answer.status_code == 404 and "No se ha guardado nada." not in answer.text
    assert "no publica las listas" in client.get("/lists").text


def test_too_many_posts_from_one_client_are_answered_429(db):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    app = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", posts_per_minute=2)
    with TestClient(app, base_url=BASE) as c:
        c.get("/")
        answers = [c.post("/admin/login", data={"csrf": c.cookies["desk_csrf"], "token": "x"}).status_code
                   for _ in range(3)]
    assert answers == [403, 403, 429]


def test_a_foreign_host_and_an_unknown_page_are_refused(client):
    assert client.get("/", headers={"host": "evil.example:8080"}).status_code == 403
    assert client.get("/nada").status_code == 404


def test_a_bug_is_answered_with_its_id_and_no_traceback(client, monkeypatch, caplog):
    from builder.desk import app as desk

    monkeypatch.setattr(desk, "check_submission", lambda files, pack: 1 / 0)
    response = submit(client, "Alfa")
    assert response.status_code == 500 and "Traceback" not in response.text and "ZeroDivision" not in response.text
    bug = re.search(r"fallo ([0-9a-f]{8})", response.text).group(1)
    assert any(bug in record.getMessage() for record in caplog.records)


def test_a_deadline_given_at_start_closes_the_submissions(db):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    closed = datetime.now(timezone.utc) - timedelta(minutes=1)
    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", deadline=closed), base_url=BASE) as late:
        late.get("/")
        assert submit(late, "Gamma").status_code == 423
    assert stored(db) == (0, 0)
