"""The command-line contract by the book: exit codes, several files, language, and the
`systems` and `schema` commands.

Exit 0 when every list is legal, 1 when one is illegal, 2 when a file can't be read or the
command is misused; `--lang en` and BUILDER_LANG=en give the same English report; `builder
systems`, `builder schema SYSTEM` (JSON Schema) and `python -m builder` work.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.book_cases import SIMPLE, check_one, codes_of, no_crash, run, squad, wartime


# ===========================================================================
# Exit codes, multiple files, language
# ===========================================================================


def test_exit_codes_multiple_files(tmp_path):
    legal = wartime(tmp_path, SIMPLE, [squad()], name="legal.yaml")
    illegal = wartime(tmp_path, SIMPLE, [squad()], name="illegal.yaml", points_limit=10)
    assert run("check", legal).exit_code == 0
    assert run("check", illegal).exit_code == 1
    r = run("check", legal, illegal, "--format", "json")
    no_crash(r)
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert data["legal"] is False
    assert [x["legal"] for x in data["results"]] == [True, False]
    r = run("check", legal, tmp_path / "missing.yaml")
    no_crash(r)
    assert r.exit_code == 2


@pytest.mark.parametrize("args", [
    ["check"],
    ["check", "--format", "xml", "X"],
    ["check", "--lang", "fr", "X"],
    ["check", "--bogus", "X"],
    ["inspect"],
    ["nonexistent-command"],
])
def test_usage_errors_exit_2(args):
    r = run(*args)
    no_crash(r)
    assert r.exit_code == 2


def test_language_en_flag_and_env(tmp_path):
    path = wartime(tmp_path, SIMPLE, [squad("Alfa", 1), squad("Alfa", 2)])
    _, es = check_one(path)
    _, en = check_one(path, "--lang", "en")
    r = run("check", path, "--format", "json", env={"BUILDER_LANG": "en"})
    no_crash(r)
    en_env = json.loads(r.stdout)["results"][0]
    assert codes_of(es["errors"]) == codes_of(en["errors"]) == codes_of(en_env["errors"])
    assert es["errors"][0]["message"] != en["errors"][0]["message"]
    assert en["errors"][0]["message"] == en_env["errors"][0]["message"]


def test_text_format_runs(tmp_path):
    path = wartime(tmp_path, SIMPLE, [squad()], points_limit=10)
    r = run("check", path)
    no_crash(r)
    assert r.exit_code == 1
    assert "over-points-limit" in r.output
    r = run("inspect", path)
    no_crash(r)
    assert "Fusilero" in r.output


# ===========================================================================
# systems / schema / python -m builder
# ===========================================================================


def test_systems_lists_both():
    r = run("systems")
    no_crash(r)
    assert r.exit_code == 0
    assert "wartime" in r.output and "cripmaquion" in r.output


@pytest.mark.parametrize("system,keys", [
    ("wartime", {"system", "name", "warbook", "squads"}),
    ("cripmaquion", {"system", "team", "runners", "lineup"}),
])
def test_schema_is_json_schema(system, keys):
    r = run("schema", system)
    no_crash(r)
    assert r.exit_code == 0
    schema = json.loads(r.stdout)
    assert isinstance(schema, dict)
    assert keys <= set(schema.get("properties", {})), schema.get("properties", {}).keys()


def test_schema_unknown_system():
    r = run("schema", "warhammer")
    no_crash(r)
    assert r.exit_code == 2


def test_python_dash_m():
    proc = subprocess.run([sys.executable, "-m", "builder", "systems"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "wartime" in proc.stdout
