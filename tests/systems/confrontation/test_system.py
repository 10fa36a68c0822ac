"""Confrontation's hooks for the page's forms: choices, notes and field labels."""

from pathlib import Path

import pytest
import yaml

from builder.core.pipeline import evaluate
from builder.core.registry import get
from builder.systems.confrontation import catalog
from tests.support import schema_node

SYSTEM = get("confrontation")
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "confrontation" / "artilleria-no-dan-kar.yaml"


def force(machine: dict, **top) -> str:
    return yaml.safe_dump({"system": "confrontation", "name": "Fuerza", **top, "machines": [machine]}, allow_unicode=True)


def competency(key: str) -> dict:
    info = catalog.competencies()[key]
    out: dict = {"name": key}
    if info.takes_x:
        out["x"] = info.x_max or info.x_min
    if info.needs_access:
        out["access"] = catalog.access_sides()[0]
    return out


MOBILE = {"name": "Carro", "kind": "movil", "movement": 20, "weight": 10, "structure_points": 8}
IMMOBILE = {"name": "Cañón", "kind": "inmovil", "weight": 8, "structure_points": 6}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_pattern_names_a_field_of_the_schema(lang):
    schema = SYSTEM.schema()
    for pattern, pairs in SYSTEM.choices({}, None, lang).items():
        assert schema_node(schema, schema, pattern.split("/")) is not None, pattern
        assert pairs and all(value and label for value, label in pairs), pattern


@pytest.mark.parametrize("pattern, machine, where", [
    ("machines/*/competencies/*/name", MOBILE, "competencies"),
    ("machines/*/servants/*/competencies/*/name", IMMOBILE, "servants"),
])
def test_every_competency_offered_is_legal_where_it_is_offered(check, pattern, machine, where):
    offered = [value for value, _ in SYSTEM.choices({}, None, "es")[pattern]]
    assert len(offered) == len(set(offered))
    for value in offered:
        comp = competency(value)
        placed = {"competencies": [comp]} if where == "competencies" else {"servants": [{"name": "S", "competencies": [comp]}]}
        ev = check(force({**machine, **placed}))
        assert not ev.findings.errors, (value, [f.message("en") for f in ev.findings])


def test_the_two_lists_of_competencies_cover_the_catalog():
    both = SYSTEM.choices({}, None, "es")
    offered = {v for p in ("machines/*/competencies/*/name", "machines/*/servants/*/competencies/*/name")
               for v, _ in both[p]}
    assert offered == set(catalog.competencies())


def test_access_substitutes_and_boiler_offered_are_legal(check):
    choices = SYSTEM.choices({}, None, "en")
    for side, _ in choices["machines/*/competencies/*/access"]:
        ev = check(force({**MOBILE, "competencies": [{"name": "transporte", "x": 4, "access": side}]}))
        assert ev.legal, side
    substitutes = {key: 3 for key, _ in choices["machines/*/substitutes/*"]}
    for trait, _ in choices["machines/*/boiler/characteristic"]:
        ev = check(force({**IMMOBILE, "substitutes": substitutes, "boiler": {"characteristic": trait, "dice": 1}}))
        assert ev.legal, trait
    # The book's example of substitutes: «Tiro de 3 o más y … Disciplina de también al menos 3».
    assert {"tiro", "disciplina"} <= substitutes.keys()


def test_labels_say_x_and_moving_only():
    es = dict(SYSTEM.choices({}, None, "es")["machines/*/competencies/*/name"])
    en = dict(SYSTEM.choices({}, None, "en")["machines/*/competencies/*/name"])
    assert es["impacto"] == "Impacto/X (≥ 1) · solo ingenios móviles"
    assert en["impacto"] == "Impacto/X (≥ 1) · moving engines only"
    assert es["inalterable"] == "Inalterable"
    servants = dict(SYSTEM.choices({}, None, "es")["machines/*/servants/*/competencies/*/name"])
    assert servants["mecanico"] == "Mecánico/X (1–6)"


@pytest.mark.parametrize("data", [{}, {"machines": "no"}, {"machines": [None, 3, {"competencies": 7}]}, {"x": [1]}])
def test_choices_never_depend_on_a_broken_roster(data):
    assert SYSTEM.choices(data, None, "es") == SYSTEM.choices({}, None, "es")


