"""The organiser's session: the token only by POST, ten tries a minute from one address; a session
kept in the store (one row each, checked by every desk process), its cookie a small signed id
(HttpOnly, SameSite=strict, Secure over https or behind an https public URL); it expires, and the
logout ends it for every copy of the cookie; a new token ends the sessions of the old one; a chosen
token is judged by its strength."""

from __future__ import annotations

import base64
import hashlib
import time

import pytest
import sqlalchemy as sa

from builder.desk import sessions
from builder.events import schema
from builder.desk.sessions import STRONG_BITS, token_bits
from builder.events.packs import load_pack
from tests.desk.support import BASE, PACK, TOKEN, admin, csrf, submit


def desk_client(db: str, token: str = TOKEN, base_url: str = BASE, **settings):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    return TestClient(create_desk(load_pack(PACK), db, token, "127.0.0.1:8080", **settings), base_url=base_url)


def test_the_organisers_pages_need_the_token(client):
    assert client.get("/admin").status_code == 403
    assert client.get("/admin/summary.xlsx").status_code == 403
    assert client.post("/admin/event", data={"csrf": csrf(client), "action": "lock"}).status_code == 403
    wrong = client.post("/admin/login", data={"csrf": csrf(client), "token": "wrong"})
    assert wrong.status_code == 403 and 'name="token"' in wrong.text
    admin(client)
    assert client.get("/admin").status_code == 200


def test_a_token_in_the_address_opens_nothing(client):
    shown = client.get(f"/admin/login?token={TOKEN}", follow_redirects=False)
    assert shown.status_code == 200 and 'name="token"' in shown.text  # the form, the token ignored
    assert "desk_session" not in client.cookies
    assert client.get("/admin").status_code == 403


