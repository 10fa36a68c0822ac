"""The page's hooks for Wartime: the names and table values a form offers (each one the check
accepts), the figures beside each part of a roster (worked out by hand from the rulebook's cost
tables), and a label for every key of the file in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core import messages
from builder.core.pipeline import evaluate
from builder.core.registry import get
from builder.core.system import Evaluation
from builder.systems.wartime.page import NOTE_MOST, choices, notes
from tests.systems.wartime.test_system import evaluate_text

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wartime"
SYSTEM = get("wartime")


def run(name: str) -> Evaluation:
    return evaluate(EXAMPLES / name, name)


def read(name: str):
    return yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))


# --- choices -------------------------------------------------------------------------------------


def base_roster() -> dict:
    """The Fénix Warbook written inline, and one squad whose member rides a transport, so that every
    path a choice is offered for exists (or can be made) in it."""
    return {"system": "wartime", "name": "Prueba", "warbook": read("fenix-warbook.yaml")["warbook"],
            "squads": [{"name": "Alfa", "members": [{"character": "Explorador", "count": 1}]}]}


def put(data, pattern: str, value) -> None:
    """Write ``value`` at ``pattern``'s path, making what is missing on the way: each ``*`` is the
    first position of its list, but after ``magazines`` the key, the weapon a magazine is bought for."""
    parts = pattern.split("/")
    node = data
    for i, part in enumerate(parts):
        leaf = value
        if part == "*" and parts[i - 1] == "magazines":
            key, leaf = value, 1
        elif part == "*" or part.isdigit():
            key = 0 if part == "*" else int(part)
            node.extend([None] * (key + 1 - len(node)))
        else:
            key = part
        if i == len(parts) - 1:
            node[key] = leaf
            return
        following = parts[i + 1]
        wanted = list if (following == "*" or following.isdigit()) and part != "magazines" else dict
        if not isinstance(node[key] if isinstance(node, list) else node.get(key), wanted):
            node[key] = wanted()
        node = node[key]


def offered(name: str) -> set[tuple[str, str]]:
    return {(pattern, value) for pattern, values in SYSTEM.choices(read(name), run(name), "es").items()
            for value, _ in values}


NUMBERS = ("con", "agi", "int", "rea", "vol", "damage", "protection", "defense", "front", "left", "right", "rear",
           "energy", "fortune")


@pytest.mark.parametrize("name", ["compania-fenix.yaml", "fenix-warbook.yaml"])
def test_every_value_offered_is_accepted_by_the_check(name):
    seen = offered(name)
    assert len(seen) > 150  # names from the Warbook and the values of the cost tables
    for pattern, value in sorted(seen):
        roster = base_roster()
        put(roster, pattern, int(value) if pattern.rsplit("/", 1)[-1] in NUMBERS else value)
        ev = evaluate_text(yaml.safe_dump(roster, allow_unicode=True))
        # The file validates (the value has the schema's type and range) and names nothing unknown.
        assert ev.details is not None, (pattern, value, [f.message("en") for f in ev.findings])
        refused = [f.code for f in ev.findings if f.code in ("unknown-reference", "crew-member-with-transport")]
        if "/magazines/" in pattern and "/*/magazines/" not in pattern:
            refused += [f.code for f in ev.findings if f.code == "magazine-weapon-not-carried"]
        assert refused == [], (pattern, value)


def test_names_come_from_the_warbook_whichever_file_holds_it():
    outside, inside = SYSTEM.choices(read("compania-fenix.yaml"), run("compania-fenix.yaml"), "es"), \
        SYSTEM.choices(read("fenix-warbook.yaml"), run("fenix-warbook.yaml"), "es")
    # Fusilero: Soldado raso 13 + Fusil de asalto 16 + Cuchillo 5 + Chaleco 5 + Casco 1 = 40 (test_system).
    assert outside["squads/*/members/*/character"] == inside["squads/*/members/*/character"] == [
        ("Fusilero", "Fusilero · 40 puntos"), ("Sargento", "Sargento · 58 puntos"),
        ("Granadero", "Granadero · 42 puntos"), ("Explorador", "Explorador · 23 puntos")]
    # A crew member may not ride a transport of his own: the Explorador (on his Moto) is not offered.
    assert [v for v, _ in inside["squads/*/members/*/crew/*/character"]] == ["Fusilero", "Sargento", "Granadero"]
    assert inside["warbook/characters/*/protections/*"] == [("Chaleco antibalas", "Chaleco antibalas · 5 puntos"),
                                                             ("Casco", "Casco · 1 punto")]
    assert SYSTEM.choices(read("fenix-warbook.yaml"), run("fenix-warbook.yaml"), "en")[
        "warbook/characters/*/transport"] == [("Moto de exploración", "Moto de exploración · 5 points")]


def test_magazines_are_offered_for_the_weapons_each_archetype_carries():
    got = SYSTEM.choices(read("columna-blindada.yaml"), run("columna-blindada.yaml"), "es")
    # The Jefe de carro carries a Pistola and pilots the Carro medio: he buys for both (ruling 18a).
    assert [v for v, _ in got["warbook/characters/0/magazines/*"]] == ["Pistola", "Cañón de 75 mm", "Ametralladora"]
    assert [v for v, _ in got["warbook/transports/0/magazines/*"]] == ["Cañón de 75 mm", "Ametralladora"]
    assert "warbook/characters/1/magazines/*" not in got  # the Artillero carries no weapon


def test_table_values_are_labelled_with_their_cost():
    got = choices({}, None, "es")
    # Attributes 1..10 cost 0,1,2,3,4,6,10,17,28,45: CON 7 costs 10 (Arquetipos corporales · Paso 1).
    assert got["warbook/bodies/*/con"][6] == ("7", "7 · 10 puntos")
    # Damage 4 costs 20 (grades 5,10,...); energy 2 takes 10 off a weapon's cost.
    assert got["warbook/weapons/*/damage"][3] == ("4", "4 · 20 puntos")
    assert got["warbook/weapons/*/energy"][1] == ("2", "2 · −10 puntos")
    # Fortune from 0 (free) to 10; fortune 2 costs 15 (Arquetipos de personaje · Paso 6).
    assert got["warbook/characters/*/fortune"][:3] == [("0", "0 · 0 puntos"), ("1", "1 · 10 puntos"),
                                                       ("2", "2 · 15 puntos")]
    assert not any(p.startswith("squads/") for p in got)  # no Warbook, no names


def test_an_inline_warbook_that_does_not_validate_still_offers_its_names():
    data = {"system": "wartime", "name": "x", "warbook": {
        "bodies": [{"name": "Soldado"}, "basura", {"name": 7}, {"name": "Soldado"}],
        "characters": [{"name": "Tirador", "body": "Soldado", "transport": "Jeep"}, {"name": "A pie"}],
        "weapons": "no es una lista"}}
    ev = evaluate_text(yaml.safe_dump(data))
    assert ev.details is None
    got = SYSTEM.choices(data, ev, "es")
    assert got["warbook/characters/*/body"] == [("Soldado", "Soldado")]  # unpriced: the name alone
    assert got["squads/*/members/*/character"] == [("Tirador", "Tirador"), ("A pie", "A pie")]
    assert got["squads/*/members/*/crew/*/character"] == [("A pie", "A pie")]
    assert "warbook/characters/*/weapons/*" not in got


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.sampled_from(["name", "kind", "character"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["warbook", "characters", "bodies", "weapons", "transports", "name", "transport", "kind",
                         "cost", "squads", "members", "crew_of", "archetypes", "formation", "breakdown", "minimum",
                         "magazines_cost", "archetype_cost", "points", "count"]) | st.text(max_size=3),
        inner, max_size=5),
    max_leaves=25)


@settings(max_examples=200, deadline=None)
@given(data=JSONISH, details=JSONISH, inputs=st.booleans())
def test_any_data_and_any_view_give_choices_and_notes_without_failing(data, details, inputs):
    ev = Evaluation("wartime", "x", (), view=details, inputs=(Path("otro.yaml"),) if inputs else ())
    got = choices(data, ev, "en")
    assert all(isinstance(v, str) and isinstance(label, str) for values in got.values() for v, label in values)
    said = notes(ev, "en")
    assert all(isinstance(n, str) and len(n) <= NOTE_MOST for n in said.values())


# --- notes ---------------------------------------------------------------------------------------


def test_notes_of_the_fenix_company_worked_out_from_the_cost_tables():
    said = SYSTEM.notes(run("compania-fenix.yaml"), "es")
    # Fusilero: Soldado raso 4/4/3/4/3 → 3+3+2+3+2 = 13; Fusil de asalto 20 + 4×15×0,1 (6) − 10 = 16;
    # Cuchillo 10 − 5 = 5; Chaleco 15 − 10 = 5; Casco 5 − 5 = 0 → 1 (minimum): 13+16+5+5+1 = 40 each.
    assert said["squads/0/members/1"] == "3 × 40 = 120 puntos"
    # Sargento: Veterano 5/6/4/5/5 → 4+6+3+4+4 = 21; Fusil 16; Chaleco 5; Radio (3 − 5 → 1); fortune 2: 15.
    # 21+16+5+1+15 = 58. Alfa: 58 + 120 = 178. Energy: the lowest, Soldado raso REA 4 + 5 = 9 (the
    # Veterano's 5 + 5 = 10); reaction: the lowest REA, 4; will: the highest VOL, 5, + 4 members // 5 = 5.
    assert said["squads/0"] == "178 puntos · energía 9 · reacción 4 · voluntad 5"
    # Granadero: 13 + Lanzagranadas (25 + 5×20×0,1 (10) + 5×7 K²×0,1 (3,5 → 4) − 15 = 24) + Chaleco 5 = 42.
    assert said["squads/1/members/0"] == "1 × 42 = 42 puntos"
    # Bravo 42 + 40 = 82, Exploradores 23 (13 + Moto 10 − 5 = 5 + Cuchillo 5): 178 + 82 + 23 = 283.
    assert said["squads"] == "283 de 300 puntos · 7 miniaturas"
    # Its Warbook is in another file: no path of this one is an archetype.
    assert not any(path.startswith("warbook") for path in said)


def test_notes_of_a_warbook_give_each_archetype_its_price():
    said = SYSTEM.notes(run("fenix-warbook.yaml"), "en")
    assert said["warbook/characters/1"] == "58 points"  # the Sargento, as above
    # Casco: protection 1 (5) − energy 1 (5) = 0, raised to the 1-point minimum; Radio: 3 − 5 = −2 → 1.
    assert said["warbook/protections/1"] == "1 point, the minimum (it added up to 0)"
    assert said["warbook/objects/0"] == "1 point, the minimum (it added up to -2)"
    assert "warbook/zones/0" not in said and not any(p.startswith("squads") for p in said)


def test_notes_split_magazines_and_show_a_formations_values():
    said = SYSTEM.notes(run("columna-blindada.yaml"), "es")
    # Jefe de carro: Tanquista 17 + Carro medio's archetype 90 + 64 − 15 = 139 + Pistola 13 + Mono 1 = 170;
    # magazines: his Pistola 2 × 3 = 6 and the Carro's 4 × 7 + 2 × 4 = 36, 42 on top (ruling 5a).
    assert said["warbook/characters/0"] == "212 puntos: arquetipo 170 + cargadores 42"
    assert said["squads/0/members/0/crew/1"] == "2 × 14 = 28 puntos"  # a Cargador in each of the 2 tanks
    formation = SYSTEM.notes(run("asalto-ilegal.yaml"), "en")
    # The lone Explorador rides his Moto (defense 2): as a formation he is hit as the transport.
    assert formation["squads/2"].endswith("def. 2 · fort. 0")


def test_every_note_is_short_and_none_without_a_view():
    for example in EXAMPLES.glob("*.yaml"):
        for lang in messages.LANGUAGES:
            assert all(len(n) <= NOTE_MOST for n in SYSTEM.notes(run(example.name), lang).values())
    assert SYSTEM.notes(Evaluation("wartime", "x", ()), "es") == {}


# --- labels --------------------------------------------------------------------------------------




def test_a_magazine_is_offered_by_its_weapons_name_alone():
    # A magazine is priced apart from its weapon (ruling 5a): the weapon's price beside its name
    # would read as the magazine's.
    ev = run("fenix-warbook.yaml")
    offered_here = choices(ev.source.data, ev, "es")
    assert ("Fusil de asalto", "Fusil de asalto") in offered_here["warbook/characters/*/magazines/*"]
    assert all(value == label for value, label in offered_here["warbook/characters/1/magazines/*"])
