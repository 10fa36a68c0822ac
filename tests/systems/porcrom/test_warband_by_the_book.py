"""¡Por Crom! warbands by the book.

Black-box, written from the ¡Por Crom! specification, the shared command-line contract and the
rulebook (../shared/rulebooks/por-crom.txt) alone: minion group sizes, damage tracks and unusual
dice pools in `check`, and the figures `inspect` gives (jump, horse, heavy armour, weapon
ranges, minion steps).

Every expected value is worked out by hand in a comment next to the assertion; none is copied
from the tool's output.

The specification fixes those figures but not their JSON shape, so the inspect tests use
shape-agnostic helpers (walk the JSON, look for the figure under a key whose name says what it
is) and say so in their class docstring.
"""

from __future__ import annotations

import json
import math
import re

import pytest

from tests.book_cases import (
    assert_illegal_with, assert_legal, check_one, codes_of, crom, find_named, guards, hero, inspect_json,
    keyed_leaves, leaves, write,
)


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
