"""Cripmaquión's hooks for the page's forms: the names a field may take, the notes beside each
runner, and a label for every key of the file."""

from __future__ import annotations

import pytest

from builder.core import registry
from builder.core.pipeline import evaluate
from builder.systems.cripmaquion.system import NOTE_MOST, brief
from tests.book_cases import EXAMPLES, RACES, crip, runner
from tests.support import codes

SYSTEM = registry.get("cripmaquion")
"""The plugin as the page gets it: loaded by the registry, its messages with it."""


def example(name: str):
    path = EXAMPLES / "cripmaquion" / name
    return evaluate(path, name)


def test_every_race_offered_is_one_the_check_knows(tmp_path):
    offered = SYSTEM.choices({}, None, "es")["runners/*/race"]
    # §5 lists 15 races and §8.2 the brujo: 16 in all.
    assert sorted(value for value, _ in offered) == sorted(RACES)
    runners = [runner(f"R{i}", value) for i, (value, _) in enumerate(offered)]
    ev = evaluate(crip(tmp_path, runners), "plantilla.yaml")
    assert "unknown-reference" not in codes(ev)


def test_a_race_is_labelled_with_its_name_and_its_fue_and_res():
    offered = dict(SYSTEM.choices({}, None, "en")["runners/*/race"])
    # §5: the goblin is FUE 2, RES 1 (the example team of §9 prints «GOBLIN 2/1»).
    assert offered["goblin"] == "Goblin · FUE 2 / RES 1"
    assert offered["hombre-lagarto"] == "Hombre lagarto · FUE 3 / RES 2"


def test_every_specialty_word_offered_is_one_the_check_knows(tmp_path):
    offered = [value for value, _ in SYSTEM.choices({}, None, "es")["runners/*/specialties/*"]]
    # §7: three specialties; §9.1: three stars; §7.4: the gregario, who has none.
    assert set(offered) == {"brincamontes", "cazavictorias", "rompehuesos", "cripmaqueta", "dominorum",
                            "martillo", "gregario"}
    runners = [runner(f"R{i}", "humano", [value]) for i, value in enumerate(offered)]
    ev = evaluate(crip(tmp_path, runners), "plantilla.yaml")
    assert "unknown-reference" not in codes(ev)


def test_a_star_is_labelled_with_the_two_specialties_it_combines():
    offered = dict(SYSTEM.choices({}, None, "es")["runners/*/specialties/*"])
    # §9.1: «Brincamontes - Cazavictorias: también llamados cripmaquetas».
    assert offered["cripmaqueta"] == "Cripmaqueta · estrella: Brincamontes + Cazavictorias"
    assert dict(SYSTEM.choices({}, None, "en")["runners/*/specialties/*"])["gregario"] == "Gregario · no specialty"


def test_the_lineup_offers_the_rosters_runners_and_the_check_takes_them(tmp_path):
    path = crip(tmp_path, [runner("Ana", "goblin"), runner("Bea", "ogro"), runner("Cid", "elfo")])
    ev = evaluate(path, "plantilla.yaml")
    offered = SYSTEM.choices(ev.source.data, ev, "es")["lineup/*"]
    assert offered == [("Ana", "Ana · Goblin"), ("Bea", "Bea · Ogro"), ("Cid", "Cid · Elfo")]
    lined = evaluate(crip(tmp_path, ev.source.data["runners"], lineup=[v for v, _ in offered], name="b.yaml"),
                     "b.yaml")
    assert "unknown-reference" not in codes(lined)


@pytest.mark.parametrize("data", [
    None, [], "texto", 7, {"runners": None}, {"runners": "Ana"}, {"runners": [None, 3, "Ana", []]},
    {"runners": [{"name": 5}, {"name": ""}, {"name": "x" * 101}, {"name": "a\x00b"}, {"race": "goblin"}]},
])
def test_a_roster_that_is_no_roster_offers_no_runner(data):
    assert "lineup/*" not in SYSTEM.choices(data, None, "es")


def test_a_runner_written_twice_or_with_an_unknown_race_is_offered_once_by_name():
    data = {"runners": [{"name": "Ana", "race": "dragón"}, {"name": "ANA", "race": "goblin"},
                        {"name": "Bea", "race": ["ogro"]}]}
    assert SYSTEM.choices(data, None, "es")["lineup/*"] == [("Ana", "Ana"), ("Bea", "Bea")]


