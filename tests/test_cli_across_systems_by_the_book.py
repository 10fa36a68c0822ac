"""The command-line contract by the book for Confrontation, ¡Por Crom! and Dungeon Universalis.

For each system: exit 0 for a legal roster and 1 for an illegal one (or both together), a value
of the wrong type is `invalid-field`, a broken or missing file exits 2 and names itself, the
English report keeps the codes; an unknown system lists the known ones, and the three systems
are checked together in one call.
"""

from __future__ import annotations

import pytest

from tests.book_cases import (
    assert_illegal_with, check_json, check_one, codes_of, conf, crom, du, du_hero, guards, hero, immobile,
    mobile, run, write,
)


LEGAL = {
    "confrontation": lambda: conf([mobile()]),
    "porcrom": lambda: crom([hero()], [guards()]),
    "dungeon-universalis": lambda: du([du_hero("A")]),
}


ILLEGAL = {
    "confrontation": lambda: conf([immobile(competencies=[{"name": "irreprimible"}])]),
    "porcrom": lambda: crom(minions=[guards(count=1)]),
    "dungeon-universalis": lambda: du([du_hero("A", 0, [], {"name": "Lobo", "kind": "animal", "pv": 4})]),
}


WRONG_TYPE = {
    "confrontation": lambda: conf([mobile(weight="pesado")]),
    "porcrom": lambda: crom([hero(dice="muchos")]),
    "dungeon-universalis": lambda: du([du_hero("A", "cinco")]),
}


SYSTEMS = sorted(LEGAL)


@pytest.mark.parametrize("system", SYSTEMS)
class TestExitCodes:
    def test_legal_exit_0(self, tmp_path, system):
        exit_code, doc = check_json(write(tmp_path, "ok.yaml", LEGAL[system]()))
        assert exit_code == 0 and doc["legal"] is True
        assert doc["results"][0]["system"] == system

    def test_illegal_exit_1(self, tmp_path, system):
        exit_code, doc = check_json(write(tmp_path, "bad.yaml", ILLEGAL[system]()))
        assert exit_code == 1 and doc["legal"] is False

    def test_wrong_type_is_invalid_field_exit_1(self, tmp_path, system):
        assert_illegal_with(write(tmp_path, "wt.yaml", WRONG_TYPE[system]()), "invalid-field")

    def test_legal_and_illegal_together_exit_1(self, tmp_path, system):
        exit_code, doc = check_json(write(tmp_path, "ok.yaml", LEGAL[system]()),
                                    write(tmp_path, "bad.yaml", ILLEGAL[system]()))
        assert exit_code == 1 and doc["legal"] is False
        assert [r["legal"] for r in doc["results"]] == [True, False]

    @pytest.mark.parametrize("text", [
        "system: {sys}\nname: [sin cerrar\n",           # invalid YAML
        "system: {sys}\nname: a\nname: b\n",             # a key repeated in one mapping
        "- system: {sys}\n- name: x\n",                  # not a mapping
    ])
    def test_broken_input_exit_2(self, tmp_path, system, text):
        path = write(tmp_path, "roto.yaml", text.format(sys=system))
        for args in (["check", path], ["check", path, "--format", "json"], ["inspect", path]):
            result = run(*args)
            assert result.exit_code == 2, (args, result.output)
            assert "roto.yaml" in result.output

    def test_missing_file_exit_2(self, tmp_path, system):
        result = run("check", tmp_path / f"{system}-no-existe.yaml")
        assert result.exit_code == 2
        assert f"{system}-no-existe.yaml" in result.output

    def test_text_format_and_english(self, tmp_path, system):
        path = write(tmp_path, "bad.yaml", ILLEGAL[system]())
        es = run("check", path)
        en = run("check", path, "--lang", "en")
        assert es.exit_code == 1 and en.exit_code == 1
        _, res_es = check_one(path)
        _, res_en = check_one(path, "--lang", "en")
        assert codes_of(res_es["errors"]) == codes_of(res_en["errors"])
        assert [f["message"] for f in res_es["errors"]] != [f["message"] for f in res_en["errors"]]


def test_unknown_system_exit_2_lists_known(tmp_path):
    path = write(tmp_path, "x.yaml", {"system": "confrontacion", "name": "x"})
    result = run("check", path)
    assert result.exit_code == 2
    for known in SYSTEMS:
        assert known in result.output


def test_three_systems_in_one_check(tmp_path):
    paths = [write(tmp_path, f"{s}.yaml", LEGAL[s]()) for s in SYSTEMS]
    exit_code, doc = check_json(*paths)
    assert exit_code == 0 and doc["legal"] is True
    assert [r["system"] for r in doc["results"]] == SYSTEMS
