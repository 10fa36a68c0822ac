"""An event's house rules over its game's catalogs: read and validated with the pack's lines, applied
while a list is checked under them, and what they decide cited to the pack instead of the book."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from builder.core import editions, messages, registry
from builder.core.errors import InputError
from builder.core.findings import Place
from builder.core.house_rules import HouseRules, read_house_rules
from builder.core.pipeline import evaluate
from builder.core.reader import document_from_bytes
from builder.events.packs import load_pack

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
HOUSE = "Pack del evento · reglas de la casa"

# The Wartime attribute table (catalogs/wartime/costs.yaml) by value 1..10: 0,1,2,3,4,6,10,17,28,45;
# the event makes value 5 cost 5 instead of 4.
WARTIME = """\
system: wartime
name: Torneo de la casa
house_rules:
  - set: costs/tables/attribute/costs/5
    to: 5
    why: el nivel 5 cuesta un punto más
"""

CRIPMAQUION = """\
system: cripmaquion
name: Carrera de la casa
house_rules:
  - ban: races/races/elfo
    why: los elfos no corren este año
  - add: races/races
    entry: {key: trasgo, name: Trasgo, fue: 2, res: 2, skills: [ligero, zancadilla], section: Casa,
            summary: Pequeño y malicioso.}
  - set: tables/restrictions/specialty_limit/3
    to: 1
"""


def pack_at(folder: Path, text: str):
    path = folder / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    return load_pack(path)


def read(text: str, game: str, folder: Path):
    """The house rules a pack's text gives, and the problems found, as read_house_rules gives them."""
    doc = document_from_bytes(text.encode("utf-8"), folder / "pack.yaml", "pack.yaml")
    system = registry.get(game)
    return read_house_rules(system, system.editions()[0], doc.data["house_rules"], Place(doc).at("house_rules"))


def fenix(folder: Path) -> Path:
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(EXAMPLES / "wartime" / name, folder / name)
    return folder / "compania-fenix.yaml"


def test_a_changed_cost_prices_every_list_of_the_event(tmp_path):
    # Veterano (con 5, agi 6, int 4, rea 5, vol 5), by the book: 4 + 6 + 3 + 4 + 4 = 21; the Sargento
    # on it costs 21 + 16 + 5 + 1 + 15 = 58 and the list 283 (tests/conftest.py works the rest out).
    # Under the house rules its three values of 5 cost 5 each: 5 + 6 + 3 + 5 + 5 = 24, so the
    # Sargento is 61 and the list, with its one Sargento, 283 + 3 × (5 − 4) = 286.
    pack, roster = pack_at(tmp_path, WARTIME), fenix(tmp_path)
    plain, house = evaluate(roster), evaluate(roster, pack=pack)
    assert plain.points == 283 and house.points == 286
    assert house.legal and house.rules.house is pack.rules.house and house.fingerprint != plain.fingerprint
    # The catalogs are changed for the event only: the same list checked after it is priced as before.
    assert evaluate(roster).points == 283


def test_a_finding_only_a_changed_value_brings_cites_the_packs_line(tmp_path):
    # The pack's limit of 285 holds the book's 283 but not the house's 286 (the test above).
    pack = pack_at(tmp_path, WARTIME.replace("house_rules:", "points_limit: 285\nhouse_rules:"))
    ev = evaluate(fenix(tmp_path), pack=pack)
    [over] = [f for f in ev.findings if f.code == "over-points-limit"]
    assert over.rule == f"{HOUSE}, línea 5: el nivel 5 cuesta un punto más" and ev.points == 286  # `set:` at line 5, and its why


def test_a_banned_entry_a_list_names_cites_the_pack_and_an_added_one_is_the_books_own(tmp_path):
    pack = pack_at(tmp_path, CRIPMAQUION)
    roster = tmp_path / "equipo.yaml"
    roster.write_text("system: cripmaquion\nteam: Los de casa\nrunners:\n"
                      "  - {name: Uno, race: Elfo, specialties: []}\n"
                      "  - {name: Dos, race: trasgo, specialties: [rompehuesos]}\n"
                      "  - {name: Tres, race: orco, specialties: []}\n", encoding="utf-8")
    ev = evaluate(roster, pack=pack)
    [banned] = ev.findings.errors
    assert (banned.code, banned.place.line, banned.rule) == ("house-rule-banned", 4, f"{HOUSE}, línea 4")
    assert banned.message("es").endswith("«Elfo» está prohibido en este evento por sus reglas de la casa: "
                                         "los elfos no corren este año")
    dos = ev.details["runners"][1]
    assert (dos["race_name"], dos["fue"], dos["res"]) == ("Trasgo", 2, 2)
    # Without the pack the elf is the book's and the goblin-like newcomer nobody's.
    alone = evaluate(roster)
    assert [(f.code, f.place.line) for f in alone.findings.errors] == [("unknown-reference", 5)]


