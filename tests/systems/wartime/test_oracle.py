"""A Warbook priced independently by hand from the rulebook (data/oracle/expected.md shows
the arithmetic of every value), compared with builder's pricing."""

import json
from pathlib import Path

import pytest

from builder.core.pipeline import evaluate

ORACLE = Path(__file__).parent / "data" / "oracle"
EXPECTED = json.loads((ORACLE / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def priced():
    ev = evaluate(ORACLE / "list.yaml", "list.yaml")
    return ev, {a["name"]: a for a in ev.details["archetypes"]}


@pytest.mark.parametrize("name", sorted(EXPECTED["archetypes"]))
def test_archetype(priced, name):
    _, archetypes = priced
    expected = EXPECTED["archetypes"][name]
    got = archetypes[name]
    assert got["kind"] == expected["kind"]
    for key, value in expected.items():
        if key != "kind":
            assert got[key] == value, (name, key)


def test_squads_and_total(priced):
    ev, _ = priced
    squads = {s["name"]: s for s in ev.details["squads"]}
    for name, expected in EXPECTED["squads"].items():
        assert (squads[name]["models"], squads[name]["points"]) == (expected["models"], expected["points"])
    assert ev.points == EXPECTED["points"]
