"""The organiser's summary spreadsheet and print, as written in a worker from the store: they hold a
batch of teams in memory, never the event, and say how far they got."""

from __future__ import annotations

import io
import tracemalloc

from openpyxl import load_workbook

from builder.desk.export_work import Exporting
from builder.desk.exports import write_print, write_summary
from builder.events import printing
from builder.events.printing import Printed
from builder.events.packs import load_pack
from builder.events.store import Checked, Store
from tests.desk.support import ALFA, PACK, WARBOOK, admin, exported, submit

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


def exporting(db: str) -> Exporting:
    store = Store.open(db)
    store.open_event("Torneo de Otoño", "wartime")
    return Exporting(load_pack(PACK), store, 1, None)


def test_the_summary_of_many_big_lists_holds_a_batch_of_them_at_most(db, tmp_path):
    desk = exporting(db)
    write_summary(desk, tmp_path / "warm.xlsx", "es", lambda: False)  # openpyxl loaded: not the summary's memory
    fill(db, 40, big_list())
    said: list[tuple[int, int]] = []
    peak = peak_of(lambda: write_summary(desk, tmp_path / "resumen.xlsx", "es", lambda: False,
                                         lambda done, total: said.append((done, total))))
    book = load_workbook(tmp_path / "resumen.xlsx")
    assert book["Listas"].max_row == 41 and book["Entregas"].max_row == 41
    # Forty mebibytes of lists: a batch of ten (and what checking one costs) at most.
    assert peak < 24 * MIB, peak / MIB
    assert said[0] == (0, 40) and said[-1] == (40, 40) and len(said) == 41  # each team counted once it is read
    desk.store.close()


def test_the_print_of_many_big_lists_holds_a_batch_of_them_at_most(db, tmp_path, monkeypatch):
    monkeypatch.setattr(printing, "_render_team", unprinted)  # the sheets are the workers' memory, not the desk's
    desk = exporting(db)
    write_print(desk, tmp_path / "warm.pdf", "es", "a4", lambda: False)  # pikepdf loaded
    fill(db, 40, big_list())
    counted: list[int] = []

    def progress(steps):
        for n in steps:
            yield n
            counted.append(n)

    peak = peak_of(lambda: write_print(desk, tmp_path / "listas.pdf", "es", "a4", lambda: False, progress))
    assert (tmp_path / "listas.pdf").read_bytes().startswith(b"%PDF")
    assert peak < 24 * MIB, peak / MIB
    assert counted == list(range(40))
    desk.store.close()


def unprinted(args) -> Printed:
    return Printed(args[0], "Wartime", "178 / 250", True, "WT-068D-E2A7", None)


def test_the_summary_heads_its_times_with_the_events_zone_and_the_dashboard_names_it(tmp_path):
    from datetime import datetime, timedelta, timezone

    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from tests.desk.support import BASE, TOKEN

    madrid = timezone(timedelta(hours=1))
    deadline = datetime(2030, 12, 5, 10, 0, tzinfo=madrid)
    app = create_desk(load_pack(PACK), f"sqlite:///{tmp_path / 'e.sqlite'}", TOKEN, "127.0.0.1:8080", deadline=deadline)
    with TestClient(app, base_url=BASE) as desk:
        desk.get("/")
        submit(desk, "Patrulla Alfa")
        admin(desk)
        board = desk.get("/admin?lang=en").text
        assert "are in UTC+01:00." in board and "empty, none) · UTC+01:00</label>" in board
        book = load_workbook(io.BytesIO(exported(desk, "/admin/summary.xlsx?lang=en").content))
    head, row = list(book["Submissions"].iter_rows(values_only=True))[:2]
    assert head[2] == "Submitted (UTC+01:00 time)"  # not «(UTC)»: the times below are the event's
    stored = Store.open(f"sqlite:///{tmp_path / 'e.sqlite'}").latest(1)[0].submitted_at
    assert row[2] == stored.astimezone(madrid).strftime("%Y-%m-%d %H:%M")

