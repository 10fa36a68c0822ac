"""The organiser's session: the token only by POST, ten tries a minute from one address; a signed,
dated cookie (HttpOnly, SameSite=strict, Secure over https) that expires and that the logout ends;
a new token ends the sessions of the old one; a chosen token is judged by its strength."""

from __future__ import annotations

import pytest

from builder.desk import sessions
from builder.desk.sessions import STRONG_BITS, token_bits
from builder.events.packs import load_pack
from tests.desk.support import BASE, PACK, TOKEN, admin, csrf


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


def test_the_eleventh_try_in_a_minute_is_refused_even_with_the_right_token(client):
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
