"""``builder schema SYSTEM``: the JSON Schema of a system's files."""

import json

import pytest

from tests.book_cases import no_crash, run


def test_schema_wartime():
    result = run("schema", "wartime")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert {"system", "name", "warbook", "squads"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False
    assert "$schema" in schema


def test_schema_unknown_system_exits_2():
    result = run("schema", "nonsense")
    assert result.exit_code == 2
    assert "nonsense" in result.stderr
    assert "wartime" in result.stderr
    assert result.stdout == ""


# --- by the book ----------------------------------------------------------------------------------
# The command-line contract by the book: `builder schema SYSTEM` prints its JSON Schema.


@pytest.mark.book
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


@pytest.mark.book
def test_schema_unknown_system():
    r = run("schema", "warhammer")
    no_crash(r)
    assert r.exit_code == 2


def test_a_list_s_schema_lets_it_name_its_edition():
    from builder.core import registry

    for system in registry.all_systems():
        assert system.file_schema()["properties"]["edition"]["type"] == ["string", "number"]
        assert "edition" not in system.schema()["properties"]  # the page's form has no such field
