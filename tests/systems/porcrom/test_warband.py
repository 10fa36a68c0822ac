"""¡Por Crom! warbands: each rule and table number, worked from the rules by hand."""

import pytest

from builder.systems.porcrom.warband import parse_step
from tests.support import codes, only


def warband(characters: str = "", minions: str = "") -> str:
    return ("system: porcrom\nname: Banda\n"
            + (f"characters:\n{characters}" if characters else "")
            + (f"minions:\n{minions}" if minions else ""))


def group(count: int = 3, track: str = '["2-2-0", "1-1-0", "0-0-0"]', extra: str = "") -> str:
    return f"  - {{name: Guardias, count: {count}, track: {track}{extra}}}\n"


@pytest.mark.parametrize("count, legal", [(1, False), (2, True), (5, True), (6, False)])
def test_minion_group_size(check, count, legal):
    ev = check(warband(minions=group(count)))
    assert ev.legal == legal
    if not legal:
        assert only(ev, "minion-group-size").place.path == ("minions", 0, "count")


@pytest.mark.parametrize("track", [
    '["2-2-0", "1-1-0", "0-0-0"]',                                   # the book's guard
    '["3-5-0", "3-4-0", "3-3-0", "2-2-0", "1-1-0", "muerto"]',       # the book's spawn
    '["2-2-4", "2-2-3", "2-2-2", "1-1-1", "Muerto"]',                # the book's priest
])
def test_the_books_tracks_are_legal(check, track):
    assert check(warband(minions=group(track=track))).legal


@pytest.mark.parametrize("track, variant, step", [
    ('["2-2-0", "1-3-0", "0-0-0"]', "gains", 1),   # combat goes 2 -> 3
    ('["2-2-0", "2-2-0", "0-0-0"]', "same", 1),    # loses no die
    ('["2-2-0", "1-1-0"]', "not-dead", 1),         # doesn't end dead
    ('["2-2-0", "dos-1-0", "0-0-0"]', "format", 1),
    ('["muerto"]', "starts-dead", 0),              # a group can't take the table dead
    ('["0-0-0"]', "starts-dead", 0),
])
def test_damage_track(check, track, variant, step):
    finding = only(check(warband(minions=group(track=track))), "damage-track")
    assert finding.variant == variant
    assert finding.place.path == ("minions", 0, "track", step)


@pytest.mark.parametrize("dice, warned", [(9, True), (10, False), (16, False), (17, True)])
def test_unusual_dice_pool_is_a_warning(check, dice, warned):
    ev = check(warband(characters=f"  - {{name: Conan, dice: {dice}}}\n"))
    assert ev.legal
    assert ("dice-pool-unusual" in codes(ev, "warning")) == warned


def test_character_sheet(check):
    ev = check(warband(characters="  - {name: Conan, dice: 15, horse: true, heavy_armor: true, "
                                  "weapons: [Pistola, jabalinas, 'Trueno de mano', arco, espada]}\n"))
    conan = ev.details["characters"][0]
    assert conan["jump_inches"] == 7.5                # half of 15
    assert conan["horse_movement_dice"] == 6          # a horse gives 6d6 of movement
    # On a horse the armour doesn't slow him; it still adds 1d6 in combat and against shots.
    assert conan["armor_effects"] == {"movement_per_die": 0, "combat_dice": 1,
                                      "defending_against_shots_dice": 1, "can_swim": False}
    ranges = {w["name"]: w["range"] for w in conan["weapons"]}
    assert ranges == {"Pistola": 4, "jabalinas": 12, "Trueno de mano": 12, "arco": None, "espada": None}
    assert [w["melee"] for w in conan["weapons"]] == [False, False, False, False, True]
    assert conan["rulings"] == ["50e"]                # an armoured rider's swimming is builder's ruling


def test_armour_on_foot_slows_each_movement_die(check):
    ev = check(warband(characters="  - {name: Taramis, dice: 12, heavy_armor: true}\n"))
    taramis = ev.details["characters"][0]
    assert taramis["armor_effects"]["movement_per_die"] == -1
    assert taramis["jump_inches"] == 6 and taramis["horse_movement_dice"] is None


def test_minion_sheet(check):
    ev = check(warband(minions=group(track='["2-2-4", "1-1-1", "muerto"]', extra=", weapons: [ballesta]")))
    guard = ev.details["minions"][0]
    assert guard["jump_inches"] == 2
    assert guard["track"][0] == {"text": "2-2-4", "dead": False, "movimiento": 2, "combate": 2, "especial": 4}
    assert guard["track"][-1]["dead"] is True
    assert guard["weapons"][0]["reload"] is True