def test_the_choices_the_game_offers_follow_the_house_rules(tmp_path):
    pack = pack_at(tmp_path, CRIPMAQUION)
    system = registry.get("cripmaquion")
    roster = tmp_path / "equipo.yaml"
    roster.write_text("system: cripmaquion\nteam: Casa\nrunners:\n  - {name: Uno, race: orco}\n", encoding="utf-8")
    data = {"system": "cripmaquion", "runners": [{"name": "Uno", "race": "orco"}]}
    offered = [key for key, _ in system.choices(data, evaluate(roster, pack=pack), "es")["runners/*/race"]]
    assert "elfo" not in offered and offered[-1] == "trasgo"
    assert "elfo" in [key for key, _ in system.choices(data, evaluate(roster), "es")["runners/*/race"]]


def test_the_house_rules_change_a_copy_and_leave_the_books_catalogs_as_they_are(tmp_path):
    rules, found = read(CRIPMAQUION, "cripmaquion", tmp_path)
    assert found == [] and isinstance(rules.house, HouseRules)
    system = registry.get("cripmaquion")
    book = system.catalog("races.yaml")
    changed = rules.house.applied("races.yaml", book)
    assert [r["key"] for r in changed["races"]][-1] == "trasgo" and "elfo" not in [r["key"] for r in changed["races"]]
    assert "elfo" in [r["key"] for r in book["races"]] and "trasgo" not in [r["key"] for r in book["races"]]
    assert rules.house.applied("races.yaml", book) is changed  # made once
    assert rules.house.applied("skills.yaml", book) is book  # a file no rule touches
    with editions.using(rules):
        assert system.catalog("tables.yaml")["restrictions"]["specialty_limit"][3] == 1
    assert system.catalog("tables.yaml")["restrictions"]["specialty_limit"][3] == 2


def test_the_digest_stands_for_what_the_rules_say_not_where_the_pack_says_it(tmp_path):
    first, _ = read(CRIPMAQUION, "cripmaquion", tmp_path)
    moved, _ = read(CRIPMAQUION.replace("house_rules:", "# un comentario\nhouse_rules:"), "cripmaquion", tmp_path)
    other, _ = read(CRIPMAQUION.replace("to: 1", "to: 2"), "cripmaquion", tmp_path)
    assert first.house.digest == moved.house.digest != other.house.digest
    assert re.fullmatch(r"[0-9a-f]{64}", first.house.digest) and first.token != other.token


