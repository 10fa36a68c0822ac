"""¡Por Crom! warbands: each rule and table number, worked from the rules by hand."""

import json
import math
import re

import pytest

from builder.systems.porcrom.warband import parse_step
from tests.book_cases import (
    assert_illegal_with, assert_legal, check_one, codes_of, crom, find_named, guards, hero, inspect_json,
    keyed_leaves, leaves, write,
)
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


# --- by the book ----------------------------------------------------------------------------------
# ¡Por Crom! warbands by the book.
#
# Black-box, written from the ¡Por Crom! specification, the shared command-line contract and the
# rulebook (../shared/rulebooks/por-crom.txt) alone: minion group sizes, damage tracks and unusual
# dice pools in `check`, and the figures `inspect` gives (jump, horse, heavy armour, weapon ranges,
# minion steps).
#
# Every expected value is worked out by hand in a comment next to the assertion; none is copied from
# the tool's output.
#
# The specification fixes those figures but not their JSON shape, so the inspect tests use shape-
# agnostic helpers (walk the JSON, look for the figure under a key whose name says what it is) and
# say so in their class docstring.


@pytest.mark.book
class TestPorCromCheck:
    def test_spec_example_is_legal(self, tmp_path):
        path = write(tmp_path, "c.yaml", crom(
            [hero(horse=True, weapons=["espada", "arco"])], [guards()]))
        res = assert_legal(path)
        assert res["system"] == "porcrom"
        assert res["name"] == "Los Lobos de Zamora"
        assert res["warnings"] == []
        # the command-line contract: null where a system has none (¡Por Crom! has no points)
        assert res["points"] is None and res["points_limit"] is None

    @pytest.mark.parametrize("count,legal", [(1, False), (2, True), (5, True), (6, False)])
    def test_minion_group_size(self, tmp_path, count, legal):
        path = write(tmp_path, "c.yaml", crom(minions=[guards(count=count)]))
        if legal:
            assert_legal(path)
        else:
            assert_illegal_with(path, "minion-group-size")

    @pytest.mark.parametrize("track", [
        ["2-2-0", "1-1-0", "0-0-0"],                                # Guardia
        ["3-5-0", "3-4-0", "3-3-0", "2-2-0", "1-1-0", "muerto"],    # Engendro
        ["2-2-4", "2-2-3", "2-2-2", "1-1-1", "muerto"],             # Sacerdote
    ])
    def test_rulebook_tracks_are_legal(self, tmp_path, track):
        assert_legal(write(tmp_path, "c.yaml", crom(minions=[guards(track=track)])))

    @pytest.mark.parametrize("track,why", [
        (["2-2-0", "2-3-0", "0-0-0"], "second number gains (2 -> 3)"),
        (["2-2-0", "1-1-1", "0-0-0"], "third number gains (0 -> 1) while others lose"),
        (["2-2-0", "2-2-0", "0-0-0"], "a step that loses no dice"),
        (["2-2-0", "1-1-0"], "does not end dead"),
        (["2-2-0", "1-1-0", "1-0-0"], "ends on 1-0-0, not dead"),
    ])
    def test_damage_track_violations(self, tmp_path, track, why):
        assert_illegal_with(write(tmp_path, "c.yaml", crom(minions=[guards(track=track)])), "damage-track")

    @pytest.mark.parametrize("dice,warned", [(9, True), (10, False), (16, False), (17, True)])
    def test_dice_pool_unusual_is_a_warning(self, tmp_path, dice, warned):
        path = write(tmp_path, "c.yaml", crom([hero(dice=dice)]))
        exit_code, res = check_one(path)
        assert ("dice-pool-unusual" in codes_of(res["warnings"])) is warned
        assert "dice-pool-unusual" not in codes_of(res["errors"])
        assert res["legal"] is True and exit_code == 0

    def test_unknown_weapon_is_a_warning_and_the_warband_stays_legal(self, tmp_path):
        # The rules are "sencillas y abiertas" (l. 7) and name few weapons (l. 78-84): a scenario's
        # "tridente" or a misspelt "pistolla" warns (ruling 50c of issue 28) and exit stays 0.
        path = write(tmp_path, "c.yaml", crom([hero(weapons=["espada", "pistolla", "tridente"])], [guards()]))
        res = assert_legal(path)
        assert codes_of(res["warnings"]) == ["unknown-weapon", "unknown-weapon"]
        assert "«pistola»" in res["warnings"][0]["message"]          # the nearest known weapon, named
        for f in res["warnings"]:
            assert "50c" in f["message"]

    def test_case_accents_and_plurals_name_the_books_weapons(self, tmp_path):
        # "Pistola" and "pistolas", "arma de pólvora" without its accent, "Jabalina": all in the book's lists.
        path = write(tmp_path, "c.yaml", crom([hero(weapons=["Pistolas", "armas de polvora", "Jabalina", "Espadas"])]))
        res = assert_legal(path)
        assert res["warnings"] == []

    def test_hand_thunders_reload_is_a_warning_naming_the_ruling(self, tmp_path):
        # The book gives their reach (12", l. 82) but not whether they reload; gunpowder weapons
        # must (l. 96): builder's ruling 50d says they do, and says so.
        res = assert_legal(write(tmp_path, "c.yaml", crom([hero(weapons=["truenos de mano"])])))
        assert codes_of(res["warnings"]) == ["hand-thunder-reloads"]
        assert "50d" in res["warnings"][0]["message"]

    def test_error_names_the_minion_group(self, tmp_path):
        path = write(tmp_path, "w.yaml", crom(minions=[guards(), guards(name="Otros", count=7)]))
        res = assert_illegal_with(path, "minion-group-size")
        f = next(f for f in res["errors"] if f["code"] == "minion-group-size")
        assert "minions[1]" in (str(f["where"]) + f["message"])


