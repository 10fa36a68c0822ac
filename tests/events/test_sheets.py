"""The print's shelf of sheets: a version's sheet drawn once and taken by every print after it,
the very pages a print draws itself; its key told apart by everything a sheet is drawn from; the
shelf bounded."""

import os
import time
from dataclasses import replace
from datetime import date, datetime, timedelta, timezone

from pypdf import PdfReader

from builder.events import printing
from builder.events.printing import print_event, shelve
from builder.events.sheets import Shelf, sheet_day, sheet_key
from tests.events.test_printing import PACK, WARBOOK, roster, submission

DAY = date(2026, 11, 1)  # the day test_printing's submissions are stored (2026-11-01 10:00 UTC)


def latest():
    return [submission(1, "Patrulla Alfa", {"lista.yaml": roster("01-patrulla-alfa.yaml"), "fenix-warbook.yaml": WARBOOK}),
            submission(2, "Exploradores", {"lista.yaml": roster("02-exploradores.yaml"), "fenix-warbook.yaml": WARBOOK}),
            submission(3, "Ilegibles", {"lista.yaml": "system: [roto\n"})]


def texts(path):
    return [page.extract_text() for page in PdfReader(path).pages]


def counting(monkeypatch):
    """The teams drawn in this process (a print of one job draws here)."""
    drawn = []
    real = printing._render_team

    def render(args):
        drawn.append(args[0])
        return real(args)

    monkeypatch.setattr(printing, "_render_team", render)
    return drawn


def test_a_print_takes_the_shelved_sheets_and_prints_the_same_pages(tmp_path, monkeypatch):
    drawn = counting(monkeypatch)
    shelf = Shelf(tmp_path / "sheets")
    plain, first, again = tmp_path / "sin.pdf", tmp_path / "primera.pdf", tmp_path / "otra.pdf"
    print_event(latest(), PACK, plain, "es", jobs=1, today=date(2026, 11, 25))
    assert sorted(drawn) == ["Exploradores", "Ilegibles", "Patrulla Alfa"]
    drawn.clear()
    print_event(latest(), PACK, first, "es", jobs=1, today=date(2026, 11, 25), shelf=shelf)
    assert len(drawn) == 3  # an empty shelf: each drawn, and shelved
    drawn.clear()
    print_event(latest(), PACK, again, "es", jobs=1, today=date(2026, 11, 25), shelf=shelf)
    assert drawn == []  # every sheet off the shelf, the unreadable list's line too
    # The same pages, in the same order, with the same words: the cover, then Exploradores', then Alfa's.
    assert texts(plain) == texts(first) == texts(again)
    assert len(texts(plain)) > 3 and "ILEGIBLE" in texts(again)[0]
    # Each sheet dated the day its version was stored, whenever it is drawn.
    assert DAY.isoformat() in texts(again)[1]


def test_a_sheet_drawn_ahead_is_the_one_the_print_takes(tmp_path, monkeypatch):
    shelf = Shelf(tmp_path / "sheets")
    for s in latest():
        assert shelve(s, PACK, shelf, "en", "a4", None) is True
        assert shelve(s, PACK, shelf, "en", "a4", None) is False  # there already: not drawn again
    drawn = counting(monkeypatch)
    print_event(latest(), PACK, tmp_path / "listas.pdf", "en", jobs=2, today=date(2026, 11, 25), shelf=shelf)
    assert drawn == []
    print_event(latest(), PACK, tmp_path / "sin.pdf", "en", jobs=1, today=date(2026, 11, 25))
    assert texts(tmp_path / "listas.pdf") == texts(tmp_path / "sin.pdf")
    monkeypatch.undo()  # the workers draw with the real one
    # Another paper is another sheet: drawn (in workers here, two jobs) and shelved beside.
    print_event(latest(), PACK, tmp_path / "carta.pdf", "en", "letter", jobs=2, today=date(2026, 11, 25), shelf=shelf)
    assert len(list(shelf.folder.glob("*.json"))) == 6


