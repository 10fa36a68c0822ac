"""The path patterns a game's rename hook walks: the places they name, and the changes that make
every reference to an old name name the new one (a value, or a key of a table kept in place)."""

from builder.core.names import fold
from builder.core.references import fits, matching, retarget

DATA = {"runners": [{"name": "Ana"}, {"name": "Bea"}], "lineup": ["Ana", "ana", "Bea"],
        "book": {"carriers": [{"weapons": ["Fusil"], "magazines": {"Pistola": 1, "Fusil": 2}}]}}


def test_a_pattern_names_every_position_or_key_it_stars_and_nothing_that_is_not_there():
    assert list(matching(DATA, "runners/*/name")) == [(("runners", 0, "name"), "Ana"), (("runners", 1, "name"), "Bea")]
    assert list(matching(DATA, "book/carriers/*/magazines/*")) == [
        (("book", "carriers", 0, "magazines", "Pistola"), 1), (("book", "carriers", 0, "magazines", "Fusil"), 2)]
    assert list(matching(DATA, "runners/5/name")) == [] and list(matching(DATA, "nowhere/*")) == []
    assert fits(("runners", 3, "name"), "runners/*/name") and not fits(("runners", 3), "runners/*/name")


def test_references_are_set_to_the_new_name_as_the_game_compares_names():
    assert retarget(DATA, ("lineup/*",), "Ana", "Eva") == [(("lineup", 0), "Eva")]
    assert retarget(DATA, ("lineup/*",), "Ana", "Eva", lambda a, b: fold(a) == fold(b)) == [
        (("lineup", 0), "Eva"), (("lineup", 1), "Eva")]


def test_a_tables_key_is_renamed_in_its_place():
    changes = retarget(DATA, ("book/carriers/*/weapons/*", "book/carriers/*/magazines/*"), "Fusil", "Rifle")
    assert changes == [(("book", "carriers", 0, "weapons", 0), "Rifle"),
                       (("book", "carriers", 0, "magazines"), {"Pistola": 1, "Rifle": 2})]
    assert list(changes[1][1]) == ["Pistola", "Rifle"]