@pytest.mark.book
def test_notes_of_the_example_worked_by_hand():
    """examples/confrontation/artilleria-no-dan-kar.yaml, from Confrontation: Fortification:
    Carro de guerra: PE 8 -> −1/−2/−3 once ⌈8 × ¼⌉ = 2, ⌈8 × ½⌉ = 4, ⌈8 × ¾⌉ = 6 PE are lost;
      Peso 10 -> a Viraje every full 10 cm; Impacto/3, MOV 20 -> a run of 2 × 20 = 40 cm, four
      10 cm bands: 3 × 1, 3 × 2, 3 × 3, 3 × 4 = 3, 6, 9, 12, and 3 × 4 = 12 with Irreprimible's marker;
      Transporte/4 holding 2 normal fighters = 2 × 2 = 4 places.
    Destroza-Montañas: immobile, Peso 8 pushed by 4 servants: 8 − 2 × (4 − 1) = 2.
    Points: 90 + 75 = 165 of a limit of 200."""
    ev = evaluate(EXAMPLE, "artilleria-no-dan-kar.yaml")
    es = SYSTEM.notes(ev, "es")
    assert es["machines"] == "165 de 200 puntos"
    assert es["machines/0"] == "90 puntos · −1/−2/−3 al perder 2/4/6 PE · un viraje cada 10 cm"
    assert es["machines/0/structure_points"] == "−1/−2/−3 al perder 2/4/6 PE"
    assert es["machines/0/embarked"] == "4 de 4 plazas a bordo"
    assert es["machines/0/competencies/1"] == "≤10 cm: 3, ≤20 cm: 6, ≤30 cm: 9, ≤40 cm: 12 · velocidad: FUE 12"
    assert es["machines/1"] == "75 puntos · −2 al movimiento de sus servidores"
    en = SYSTEM.notes(ev, "en")
    assert en["machines"] == "165 of 200 points"
    assert en["machines/1/servants"] == "−2 to its servants' movement"
    assert "machines/1/structure_points" not in en  # an immobile engine takes no PE penalty


def test_a_long_impact_is_cut_to_its_strongest_hit(check):
    # Impacto/2 with MOV 100: 2 × 100 = 200 cm, 20 bands, the last 2 × 20 = 40; too many to list.
    ev = check(force({**MOBILE, "movement": 100, "competencies": [{"name": "impacto", "x": 2}]}))
    notes = SYSTEM.notes(ev, "en")
    assert notes["machines/0/competencies/0"] == "impact up to FUE 40 (≤200 cm)"
    assert all(len(note) <= 70 for note in notes.values())


def test_notes_without_a_resolved_view(check):
    broken = check("system: confrontation\nname: Fuerza\nmachines: [{name: X}]\n")
    assert broken.details is None
    assert SYSTEM.notes(broken, "es") == {}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_note_is_short(check, lang):
    machine = {**MOBILE, "cost": 9999, "movement": 23.5, "competencies": [competency("irreprimible"), competency("impacto"),
               competency("transporte")], "embarked": [{"name": "a", "count": 2}]}
    ev = check(force(machine, points_limit=9999))
    notes = SYSTEM.notes(ev, lang)
    assert notes and all(0 < len(note) <= 70 for note in notes.values()), notes


def test_the_points_note_of_a_force_priced_in_part_says_at_least(check):
    # Ruling 44b: the Carro costs 90 and the Cañón carries no cost, so 90 is a floor. Without a limit
    # «al menos 90 puntos»; under a limit of 200 (where the missing cost is an error, 44a) «al menos
    # 90 de 200 puntos».
    text = yaml.safe_dump({"system": "confrontation", "name": "Fuerza",
                           "machines": [{**MOBILE, "cost": 90}, IMMOBILE]}, allow_unicode=True)
    free = check(text)
    assert SYSTEM.notes(free, "es")["machines"] == "al menos 90 puntos"
    assert SYSTEM.notes(free, "en")["machines"] == "at least 90 points"
    limited = check(text.replace("name: Fuerza", "name: Fuerza\npoints_limit: 200"))
    assert [f.code for f in limited.findings.errors] == ["missing-cost"]
    assert SYSTEM.notes(limited, "es")["machines"] == "al menos 90 de 200 puntos"
    assert SYSTEM.notes(limited, "en")["machines"] == "at least 90 of 200 points"
