"""The rules a pack sets for its event: the edition it pins and its house rules, refused with the
pack's line when wrong, and followed by `builder check --pack` when right."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from builder.core.errors import InputError
from builder.core.pipeline import evaluate
from builder.events.packs import load_pack, pack_schema
from tests.core.test_house_rules import CRIPMAQUION

ROOT = Path(__file__).resolve().parents[2]
HOUSE = "Pack del evento · reglas de la casa"

PACK = CRIPMAQUION  # the house rules of tests/core/test_house_rules.py: elves banned, a trasgo added, 1 slot for 3
# The book's §9.2 gives a lineup of 3 runners 2 specialty slots (catalogs/cripmaquion/tables.yaml);
# the event gives it 1 (the pack's line 9).


def team(folder: Path, name: str, *runners: str) -> Path:
    path = folder / name
    path.write_text("system: cripmaquion\nteam: Los de casa\nrunners:\n" + "".join(f"  - {r}\n" for r in runners),
                    encoding="utf-8")
    return path


def check(*args) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", *map(str, args)])
    return result.exit_code, result.output


@pytest.fixture
def pack(tmp_path):
    path = tmp_path / "pack.yaml"
    path.write_text(PACK, encoding="utf-8")
    return path


def test_a_team_with_a_banned_race_is_illegal_citing_the_packs_line(tmp_path, pack):
    elves = team(tmp_path, "elfos.yaml", "{name: Uno, race: elfo}", "{name: Dos, race: orco}", "{name: Tres, race: orco}")
    code, out = check("--pack", pack, elves)
    assert code == 1
    assert "[house-rule-banned] " + f"{elves}:4 runners[0].race: «elfo» está prohibido en este evento" in out
    assert f"↳ {HOUSE}, línea 4" in out  # the `ban:` line, not §5 of the book
    assert check(elves)[0] == 0  # the book's elf, without the event


def test_a_team_with_the_added_race_is_legal_with_its_strength_and_resistance(tmp_path, pack):
    goblins = team(tmp_path, "trasgos.yaml", "{name: Uno, race: Trasgo, specialties: [rompehuesos]}",
                   "{name: Dos, race: orco}", "{name: Tres, race: goblin}")
    code, out = check("--pack", pack, goblins)
    # One specialist in a lineup of 3: 1 slot, the event's most (the book would allow 2).
    assert code == 0 and "1/1 plaza de especialista" in out
    ev = evaluate(goblins, pack=load_pack(pack))
    uno = ev.details["runners"][0]
    assert (uno["race_name"], uno["fue"], uno["res"]) == ("Trasgo", 2, 2)
    # Its skills are the book's: ligero rolls the guide's "ligero" row (Anexo · Guía de dados).
    assert uno["skills"] == ["ligero", "zancadilla"]
    assert uno["dice"] == {"descenso": "1D6", "llano": "1D6", "subida": "1D5"}
    assert check(goblins)[0] == 1  # without the event, nobody knows a trasgo


def test_the_limit_the_event_changes_is_the_one_held_and_cited(tmp_path, pack):
    two = team(tmp_path, "dos.yaml", "{name: Uno, race: orco, specialties: [rompehuesos]}",
               "{name: Dos, race: orco, specialties: [cazavictorias]}", "{name: Tres, race: orco}")
    code, out = check("--pack", pack, two)
    # 2 slots of the event's 1 (the book's 2 would hold them).
    assert code == 1 and "2/1 plaza de especialista" in out and "el máximo es 1" in out and f"↳ {HOUSE}, línea 9" in out
    assert check(two)[0] == 0


@pytest.mark.parametrize(("rules", "line", "said"), [
    ("  - add: races/races\n    entry: {key: x, nmae: X, fue: 2, res: 2, skills: [], section: C, summary: S}\n",
     5, "«nmae»; ¿quisiste decir «name»?"),
    ("  - ban: races/races/elfo\n  - sett: tables/restrictions/specialty_limit/3\n    to: 1\n",
     5, "«sett»; ¿quisiste decir «set»?"),
])
def test_a_typo_in_the_house_rules_refuses_the_pack_at_the_typos_line(tmp_path, rules, line, said):
    path = tmp_path / "pack.yaml"
    path.write_text("system: cripmaquion\nname: Casa\nhouse_rules:\n" + rules, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_pack(path)
    assert (refused.value.code, refused.value.line) == ("invalid-pack", line)
    code, out = check("--pack", path, team(tmp_path, "t.yaml", "{name: Uno, race: orco}"))
    assert code == 2 and f"pack.yaml:{line}: " in out and said in out


def test_the_house_rules_go_over_the_edition_the_pack_pins(tmp_path, monkeypatch):
    monkeypatch.setenv("BUILDER_EDITIONS", str(ROOT / "tests/core/data/editions"))  # 2027-prueba: the newest
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        (tmp_path / name).write_bytes((ROOT / "examples/wartime" / name).read_bytes())
    rule = "house_rules:\n  - set: costs/tables/attribute/costs/5\n    to: 5\n"
    pinned, newest = tmp_path / "pinned.yaml", tmp_path / "newest.yaml"
    pinned.write_text(f"system: wartime\nname: Casa\nedition: '2026'\n{rule}", encoding="utf-8")
    newest.write_text(f"system: wartime\nname: Casa\n{rule}", encoding="utf-8")
    ev = evaluate(tmp_path / "compania-fenix.yaml", pack=load_pack(pinned))
    # 2026's table, value 5 at 5: the Sargento's Veterano (three values of 5) 3 × (5 − 4) = 3 more
    # than the book's 283 (tests/core/test_house_rules.py works it out).
    assert ev.rules.edition.name == "2026" and ev.points == 283 + 3
    assert load_pack(newest).rules.edition.name == "2027-prueba"


def test_an_unknown_edition_is_refused_before_the_house_rules_are_read(tmp_path):
    path = tmp_path / "pack.yaml"
    path.write_text("system: cripmaquion\nname: Casa\nedition: '1999'\nhouse_rules: 7\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_pack(path)
    assert refused.value.line == 3


def test_house_rules_that_are_no_list_are_refused_at_their_key(tmp_path):
    path = tmp_path / "pack.yaml"
    path.write_text("system: cripmaquion\nname: Casa\nhouse_rules: {ban: races/races/elfo}\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_pack(path)
    assert refused.value.line == 3 and "«house_rules» debe ser una lista" in refused.value.params["problems"].render("es")


def test_a_pack_without_house_rules_or_edition_leaves_each_list_to_its_own():
    assert load_pack(ROOT / "examples/tournament/pack/torneo-otono.yaml").rules is None


def test_the_packs_schema_describes_the_house_rules_for_editors():
    for variant in pack_schema()["oneOf"]:
        rules = variant["properties"]["house_rules"]
        verbs = [(sorted(form["properties"]), form["required"]) for form in rules["items"]["oneOf"]]
        assert verbs == [(["set", "to", "why"], ["set", "to"]), (["ban", "why"], ["ban"]),
                         (["add", "entry", "why"], ["add", "entry"])]
        assert all(form["additionalProperties"] is False for form in rules["items"]["oneOf"])