PROBLEMS = [  # (rule as written, the variant found, the line it is at: the rule's first line is 4)
    ("  - set: races/races/orco/name\n    to: " + "N" * 501 + "\n", "too-big", 5),
    ("  - set: races/races/orco/fue\n    to: 1000001\n", "too-big", 5),
    ("  - set: tables\n    to: {}\n", "whole-file", 4),
    ("  - set: tables/campaign/cripmaquiazos/²\n    to: 30\n", "step", 4),
    ("  - sett: tables/restrictions/specialty_limit/3\n    to: 1\n", "key", 4),
    ("  - set: tables/restrictions/specialty_limit/3\n", "to", 4),
    ("  - why: nada\n", "verb", 4),
    ("  - set: races/races/orco/fue\n    ban: races/races/orco\n", "verbs", 4),
    ("  - 7\n", "rule", 4),
    ("  - set: 7\n    to: 1\n", "target", 4),
    ("  - set: tablas/restrictions\n    to: 1\n", "file", 4),
    ("  - set: tables/restrictionz/specialty_limit/3\n    to: 1\n", "step", 4),
    ("  - set: tables/restrictions/specialty_limit/3\n    to: uno\n", "type", 5),
    ("  - set: tables/combat/needed/1\n    to: [4, 5, 6]\n", "length", 5),
    ("  - set: races/races/orco/key\n    to: orca\n", "entry-key", 4),
    ("  - set: races/races/orco/skills\n    to: [constancia, zancadila]\n", "reference", 5),
    ("  - ban: races/races\n", "not-entry", 4),
    ("  - ban: specialties/specialties/brincamontes\n", "named", 4),
    ("  - add: tables/restrictions\n    entry: {key: x}\n", "not-keyed", 4),
    ("  - add: races/races\n    entry: trasgo\n", "entry", 5),
    ("  - add: races/races\n    entry: {key: trasgo, fue: 2, res: 2, skills: [], section: C, summary: S}\n",
     "missing", 5),
    ("  - add: races/races\n    entry: {key: trasgo, name: Trasgo, fue: dos, res: 2, skills: [], section: C,\n"
     "            summary: S}\n", "type", 5),
    ("  - add: races/races\n    entry: {key: enano, name: Enano, fue: 2, res: 2, skills: [], section: C,\n"
     "            summary: S}\n", "duplicate", 5),
    ("  - ban: races/races/elfo\n    why: 7\n", "why", 5),
    # Below what the game can mean (ruling 92): a negative characteristic, a limit of none, an added
    # race of strength 0 (the combat table's rows begin at FUE 1), a campaign's points below nothing.
    ("  - set: races/races/orco/fue\n    to: -1\n", "below", 5),
    ("  - set: tables/restrictions/specialty_limit/3\n    to: 0\n", "below", 5),
    ("  - add: races/races\n    entry: {key: trasgo, name: Trasgo, fue: 0, res: 2, skills: [], section: C,\n"
     "            summary: S}\n", "below", 5),
    ("  - set: tables/campaign/cripmaquiazos\n    to: [25, 18, 15, 12, 10, 8, 6, 4, 2, -1]\n", "below", 5),
    # An entry of the wrong shape is said as such first; its numbers once it is one.
    ("  - add: races/races\n    entry: {name: Trasgo, fue: 0, res: 2, skills: [], section: C, summary: S}\n",
     "missing", 5),
]


@pytest.mark.parametrize(("rule", "variant", "line"), PROBLEMS)
def test_each_problem_of_a_rule_is_an_error_at_the_packs_line(tmp_path, rule, variant, line):
    rules, found = read("system: cripmaquion\nname: Casa\nhouse_rules:\n" + rule, "cripmaquion", tmp_path)
    assert rules is None and [(f.code, f.variant, f.place.line) for f in found][:1] == [("invalid-house-rule", variant, line)]
    for lang in messages.LANGUAGES:
        assert found[0].message(lang)


def test_a_typo_in_an_added_entry_is_told_once_with_the_key_it_meant(tmp_path):
    rule = ("  - add: races/races\n    entry: {key: trasgo, nmae: Trasgo, fue: 2, res: 2, skills: [ligero],\n"
            "            section: Casa, summary: Pequeño.}\n")
    _, found = read("system: cripmaquion\nname: Casa\nhouse_rules:\n" + rule, "cripmaquion", tmp_path)
    [typo] = found
    assert (typo.variant, typo.place.line, typo.params["hint"]) == ("unknown", 5, "name")
    assert "«nmae»; ¿quisiste decir «name»?" in typo.message("es")


def test_an_entry_banned_then_named_again_by_an_added_one_is_refused_at_the_add(tmp_path):
    rules = ("  - ban: skills/skills/zancadilla\n" "  - add: races/races\n"
             "    entry: {key: trasgo, name: Trasgo, fue: 2, res: 2, skills: [zancadilla], section: C, summary: S}\n")
    _, found = read("system: cripmaquion\nname: Casa\nhouse_rules:\n" + rules, "cripmaquion", tmp_path)
    # Humano, orco and ogro still name it too: the ban is refused at its own line as well.
    assert [(f.variant, f.place.line) for f in found] == [("reference", 6), ("named", 4)]


def test_a_skill_banned_with_the_only_race_that_names_it_is_no_problem(tmp_path):
    # Empatía mágica is the elf's alone (catalogs/cripmaquion/races.yaml).
    rules, found = read("system: cripmaquion\nname: Casa\nhouse_rules:\n  - ban: races/races/elfo\n"
                        "  - ban: skills/skills/empatia-magica\n", "cripmaquion", tmp_path)
    assert found == [] and rules is not None


