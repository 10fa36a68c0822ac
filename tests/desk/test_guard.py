"""The desk's gates over HTTP: uploads bounded, a POST needs the CSRF token and a same-site Origin,
too many posts from one client are refused, a foreign Host too, and a bug is answered with its id only."""

from __future__ import annotations

import re

from builder.events.packs import load_pack
from builder.events.store import Store
from tests.desk.support import ALFA, BASE, PACK, TOKEN, admin, csrf, stored, submit


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


def test_the_organiser_is_refused_from_another_origin_or_without_csrf(client, db):
    admin(client)
    foreign = client.post("/admin/event", data={"csrf": csrf(client), "action": "lock"},
                          headers={"origin": "http://evil.example"})
    no_csrf = client.post("/admin/event", data={"action": "lock"})
    assert (foreign.status_code, no_csrf.status_code) == (403, 403)
    assert not Store.open(db).event(1).locked
    form_login = client.post("/admin/login", data={"csrf": csrf(client), "token": TOKEN}, follow_redirects=False)
    assert form_login.status_code == 303


def test_too_many_posts_from_one_client_are_answered_429(db):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    app = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", posts_per_minute=2)
    with TestClient(app, base_url=BASE) as c:
        c.get("/")
        answers = [c.post("/admin/login", data={"csrf": c.cookies["desk_csrf"], "token": "x"}).status_code
                   for _ in range(3)]
    assert answers == [403, 403, 429]


def test_a_refusal_for_the_rate_is_answered_after_a_pause_and_only_so_many_wait_at_once(db):
    """Issue 55: 24 addresses asking for PDFs were refused at once and asked again at once, some 65 times a
    second through Caddy's TLS, on the cores another player's click needed. A refusal for a client's
    rate now waits REFUSAL_PAUSE before it is answered (no CPU meanwhile); past PAUSED_MOST waiting in
    a process, one is answered at once, so a flood of them holds no more of its connections."""
    import asyncio
    import time

    from starlette.testclient import TestClient

    from builder.desk import guard
    from builder.desk.app import create_desk

    app = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", posts_per_minute=1)
    with TestClient(app, base_url=BASE) as c:
        c.get("/")
        assert c.post("/admin/login", data={"csrf": c.cookies["desk_csrf"], "token": "x"}).status_code == 403
        began = time.monotonic()
        refused = c.post("/admin/login", data={"csrf": c.cookies["desk_csrf"], "token": "x"})
        waited = time.monotonic() - began
    assert refused.status_code == 429 and waited >= guard.REFUSAL_PAUSE, waited

    async def one_past_the_most() -> float:
        guard.PAUSED[0] = guard.PAUSED_MOST
        began = time.monotonic()
        await guard.paused()
        return time.monotonic() - began
    try:
        assert asyncio.run(one_past_the_most()) < guard.REFUSAL_PAUSE / 10
    finally:
        guard.PAUSED[0] = 0


def test_two_desks_on_one_database_share_one_clients_budget(db):
    """Two processes of one desk (``--workers 2``, or two machines on one PostgreSQL): the POSTs one
    address makes through either count against one limit."""
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk

    first = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", posts_per_minute=3)
    second = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", posts_per_minute=3)
    with TestClient(first, base_url=BASE) as one, TestClient(second, base_url=BASE) as other:
        one.get("/")
        other.get("/")
        answers = [c.post("/admin/login", data={"csrf": c.cookies["desk_csrf"], "token": "x"}).status_code
                   for c in (one, other, one, other, one)]
    assert answers == [403, 403, 403, 429, 429]


def test_two_desks_on_one_database_share_one_clients_clicks_and_pdfs(db, monkeypatch):
    """The builder's clicks and PDFs are counted in the store too: behind a proxy that spreads one
    address over two desks, it gets its budget once, not twice (the probe passed 272 of 400 clicks
    and 12 of 20 PDFs with two desks kept in memory)."""
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from tests.desk.test_build import click, still_clock

    still_clock(monkeypatch)
    first = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", clicks_per_minute=10, pdfs_per_minute=2)
    second = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", clicks_per_minute=10, pdfs_per_minute=2)
    with TestClient(first, base_url=BASE) as one, TestClient(second, base_url=BASE) as other:
        one.get("/build")
        other.get("/build")
        views = [click(c, "/build/view", at="[]").status_code for c in (one, other) * 6]
        assert views == [200] * 10 + [429] * 2
    first = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", clicks_per_minute=100, pdfs_per_minute=2)
    second = create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080", clicks_per_minute=100, pdfs_per_minute=2)
    with TestClient(first, base_url=BASE) as one, TestClient(second, base_url=BASE) as other:
        one.get("/build")
        other.get("/build")
        pdfs = [click(c, "/build/export", kind="pdf").status_code for c in (one, other, one)]
        assert pdfs == [200, 200, 429]


