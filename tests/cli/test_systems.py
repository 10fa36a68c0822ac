"""``builder systems``: the games builder knows."""

import json

import pytest

from tests.book_cases import no_crash, run


def test_systems_lists_wartime():
    result = run("systems")
    assert result.exit_code == 0
    assert "wartime" in result.output


def test_systems_json_lists_wartime():
    result = run("systems", "--format", "json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert "wartime" in [row["key"] for row in rows]
    (wartime,) = [row for row in rows if row["key"] == "wartime"]
    assert wartime["fingerprint_prefix"] == "WT"
    assert wartime["edition"]["name"] == "2026" and wartime["editions"] == ["2026"]
    assert len(wartime["edition"]["hash"]) == 64


# --- by the book ----------------------------------------------------------------------------------
# The command-line contract by the book: `builder systems` lists the systems.


@pytest.mark.book
def test_systems_lists_both():
    r = run("systems")
    no_crash(r)
    assert r.exit_code == 0
    assert "wartime" in r.output and "cripmaquion" in r.output
