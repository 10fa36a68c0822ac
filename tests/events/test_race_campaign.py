"""Race days: an event's days made into the campaign's file and checked by the campaign's own code.
The book's example campaign (examples/cripmaquion/infierno-de-amauta.yaml) entered day by day gives
the standings `builder campaign` gives that file; the export, read by `builder campaign`, too."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from builder.cli.main import cli
from builder.core import registry
from builder.core.errors import InputError
from builder.core.pack import RoundsFormat
from builder.events.race_campaign import (CLASSIFICATIONS, RaceDay, campaign_of, day_findings, standings_of_days,
                                          write_campaign)
from builder.events.schema import Checked, Submission

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "cripmaquion"
CAMPAIGN = registry.get("cripmaquion-campaign")


def team(team_id: int, file: str) -> Submission:
    text = (EXAMPLE / file).read_text(encoding="utf-8")
    return Submission(team_id, team_id, file.removesuffix(".yaml"), 1, Checked("cripmaquion", None, None, True, 0, None),
                      False, datetime(2026, 11, 1), {"equipo.yaml": text})


TEAMS = [team(1, "saqueadores-rio-lobo.yaml"), team(2, "grupetto-verde.yaml")]


def example_days() -> list[RaceDay]:
    stages = yaml.safe_load((EXAMPLE / "infierno-de-amauta.yaml").read_text(encoding="utf-8"))["stages"]
    return [RaceDay(n, yaml.safe_dump(stage, allow_unicode=True, sort_keys=False)) for n, stage in enumerate(stages, 1)]


def campaign_json(path: Path) -> dict:
    done = CliRunner().invoke(cli, ["campaign", str(path), "--format", "json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def test_a_game_names_the_campaign_its_events_run_as(monkeypatch):
    class Pack:
        system, rounds = "cripmaquion", RoundsFormat(count=2)
    assert campaign_of(Pack()) is CAMPAIGN
    assert campaign_of(dataclasses.make_dataclass("P", [("system", str), ("rounds", object)])("cripmaquion", None)) is None
    assert campaign_of(dataclasses.make_dataclass("P", [("system", str), ("rounds", object)])("wartime", Pack.rounds)) is None


def test_the_days_give_the_books_example_campaigns_standings():
    desk = standings_of_days(CAMPAIGN, "El infierno de Amauta", TEAMS, example_days(), "es")
    book = campaign_json(EXAMPLE / "infierno-de-amauta.yaml")
    for key in CLASSIFICATIONS:
        assert desk[key] == book[key]
    assert desk["general"][0]["cripmaquiazos"] > 0 and desk["errors"] == []


def test_the_export_read_by_builder_campaign_gives_the_same_standings(tmp_path):
    path = write_campaign(tmp_path / "campaña", CAMPAIGN, "El infierno de Amauta", TEAMS, example_days())
    assert path.name == "campaign.yaml" and len(list(path.parent.glob("*/equipo.yaml"))) == 2
    exported = campaign_json(path)
    desk = standings_of_days(CAMPAIGN, "El infierno de Amauta", TEAMS, example_days(), "es")
    for key in CLASSIFICATIONS:
        assert exported[key] == desk[key]


def test_a_typo_in_a_day_is_an_error_at_the_days_own_line():
    days = example_days()
    text = "name: 3ª jornada\nfinish: [Arcada, Gnatte Franz]\nkos: []\nsumits: []\n"
    found = day_findings(CAMPAIGN, "Amauta", TEAMS, days, text, 3)
    assert [(f.code, f.severity, f.place.line) for f in found] == [
        ("campaign-unknown-runner", "error", 2),  # «Gnatte Franz»: the runner is «Gnatte Franzs»
        ("invalid-field", "error", 4)]            # «sumits»: the key is «summits»
    assert "Gnatte Franzs" in found[0].detail("es") and "summits" in found[1].detail("en")
    assert day_findings(CAMPAIGN, "Amauta", TEAMS, days, "name: 3ª jornada\nfinish: [Arcada]\n", 3) == []


def test_a_day_that_is_no_mapping_is_unreadable():
    for text in ("- a\n- b\n", "just words", "{a: [", ""):
        with pytest.raises(InputError):
            day_findings(CAMPAIGN, "Amauta", TEAMS, [], text, 1)


def test_race_days_run_under_the_event_s_house_rules(tmp_path):
    from builder.events.packs import load_pack

    pack = tmp_path / "pack.yaml"
    pack.write_text("system: cripmaquion\nname: Carrera de la casa\nhouse_rules:\n  - add: races/races\n"
                    "    entry: {key: trasgo, name: Trasgo, fue: 2, res: 2, skills: [ligero], section: Casa,\n"
                    "            summary: Un corredor de la casa}\n", encoding="utf-8")
    rules = load_pack(pack).rules
    text = (EXAMPLE / "grupetto-verde.yaml").read_text(encoding="utf-8").replace("race: ogro", "race: trasgo")
    teams = [TEAMS[0], dataclasses.replace(TEAMS[1], files={"equipo.yaml": text})]
    days = [RaceDay(1, "name: 1ª jornada\nfinish: [Arcada, Gengis]\n")]
    assert standings_of_days(CAMPAIGN, "Casa", teams, days, "es", rules)["errors"] == []
    assert standings_of_days(CAMPAIGN, "Casa", teams, days, "es")["errors"] != []  # the book has no trasgo
