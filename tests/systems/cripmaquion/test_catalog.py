"""builder's Cripmaquión catalogs against an independent transcription of the rulebook
(data/reference.json, made without seeing the catalogs)."""

import json
import re
from pathlib import Path

import pytest

from builder.core.names import fold
from builder.systems.cripmaquion import catalog

REF = json.loads((Path(__file__).parent / "data" / "reference.json").read_text(encoding="utf-8"))


def key(name: str) -> str:
    return fold(name)


@pytest.mark.parametrize("race", sorted(REF["races"]))
def test_race_values_and_skills(race):
    expected = REF["races"][race]
    got = catalog.races()[race]
    assert (got.fue, got.res) == (expected["fue"], expected["res"])
    assert sorted(map(key, got.skills)) == sorted(map(key, expected["skills"]))


def test_there_are_fifteen_races_and_the_brujo():
    assert len(catalog.races()) == 16
    assert set(catalog.races()) == set(REF["races"])


@pytest.mark.parametrize("skill", sorted(REF["skills"]))
def test_skill_use(skill):
    by_fold = {key(k): s for k, s in catalog.skills().items()}
    assert by_fold[key(skill)].use == REF["skills"][skill]["use"]


def test_every_racial_skill_is_described():
    for race in catalog.races().values():
        for skill in race.skills:
            assert skill in catalog.skills(), (race.key, skill)


def test_stars():
    assert {k: frozenset(v) for k, v in catalog.stars().items()} == \
        {k: frozenset(v) for k, v in REF["stars"].items()}


def test_spells():
    ours = {key(s["name"]): s for s in catalog.spells()}
    assert set(ours) == {key(n) for n in REF["spells"]}
    for name, expected in REF["spells"].items():
        spell = ours[key(name)]
        assert (spell["kind"], spell["interrupter"]) == (expected["kind"], expected["interrupter"]), name
        if expected["duration"] is None or re.fullmatch(r"[\dD]+( TC)?", expected["duration"]):
            assert spell["duration"] == expected["duration"], name
        else:  # a duration written as a condition ("hasta ..."): same wording is not required
            assert spell["duration"], name
        assert spell["summary"] and len(spell["summary"]) <= 140, name


def test_dice_guide():
    guide = catalog.tables()["dice_guide"]
    for terrain, columns in REF["dice_guide"].items():
        for column, dice in columns.items():
            # The reference names columns "brincamontes_ligero"; the catalog "ligero_brincamontes".
            ours = column.split("_", 1)[1] + "_brincamontes" if column.startswith("brincamontes_") else column
            assert guide[ours][terrain] == dice, (terrain, column)


def test_combat_table():
    combat = catalog.tables()["combat"]
    for fue, row in REF["combat_needed"].items():
        assert combat["needed"][int(fue)] == [row[str(res)] for res in range(1, 6)]
    assert combat["ko_roll"] == REF["ko_roll"] == 6
    assert combat["rompehuesos"]["ko_roll"] == min(REF["rompehuesos_ko_on"]) == 5


def test_restriction_table():
    table = catalog.tables()["restrictions"]["specialty_limit"]
    assert {str(k): v for k, v in table.items()} == REF["restriction_table"]


def test_campaign_scores():
    campaign = catalog.tables()["campaign"]
    assert campaign["cripmaquiazos"] == [REF["cripmaquiazos"][str(i)] for i in range(1, 11)]
    for res, points in REF["dureza"].items():
        assert campaign["dureza"]["ko_dt"][int(res)] == points["ko_dt"]
        assert campaign["dureza"]["other_ko"][int(res)] == points["otros_ko"]
    assert campaign["honor"] == REF["honor"]


@pytest.mark.parametrize("written, expected", [
    ("Hombre Rata", "hombre-rata"), ("hombre_rata", "hombre-rata"), ("HOMBRE-LAGARTO", "hombre-lagarto"),
    ("Zombi", "zombi"), ("Brujo", "brujo"), ("hombrerata", "hombre-rata"), ("dragón", None),
])
def test_race_lookup_forgives_spelling(written, expected):
    assert catalog.lookup("race", written) == expected


def test_specialty_lookup_knows_stars_and_gregario():
    assert catalog.lookup("specialty", "Martillo") == "martillo"
    assert catalog.lookup("specialty", "Rompe Huesos") == "rompehuesos"
    assert catalog.lookup("specialty", "gregario") == "gregario"
    assert catalog.suggest("specialty", "rompehueso") == "rompehuesos"