def test_a_value_the_game_cannot_use_is_refused_before_any_list_meets_it(tmp_path):
    # A rate of the right kind (text) that is no fraction, or one whose size would take minutes to
    # read (10 to the power of 99,999,999): refused as it is read.
    for rate in ("un décimo", "1e99999999", "1/10000000", "1.5"):
        rules, found = read("system: wartime\nname: Casa\nhouse_rules:\n  - set: costs/rates/range_per_damage_k\n"
                            f"    to: '{rate}'\n", "wartime", tmp_path)
        assert rules is None and [(f.variant, f.place.line) for f in found] == [("fraction", 5)]
    # A fraction the game can't use (one over nothing): the starting list can't be priced.
    rules, found = read("system: wartime\nname: Casa\nhouse_rules:\n  - set: costs/rates/range_per_damage_k\n"
                        "    to: '1/0'\n", "wartime", tmp_path)
    assert rules is None and [(f.variant, f.place.line) for f in found] == [("unusable", 3)]


def test_a_pack_has_a_bounded_number_of_house_rules(tmp_path):
    many = "".join("  - set: tables/restrictions/specialty_limit/3\n    to: 2\n" for _ in range(301))
    rules, found = read("system: cripmaquion\nname: Casa\nhouse_rules:\n" + many, "cripmaquion", tmp_path)
    assert rules is None and [(f.variant, f.place.line) for f in found] == [("too-many", 3)]