@pytest.mark.book
class TestPorCromInspect:
    """The specification lists the figures inspect gives but not their JSON shape.  The helpers
    locate each character/minion by its `name` and look for the figure under a key
    whose name says what it is (jump/salto, horse/caballo/montura, armour/armadura,
    range/alcance); any reasonable shape passes."""

    def doc(self, tmp_path, **hero_over):
        return inspect_json(write(tmp_path, "c.yaml", crom([hero(**hero_over)], [guards()])), exit_code=0)

    def test_character_jump_is_half_pool(self, tmp_path):
        # dice 14 -> 14 / 2 = 7"
        conan = find_named(self.doc(tmp_path, dice=14), "Conan")
        assert conan is not None
        vals = [v for _, v in keyed_leaves(conan, r"jump|salt")]
        assert 7 in vals, conan

    def test_character_jump_odd_pool(self, tmp_path):
        # dice 15 -> 15 / 2 = 7.5" ("no supere ... la mitad de su reserva inicial")
        conan = find_named(self.doc(tmp_path, dice=15), "Conan")
        vals = [v for _, v in keyed_leaves(conan, r"jump|salt")]
        assert 7.5 in vals, conan

    def test_minion_jump_is_2(self, tmp_path):
        doc = self.doc(tmp_path)
        group = find_named(doc, "Guardias")
        assert group is not None
        vals = [v for _, v in keyed_leaves(group, r"jump|salt")]
        if not vals:  # the 2" may be given once for all minions
            vals = [v for p, v in keyed_leaves(doc, r"jump|salt") if any("minion" in x.lower() or "secuac" in x.lower() for x in p)]
        assert 2 in vals, doc

    def test_horse_gives_6d6(self, tmp_path):
        conan = find_named(self.doc(tmp_path, horse=True), "Conan")
        vals = [v for _, v in keyed_leaves(conan, r"horse|caball|mount|montura")]
        assert any(v == 6 or (isinstance(v, str) and "6d6" in v.lower()) for v in vals), conan

    def test_heavy_armour_effects_listed(self, tmp_path):
        conan = find_named(self.doc(tmp_path, heavy_armor=True), "Conan")
        vals = [v for _, v in keyed_leaves(conan, r"armo|armad")]
        assert any(isinstance(v, str) and v.strip() for v in vals) or any(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals), conan

    @staticmethod
    def weapon_range(char, weapon):
        """The range figure(s) of `weapon`: the subtree named after it (a dict with that
        name, or a key equal to it), restricted to range/alcance keys when it has any."""
        sub = find_named(char, weapon)
        if sub is None:
            hits = [v for p, v in leaves(char) if p and p[-1] == weapon]
            sub = {"range": hits[0]} if hits else None
            if sub is None:
                def by_key(o):
                    if isinstance(o, dict):
                        if weapon in o:
                            return o[weapon]
                        for v in o.values():
                            r = by_key(v)
                            if r is not None:
                                return r
                    if isinstance(o, list):
                        for v in o:
                            r = by_key(v)
                            if r is not None:
                                return r
                    return None
                sub = by_key(char)
        assert sub is not None, (weapon, char)
        if not isinstance(sub, (dict, list)):
            return [sub]
        ranged = [v for _, v in keyed_leaves(sub, r"range|alcance")]
        return ranged if ranged else [v for _, v in leaves(sub) if v != weapon]

    def test_pistol_range_4(self, tmp_path):
        conan = find_named(self.doc(tmp_path, weapons=["pistola"]), "Conan")
        assert 4 in self.weapon_range(conan, "pistola")

    def test_hand_thunder_range_12(self, tmp_path):
        conan = find_named(self.doc(tmp_path, weapons=["trueno de mano"]), "Conan")
        assert 12 in self.weapon_range(conan, "trueno de mano")

    def test_bow_range_unlimited(self, tmp_path):
        # "La mayoría de armas tienen alcance infinito": no finite number, and the value is
        # null, an infinity or a word meaning unlimited
        conan = find_named(self.doc(tmp_path, weapons=["arco"]), "Conan")
        vals = self.weapon_range(conan, "arco")

        def unlimited(v):
            if v is None:
                return True
            if isinstance(v, float) and math.isinf(v):
                return True
            return isinstance(v, str) and re.search(r"ilimit|unlimit|infin|∞|sin l[ií]mite|no limit", v, re.I)

        assert any(unlimited(v) for v in vals), vals
        assert not any(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in vals), vals

    def test_minion_steps_listed(self, tmp_path):
        group = find_named(self.doc(tmp_path), "Guardias")
        text = json.dumps(group, ensure_ascii=False).replace(" ", "")
        for step, triple in (("2-2-0", "[2,2,0]"), ("1-1-0", "[1,1,0]"), ("0-0-0", "[0,0,0]")):
            assert step in text or triple in text, group

    def test_unknown_weapon_shows_as_unknown_without_a_range(self, tmp_path):
        # Ruling 50c: builder can't tell a "tridente"'s reach, so it gives none (known: false),
        # unlike a bow's unlimited reach ("alcance infinito", l. 78).
        conan = find_named(self.doc(tmp_path, weapons=["tridente", "arco"]), "Conan")
        tridente, arco = find_named(conan, "tridente"), find_named(conan, "arco")
        assert tridente["known"] is False and tridente["range"] is None
        assert arco["known"] is True

    def test_hand_thunder_reloads(self, tmp_path):
        # 12" (l. 82) and, by ruling 50d, reloads like every gunpowder weapon (l. 96).
        conan = find_named(self.doc(tmp_path, weapons=["trueno de mano"]), "Conan")
        thunder = find_named(conan, "trueno de mano")
        assert (thunder["range"], thunder["reload"]) == (12, True)

    def test_armoured_rider_cannot_swim(self, tmp_path):
        # Heavy armour "no permite nadar" (l. 39); "Los caballos no pueden nadar" (l. 51): ruling 50e.
        conan = find_named(self.doc(tmp_path, heavy_armor=True, horse=True), "Conan")
        assert conan["armor_effects"]["can_swim"] is False and "50e" in conan["rulings"]


