"""The one way a document is checked (``evaluate``), and one file's boundary (``outcome_of``)."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from builder.core import registry
from builder.core.errors import InputError
from builder.core.pipeline import Outcome, evaluate, outcome_of
from builder.core.reader import read_document
from builder.events.packs import load_pack

ROOT = Path(__file__).resolve().parents[2]
WARBAND = ROOT / "examples" / "porcrom" / "lobos-de-zamora.yaml"
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"   # a Wartime event, 250 points


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_path_and_a_document_already_read_are_checked_alike():
    by_path = evaluate(WARBAND, "lobos.yaml")
    by_document = evaluate(read_document(WARBAND, "lobos.yaml"))
    assert by_path.system == by_document.system == "porcrom"
    assert by_path.fingerprint == by_document.fingerprint
    assert [f.code for f in by_path.findings] == [f.code for f in by_document.findings]
    assert by_path.source is not None and by_path.source.label == "lobos.yaml"


def test_a_pack_for_another_game_leaves_the_list_alone():
    alone = evaluate(WARBAND, "lobos.yaml")
    under = evaluate(WARBAND, "lobos.yaml", load_pack(PACK))
    assert (under.fingerprint, under.legal, under.points_limit) == (alone.fingerprint, alone.legal, alone.points_limit)


def test_a_pack_for_the_same_game_wins_over_the_list(tmp_path):
    # The list says 300 points; the event's pack says 250 (examples/tournament/pack).
    roster = ROOT / "examples" / "wartime" / "compania-fenix.yaml"
    assert evaluate(roster, "fenix.yaml").points_limit == 300
    assert evaluate(roster, "fenix.yaml", load_pack(PACK)).points_limit == 250


@pytest.mark.parametrize(("text", "code", "line"), [
    ("- una\n- lista\n", "not-a-mapping", 1),
    ("name: Sin sistema\n", "missing-system", 1),
    ("name: X\nsystem: ajedrez\n", "unknown-system", 2),
])
def test_what_is_no_roster_cannot_be_read(tmp_path, text, code, line):
    path = write(tmp_path, "x.yaml", text)
    with pytest.raises(InputError) as raised:
        evaluate(path, "x.yaml")
    assert (raised.value.code, raised.value.file, raised.value.line) == (code, "x.yaml", line)


def test_an_unknown_system_names_every_known_one(tmp_path):
    path = write(tmp_path, "x.yaml", "system: ajedrez\n")
    with pytest.raises(InputError) as raised:
        evaluate(path, "x.yaml")
    assert raised.value.params["known"] == ", ".join(registry.keys())


def test_one_files_boundary_keeps_what_it_met(tmp_path, monkeypatch):
    missing = outcome_of(str(tmp_path / "nada.yaml"))
    assert missing.evaluation is None and missing.unreadable.code == "file-not-found"
    (tmp_path / "vacia").mkdir()
    assert outcome_of(str(tmp_path / "vacia")).unreadable.code == "empty-folder"

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug in a rule")

    monkeypatch.setattr(type(registry.get("porcrom")), "check", broken)
    crashed = outcome_of(str(WARBAND))
    assert crashed.evaluation is None and crashed.unreadable is None
    assert crashed.crash.code == "internal-error" and "ZeroDivisionError: a bug in a rule" in crashed.crash.error


def test_an_event_keeps_no_resolved_view():
    assert evaluate(WARBAND, "lobos.yaml").details is not None
    kept = outcome_of(str(WARBAND))
    assert kept.evaluation.details is None
    assert kept.evaluation.fingerprint == evaluate(WARBAND, str(WARBAND)).fingerprint


def test_an_outcome_is_not_changed_once_made():
    outcome = Outcome("x.yaml")
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.file = "y.yaml"  # type: ignore[misc]
