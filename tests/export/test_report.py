"""builder.export.report: a check's results as text for people and JSON for programs."""

from __future__ import annotations

import json

import pytest

from builder.core.errors import Crash, InputError
from builder.core.findings import Finding, Place
from builder.core.pipeline import Outcome
from builder.core.system import Evaluation
from builder.export.report import as_json, as_text, exit_code, result_dict, tally

LEGAL = Outcome("a.yaml", evaluation=Evaluation("porcrom", "A", [], fingerprint="PC-0000-0000"))
ILLEGAL = Outcome("b.yaml", evaluation=Evaluation("porcrom", "B", [Finding(
    "wrong-system", "error", Place(None), "§1", {"system": "porcrom", "pack": "P", "expected": "wartime"})]))
BOOK_ONLY = Outcome("c.yaml", evaluation=Evaluation("wartime", "C", [], roster=False))
UNREADABLE = Outcome("d.yaml", unreadable=InputError("file-not-found", "d.yaml"))
CRASHED = Outcome("e.yaml", crash=Crash("e.yaml", ZeroDivisionError("boom")))


def test_the_tally_counts_each_kind_once():
    assert tally([LEGAL, ILLEGAL, BOOK_ONLY, UNREADABLE, CRASHED]) == \
        {"legal": 1, "illegal": 1, "unreadable": 1, "internal": 1, "no_list": 1}


@pytest.mark.parametrize(("outcomes", "code"), [
    ([LEGAL, BOOK_ONLY], 0),                          # a legal book of archetypes is no failure
    ([LEGAL, ILLEGAL], 1),
    ([ILLEGAL, UNREADABLE], 2),                       # an unreadable file outranks an illegal list
    ([LEGAL, ILLEGAL, UNREADABLE, CRASHED], 3),       # a bug outranks everything
])
def test_the_exit_code_is_the_worst_outcome(outcomes, code):
    assert exit_code(outcomes) == code


def test_every_result_has_the_same_keys_readable_or_not():
    readable, unreadable = result_dict(LEGAL, "en"), result_dict(UNREADABLE, "en")
    assert set(readable) == set(unreadable)
    assert unreadable["readable"] is False and unreadable["legal"] is False and unreadable["system"] is None
    assert unreadable["errors"][0]["code"] == "file-not-found"
    assert readable["fingerprint"] == "PC-0000-0000" and readable["errors"] == []


def test_the_json_says_legal_only_when_every_list_is():
    assert json.loads(as_json([LEGAL], "en"))["legal"] is True
    assert json.loads(as_json([LEGAL, ILLEGAL], "en"))["legal"] is False
    assert json.loads(as_json([LEGAL], "en", error={"code": "x"}))["legal"] is False   # a failed summary


def test_a_bug_is_shown_with_its_traceback_and_a_request_to_report_it():
    shown = as_text([CRASHED], "en")
    assert "internal-error" in shown and "ZeroDivisionError: boom" in shown
    assert json.loads(as_json([CRASHED], "en"))["results"][0]["errors"][0]["traceback"]


def test_a_list_without_points_shows_what_its_game_counts_instead():
    from builder.core import registry
    from builder.core.messages import Localised

    registry.get("cripmaquion")  # its messages join the table
    team = Outcome("t.yaml", evaluation=Evaluation("cripmaquion", "T", [], measure=Localised(
        "cq.status.slots", {"slots": 4, "limit": 4})))
    assert as_text([team], "es").splitlines()[0] == "✓ LEGAL  t.yaml — T (cripmaquion) · 4/4 plazas de especialista"
    assert as_text([team], "en").splitlines()[0] == "✓ LEGAL  t.yaml — T (cripmaquion) · 4/4 specialty slots"
