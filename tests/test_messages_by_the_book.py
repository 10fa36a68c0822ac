"""Every message by the book, in both languages.

Each finding code of Wartime and Cripmaquión, and each kind of bad input, reads differently in
Spanish and in English (`--lang en`) while the codes and the places they name stay the same.
"""

from __future__ import annotations

import pytest

from tests.book_cases import (
    FORM, INVALID_FIELD, OUT_OF_RANGE, SAQUEADORES, SIMPLE, SOLDADO, check_one, codes_of, crip, no_crash, run,
    runner, squad, wartime, wb, write,
)


ALL_CODE_CASES = {
    "over-points-limit": lambda t: wartime(t, SIMPLE, [squad()], points_limit=99),
    "duplicate-name": lambda t: wartime(t, wb(bodies=[SOLDADO], weapons=[{"name": "Soldado", "energy": 1, "damage": 3}])),
    "duplicate-squad": lambda t: wartime(t, SIMPLE, [squad("Alfa", 1), squad("Alfa", 2)]),
    "unknown-reference": lambda t: wartime(t, SIMPLE, [squad(character="Fusilro")]),
    "value-out-of-range": lambda t: wartime(t, OUT_OF_RANGE["con-0"]),
    "range-too-long": lambda t: wartime(t, wb(weapons=[{"name": "W", "energy": 1, "damage": 2, "range": 11}])),
    "transport-defense-zones": lambda t: wartime(t, wb(transports=[{"name": "T", "energy": 1, "large": True, "defense": 5}])),
    "restriction-max-level": lambda t: wartime(t, SIMPLE, [squad()], restrictions={"max_level": 24}),
    "restriction-max-models": lambda t: wartime(t, SIMPLE, [squad()], restrictions={"max_models": 3}),
    "restriction-max-weapon-damage": lambda t: wartime(
        t, wb(bodies=[SOLDADO], weapons=[{"name": "Canon", "energy": 1, "damage": 6}],
              characters=[{"name": "Fusilero", "body": "Soldado", "weapons": ["Canon"]}]),
        [squad()], restrictions={"max_weapon_damage": 5}),
    "invalid-field": lambda t: write(t, "lista.yaml", INVALID_FIELD["body-missing-agi"]),
    "formation-solo-limit": lambda t: wartime(t, FORM, [squad("Solo", 1, "Vet"), squad("B", 4, "Vet")], formations=True),
    "formation-too-small": lambda t: wartime(t, FORM, [squad("Par", 2, "Vet")], formations=True),
    "defense-over-constitution": lambda t: wartime(
        t, wb(bodies=[{"name": "Flaco", "con": 2, "agi": 5, "int": 5, "rea": 5, "vol": 5}],
              protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Flaco", "protections": ["Chaleco"]}])),
    "weapon-energy-over-character": lambda t: wartime(
        t, wb(bodies=[{"name": "Lento", "con": 5, "agi": 5, "int": 5, "rea": 2, "vol": 5}],
              weapons=[{"name": "Misil", "energy": 8, "damage": 10}],
              characters=[{"name": "C", "body": "Lento", "weapons": ["Misil"]}])),
    "specialty-limit": lambda t: crip(t, SAQUEADORES),
    "lineup-below-table": lambda t: crip(t, [runner("A", "orco"), runner("B", "orco")]),
    "too-many-specialties": lambda t: crip(t, [runner("A", "orco", ["brincamontes", "cazavictorias", "rompehuesos"])]
                                           + [runner(f"G{i}", "orco") for i in range(8)]),
    "brujo-specialty": lambda t: crip(t, [runner("Mago", "brujo", ["brincamontes"]), runner("B", "orco"), runner("C", "orco")]),
    "brujo-limit": lambda t: crip(t, [runner("M1", "brujo"), runner("M2", "brujo"), runner("C", "orco")]),
    "brujo-with-elf": lambda t: crip(t, [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco")]),
    "crip-duplicate-name": lambda t: crip(t, [runner("G", "orco"), runner("G", "ogro"), runner("C", "orco")]),
    "crip-unknown-reference": lambda t: crip(t, [runner("A", "humanno"), runner("B", "orco"), runner("C", "orco")]),
}


@pytest.mark.parametrize("case", sorted(ALL_CODE_CASES))
def test_every_code_in_both_languages(tmp_path, case):
    path = ALL_CODE_CASES[case](tmp_path)
    code_name = case.removeprefix("crip-")
    _, es = check_one(path)
    _, en = check_one(path, "--lang", "en")
    es_f, en_f = es["errors"] + es["warnings"], en["errors"] + en["warnings"]
    assert code_name in codes_of(es_f)
    assert codes_of(es_f) == codes_of(en_f)
    for a, b in zip(es_f, en_f):
        assert a["message"] != b["message"], (a, b)
        assert a["where"] == b["where"]


@pytest.mark.parametrize("text", [None, "system: wartime\nname: A\nname: B\n", "- a\n",
                                  "system: warhammer\n", "system: wartime\nname: [\n"],
                         ids=["missing", "repeated-key", "not-mapping", "unknown-system", "invalid-yaml"])
def test_bad_input_messages_in_both_languages(tmp_path, text):
    path = tmp_path / "lista.yaml"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    es = run("check", path)
    en = run("check", path, "--lang", "en")
    no_crash(es)
    no_crash(en)
    assert es.exit_code == en.exit_code == 2
    assert es.output != en.output