def test_the_eleventh_try_in_a_minute_is_refused_even_with_the_right_token(client, monkeypatch):
    # Every try at one moment of one minute: the limit slides over two minutes' counts, and eleven tries
    # that straddled a minute's turn were let through (a clean clone's run, on PostgreSQL).
    guesses = client.app.state.desk.guesses
    allow, moment = guesses.allow, (time.time() // 60) * 60 + 1
    monkeypatch.setattr(guesses, "allow", lambda who: allow(who, now=moment))
    tries = [client.post("/admin/login", data={"csrf": csrf(client), "token": f"guess-{n}"}).status_code
             for n in range(10)]
    assert tries == [403] * 10
    right = client.post("/admin/login", data={"csrf": csrf(client), "token": TOKEN}, follow_redirects=False)
    assert right.status_code == 429 and 'data-code="desk-too-many-tries"' in right.text
    assert client.get("/admin").status_code == 403


def test_every_try_asks_the_desks_limiter_of_guesses_by_the_clients_address(client, monkeypatch):
    seen = []
    monkeypatch.setattr(client.app.state.desk.guesses, "allow", lambda who: seen.append(who) or True)
    answers = [client.post("/admin/login", data={"csrf": csrf(client), "token": "wrong"}).status_code
               for _ in range(12)]
    assert answers == [403] * 12 and seen == ["testclient"] * 12


def test_the_session_cookie_is_signed_dated_and_kept_to_the_organisers_pages(client):
    cookie = admin(client).headers["set-cookie"]
    assert cookie.startswith("desk_session=")
    flags = [part.strip().lower() for part in cookie.split(";")[1:]]
    assert {"path=/admin", "max-age=43200", "httponly", "samesite=strict"} <= set(flags)
    assert "secure" not in flags  # plain http on the loopback: a Secure cookie would never come back
    assert TOKEN not in cookie
    data, stamp, signature = client.cookies["desk_session"].split(".")
    client.cookies.clear()
    client.cookies.set("desk_session", f"{data}.{stamp}.{signature[::-1]}")
    assert client.get("/admin").status_code == 403  # a signature that doesn't hold opens nothing
    client.cookies.clear()
    client.cookies.set("desk_session", f"{data}.{stamp}.{signature}")
    assert client.get("/admin").status_code == 200


def test_over_https_the_cookie_is_secure(db):
    with desk_client(db, base_url="https://127.0.0.1:8080") as c:
        c.get("/")
        cookie = c.post("/admin/login", data={"csrf": c.cookies["desk_csrf"], "token": TOKEN},
                        follow_redirects=False).headers["set-cookie"]
    assert "secure" in [part.strip().lower() for part in cookie.split(";")]


def test_a_session_expires_after_its_hours(client, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(sessions, "clock", lambda: now[0])
    admin(client)
    assert client.get("/admin").status_code == 200
    now[0] += 12 * 3600 - 1
    assert client.get("/admin").status_code == 200  # busy or not, the same session
    now[0] += 2
    expired = client.get("/admin")
    assert expired.status_code == 403 and 'name="token"' in expired.text


def test_the_session_hours_are_the_desks_setting(db, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(sessions, "clock", lambda: now[0])
    with desk_client(db, session_hours=0.5) as c:
        c.get("/")
        assert "max-age=1800" in admin(c).headers["set-cookie"].lower()
        now[0] += 1801
        assert c.get("/admin").status_code == 403


def test_the_logout_ends_the_session(client):
    admin(client)
    board = client.get("/admin")
    assert 'action="/admin/logout?lang=es"' in board.text and 'id="logout"' in board.text
    assert client.post("/admin/logout", data={"lang": "es"}).status_code == 403  # a POST needs its CSRF
    out = client.post("/admin/logout", data={"csrf": csrf(client)}, follow_redirects=False)
    assert out.status_code == 303 and out.headers["location"] == "/admin/login?lang=es"
    assert "desk_session=null" in out.headers["set-cookie"] and "1970" in out.headers["set-cookie"]
    assert client.get("/admin").status_code == 403


def test_a_new_token_ends_the_sessions_of_the_old_one(db):
    with desk_client(db) as first:
        first.get("/")
        admin(first)
        kept = first.cookies["desk_session"]
    other = "Z" * 10 + TOKEN
    with desk_client(db, token=other) as second:
        second.get("/")
        second.cookies.set("desk_session", kept, path="/admin")
        assert second.get("/admin").status_code == 403
        admin(second, token=other)
        assert second.get("/admin").status_code == 200
    with desk_client(db) as again:  # the old token, started again: its session still holds
        again.cookies.set("desk_session", kept, path="/admin")
        assert again.get("/admin").status_code == 200


@pytest.mark.parametrize(("token", "strong"), [
    ("1234", False), ("una-clave-de-dieciseis", True), ("x" * 21, False), ("x" * 22, True),
    ("0123456789abcdef" * 2, True), ("0123456789abcde" * 2, False),
    ("9" * 38, False), ("9" * 39, True), ("¡una clave larga!" * 2, True),
])
def test_a_tokens_strength_is_its_length_in_its_alphabet(token, strong):
    assert (token_bits(token) >= STRONG_BITS) is strong


def flags_of(cookie: str) -> set[str]:
    return {part.strip().lower() for part in cookie.split(";")[1:]}


def session_rows(db: str) -> list:
    engine = sa.create_engine(sa.make_url(db).set(drivername="postgresql+psycopg") if db.startswith("postgres") else db)
    with engine.connect() as conn:
        rows = conn.execute(sa.select(schema.organiser_sessions)).all()
    engine.dispose()
    return rows


def test_a_copied_cookie_opens_nothing_after_the_logout(client, db):
    submit(client, "Patrulla Alfa")
    admin(client)
    copied = client.cookies["desk_session"]
    pages = ("/admin", "/admin/team/1", "/admin/print.pdf", "/admin/summary.xlsx")
    with desk_client(db) as thief:  # another browser, on another desk process
        thief.cookies.set("desk_session", copied, path="/admin")
        assert thief.get("/admin").status_code == 200 and thief.get("/admin/team/1").status_code == 200
        assert client.post("/admin/logout", data={"csrf": csrf(client)}, follow_redirects=False).status_code == 303
        for page in pages:
            refused = thief.get(page)
            assert refused.status_code == 403 and 'name="token"' in refused.text, page


def test_a_session_is_the_stores_one_every_desk_process_sees_it_open_and_ended(db):
    with desk_client(db) as first, desk_client(db) as second:  # two processes on one database
        first.get("/")
        second.get("/")
        admin(first)
        second.cookies.set("desk_session", first.cookies["desk_session"], path="/admin")
        assert second.get("/admin").status_code == 200
        assert second.post("/admin/logout", data={"csrf": csrf(second)}, follow_redirects=False).status_code == 303
        assert first.get("/admin").status_code == 403  # ended there, refused here
        assert session_rows(db) == []


def test_an_expired_session_is_refused_by_every_process_and_its_row_goes(db, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(sessions, "clock", lambda: now[0])
    with desk_client(db) as first, desk_client(db) as second:
        first.get("/")
        second.get("/")
        admin(first)
        copied = first.cookies["desk_session"]
        now[0] += 12 * 3600 + 1
        second.cookies.set("desk_session", copied, path="/admin")
        assert first.get("/admin").status_code == 403 and second.get("/admin").status_code == 403
        (old,) = session_rows(db)
        admin(second)  # a new login clears what has expired
        assert [row.key for row in session_rows(db)] != [old.key] and len(session_rows(db)) == 1


def test_the_cookie_is_a_small_signed_id_and_the_store_keeps_only_its_hash(client, db):
    admin(client)
    value = client.cookies["desk_session"]
    assert len(value) < 120 and TOKEN not in value
    session = base64.urlsafe_b64decode(value.split(".")[0] + "==").decode().strip('"')
    (row,) = session_rows(db)
    assert len(session) >= 43 and row.key == hashlib.sha256(session.encode()).hexdigest()
    admin(client)  # a second login in the same browser ends the first session: one row
    assert len(session_rows(db)) == 1


def test_behind_an_https_public_url_every_cookie_is_secure_and_every_answer_has_hsts(db):
    # Plain http to the desk itself (as Caddy's upstream, or a cookie sent to http:// on the same
    # name): the cookies still say Secure, so a browser never sends them over plain http.
    with desk_client(db, public_url="https://127.0.0.1:8080") as c:
        first = c.get("/")
        assert first.headers["strict-transport-security"] == "max-age=31536000"
        assert "secure" in flags_of(first.headers["set-cookie"]) and first.headers["set-cookie"].startswith("desk_csrf=")
        token = first.headers["set-cookie"].split(";")[0].split("=", 1)[1]
        login = c.post("/admin/login", data={"csrf": token, "token": TOKEN}, headers={"Cookie": f"desk_csrf={token}"},
                       follow_redirects=False)
        assert login.status_code == 303 and "secure" in flags_of(login.headers["set-cookie"])
        assert login.headers["strict-transport-security"] == "max-age=31536000"
        missing = c.get("/nothing-here")
        assert missing.status_code == 404 and "strict-transport-security" in missing.headers
    with desk_client(db) as plain:  # no public URL: the loopback over http, no HSTS, no Secure
        answer = plain.get("/")
        assert "strict-transport-security" not in answer.headers and "secure" not in flags_of(answer.headers["set-cookie"])