def said_variants() -> set[str]:
    """The variants of ``invalid-house-rule`` the modules write: each ``_wrong`` call's third argument
    (both sides of a choice between two) and each ``Unlike``'s second (which ``_wrong`` passes on)."""
    found: set[str] = set()
    for name in ("house_rules.py", "catalog_shapes.py", "catalog_floors.py"):
        tree = ast.parse((ROOT / "builder" / "core" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            at = {"_wrong": 2, "Unlike": 1}.get(node.func.id)
            if at is None or len(node.args) <= at:
                continue
            arg = node.args[at]
            if isinstance(arg, ast.Attribute) and arg.attr == "variant":
                continue  # an Unlike's, passed on
            for value in (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,):
                assert isinstance(value, ast.Constant), ast.dump(value)
                found.add(value.value)
    return found


def test_every_variant_the_modules_say_has_its_message_in_both_languages_and_a_case_here():
    said = said_variants()
    table = registry.all_messages()
    written = {key.split(".", 1)[1] for key in table if key.startswith("invalid-house-rule.")}
    assert said == written
    assert {variant for _, variant, _ in PROBLEMS} | {"block", "unknown", "unusable", "too-many", "fraction",
                                                      "not-above"} == said


def test_the_example_packs_of_the_documentation_are_read_and_followed(tmp_path):
    page = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    packs = [block for block in re.findall(r"```yaml\n(.*?)```", page, re.S) if block.startswith("system:")]
    assert [p.splitlines()[0] for p in packs] == ["system: cripmaquion", "system: wartime"]
    race = pack_at(tmp_path, packs[0])
    # El Grupetto verde lines up 8 runners with 5 specialty slots: the book's 5 for 8, the event's 4.
    ev = evaluate(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", pack=race)
    assert [(f.code, f.rule) for f in ev.findings.errors] == [("specialty-limit", f"{HOUSE}, línea 9: más gregarios en el pelotón")]
    assert evaluate(fenix(tmp_path), pack=pack_at(tmp_path, packs[1])).points == 286  # as worked out above


@pytest.mark.parametrize("guide", ["organisers.md", "organizadores.md"])
def test_the_organisers_guides_example_pack_is_read_and_followed(tmp_path, guide):
    page = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    (pack,) = [block for block in re.findall(r"```yaml\n(.*?)```", page, re.S) if "house_rules:" in block]
    race = pack_at(tmp_path, pack)
    assert race.rules.edition.name == "2026"
    # The same rules as house-rules.md's, one line lower for the pinned edition.
    ev = evaluate(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", pack=race)
    assert [(f.code, f.rule) for f in ev.findings.errors] == [("specialty-limit", f"{HOUSE}, línea 10: más gregarios en el pelotón")]


def test_a_value_the_starting_lists_don_t_meet_is_the_house_rules_fault_not_a_bug(tmp_path):
    # A goblin of strength 6: the book's combat table has no row for it (FUE 1-5). The starting team
    # has no goblin, so the pack is read; a team with goblins can't be checked under it: exit 2, not 3.
    # (A strength of 0 is refused as the pack is read: below the table's least, ruling 92.)
    (tmp_path / "pack.yaml").write_text("system: cripmaquion\nname: Casa\nhouse_rules:\n"
                                        "  - set: races/races/goblin/fue\n    to: 6\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        evaluate(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", pack=load_pack(tmp_path / "pack.yaml"))
    assert refused.value.code == "house-rules-unusable" and refused.value.params["lines"] == "4"
    assert evaluate(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml").legal  # by the book, as ever


# Issue 55: the example list checked legal at 263 points under a cost of −1,000,000. A cost, a limit
# or a characteristic below what the game can mean is refused at the pack's line (exit 2).
BELOW_THE_GAME = [
    ("wartime", "  - set: costs/tables/attribute/costs/5\n    to: -1000000\n", 5, "0"),
    ("wartime", "  - set: costs/rates/lone_formation_share\n    to: '0/10'\n", 5, "0"),
    ("cripmaquion", "  - set: tables/restrictions/specialty_limit/8\n    to: 0\n", 5, "1"),
    ("cripmaquion", "  - set: races/races/goblin/res\n    to: -2\n", 5, "1"),
    ("confrontation", "  - set: competencies/competencies/mecanico/x/min\n    to: 0\n", 5, "1"),
    ("porcrom", "  - set: rules/minions/group_size/max\n    to: 0\n", 5, "1"),
    ("dungeon-universalis", "  - set: joa/companions/per_hero\n    to: 0\n", 5, "1"),
]


@pytest.mark.parametrize(("game", "rule", "line", "least"), BELOW_THE_GAME)
def test_a_number_below_what_the_game_can_mean_is_refused_at_the_packs_line(tmp_path, game, rule, line, least):
    from click.testing import CliRunner  # the command line, as an organiser meets the refusal

    from builder.cli.main import cli

    (tmp_path / "pack.yaml").write_text(f"system: {game}\nname: Casa\nhouse_rules:\n{rule}", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_pack(tmp_path / "pack.yaml")
    assert refused.value.code == "invalid-pack" and refused.value.line == line
    [problem] = refused.value.params["problems"].findings
    assert (problem.code, problem.place.line, str(problem.params["least"])) == ("invalid-house-rule", line, least)
    assert problem.message("es") != problem.message("en") and least in problem.message("en")
    result = CliRunner().invoke(cli, ["check", "--pack", str(tmp_path / "pack.yaml"), str(tmp_path / "none.yaml")])
    assert result.exit_code == 2 and f"pack.yaml:{line}" in result.output


def test_where_the_book_allows_nothing_a_rule_may_write_it(tmp_path):
    # Ruling 92: a cost, a place's points and a bonus may be 0, as the book's own attribute of value 1
    # costs 0 (wartime.txt l. 526). The Fénix at 283 has three values of 5 on its Sargento's body
    # (the first test): each at 0 instead of 4 takes 3 × 4 = 12 off, 283 − 12 = 271.
    free = pack_at(tmp_path, "system: wartime\nname: Casa\nhouse_rules:\n"
                             "  - set: costs/tables/attribute/costs/5\n    to: 0\n")
    assert evaluate(fenix(tmp_path), pack=free).points == 283 - 3 * 4
    for game, rule in [("cripmaquion", "  - set: tables/campaign/cripmaquiazos/1\n    to: 0\n"),
                       ("cripmaquion", "  - set: tables/combat/rompehuesos/roll_bonus\n    to: 0\n"),
                       ("confrontation", "  - set: artillery/area_fire/scatter_cm_by_d6/1\n    to: 0\n"),
                       ("porcrom", "  - set: rules/heavy_armor/movement_per_die\n    to: -3\n"),
                       ("dungeon-universalis", "  - set: joa/repeat_bonus_per_hero\n    to: 0\n")]:
        rules, found = read(f"system: {game}\nname: Casa\nhouse_rules:\n{rule}", game, tmp_path)
        assert found == [] and rules is not None, rule
