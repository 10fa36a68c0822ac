"""Dungeon Universalis's hooks for the page's forms: choices, notes and field labels."""

from pathlib import Path

import pytest
import yaml

from builder.core.pipeline import evaluate
from builder.core.registry import get
from builder.systems.dungeon_universalis.expedition import joa
from tests.support import schema_node

SYSTEM = get("dungeon-universalis")
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "dungeon-universalis" / "criptas.yaml"


def expedition(*heroes: dict, **top) -> str:
    return yaml.safe_dump({"system": "dungeon-universalis", "name": "Grupo", **top, "heroes": list(heroes)},
                          allow_unicode=True)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_pattern_names_a_field_of_the_schema(lang):
    schema = SYSTEM.schema()
    for pattern, pairs in SYSTEM.choices({}, None, lang).items():
        assert schema_node(schema, schema, pattern.split("/")) is not None, pattern
        assert pairs and all(value and label for value, label in pairs), pattern


def test_the_skill_offered_is_the_one_the_check_asks_for(check):
    skills = [value for value, _ in SYSTEM.choices({}, None, "es")["heroes/*/skills/*"]]
    assert skills == [joa()["companions"]["animal_skill"]]
    # An animal needs the skill (l. 70): with the value offered, the check is satisfied.
    without = check(expedition({"name": "Aldric", "companion": {"name": "Lobo", "kind": "animal", "pv": 4}}))
    assert [f.code for f in without.findings.errors] == ["animal-needs-skill"]
    for skill in skills:
        ev = check(expedition({"name": "Aldric", "skills": [skill],
                               "companion": {"name": "Lobo", "kind": "animal", "pv": 4}}))
        assert ev.legal, skill


def test_choice_labels_in_each_language():
    assert SYSTEM.choices({}, None, "es")["heroes/*/skills/*"] == [("Adiestrar animal", "Adiestrar animal (para llevar un animal)")]
    assert SYSTEM.choices({}, None, "en")["heroes/*/skills/*"] == [("Adiestrar animal", "Adiestrar animal (to bring an animal)")]


@pytest.mark.parametrize("data", [{}, {"heroes": "no"}, {"heroes": [None, {"skills": 3}]}])
def test_choices_never_depend_on_a_broken_roster(data):
    assert SYSTEM.choices(data, None, "en") == SYSTEM.choices({}, None, "en")


@pytest.mark.book
def test_notes_of_the_example_worked_by_hand():
    """examples/dungeon-universalis/criptas.yaml, from the JOA's Consideraciones previas:
    a hero's PV is 10 + its experience: Aldric 10 + 5 = 15, Brenna 10 + 12 = 22, Corvin 10 + 0 = 10;
    expedition = 15 + 22 + 10 + companions 4 + 6 + items 3 + 5 = 65;
    reserve = 65 + 2 × 3 heroes (scenario repeated) − 12 (the leader) = 59;
    decks: obstacles 6 × 3 + 1 + 1 + 1 (more than 2 heroes) = 21, encounters ⌈65 ÷ 10⌉ = 7,
    power 6 × 3 + 1 + 1 = 20; 65 is not over 75: no epic rules."""
    ev = evaluate(EXAMPLE, "criptas.yaml")
    es = SYSTEM.notes(ev, "es")
    assert es["heroes/1"] == "22 PV (12 de experiencia) · Escudero: 6 PV"
    assert es["heroes/2"] == "10 PV (0 de experiencia)"
    assert es["leader_pv"] == "expedición: 65 PV · reserva del JOA: 59 PV"
    assert es["heroes"] == "mazos: 21 obstáculos, 7 encuentros, 20 de poder"
    en = SYSTEM.notes(ev, "en")
    assert en["heroes/0"] == "15 PV (5 experience) · Lobo: 4 PV"
    assert en["leader_pv"] == "expedition: 65 PV · JOA reserve: 59 PV"
    assert "" not in es and set(es) == set(en)


@pytest.mark.book
def test_an_epic_group_is_told_so(check):
    # Four heroes of 10 + 10 = 20 PV: 80 PV, over 75 (l. 651); decks 6 × 4 + 3 = 27, ⌈80 ÷ 10⌉ = 8, 6 × 4 + 2 = 26.
    ev = check(expedition(*({"name": f"H{i}", "xp": 10} for i in range(4))))
    assert SYSTEM.notes(ev, "en")["heroes"] == "decks: 27 obstacles, 8 encounters, 26 power · epic rules"


def test_notes_without_a_resolved_view(check):
    broken = check("system: dungeon-universalis\nname: Grupo\nheroes: []\n")
    assert broken.details is None
    assert SYSTEM.notes(broken, "es") == {}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_note_is_short(check, lang):
    heroes = [{"name": "H" * 40 + str(i), "xp": 500, "companion": {"name": "C" * 40 + str(i), "kind": "mercenary", "pv": 75}}
              for i in range(8)]
    ev = check(expedition(*heroes, leader_pv=1000, repeat_scenario=True))
    notes = SYSTEM.notes(ev, lang)
    assert len(notes) == 10 and all(0 < len(note) <= 70 for note in notes.values()), notes


def test_the_text_export_lists_items_apart_from_the_heroes_and_the_summary_gives_the_pv(check):
    from builder.export.plain import plain_text

    ev = check(expedition({"name": "Aldric", "xp": 5}, items=[{"name": "Poción", "pv": 2}]))
    # Issue 40: «Poción» was a row of the heroes' table. Aldric 10 + 5 XP = 15 PV, the potion 2: 17 PV.
    out = plain_text(ev, "es").splitlines()
    heroes = out[out.index("Héroe · XP · PV · Habilidades · Acompañantes") + 1:]
    assert heroes[0].startswith("- Aldric · 5 · 15")
    assert not any(line.startswith("- Poción") for line in heroes[:heroes.index("")])
    assert "Objetos" in out and "- Poción · 2" in out
    assert "17 PV" in out[1]
    assert ev.measure.render("en") == "17 PV"
