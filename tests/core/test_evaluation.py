"""The Evaluation a check gives: built once, frozen, its view built when first asked under
the rules the list was checked under."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from builder.core import editions, registry
from builder.core.evaluation import Evaluation
from builder.core.findings import Finding, Findings, FrozenFindings, Place


def a_finding(code: str = "x") -> Finding:
    return Finding(code, "error", Place(None), "rule")


def test_an_evaluation_is_frozen():
    ev = Evaluation("porcrom", "Lobos", Findings([a_finding()]), inputs=[Path("a.yaml")])
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.name = "Otro"  # type: ignore[misc]
    assert isinstance(ev.findings, FrozenFindings) and isinstance(ev.findings, tuple)
    assert ev.inputs == (Path("a.yaml"),)
    assert not hasattr(ev.findings, "append")


def test_an_event_adds_findings_to_a_new_value():
    own, added = a_finding("own"), a_finding("added")
    ev = Evaluation("porcrom", "Lobos", [own])
    more = ev.with_findings([added])
    assert [f.code for f in more.findings] == ["own", "added"]    # after the list's own
    assert [f.code for f in ev.findings] == ["own"]               # the first is as it was
    assert ev.with_findings([]) is ev
    assert not more.legal and Evaluation("porcrom", "Lobos", []).legal


def test_the_resolved_view_is_built_once_and_only_when_asked():
    built = []

    def view():
        built.append(1)
        return {"name": "Lobos"}

    ev = Evaluation("porcrom", "Lobos", [], view=view)
    assert built == []
    assert ev.details == {"name": "Lobos"} and ev.details == {"name": "Lobos"}
    assert built == [1]
    assert Evaluation("porcrom", "Lobos", [], view={"a": 1}).details == {"a": 1}
    assert Evaluation("porcrom", "Lobos", []).details is None


def test_the_view_is_built_under_the_rules_the_list_was_checked_under(tmp_path):
    home = tmp_path / "wartime"
    home.mkdir()
    (home / "edition.yaml").write_text('name: "otra"\ndate: 2030-01-01\n', encoding="utf-8")
    other = editions.Rules(editions.Edition("wartime", "otra", dt.date(2030, 1, 1), home))
    seen = []
    ev = Evaluation("wartime", "Lista", [], view=lambda: seen.append(registry.get("wartime").catalog_folder) or {},
                    rules=other)
    assert ev.details == {} and seen == [home]
    assert registry.get("wartime").catalog_folder != home  # only while the view was built
