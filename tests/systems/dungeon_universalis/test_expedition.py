"""Dungeon Universalis expeditions: the JOA's budget and decks worked by hand."""

import pytest

from tests.support import codes, only


def expedition(heroes: str, head: str = "", items: str = "") -> str:
    return ("system: dungeon-universalis\nname: Expedición\n" + head + "heroes:\n" + heroes
            + (f"items:\n{items}" if items else ""))


def hero(name: str, xp: int = 0, extra: str = "") -> str:
    return f"  - {{name: {name}, xp: {xp}{extra}}}\n"


def test_two_heroes(check):
    ev = check(expedition(hero("A", 5) + hero("B", 0), head="leader_pv: 12\n", items="  - {name: Espada, pv: 3}\n"))
    # PV: (10 + 5) + (10 + 0) + 3 = 28; reserve 28 − 12 = 16.
    assert (ev.extra["expedition_pv"], ev.extra["joa_reserve"]) == (28, 16)
    # Decks for 2 heroes: obstacles 6 × 2 + 1 thief + 1 ambush = 14; encounters ⌈28 / 10⌉ = 3;
    # power 6 × 2 + 1 reinforcements = 13.
    assert ev.extra["decks"] == {"obstacles": 14, "encounters": 3, "power": 13}
    assert ev.legal


def test_three_heroes_add_an_ambush_and_reinforcements(check):
    ev = check(expedition(hero("A") + hero("B") + hero("C")))
    # PV 30: obstacles 18 + 1 + 1 + 1 = 21; encounters ⌈30 / 10⌉ = 3 (exact); power 18 + 1 + 1 = 20.
    assert ev.extra["decks"] == {"obstacles": 21, "encounters": 3, "power": 20}


def test_repeating_a_scenario_adds_two_per_hero(check):
    ev = check(expedition(hero("A", 1) + hero("B", 2) + hero("C", 3), head="repeat_scenario: true\nleader_pv: 20\n"))
    # PV 11 + 12 + 13 = 36; reserve 36 + 2 × 3 − 20 = 22.
    assert (ev.extra["expedition_pv"], ev.extra["joa_reserve"]) == (36, 22)


def test_companions_and_epic_flag(check):
    heroes = (hero("A", 30, ", skills: [Adiestrar animal], companion: {name: Lobo, kind: animal, pv: 4}")
              + hero("B", 30, ", companion: {name: Escudero, kind: mercenary, pv: 6}"))
    ev = check(expedition(heroes, items="  - {name: Reliquia, pv: 6}\n"))
    # PV 40 + 40 + 4 + 6 + 6 = 96 > 75: epic. Encounters ⌈96 / 10⌉ = 10.
    assert ev.extra["expedition_pv"] == 96 and ev.extra["epic"] is True
    assert ev.extra["decks"]["encounters"] == 10
    # The leader without a reserve counter: 96 // 10 = 9 vitality, 96 // 20 = 4 if tough; 2 heroes -> 0 actions.
    assert ev.details["leader"] == {"extra_vitality": 9, "extra_vitality_tough": 4, "extra_actions": 0}


def test_exactly_75_is_not_epic(check):
    ev = check(expedition(hero("A", 65)))   # 10 + 65 = 75
    assert ev.extra["epic"] is False


def test_companion_limit_per_hero(check):
    heroes = hero("A", 0, ", companion: [{name: X, kind: mercenary, pv: 2}, {name: Y, kind: mercenary, pv: 2}]")
    finding = only(check(expedition(heroes)), "companion-limit")
    assert finding.variant == "hero"


def test_companion_limit_per_group(check):
    heroes = "".join(hero(n, 0, f", companion: {{name: M{n}, kind: mercenary, pv: 2}}") for n in "ABC")
    finding = only(check(expedition(heroes)), "companion-limit")
    assert finding.variant == "group" and finding.params["count"] == 3


def test_duplicate_companion(check):
    heroes = (hero("A", 0, ", companion: {name: Escudero, kind: mercenary, pv: 6}")
              + hero("B", 0, ", companion: {name: escudero, kind: mercenary, pv: 6}"))
    assert codes(check(expedition(heroes))) == ["duplicate-companion"]


