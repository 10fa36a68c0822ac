"""The event's print: a cover naming every team, then each team's sheet and cards, each page of a
sheet footed with that list's fingerprint; rendered in worker processes, read back by content."""

from datetime import date, datetime
from pathlib import Path

from pypdf import PdfReader

from builder.core.pipeline import evaluate
from builder.events.packs import load_pack
from builder.events.printing import print_event
from builder.events.schema import Checked, Submission
from tests.book_cases import run

ROOT = Path(__file__).resolve().parents[2]
PACK = load_pack(ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml")
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_text(encoding="utf-8")
LISTS = ROOT / "examples" / "tournament" / "lists"


def roster(name: str) -> str:
    text = (LISTS / name).read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("warbook:")) + \
        "\nwarbook: fenix-warbook.yaml\n"


def submission(n: int, team: str, files: dict[str, str]) -> Submission:
    checked = Checked(system="wartime", points=None, points_limit=None, legal=False, findings=0, fingerprint=None)
    return Submission(id=n, team_id=n, team=team, version=1, checked=checked, draft=False,
                      submitted_at=datetime(2026, 11, 1, 10), files=files)


def sheet(tmp_path: Path, name: str, text: str) -> tuple[bool, int | None, str | None]:
    folder = tmp_path / "own" / name
    folder.mkdir(parents=True)
    (folder / "fenix-warbook.yaml").write_text(WARBOOK, encoding="utf-8")
    (folder / "lista.yaml").write_text(text, encoding="utf-8")
    ev = evaluate(folder / "lista.yaml", pack=PACK, view=False)
    return ev.legal, ev.points, ev.fingerprint


def test_every_team_is_on_the_cover_and_each_sheet_carries_its_fingerprint(tmp_path):
    alfa, bravo = roster("01-patrulla-alfa.yaml"), roster("02-exploradores.yaml")
    latest = [
        submission(1, "Patrulla Alfa", {"lista.yaml": alfa, "fenix-warbook.yaml": WARBOOK}),
        submission(2, "Exploradores", {"lista.yaml": bravo, "fenix-warbook.yaml": WARBOOK}),
        submission(3, "Ilegibles", {"lista.yaml": "system: [roto\n"}),
    ]
    target = tmp_path / "evento.pdf"
    printed = print_event(latest, PACK, target, "es", jobs=2, today=date(2026, 11, 25))

    # The expected values come from checking each list on its own, as `builder check --pack` does.
    alfa_legal, alfa_points, alfa_fp = sheet(tmp_path, "alfa", alfa)
    bravo_legal, bravo_points, bravo_fp = sheet(tmp_path, "bravo", bravo)
    assert (alfa_legal, alfa_points) == (True, 178)  # Sargento 58 + 3 × Fusilero 40 (tests/events/conftest.py)
    # The cover's order is the teams' names: Exploradores, Ilegibles, Patrulla Alfa.
    assert [p.team for p in printed] == ["Exploradores", "Ilegibles", "Patrulla Alfa"]
    assert [p.fingerprint for p in printed] == [bravo_fp, None, alfa_fp]
    assert printed[1].pdf is None

    pages = [page.extract_text() or "" for page in PdfReader(target).pages]
    cover = pages[0]
    assert "Torneo de Otoño" in cover and "3 equipos" in cover and "2026-11-25" in cover
    assert cover.index("Exploradores") < cover.index("Ilegibles") < cover.index("Patrulla Alfa")
    assert alfa_fp in cover and bravo_fp in cover and "178 / 250" in cover and "ILEGIBLE" in cover
    assert "Juego" in cover and "Sistema" not in cover  # the word every page says (issue 46)
    # Then Bravo's pages, then Alfa's: each of its sheet's pages footed with its own fingerprint.
    rest = pages[1:]
    bravo_pages = [i for i, p in enumerate(rest) if bravo_fp in p]
    alfa_pages = [i for i, p in enumerate(rest) if alfa_fp in p]
    assert bravo_pages and alfa_pages and max(bravo_pages) < min(alfa_pages)
    assert not (set(bravo_pages) & set(alfa_pages))
    # The bookmarks: the cover's, then each team's sheet's, leading to its first page.
    reader = PdfReader(target)
    marks = [(m.title, reader.get_destination_page_number(m)) for m in reader.outline if not isinstance(m, list)]
    assert marks == [("Torneo de Otoño", 0), ("Los Exploradores", 1 + min(bravo_pages)),
                     ("Patrulla Alfa", 1 + min(alfa_pages))]
    assert reader.metadata.title == "Torneo de Otoño" and reader.metadata.creator == "builder"
    # Each team's part is its whole printout, cards and all: as many pages as `builder export --pdf`.
    for name, text in (("bravo", bravo), ("alfa", alfa)):
        folder = tmp_path / "own" / name
        alone = folder / "lista.pdf"
        assert run("export", folder / "lista.yaml", "--pdf", alone, "--draft").exit_code in (0, 1)
        own = [p.extract_text() for p in PdfReader(alone).pages]
        assert len(own) >= 2  # the sheet, then its cards
        assert len(bravo_pages if name == "bravo" else alfa_pages) == len(own)


