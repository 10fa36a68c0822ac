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


def campaign_json(path: Path, *more: str) -> dict:
    done = CliRunner().invoke(cli, ["campaign", str(path), "--format", "json", *more])
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
    rules = load_pack(pack)
    text = (EXAMPLE / "grupetto-verde.yaml").read_text(encoding="utf-8").replace("race: ogro", "race: trasgo")
    teams = [TEAMS[0], dataclasses.replace(TEAMS[1], files={"equipo.yaml": text})]
    days = [RaceDay(1, "name: 1ª jornada\nfinish: [Arcada, Gengis]\n")]
    assert standings_of_days(CAMPAIGN, "Casa", teams, days, "es", rules)["errors"] == []
    assert standings_of_days(CAMPAIGN, "Casa", teams, days, "es")["errors"] != []  # the book has no trasgo


# An event's campaign under its own §11 tables: the first finisher of a day gets 50 cripmaquiazos, a
# DT KO of a RES 4 runner 9 dureza points, the first over a gold summit 40 honour points.
HOUSE_CAMPAIGN = """\
system: cripmaquion
name: Campaña de la casa
edition: "2026"
house_rules:
  - set: tables/campaign/cripmaquiazos/1
    to: 50
  - set: tables/campaign/dureza/ko_dt/4
    to: 9
  - set: tables/campaign/honor/oro/1
    to: 40
"""


def test_a_campaign_follows_the_events_house_rules_on_the_command_line_and_the_desk_alike(tmp_path):
    from builder.events.packs import load_pack

    (tmp_path / "casa.yaml").write_text(HOUSE_CAMPAIGN, encoding="utf-8")
    pack = load_pack(tmp_path / "casa.yaml")
    desk = standings_of_days(CAMPAIGN, "El infierno de Amauta", TEAMS, example_days(), "es", pack)
    path = write_campaign(tmp_path / "campaña", CAMPAIGN, "El infierno de Amauta", TEAMS, example_days(), pack)
    written = path.parent / "pack.yaml"
    assert yaml.safe_load(written.read_text(encoding="utf-8")) == yaml.safe_load(HOUSE_CAMPAIGN)
    command = campaign_json(path, "--pack", str(written))
    for key in CLASSIFICATIONS:
        assert command[key] == desk[key]
    general = {r["runner"]: r["cripmaquiazos"] for r in desk["general"]}
    # Lizardo Rodríguez: 1st on day 1 and 2nd on day 2, 25 + 18 = 43 by the book, 50 + 18 = 68 here;
    # Arcada: 4th, then 1st, 12 + 25 = 37 by the book, 12 + 50 = 62 here.
    assert (general["Lizardo Rodríguez"], general["Arcada"]) == (68, 62)
    # Gurtlutz: day 1, Ram Amón (momia, RES 4) and Sangrefría (esqueleto, RES 1) by DT in one TP, the
    # best counts: 4, here 9; day 2, Charles Watson (humano, RES 3) by another KO 6 and Sangrefría by
    # DT 1. By the book 4 + 6 + 1 = 11, here 9 + 6 + 1 = 16.
    assert desk["dureza"][0]["runner"] == "Gurtlutz" and desk["dureza"][0]["points"] == 16
    # Arcada: 3rd over day 1's bronze summit (3) and 1st over day 2's gold: 3 + 30 = 33 by the book,
    # 3 + 40 = 43 here.
    assert desk["honor"][0]["runner"] == "Arcada" and desk["honor"][0]["points"] == 43
    # Without the pack, the book's tables (the first test): 43 and 11, as ever.
    book = campaign_json(path)
    assert (book["general"][0]["cripmaquiazos"], book["dureza"][0]["points"]) == (43, 11)


def test_a_campaign_under_an_event_takes_the_events_pinned_edition(tmp_path):
    from builder.events.packs import load_pack

    (tmp_path / "casa.yaml").write_text(HOUSE_CAMPAIGN, encoding="utf-8")
    path = write_campaign(tmp_path / "campaña", CAMPAIGN, "El infierno de Amauta", TEAMS, example_days())
    text = path.read_text(encoding="utf-8")
    path.write_text('edition: "1999"\n' + text, encoding="utf-8")
    # Alone, an edition builder doesn't have is an error (ruling 86); under the event, the event's
    # «2026» is the campaign's, and the campaign's own is only said.
    alone = CliRunner().invoke(cli, ["campaign", str(path), "--format", "json"])
    assert alone.exit_code == 1 and [e["code"] for e in json.loads(alone.output)["errors"]] == ["unknown-edition"]
    under = campaign_json(path, "--pack", str(tmp_path / "casa.yaml"))
    assert under["errors"] == [] and [w["code"] for w in under["warnings"]][:1] == ["unknown-edition"]
    assert under["general"][0]["cripmaquiazos"] == 68
    assert load_pack(tmp_path / "casa.yaml").rules.edition.name == "2026"


def test_a_pack_of_another_game_is_refused_by_builder_campaign(tmp_path):
    (tmp_path / "torneo.yaml").write_text("system: wartime\nname: Torneo\npoints_limit: 300\n", encoding="utf-8")
    done = CliRunner().invoke(cli, ["campaign", str(EXAMPLE / "infierno-de-amauta.yaml"), "--pack",
                                    str(tmp_path / "torneo.yaml"), "--lang", "en"])
    assert done.exit_code == 2 and "torneo.yaml:1" in done.output and "is for wartime" in done.output
    assert "Traceback" not in done.output


def test_an_event_may_pay_the_eleventh_gold_value_the_book_prints(tmp_path):
    from builder.events.packs import load_pack

    # Ruling 36a: gold rewards «los 10 primeros» but prints eleven values; Ech Pi El, 11th over day 2's
    # gold summit, scores nothing by the book, with a warning. An event that sets 11 places pays him
    # the eleventh value, 1 point, and says nothing (ruling 93).
    (tmp_path / "casa.yaml").write_text("system: cripmaquion\nname: Casa\nhouse_rules:\n"
                                        "  - set: tables/campaign/honor_places/oro\n    to: 11\n", encoding="utf-8")
    book = standings_of_days(CAMPAIGN, "Amauta", TEAMS, example_days(), "es")
    house = standings_of_days(CAMPAIGN, "Amauta", TEAMS, example_days(), "es", load_pack(tmp_path / "casa.yaml"))
    honor = lambda found: {r["runner"]: r["points"] for r in found["honor"]}.get("Ech Pi El", 0)  # noqa: E731
    assert (honor(book), honor(house)) == (0, 1)
    assert "campaign-gold-eleventh" in [w["code"] for w in book["warnings"]]
    assert "campaign-gold-eleventh" not in [w["code"] for w in house["warnings"]]