def test_animal_needs_the_skill(check):
    assert codes(check(expedition(hero("A", 0, ", companion: {name: Lobo, kind: animal, pv: 4}")))) == ["animal-needs-skill"]
    ok = hero("A", 0, ", skills: [adiestrar ANIMAL], companion: {name: Lobo, kind: animal, pv: 4}")
    assert check(expedition(ok), name="b.yaml").legal


def test_an_expedition_needs_heroes_and_valid_kinds(check):
    assert codes(check("system: dungeon-universalis\nname: X\nheroes: []\n")) == ["invalid-field"]
    ev = check(expedition(hero("A", 0, ", companion: {name: Lobo, kind: dragon, pv: 4}")), name="b.yaml")
    assert codes(ev) == ["invalid-field"]
    assert codes(check(expedition(hero("A", -1)), name="c.yaml")) == ["value-out-of-range"]


@pytest.mark.parametrize("heroes, actions", [(1, 0), (2, 0), (3, 1), (4, 2), (6, 2)])
def test_leader_extra_actions(check, heroes, actions):
    ev = check(expedition("".join(hero(f"H{i}") for i in range(heroes))))
    assert ev.details["leader"]["extra_actions"] == actions


def test_the_example_expedition():
    from pathlib import Path

    from builder.core.pipeline import evaluate

    ev = evaluate(Path(__file__).resolve().parents[3] / "examples" / "dungeon-universalis" / "criptas.yaml", "x.yaml")
    # Heroes 15 + 22 + 10 = 47, companions 4 + 6, items 3 + 5: 65. Reserve 65 + 6 − 12 = 59.
    assert ev.legal
    assert (ev.extra["expedition_pv"], ev.extra["joa_reserve"], ev.extra["epic"]) == (65, 59, False)
    assert ev.extra["decks"] == {"obstacles": 21, "encounters": 7, "power": 20}


@pytest.mark.parametrize("xp, repeat, leader, before, shown, short", [
    # The reserve is the expedition's PV, + 2 per hero for a repeated scenario (l. 13–17), less the
    # leader's PV (l. 19). The counter never goes below 0 (ruling 51a): a dearer leader leaves it empty.
    (0, False, 12, 10, 0, 2),    # one hero 10 + 0 = 10 PV; 10 − 12 = −2 → 0, 2 short
    (0, False, 10, 10, 0, 0),    # 10 − 10 = 0: exactly spent, nothing short
    (0, True, 12, 12, 0, 0),     # 10 + 2 × 1 = 12; 12 − 12 = 0
    (0, True, 13, 12, 0, 1),     # 12 − 13 = −1 → 0, 1 short
    (5, False, 40, 15, 0, 25),   # 10 + 5 = 15; 15 − 40 = −25 → 0, 25 short
    (5, False, 9, 15, 6, 0),     # 15 − 9 = 6
])
def test_a_leader_dearer_than_the_reserve(check, xp, repeat, leader, before, shown, short):
    head = f"repeat_scenario: {str(repeat).lower()}\nleader_pv: {leader}\n"
    ev = check(expedition(hero("A", xp), head=head))
    assert ev.extra["joa_reserve"] == shown == ev.details["joa_reserve"]
    assert ev.legal   # the scenario sets the leader: the heroes' expedition is not at fault
    if short:
        finding = only(ev, "leader-over-reserve")
        assert finding.severity == "warning"
        assert (finding.place.path, finding.place.line) == (("leader_pv",), 4)
        assert finding.params == {"reserve": before, "leader": leader, "short": short}
        assert "51a" in finding.message("es") and "51a" in finding.message("en")
    else:
        assert codes(ev, "warning") == []


def test_the_sheet_floors_the_reserve_too(check):
    from builder.systems.dungeon_universalis.sheets import workbook

    # 10 − 12 = −2 on paper; the spreadsheet's formula keeps it at 0 as builder does (ruling 51a).
    ev = check(expedition(hero("A"), head="leader_pv: 12\n"))
    (reserve,) = [f for f in workbook(ev, "es").facts if f.label == "Puntos de reserva del JOA"]
    assert reserve.formula == "MAX(0,{fact:pv}+0-{fact:leader})"