# --- ruling 73: a misspelt key hides nothing else (issue 32) --------------------------------


def test_a_misspelt_key_and_a_rule_broken_on_one_group_are_reported_in_one_run(check):
    # The group writes «wepons» (weapons is the key) and has 6 guards: a group is 2 to 5.
    ev = check(warband(minions=group(6, extra=", wepons: [lanza]")))
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("minions", 0, "wepons")),
                     ("minion-group-size", None, ("minions", 0, "count"))]
    assert ev.fingerprint is None


def test_a_misspelt_key_and_a_wrong_value_on_one_group_are_reported_in_one_run(check):
    ev = check(warband(minions=group(101, extra=", wepons: [lanza]")))  # the bound stops at 100
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("minions", 0, "wepons")),
                     ("value-out-of-range", None, ("minions", 0, "count"))]


@pytest.mark.parametrize("dice, es, en", [(1, "reserva de 1 dado;", "pool of 1 die;"),
                                          (2, "reserva de 2 dados;", "pool of 2 dice;")])
def test_an_unusual_dice_pool_is_told_in_words_that_agree_with_its_number(check, dice, es, en):
    ev = check(warband(characters=f"  - {{name: Conan, dice: {dice}}}\n"))
    (warning,) = [f for f in ev.findings.warnings if f.code == "dice-pool-unusual"]
    assert es in warning.message("es") and en in warning.message("en")  # issue 40: not «1 dados»
