"""The organiser's exports under a flood: the summary spreadsheet and the print hold a batch of
teams in memory, never the event, and stop when their client leaves (an organiser who closed the
tab leaves no print running for minutes)."""

from __future__ import annotations

import io
import threading
import time
import tracemalloc
from pathlib import Path

import anyio
from openpyxl import load_workbook

from builder.events import printing, submitted
from builder.events.printing import Printed
from builder.events.store import Checked, Store
from tests.desk.support import ALFA, WARBOOK, admin, submit

MIB = 1024 * 1024
LEGAL = Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7")


def fill(db: str, teams: int, files: dict[str, str]) -> None:
    store = Store.open(db)
    for n in range(teams):
        store.register(1, f"Relleno {n:03}", files, LEGAL)
    store.close()


def big_list(n: int = 0) -> dict[str, str]:
    """A list of a mebibyte: Patrulla Alfa and a long comment (read fast, kept whole by whoever keeps it)."""
    comment = "".join(f"# relleno {n} {i:07}\n" for i in range(MIB // 24))
    return {"alfa.yaml": ALFA.decode() + comment, "fenix-warbook.yaml": WARBOOK.decode()}


def peak_of(work) -> int:
    """The most Python memory ``work`` held at once, in bytes (tracemalloc, this process only)."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        work()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def test_the_summary_of_many_big_lists_holds_a_batch_of_them_at_most(client, db):
    admin(client)
    assert client.get("/admin/summary.xlsx").status_code == 200  # openpyxl loaded: not the summary's memory
    fill(db, 40, big_list())
    answers = []
    peak = peak_of(lambda: answers.append(client.get("/admin/summary.xlsx")))
    assert answers[0].status_code == 200
    book = load_workbook(io.BytesIO(answers[0].content))
    assert book["Listas"].max_row == 41 and book["Entregas"].max_row == 41
    # Forty mebibytes of lists: a batch of ten (and what checking one costs) at most.
    assert peak < 24 * MIB, peak / MIB


def test_the_print_of_many_big_lists_holds_a_batch_of_them_at_most(client, db, monkeypatch):
    monkeypatch.setattr(printing, "_render_team", unprinted)  # the sheets are the workers' memory, not the desk's
    admin(client)
    assert client.get("/admin/print.pdf").status_code == 200  # WeasyPrint and pypdf loaded: not the print's memory
    fill(db, 40, big_list())
    answers = []
    peak = peak_of(lambda: answers.append(client.get("/admin/print.pdf")))
    assert answers[0].status_code == 200 and answers[0].content.startswith(b"%PDF")
    assert peak < 24 * MIB, peak / MIB


def unprinted(args) -> Printed:
    return Printed(args[0], "Wartime", "178 / 250", True, "WT-068D-E2A7", None)


MARKS: list[Path] = []
"""Where :func:`slow_print` leaves its marks (set before the print's workers are forked)."""
SHEET_SECONDS = 0.4
"""How long :func:`slow_print` takes over a sheet."""
LIST_SECONDS = 0.2
"""How long the summary's slowed check takes over a list."""


def slow_print(args) -> Printed:
    """A team's sheet that takes a while, leaving a mark once printed (the marks are counted)."""
    time.sleep(SHEET_SECONDS)
    (MARKS[0] / Path(args[2]).name).touch()
    return unprinted(args)


def left_after(client, path: str, seconds: float) -> float:
    """A GET of ``path`` sent straight to the desk (ASGI) by a client that leaves after ``seconds``:
    how long the desk took to answer."""
    cookies = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8080"), (b"cookie", cookies.encode())],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8080)}
    asked = [0]

    async def receive():
        asked[0] += 1
        if asked[0] == 1:
            return {"type": "http.request", "body": b"", "more_body": False}
        await anyio.sleep(seconds)
        return {"type": "http.disconnect"}

    async def send(message):
        pass

    began = time.monotonic()
    anyio.run(client.app, scope, receive, send)
    return time.monotonic() - began


def test_a_print_whose_client_left_stops_and_leaves_no_worker_printing(client, db, tmp_path, monkeypatch):
    marks = tmp_path / "marks"
    marks.mkdir()
    monkeypatch.setattr(printing, "_render_team", slow_print)
    MARKS[:] = [marks]
    fill(db, 40, {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()})
    admin(client)
    spent = left_after(client, "/admin/print.pdf", 1.0)
    printed = len(list(marks.iterdir()))
    time.sleep(1.5)
    # Forty sheets of 0.4 s each take 8 s on two workers: the desk gave up soon after the client left
    # (within ten sheets' time of it), and nothing was printed after it answered. Timed by the test's
    # own clock, the sheets' sleep, not by how fast the machine is.
    assert spent < 1.0 + 10 * SHEET_SECONDS and printed < 40 and len(list(marks.iterdir())) == printed, (spent, printed)


def test_a_summary_whose_client_left_stops_checking_the_lists(client, db, monkeypatch):
    checked = []
    real = submitted.evaluate

    def slow(*args, **kwargs):
        time.sleep(LIST_SECONDS)
        checked.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(submitted, "evaluate", slow)
    fill(db, 40, {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()})
    admin(client)
    spent = left_after(client, "/admin/summary.xlsx", 1.0)
    done = len(checked)
    time.sleep(1)
    # The handler is cancelled as its client leaves (guard.until_gone), while the one list being
    # checked in its thread then ends: it may count, and no list begins after it; within fifteen lists'
    # time of its leaving (by the test's own clock, the lists' sleep).
    assert spent < 1.0 + 15 * LIST_SECONDS and done < 40 and len(checked) <= done + 1, (spent, done, len(checked))


def test_one_export_at_a_time_and_a_second_is_told_to_wait(client, db, monkeypatch):
    from builder.desk import exports

    submit(client, "Patrulla Alfa")
    admin(client)
    with exports.EXPORTING:
        busy = client.get("/admin/summary.xlsx?lang=en")
    assert busy.status_code == 503 and busy.headers["retry-after"] == "10"
    assert 'data-code="desk-export-busy"' in busy.text and "Another export" in busy.text
    assert client.get("/admin/summary.xlsx").status_code == 200


def test_the_summary_heads_its_times_with_the_events_zone_and_the_dashboard_names_it(tmp_path):
    from datetime import datetime, timedelta, timezone

    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from builder.events.packs import load_pack
    from tests.desk.support import BASE, PACK, TOKEN

    madrid = timezone(timedelta(hours=1))
    deadline = datetime(2030, 12, 5, 10, 0, tzinfo=madrid)
    app = create_desk(load_pack(PACK), f"sqlite:///{tmp_path / 'e.sqlite'}", TOKEN, "127.0.0.1:8080", deadline=deadline)
    with TestClient(app, base_url=BASE) as desk:
        desk.get("/")
        submit(desk, "Patrulla Alfa")
        admin(desk)
        board = desk.get("/admin?lang=en").text
        assert "are in UTC+01:00." in board and "empty, none) · UTC+01:00</label>" in board
        book = load_workbook(io.BytesIO(desk.get("/admin/summary.xlsx?lang=en").content))
    head, row = list(book["Submissions"].iter_rows(values_only=True))[:2]
    assert head[2] == "Submitted (UTC+01:00 time)"  # not «(UTC)»: the times below are the event's
    stored = Store.open(f"sqlite:///{tmp_path / 'e.sqlite'}").latest(1)[0].submitted_at
    assert row[2] == stored.astimezone(madrid).strftime("%Y-%m-%d %H:%M")