def test_armour_on_a_minion_group_has_the_same_effects_as_on_a_character_on_foot(check):
    # Heavy armour is a per-figure modifier (Movimiento l. 39: -1 on each movement die, never
    # below 1, no swimming; Combate l. 68 and Disparar l. 88: +1d6). Minions roll movement too
    # (Secuaces, l. 23: one roll for the whole group) and never ride, so nothing offsets it.
    ev = check(warband(minions=group(extra=", heavy_armor: true")))
    guard = ev.details["minions"][0]
    assert guard["armor_effects"] == {"movement_per_die": -1, "combat_dice": 1,
                                      "defending_against_shots_dice": 1, "can_swim": False}
    assert check(warband(minions=group())).details["minions"][0]["armor_effects"] is None


def test_inspect_names_a_minion_groups_armour(check):
    from builder.systems.porcrom.system import SYSTEM

    ev = check(warband(minions=group(extra=", heavy_armor: true")))
    assert "Guardias ×3: 2-2-0 → 1-1-0 → muerto · armadura pesada" in SYSTEM.inspect_text(ev, "es")
    assert "Guardias ×3: 2-2-0 → 1-1-0 → dead · heavy armour" in SYSTEM.inspect_text(ev, "en")


def test_parse_step():
    assert parse_step("3-5-0") == (3, 5, 0)
    assert parse_step(" 1 - 1 - 0 ") == (1, 1, 0)
    assert parse_step("MUERTO") == (0, 0, 0)
    assert parse_step("0-0-0 (muerto)") == (0, 0, 0)     # as the book writes the guard's last step
    assert parse_step("1-1-0 (muerto)") is None          # dead, yet with dice
    assert parse_step("3-5") is None
    assert parse_step("２-2-0") is None                   # a full-width digit is not a number of dice


def test_structure_errors(check):
    ev = check(warband(characters="  - {name: Conan, dice: 0}\n", minions=group(extra=", cuont: 2")))
    assert sorted(codes(ev)) == ["invalid-field", "value-out-of-range"]


def test_the_example_warband():
    from pathlib import Path

    from builder.core.pipeline import evaluate

    ev = evaluate(Path(__file__).resolve().parents[3] / "examples" / "porcrom" / "lobos-de-zamora.yaml", "banda.yaml")
    assert ev.legal and ev.findings == ()
    # Conan 14 / 2 = 7"; Taramis 11 / 2 = 5.5"; Thoth-Amon 12 / 2 = 6".
    assert [c["jump_inches"] for c in ev.details["characters"]] == [7, 5.5, 6]


def test_pistols_and_gunpowder_weapons_reload_and_bows_do_not(check):
    # "Las ballestas y las armas de pólvora deben recargarse" (l. 96); a pistol is a gunpowder weapon
    # and reaches 4" (l. 80).
    ev = check(warband(characters="  - {name: Tirador, dice: 12, weapons: [pistola, mosquete, ballesta, arco]}\n"))
    weapons = ev.details["characters"][0]["weapons"]
    assert [(w["name"], w["range"], w["reload"]) for w in weapons] == [
        ("pistola", 4, True), ("mosquete", None, True), ("ballesta", None, True), ("arco", None, False)]


@pytest.mark.parametrize("armour, horse, rulings", [(True, True, ["50e"]), (True, False, []), (False, True, []),
                                                    (False, False, [])])
def test_heavy_armour_keeps_a_rider_out_of_the_water_by_ruling_50e(check, armour, horse, rulings):
    # Heavy armour "no permite nadar" (l. 39); riders suffer no armour penalty (l. 51), but
    # "Los caballos no pueden nadar" (l. 51) and off the horse he is no rider: he can't swim
    # either way until he takes the armour off (a special action of 6 points, l. 117-119).
    ev = check(warband(characters=f"  - {{name: Conan, dice: 14, heavy_armor: {str(armour).lower()}, "
                                  f"horse: {str(horse).lower()}}}\n"))
    conan = ev.details["characters"][0]
    assert conan["rulings"] == rulings
    if armour:
        assert conan["armor_effects"]["can_swim"] is False
    assert ev.legal and ev.findings == ()       # a ruling that changes no figure warns of nothing


def test_inspect_and_the_card_say_why_an_armoured_rider_cannot_swim(check):
    from builder.systems.porcrom.cards import character_card
    from builder.systems.porcrom.system import SYSTEM

    ev = check(warband(characters="  - {name: Conan, dice: 14, heavy_armor: true, horse: true}\n"))
    assert "no nada, ni a caballo (el caballo no puede) ni a pie (la armadura se lo impide) · regla 50e de builder" \
        in SYSTEM.inspect_text(ev, "es")
    assert "can't swim, neither mounted (horses can't) nor on foot (the armour forbids it) · builder's ruling 50e" \
        in SYSTEM.inspect_text(ev, "en")
    notes = dict(character_card(ev.details["characters"][0], "es").sections[1].items)
    assert notes["armadura pesada"].endswith("no nada, ni desmontado (regla 50e).")
    on_foot = check(warband(characters="  - {name: Taramis, dice: 11, heavy_armor: true}\n"))
    assert "50e" not in SYSTEM.inspect_text(on_foot, "es")   # on foot the book itself forbids it (l. 39)
