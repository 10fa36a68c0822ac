"""POST-redirect-GET on the players' side: a submission answers 303 to its receipt, which the
submitting browser alone can reload (its cookie), with the edit code, a print stylesheet and a
mailto: to keep it; a status looked up is a 303 to a page that reloads without sending again."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from starlette.testclient import TestClient

from tests.desk.support import BASE, csrf, edit_code, stored, submit


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
    assert "Team name: Patrulla Alfa\r\nVersion: 1\r\nFingerprint: WT-068D-E2A7\r\nTime: " in body
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