def test_one_process_prints_the_same_pages(tmp_path):
    alfa = roster("01-patrulla-alfa.yaml")
    latest = [submission(1, "Patrulla Alfa", {"lista.yaml": alfa, "fenix-warbook.yaml": WARBOOK})]
    one, two = tmp_path / "uno.pdf", tmp_path / "dos.pdf"
    print_event(latest, PACK, one, "en", jobs=1, today=date(2026, 11, 25))
    print_event(latest * 1, PACK, two, "en", jobs=4, today=date(2026, 11, 25))
    texts = [[p.extract_text() for p in PdfReader(f).pages] for f in (one, two)]
    assert texts[0] == texts[1] and "1 teams" in texts[0][0]
    assert not list(tmp_path.glob(".*.part"))


APART = """
import sys
from datetime import date
from pathlib import Path
from tests.events.test_printing import PACK, WARBOOK, roster, submission
from builder.events.printing import print_event

target = Path(sys.argv[1])
latest = [submission(1, "Patrulla Alfa", {"lista.yaml": roster("01-patrulla-alfa.yaml"), "fenix-warbook.yaml": WARBOOK})]
printed = print_event(latest, PACK, target, "es", jobs=2, today=date(2026, 11, 25), apart=True)
print(sorted(m for m in ("weasyprint", "pydyf") if m in sys.modules), target.read_bytes()[:5], printed[0].pdf is not None)
"""


def test_a_print_made_apart_draws_every_pdf_in_a_worker_and_never_loads_weasyprint_here(tmp_path):
    # The desk's server prints apart: what WeasyPrint loads and draws (some 50 MB a print) would stay
    # in its memory. One team only, and the cover: both drawn in workers all the same.
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", APART, str(tmp_path / "evento.pdf")], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[] b'%PDF-' True"


def drawn_by(args):
    """A team's part that says which process drew it (in the system's place), and nothing else."""
    import os

    from builder.events.printing import Printed

    return Printed(args[0], str(os.getpid()), "—", None, None, None)


def test_a_worker_draws_so_many_teams_then_another_takes_its_place(tmp_path, monkeypatch):
    # Each team leaves some memory behind in the worker that drew it: a print of 1,500 would pile it up.
    from builder.events import printing

    monkeypatch.setattr(printing, "TEAMS_A_WORKER", 2)
    monkeypatch.setattr(printing, "_render_team", drawn_by)
    latest = [submission(n, f"Equipo {n}", {"lista.yaml": "system: [roto\n"}) for n in range(1, 6)]
    printed = print_event(latest, PACK, tmp_path / "evento.pdf", "es", jobs=1, today=date(2026, 11, 25), apart=True)
    workers = [p.system for p in printed]
    assert len(set(workers)) == 3 and all(workers.count(w) <= 2 for w in workers)


TEAMS = 1500
BOUNDED = """
import shutil
import sys
from datetime import date
from pathlib import Path

from builder.desk.jobs import big_blocks_apart, bound
from builder.desk.workers import MEMORY
from builder.events import printing
from tests.events.test_printing import PACK, submission

folder, teams = Path(sys.argv[1]), int(sys.argv[2])


def drawn(args):  # the team's sheet as the shelf gives it: drawn before, copied
    team, _, out = args[:3]
    shutil.copyfile(folder / "sheet.pdf", out)
    return printing.Printed(team, "Wartime", "178 / 250", True, "WT-068D-E2A7", out)


printing._render_team = drawn
printing._write_cover = lambda printed, pack, target, *_: shutil.copyfile(folder / "cover.pdf", target)
latest = [submission(n, f"Equipo {n:04d}", {"lista.yaml": "system: wartime\\n"}) for n in range(teams)]
big_blocks_apart()
bound(MEMORY // 2)
printing.print_event(latest, PACK, folder / "evento.pdf", "es", jobs=1, today=date(2026, 11, 25))
"""


def test_the_print_of_1500_teams_joins_them_in_half_an_export_workers_memory(tmp_path):
    # pypdf held each joined team's whole file till the print was written, some 0.35 MB a team: 1,500
    # teams outgrew the export worker's bound (issue 55). The join is to leave it room for the rest.
    import subprocess
    import sys

    alfa = tmp_path / "alfa"
    alfa.mkdir()
    (alfa / "fenix-warbook.yaml").write_text(WARBOOK, encoding="utf-8")
    (alfa / "lista.yaml").write_text(roster("01-patrulla-alfa.yaml"), encoding="utf-8")
    assert run("export", alfa / "lista.yaml", "--pdf", tmp_path / "sheet.pdf", "--draft").exit_code in (0, 1)
    (tmp_path / "cover.pdf").write_bytes((tmp_path / "sheet.pdf").read_bytes())
    done = subprocess.run([sys.executable, "-c", BOUNDED, str(tmp_path), str(TEAMS)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    sheet = PdfReader(tmp_path / "sheet.pdf")
    joined = PdfReader(tmp_path / "evento.pdf")
    assert len(joined.pages) == (TEAMS + 1) * len(sheet.pages)
    assert joined.metadata.title == "Torneo de Otoño" and joined.metadata.creator == "builder"
