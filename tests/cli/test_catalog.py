"""``builder catalog SYSTEM [TOPIC]``: the names a roster may use."""

import json

from click.testing import CliRunner

from builder.cli.main import cli


def test_catalog_lists_the_names_a_roster_may_use(folder):
    result = CliRunner().invoke(cli, ["catalog", "cripmaquion", "races"])
    assert result.exit_code == 0
    # A race as the book names it, its key and its FUE/RES (§5: the hombre lagarto is 3/2).
    assert "Hombre lagarto — hombre-lagarto · FUE 3 / RES 2" in result.output
    listed = json.loads(CliRunner().invoke(cli, ["catalog", "confrontation", "--format", "json"]).output)
    assert set(listed["topics"]) == {"competencies", "artillery"}
    names = [row["name"] for row in listed["topics"]["competencies"]]
    assert "Mecánico/X (1–6)" in names
    costs = CliRunner().invoke(cli, ["catalog", "wartime", "costs"]).output
    assert "1: 0 · 2: 1 · 3: 2 · 4: 3 · 5: 4 · 6: 6 · 7: 10 · 8: 17 · 9: 28 · 10: 45" in costs
    missing = CliRunner().invoke(cli, ["catalog", "porcrom", "razas", "--lang", "en"])
    assert missing.exit_code == 2 and "choose one of: weapons" in missing.output
