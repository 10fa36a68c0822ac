"""``check --jobs N``: several processes, the same report as one."""

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from builder.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
TOURNAMENT = ROOT / "examples" / "tournament"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def event(tmp_path: Path) -> Path:
    """The example tournament's lists (legal, illegal, another system, broken) and their Warbook."""
    shutil.copytree(TOURNAMENT, tmp_path / "tournament")
    return tmp_path / "tournament"


def test_several_processes_give_the_same_report_in_the_same_order(tmp_path):
    folder = event(tmp_path)
    lists, pack = folder / "lists", folder / "pack" / "torneo-otono.yaml"
    empty = tmp_path / "vacia"
    empty.mkdir()  # an empty folder among the paths is reported, as in one process
    one = run("check", lists, empty, "--pack", pack, "--format", "json")
    two = run("check", lists, empty, "--pack", pack, "--format", "json", "--jobs", "2")
    assert two.exit_code == one.exit_code == 2  # the broken list is unreadable
    assert json.loads(two.output) == json.loads(one.output)
    assert [Path(r["file"]).name for r in json.loads(two.output)["results"]] == sorted(
        p.name for p in lists.iterdir()) + ["vacia"]
    assert run("check", lists, "--pack", pack, "--jobs", "3").output == run("check", lists, "--pack", pack).output


def test_the_summary_is_written_the_same(tmp_path):
    import openpyxl

    lists = event(tmp_path) / "lists"
    for jobs, name in ((1, "uno.xlsx"), (2, "dos.xlsx")):
        run("check", lists, "--summary", tmp_path / name, "--jobs", jobs)
    sheets = [[list(ws.iter_rows(values_only=True)) for ws in openpyxl.load_workbook(tmp_path / name).worksheets]
              for name in ("uno.xlsx", "dos.xlsx")]
    assert sheets[0] == sheets[1]


def test_jobs_must_be_a_number_from_1():
    assert run("check", "x.yaml", "--jobs", "0").exit_code == 2


def test_processes_are_loaded_only_when_asked():
    from tests.support import loaded_after

    assert loaded_after(["check", TOURNAMENT / "lists"], "builder.events.parallel", "concurrent.futures") == [False, False]
    assert loaded_after(["check", TOURNAMENT / "lists", "--jobs", "2"], "builder.events.parallel") == [True]


def test_every_broken_file_of_the_hostile_corpus_is_reported_the_same():
    corpus = ROOT / "tests" / "hostile" / "corpus"
    one = run("check", corpus, "--format", "json", "--lang", "en")
    two = run("check", corpus, "--format", "json", "--lang", "en", "--jobs", "2")
    assert two.exit_code == one.exit_code
    assert json.loads(two.output) == json.loads(one.output)
