"""POST-redirect-GET on the players' side: a submission answers 303 to its receipt, which the
submitting browser alone can reload (its cookie), with the edit code, a print stylesheet and a
mailto: to keep it; a status looked up is a 303 to a page that reloads without sending again."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from starlette.testclient import TestClient

from tests.desk.support import BASE, csrf, edit_code, stored, submit
from tests.support import ROOT, catalogs_hash


def receipt_of(client, team: str = "Patrulla Alfa", **given):
    answer = submit(client, team, follow_redirects=False, **given)
    assert answer.status_code == 303, answer.text
    return answer


def test_a_submission_answers_with_a_redirect_to_a_receipt_that_reloads_without_sending_again(client, db):
    answer = receipt_of(client)
    where = answer.headers["location"]
    assert where.startswith("/receipt/") and where.endswith("?lang=es")
    cookie = answer.headers["set-cookie"]
    assert "desk_receipt=" in cookie and "Path=/receipt" in cookie and "HttpOnly" in cookie
    assert "SameSite=strict" in cookie and "Max-Age=7200" in cookie
    first = client.get(where)
    assert first.status_code == 200 and 'id="r-version">1<' in first.text and "WT-068D-E2A7" in first.text
    code = edit_code(first)
    assert code not in where and code not in cookie  # signed, base64: never the code as typed
    again = client.get(where)  # a reload: the same receipt, nothing sent
    assert edit_code(again) == code and "Ana Robles" in again.text
    assert stored(db) == (1, 1)


def test_a_receipt_shows_nothing_to_another_browser_or_for_a_forged_cookie(client, db):
    where = receipt_of(client).headers["location"]
    with TestClient(client.app, base_url=BASE) as other:
        gone = other.get(where)
        assert gone.status_code == 404 and 'data-code="desk-receipt-gone"' in gone.text
        assert "WT-068D-E2A7" not in gone.text and "edit-code" not in gone.text
        other.cookies.set("desk_receipt", client.cookies["desk_receipt"][:-2] + "xx", path="/receipt")
        assert other.get(where).status_code == 404
    assert client.get("/receipt/another-id").status_code == 404  # the cookie is this receipt's alone


def test_the_receipt_can_be_printed_and_mailed_to_oneself_in_the_pages_language(client):
    page = client.get(receipt_of(client, lang="en").headers["location"])
    # Its print rules are the one look's (issue 42): the desk's pages on paper without their controls.
    assert '<link rel="stylesheet" href="/look/design.css">' in page.text and 'class="no-print"' in page.text
    printed = client.get("/look/design.css").text.split("@media print", 1)[1]
    assert "body.desk .no-print" in printed and "display: none" in printed
    href = page.text.split('id="mail-receipt"')[0].rsplit('href="', 1)[1].split('"')[0].replace("&amp;", "&")
    mail = urlsplit(href)
    assert mail.scheme == "mailto" and mail.path == ""
    fields = parse_qs(mail.query)
    body = fields["body"][0]
    assert fields["subject"] == ["Receipt of “Patrulla Alfa”, version 1"]
    # The edition it was checked under, builder's own 2026 (the newest here), and its hash's first 12 digits.
    edition = f"2026 · {catalogs_hash(ROOT / 'catalogs' / 'wartime')[:12]}"
    assert f"Team name: Patrulla Alfa\r\nVersion: 1\r\nFingerprint: WT-068D-E2A7\r\nCatalogs' edition: {edition}\r\nTime: " in body
    assert f"Edit code: {edit_code(page)}" in body and "Código" not in body
    assert " " not in href and "+" not in href  # spaces as %20, as mail programs read them


def test_a_status_lookup_answers_with_a_redirect_to_a_page_that_reloads(client):
    code = edit_code(client.get(receipt_of(client).headers["location"]))
    looked = client.post("/status", data={"csrf": csrf(client), "team": "patrulla alfa", "code": code},
                         follow_redirects=False)
    assert looked.status_code == 303 and looked.headers["location"] == "/status?lang=es"
    assert "Path=/status" in looked.headers["set-cookie"] and code not in looked.headers["location"]
    for _ in range(2):  # shown, then reloaded
        shown = client.get("/status")
        assert shown.status_code == 200 and 'id="s-version">1<' in shown.text and "Patrulla Alfa" in shown.text
    assert 'id="look"' in client.get("/status?look=1").text  # another team's lookup
    with TestClient(client.app, base_url=BASE) as other:
        assert 'id="look"' in other.get("/status").text and "Patrulla Alfa" not in other.get("/status").text


def desk_of_game(tmp_path, pack: str):
    """A desk for another game's event, its pack written in ``tmp_path`` (a path of the server's)."""
    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "torneo.yaml").write_text(pack, encoding="utf-8")
    return TestClient(create_desk(load_pack(tmp_path / "pack" / "torneo.yaml"), f"sqlite:///{tmp_path / 'e.sqlite'}",
                                  "la-clave-de-la-organizacion", "127.0.0.1:8080"), base_url=BASE)


def test_a_receipt_says_the_games_measure_where_it_has_no_points(tmp_path):
    """Issue 46: Cripmaquión's specialty slots and Dungeon Universalis's PV, as builder's check says them;
    ¡Por Crom! counts no points, and its receipt shows no «Puntos —»."""
    from tests.desk.support import ROOT

    games = (("cripmaquion", "cripmaquion/grupetto-verde.yaml", "5/5 plazas de especialista"),
             ("dungeon-universalis", "dungeon-universalis/criptas.yaml", "65 PV"),  # 47 + 10 + 8 (its comment)
             ("porcrom", "porcrom/lobos-de-zamora.yaml", None))
    for game, example, measure in games:
        folder = tmp_path / game
        folder.mkdir()
        with desk_of_game(folder, f"system: {game}\nname: Copa\n") as c:
            c.get("/")
            receipt = submit(c, "Equipo", files=(("lista.yaml", (ROOT / "examples" / example).read_bytes()),))
            assert receipt.status_code == 200 and "LEGAL" in receipt.text, receipt.text
            assert "Puntos" not in receipt.text and 'id="r-points"' not in receipt.text, game
            looked = c.post("/status", data={"csrf": csrf(c), "team": "Equipo", "code": edit_code(receipt)})
            assert looked.status_code == 200 and 'id="s-version"' in looked.text and "Puntos" not in looked.text
            if measure:
                assert f'id="r-measure">{measure}<' in receipt.text and "Tamaño de la lista" in receipt.text
                english = submit(c, "Equipo", code=edit_code(receipt), lang="en",
                                 files=(("lista.yaml", (ROOT / "examples" / example).read_bytes()),))
                assert "List size" in english.text and "Points" not in english.text
            else:
                assert 'id="r-measure"' not in receipt.text


def test_the_receipt_of_a_second_version_says_the_same_code_still_works(client):
    first = submit(client, "Patrulla Alfa")
    assert 'id="same-code"' not in first.text  # the first shows the code itself
    second = submit(client, "Patrulla Alfa", code=edit_code(first))
    assert 'id="r-version">2<' in second.text and 'id="edit-code"' not in second.text
    assert "Tu código de edición sigue siendo el mismo" in second.text
    third = submit(client, "Patrulla Alfa", code=edit_code(first), lang="en")
    assert "Your edit code stays the same" in third.text and "sigue siendo" not in third.text


def test_players_read_the_events_rule_in_words_never_the_servers_path_to_its_pack(tmp_path):
    """Issue 46: a lineup of 8 under a pack asking for 5, on the receipt, the builder and its PDF:
    «the event asks for 5 (the event's rule)», never «(/…/pack/torneo.yaml:3 runners_per_team)»."""
    import io

    import pypdf

    from tests.desk.support import ROOT

    lineup = (ROOT / "examples" / "cripmaquion" / "grupetto-verde.yaml").read_bytes()
    with desk_of_game(tmp_path, "system: cripmaquion\nname: Copa\nrunners_per_team: 5\n") as c:
        c.get("/")
        receipt = submit(c, "Equipo", files=(("lista.yaml", lineup),))
        view = c.post("/build/view", data={"csrf": csrf(c), "lang": "es", "file": "lista.yaml", "at": "[]"},
                      files=[("files", ("lista.yaml", lineup, "application/yaml"))])
        pdf = c.post("/build/export", data={"csrf": csrf(c), "lang": "es", "file": "lista.yaml", "kind": "pdf"},
                     files=[("files", ("lista.yaml", lineup, "application/yaml"))])
        assert (receipt.status_code, view.status_code, pdf.status_code) == (200, 200, 200)
        printed = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.content)).pages)
        for said in (receipt.text, view.text, " ".join(printed.split())):
            assert "el evento pide 5 (regla del evento)" in said
            assert "torneo.yaml" not in said and "runners_per_team" not in said and str(tmp_path) not in said
