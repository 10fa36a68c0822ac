"""The organiser's session: without the token's cookie, the organiser's pages answer with the login."""

from __future__ import annotations

from tests.desk.support import admin, csrf


def test_the_organisers_pages_need_the_token(client):
    assert client.get("/admin").status_code == 403
    assert client.get("/admin/summary.xlsx").status_code == 403
    assert client.get("/admin/login?token=wrong").status_code == 403
    assert client.post("/admin/event", data={"csrf": csrf(client), "action": "lock"}).status_code == 403
    admin(client)
    assert client.get("/admin").status_code == 200
