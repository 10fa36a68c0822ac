"""The organiser's exports as jobs: one runs to its end whoever leaves, two asks give one job, a desk
started again shows the file made or says to ask again, and the files' disk is bounded."""

from __future__ import annotations

import io
import os
import time
from datetime import datetime, timedelta, timezone

import anyio
import sqlalchemy as sa
from pypdf import PdfReader
from starlette.testclient import TestClient

from builder.desk import export_jobs
from builder.desk.app import create_desk
from builder.events import schema
from builder.events.export_jobs import STALE_SECONDS
from builder.events.packs import load_pack
from builder.events.store import Store
from tests.desk.support import BASE, PACK, TOKEN, admin, csrf, export_file, export_state, submit


def desk(db: str) -> TestClient:
    return TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080"), base_url=BASE)


def asked_and_left(client, path: str) -> int:
    """A GET of ``path`` sent straight to the desk (ASGI) by a client gone as soon as the desk answers
    (before it follows the answer to the export's page): the answer's status."""
    cookies = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8080"), (b"cookie", cookies.encode())],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8080)}
    asked, status = [0], []

    async def receive():
        asked[0] += 1
        if asked[0] == 1:
            return {"type": "http.request", "body": b"", "more_body": False}
        while not status:
            await anyio.sleep(0.01)
        return {"type": "http.disconnect"}

    async def send(message):
        if message["type"] == "http.response.start":
            status.append(message["status"])

    client.portal.call(client.app, scope, receive, send)
    return status[0]


def jobs_of(db: str) -> list[tuple[int, str, str]]:
    engine = sa.create_engine(db)
    with engine.connect() as conn:
        rows = conn.execute(sa.select(schema.export_jobs.c.id, schema.export_jobs.c.kind, schema.export_jobs.c.state)
                            .order_by(schema.export_jobs.c.id)).all()
    engine.dispose()
    return [tuple(row) for row in rows]


def ended(db: str, seconds: float = 240.0) -> list[tuple[int, str, str]]:
    until = time.monotonic() + seconds
    while any(state == "running" for _, _, state in jobs_of(db)):
        assert time.monotonic() < until
        time.sleep(0.2)
    return jobs_of(db)


def test_a_print_asked_by_a_client_gone_at_once_runs_to_its_end_and_waits_to_be_downloaded(db):
    with desk(db) as client:
        client.get("/")
        submit(client, "Patrulla Alfa")
        submit(client, "Exploradores")
        admin(client)
        assert asked_and_left(client, "/admin/print.pdf") == 303  # the tab closed as the print began
        assert ended(db) == [(1, "print", "done")]
        pdf = export_file(client, "/admin/exports/print")
    assert pdf.headers["content-type"] == "application/pdf"
    cover = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "2 equipos" in cover and "Patrulla Alfa" in cover and "Exploradores" in cover


def test_asked_again_while_it_runs_the_running_job_is_the_answer_whichever_desk_process_runs_it(db):
    with desk(db) as client:
        client.get("/")
        admin(client)
        store = client.app.state.desk.store
        running, new = store.ask_export(1, "print", {"lang": "es", "paper": "a4"})  # another process's, alive
        assert new
        for _ in range(2):
            page = client.post("/admin/exports/print", data={"csrf": csrf(client), "lang": "es"})
            assert export_state(page) == "running" and "Preparándolo" in page.text
            assert '<meta http-equiv="refresh" content="2">' in page.text and "Puedes salir de esta página" in page.text
        assert client.get("/admin/print.pdf", follow_redirects=False).headers["location"] == "/admin/exports/print?lang=es"
        assert jobs_of(db) == [(running.id, "print", "running")]  # one job, none started here


def test_a_desk_started_again_hands_out_the_file_made_before(db):
    with desk(db) as first:
        first.get("/")
        submit(first, "Patrulla Alfa")
        admin(first)
        made = export_file(first, first.get("/admin/event.json", follow_redirects=False).headers["location"])
        assert made.status_code == 200
        cookies = dict(first.cookies)
    with desk(db) as second:  # the same database and exports folder, after a restart
        second.cookies.update(cookies)
        page = second.get("/admin/exports/event-json")
        assert export_state(page) == "done" and "Se guarda hasta el" in page.text
        assert export_file(second, "/admin/exports/event-json").content == made.content


def test_a_job_whose_desk_stopped_or_died_says_to_ask_again_and_is_asked_again(db):
    with desk(db) as first:
        first.get("/")
        for n in range(6):
            submit(first, f"Equipo {n}")
        admin(first)
        first.get("/admin/print.pdf", follow_redirects=False)
        cookies = dict(first.cookies)
    assert jobs_of(db) == [(1, "print", "stopped")]  # stopped with its desk, not left running
    store = Store.open(db)
    killed, _ = store.ask_export(1, "summary", {"lang": "es"})  # a desk killed mid-job: it beats no more
    engine = sa.create_engine(db)
    with engine.begin() as conn:
        conn.execute(schema.export_jobs.update().where(schema.export_jobs.c.id == killed.id).values(
            beat_at=schema.utcnow() - timedelta(seconds=STALE_SECONDS + 1)))
    engine.dispose()
    store.close()
    with desk(db) as second:
        second.cookies.update(cookies)
        for kind in ("print", "summary"):
            page = second.get(f"/admin/exports/{kind}?lang=en")
            assert export_state(page) == "stopped" and "ask for it again" in page.text and 'id="export-ask"' in page.text
        again = export_file(second, second.get("/admin/summary.xlsx", follow_redirects=False).headers["location"])
        assert again.status_code == 200 and again.content.startswith(b"PK")
    assert jobs_of(db)[-1][1:] == ("summary", "done")


def test_the_files_are_bounded_in_time_by_kind_and_in_bytes_and_no_stray_folder_stays(db, tmp_path, monkeypatch):
    with desk(db) as client:
        client.get("/")
        exports = client.app.state.desk.exports
        store = exports.store

        def made(kind: str, size: int) -> int:
            job, _ = store.ask_export(1, kind, {})
            path = exports.folder / f"job-{job.id}" / "f"
            path.parent.mkdir(parents=True)
            path.write_bytes(b"x" * size)
            store.export_ended(job.id, "done", str(path), size)
            return job.id

        first, second, summary, json = made("print", 100), made("print", 100), made("summary", 300), made("event-json", 500)
        stray = exports.folder / "job-999"
        stray.mkdir()
        os.utime(stray, (time.time() - export_jobs.STRAY_SECONDS - 1,) * 2)
        monkeypatch.setattr(export_jobs, "EXPORTS_BYTES", 900)
        exports.tidy()
        # The older print replaced by the newer; 100 + 300 + 500 = 900 bytes: within the bound.
        assert {job.id for job in store.export_files(1)} == {second, summary, json}
        assert not (exports.folder / f"job-{first}").exists() and not stray.exists()
        monkeypatch.setattr(export_jobs, "EXPORTS_BYTES", 800)
        exports.tidy()  # 900 > 800: the oldest (the print) goes first, and 800 fits
        assert {job.id for job in store.export_files(1)} == {summary, json}
        exports.tidy(now=datetime.now(timezone.utc) + timedelta(hours=export_jobs.KEPT_HOURS, minutes=1))
        assert store.export_files(1) == [] and sorted(p.name for p in exports.folder.iterdir()) == []
        admin(client)
        assert "El fichero ya no se guarda" in client.get("/admin/exports/summary").text
        assert client.get(f"/admin/exports/summary/{summary}", follow_redirects=False).status_code == 303
