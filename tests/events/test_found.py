"""What a version's check found, kept with it: in both languages, bounded, read back as written."""

from __future__ import annotations

from pathlib import Path

from builder.core.errors import InputError
from builder.core.pipeline import evaluate
from builder.events.found import FINDINGS_KEPT, as_text, found_in, found_unreadable, from_text, shown

ROOT = Path(__file__).resolve().parents[2]
ALFA = ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml"


def test_a_lists_findings_are_kept_in_each_language_with_its_player_and_read_back_as_written(tmp_path):
    over = tmp_path / "alfa.yaml"
    over.write_text(ALFA.read_text(encoding="utf-8").replace("points_limit: 300", "points_limit: 100"), encoding="utf-8")
    (tmp_path / "fenix-warbook.yaml").write_bytes((ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes())
    evaluation = evaluate(over)
    found = found_in(evaluation)
    assert found["player"] == evaluation.player and [f["code"] for f in found["es"]] == [
        f.code for f in evaluation.findings] == [f["code"] for f in found["en"]]
    assert found["es"] and found["es"][0]["detail"] != found["en"][0]["detail"]  # one language each
    assert from_text(as_text(found)) == found
    assert shown(found, "en") == found["en"] and shown(found, "fr") == found["es"]


def test_a_hostile_lists_thousands_of_findings_are_kept_only_so_far(tmp_path):
    flood = tmp_path / "lista.yaml"
    flood.write_text("system: wartime\nname: x\n" + "".join(f"k{i}: 1\n" for i in range(FINDINGS_KEPT + 50)),
                     encoding="utf-8")
    evaluation = evaluate(flood)
    assert len(evaluation.findings) > FINDINGS_KEPT
    assert len(found_in(evaluation)["es"]) == len(found_in(evaluation)["en"]) == FINDINGS_KEPT


def test_an_unreadable_list_is_kept_as_its_one_finding_and_a_mangled_row_as_none():
    found = found_unreadable(InputError("invalid-yaml", "lista.yaml", 3, problem="x"))
    assert [f["code"] for f in found["es"]] == ["invalid-yaml"] and found["player"] is None
    assert from_text(None) is None and from_text("") is None and from_text("{roto") is None
    assert from_text("[1, 2]") is None and as_text(None) is None


def test_a_list_of_another_game_keeps_its_measure_in_a_process_that_has_not_read_that_game(tmp_path):
    """A desk checks in a worker and keeps what was found in its own process, which has read only its
    pack's game: a Cripmaquión team sent to a Wartime event was a 500 there (its measure's words, «5/5
    plazas de especialista», were in no table the desk had read)."""
    import pickle
    import subprocess
    import sys

    from builder.events.packs import load_pack
    from builder.events.submitted import check_submission

    wrong = ROOT / "examples" / "tournament" / "lists" / "04-equipo-equivocado.yaml"
    pack = load_pack(ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml")
    checking = check_submission({wrong.name: wrong.read_bytes()}, pack)
    assert checking.evaluation is not None and checking.evaluation.measure is not None
    (tmp_path / "checking.pickle").write_bytes(pickle.dumps(checking))
    desk = ("import pickle, sys\n"
            "from builder.events.schema import Checked\n"
            "checking = pickle.loads(open(sys.argv[1], 'rb').read())\n"
            "found = Checked.of(checking.evaluation).found\n"
            "print(found['measure']['es'], '|', found['measure']['en'])\n")
    done = subprocess.run([sys.executable, "-c", desk, str(tmp_path / "checking.pickle")], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "plazas de especialista" in done.stdout and "specialist" in done.stdout