def test_a_sheets_key_changes_with_each_thing_it_is_drawn_from():
    alfa = latest()[0]
    key = sheet_key(alfa, PACK, "es", "a4", DAY)
    assert sheet_key(replace(alfa), PACK, "es", "a4", DAY) == key
    changed = [
        sheet_key(alfa, PACK, "en", "a4", DAY),
        sheet_key(alfa, PACK, "es", "letter", DAY),
        sheet_key(alfa, PACK, "es", "a4", DAY + timedelta(days=1)),
        sheet_key(replace(alfa, files={**alfa.files, "lista.yaml": alfa.files["lista.yaml"] + "\n# otra\n"}),
                  PACK, "es", "a4", DAY),
        sheet_key(replace(alfa, team="Patrulla Beta"), PACK, "es", "a4", DAY),  # its folder's name
        sheet_key(alfa, replace(PACK, doc=replace(PACK.doc, data={**PACK.doc.data, "name": "Otro"})), "es", "a4", DAY),
        sheet_key(alfa, None, "es", "a4", DAY),
    ]
    assert key not in changed and len(set(changed)) == len(changed)


def test_a_sheet_is_dated_on_the_events_clock():
    late = replace(latest()[0], submitted_at=datetime(2026, 11, 1, 23, 30, tzinfo=timezone.utc))
    assert sheet_day(late, timezone.utc) == date(2026, 11, 1)
    assert sheet_day(late, timezone(timedelta(hours=1))) == date(2026, 11, 2)  # past midnight in Madrid


def test_a_teams_newer_sheet_replaces_its_older_and_the_shelf_is_bounded(tmp_path):
    shelf = Shelf(tmp_path / "sheets")
    pdf = tmp_path / "hoja.pdf"
    pdf.write_bytes(b"%PDF-" + b"x" * 1000)
    said = {"system": "Wartime", "points": "178 / 250", "legal": True, "fingerprint": "WT-0000-0000",
            "pdf": str(pdf), "edition": None}
    first, second = submission(7, "Alfa", {"lista.yaml": "a"}), replace(submission(8, "Alfa", {"lista.yaml": "b"}), team_id=7)
    shelf.keep(first, "a" * 64, said)
    shelf.keep(second, "b" * 64, said)
    assert shelf.found(first, "a" * 64) is None  # the team's older version's sheet gone with the newer one's
    found = shelf.found(second, "b" * 64)
    assert found is not None and open(found["pdf"], "rb").read() == pdf.read_bytes()
    # Past its bytes, the least lately used go first; none used within the last hour.
    for n in range(10, 14):
        shelf.keep(submission(n, f"T{n}", {"lista.yaml": "c"}), "c" * 64, said)
    every = sorted(shelf.folder.iterdir())
    shelf.most_bytes = 1
    shelf.tidy()
    assert sorted(shelf.folder.iterdir()) == every  # all used just now
    old = time.time() - 2 * 3600
    for path in every:
        os.utime(path, (old, old))
    os.utime(shelf.folder / f"7-8-{'b' * 40}.pdf")
    shelf.most_bytes = 1100  # room for one PDF
    shelf.tidy()
    assert [p.name for p in shelf.folder.iterdir()] == [f"7-8-{'b' * 40}.pdf"]


def test_a_sheet_is_drawn_ahead_by_one_process_at_a_time(tmp_path):
    shelf = Shelf(tmp_path / "sheets")
    alfa = latest()[0]
    assert shelf.claim(alfa, "a" * 64) is True
    assert shelf.claim(alfa, "a" * 64) is False  # another desk process is drawing it
    assert shelf.claim(alfa, "b" * 64) is True  # another sheet of it (another language, paper, …)
    shelf.release(alfa, "a" * 64)
    assert shelf.claim(alfa, "a" * 64) is True
    claim = next(shelf.folder.glob(f"1-1-{'a' * 40}.claim"))
    old = time.time() - 3600
    os.utime(claim, (old, old))  # its process died drawing it
    assert shelf.claim(alfa, "a" * 64) is True


def test_a_print_joins_its_own_copy_of_a_shelved_sheet(tmp_path):
    # Another desk process may shelve the team's newer version while the print runs, and remove this one's.
    shelf = Shelf(tmp_path / "sheets")
    pdf = tmp_path / "hoja.pdf"
    pdf.write_bytes(b"%PDF-1")
    said = {"system": "Wartime", "points": "178 / 250", "legal": True, "fingerprint": None, "pdf": str(pdf),
            "edition": None}
    older, newer = submission(7, "Alfa", {"lista.yaml": "a"}), replace(submission(8, "Alfa", {"lista.yaml": "b"}), team_id=7)
    shelf.keep(older, "a" * 64, said)
    taken = shelf.found(older, "a" * 64, tmp_path / "propia.pdf")
    shelf.keep(newer, "b" * 64, said)
    assert shelf.found(older, "a" * 64) is None
    assert taken["pdf"] == str(tmp_path / "propia.pdf") and (tmp_path / "propia.pdf").read_bytes() == b"%PDF-1"