def test_the_clicks_budget_is_per_address_allows_a_burst_and_refills_with_time(db):
    from builder.desk.state import clicks_limit

    Store.open(db).close()
    limit = clicks_limit(db, 60)  # one a second on average, at most 60 at once
    try:
        t = 1_800_000_000.0
        assert all(limit.allow("a", t) for _ in range(60)) and not limit.allow("a", t)
        assert limit.allow("b", t)
        assert not limit.allow("a", t + 30) and limit.allow("a", t + 61)
    finally:
        limit.close()


def test_a_foreign_host_and_an_unknown_page_are_refused(client):
    assert client.get("/", headers={"host": "evil.example:8080"}).status_code == 403
    assert client.get("/nada").status_code == 404


def test_a_bug_is_answered_with_its_id_and_no_traceback(client, monkeypatch, caplog):
    from builder.desk import players

    monkeypatch.setattr(players, "submitted", lambda form: 1 / 0)
    response = submit(client, "Alfa")
    assert response.status_code == 500 and "Traceback" not in response.text and "ZeroDivision" not in response.text
    bug = re.search(r"fallo ([0-9a-f]{8})", response.text).group(1)
    assert any(bug in record.getMessage() for record in caplog.records)


def test_a_request_whose_client_leaves_while_its_job_waits_in_a_lane_is_dropped_with_its_job(client):
    import asyncio

    from starlette.requests import Request

    from builder.desk.workers import CLIENT, Workers
    from builder.desk.guard import endpoint
    from builder.events.bounds import StoreRefused
    from tests.desk.support import WARBOOK

    workers = Workers(load_pack(PACK), count=1)
    rows = [b"".join(b"k%06d: [uno, dos, tres, cuatro]\n" % (i + n) for i in range(30000)) for n in range(3)]
    heavy = {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK, **{f"r{n}.yaml": r for n, r in enumerate(rows)}}
    ran: list[str] = []

    async def handler(request, form, lang):
        try:
            await workers.run("check", (heavy,), 11)
        except StoreRefused:  # its files the list doesn't read: refused, after the work
            pass
        ran.append("the job of a client that left")

    async def leave() -> tuple[bool, int, dict]:
        CLIENT.set("127.0.0.2")
        greedy = asyncio.ensure_future(workers.run("check", (heavy,), 11))  # the one worker busy
        left = asyncio.Event()
        messages = iter([{"type": "http.request", "body": b"", "more_body": False}])

        async def receive():
            for message in messages:
                return message
            await left.wait()
            return {"type": "http.disconnect"}

        scope = {"type": "http", "method": "GET", "path": "/status", "raw_path": b"/status", "query_string": b"",
                 "headers": [(b"host", b"127.0.0.1:8080")], "client": ("127.0.0.3", 50000), "scheme": "http",
                 "server": ("127.0.0.1", 8080), "app": client.app, "http_version": "1.1", "root_path": ""}
        answering = asyncio.ensure_future(endpoint(handler)(Request(scope, receive)))
        while "127.0.0.3" not in workers.waiting:  # its job queued behind the greedy one
            await asyncio.sleep(0.01)
        left.set()  # the player closes the page
        answer = await asyncio.wait_for(answering, 60)
        dropped = "127.0.0.3" not in workers.waiting
        busy = not greedy.done()
        await asyncio.gather(greedy, return_exceptions=True)
        return busy, dropped, answer.status_code

    try:
        busy, dropped, status = asyncio.run(leave())
    finally:
        workers.close()
    assert busy and dropped and status == 499  # answered at once, its job out of the queue
    assert not ran and workers.running == 0 and not workers.waiting