@pytest.mark.book
def test_the_notes_of_the_saqueadores():
    notes = SYSTEM.notes(example("saqueadores-rio-lobo.yaml"), "es")
    # §9.2: 6 runners lined up may take 4 specialty slots; martillo (a star) 2 + brincamontes 1 +
    # cazavictorias 1 = 4 (the gregarios take none).
    assert notes["lineup"] == "plazas de especialista: 4 de 4"
    # §9's example team: «LIZARDO RODRÍGUEZ H. LAGARGO 3/2 MARTILLO»; §5: a momia is 3/4.
    assert notes["runners/0"] == "Hombre lagarto · FUE 3 / RES 2 · Martillo"
    assert notes["runners/1"] == "Momia · FUE 3 / RES 4 · Brincamontes"
    # «GELDIAN ELFO 3/2 DOMINORUM», left out of the lineup.
    assert notes["runners/3"] == "Elfo · FUE 3 / RES 2 · Dominorum · reserva"
    # «ECH PI EL OGRO 5/4 GREGARIO».
    assert notes["runners/7"] == "Ogro · FUE 5 / RES 4 · gregario"
    assert len(notes) == 1 + 8


@pytest.mark.book
def test_the_notes_of_the_grupetto_in_english():
    notes = SYSTEM.notes(example("grupetto-verde.yaml"), "en")
    # No lineup: the whole roster of 8 races, and §9.2 allows 5 slots for 8; cripmaqueta 2 +
    # rompehuesos 1 + cazavictorias 1 + brincamontes 1 = 5.
    assert notes["runners"] == "specialty slots: 5 of 5"
    # «GNATTE FRANZS GOBLIN 2/1 CRIPMAQUETA».
    assert notes["runners/0"] == "Goblin · FUE 2 / RES 1 · Cripmaqueta"
    # §8.2: the brujo is FUE 1, RES 1 and neither specialist nor gregario (inepto).
    assert notes["runners/7"] == "Brujo · FUE 1 / RES 1"


def test_a_note_is_one_short_line():
    assert brief("x" * NOTE_MOST) == "x" * NOTE_MOST
    assert brief("x" * 100) == "x" * (NOTE_MOST - 1) + "…"


def test_notes_without_a_resolved_roster(tmp_path):
    ev = evaluate(crip(tmp_path, [runner("Ana", "Z" * 100), runner("Bea", "goblin", ["cripmaqueta"])]),
                  "plantilla.yaml")
    notes = SYSTEM.notes(ev, "es")
    assert notes["runners/0"] == "gregario"  # an unknown race shows neither its name nor FUE / RES
    broken = evaluate(crip(tmp_path, "no es una lista", name="b.yaml"), "b.yaml")
    assert broken.details is None and SYSTEM.notes(broken, "es") == {}


def test_terrains_are_named_in_the_readers_language():
    ev = example("grupetto-verde.yaml")
    english = SYSTEM.inspect_text(ev, "en")
    # Issue 40: «descenso», «llano» and «subida» were left in Spanish under --lang en.
    assert "dice: downhill 2D4" in english and "flat 1D6" in english and "uphill 1D" in english
    assert not any(word in english for word in ("descenso", "llano", "subida"))
    assert "descenso 2D4" in SYSTEM.inspect_text(ev, "es")


def test_a_runner_renamed_is_lined_up_by_its_new_name():
    data = {"runners": [{"name": "Ram Amón"}, {"name": "Geldian"}], "lineup": ["ram amon", "Geldian", "Ram Amón"]}
    assert SYSTEM.renamed(data, ("runners", 0, "name"), "Ram Amón", "Ramsés") == [
        (("lineup", 0), "Ramsés"), (("lineup", 2), "Ramsés")]


def test_a_later_namesakes_rename_or_another_field_leaves_the_lineup():
    data = {"runners": [{"name": "Ram"}, {"name": "ram"}], "lineup": ["Ram"]}
    assert SYSTEM.renamed(data, ("runners", 1, "name"), "ram", "Otro") == []
    assert SYSTEM.renamed(data, ("runners", 0, "race"), "momia", "elfo") == []
    assert SYSTEM.renamed({"runners": "x"}, ("runners", 0, "name"), "Ram", "Otro") == []


def test_a_lineup_entry_naming_no_runner_says_which_runners_there_are(tmp_path):
    text = (EXAMPLES / "cripmaquion" / "saqueadores-rio-lobo.yaml").read_text(encoding="utf-8")
    path = tmp_path / "saqueadores.yaml"
    path.write_text(text.replace("lineup: [Lizardo Rodríguez", "lineup: [Ramsés"), encoding="utf-8")
    finding = next(f for f in evaluate(path, path.name).findings if f.code == "unknown-reference")
    assert finding.message("es").endswith("(hay: Lizardo Rodríguez, Ram Amón, Sven Astanson, Geldian, "
                                          "Charles Watson, Alcantarillo, Sangrefría, Ech Pi El)")
