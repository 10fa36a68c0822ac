"""The catalogs as house rules see them: paths and steps, the shape a value must keep, and the fields
that name another list's entries. Made-up catalogs, small enough to read whole."""

from __future__ import annotations

from builder.core.catalog_shapes import (
    Kinds, Unknown, keyed, keyed_lists, keys_of, names_in, read_path, references, shown, step_into, unlike,
)

FILES = {
    "razas": {"source": "libro", "razas": [
        {"key": "gnomo", "name": "Gnomo Alto", "fue": 2, "dones": ["agil", "terco"]},
        {"key": "ogro", "name": "Ogro", "fue": 5, "dones": ["terco"]},
    ]},
    "dones": {"dones": [{"key": "agil", "name": "Ágil"}, {"key": "terco", "name": "Terco"}]},
    "tablas": {"coste": [0, 1, 2, 4], "limite": {3: 2, 4: 3}, "filas": [{"min": 1}, {"min": 5}]},
}


def test_a_step_names_a_key_an_entry_by_key_or_name_folded_or_a_position_from_one():
    assert step_into(FILES["tablas"]["limite"], "4") == ("key", 4)  # the YAML key is a number
    assert step_into(FILES["razas"]["razas"], "gnomo") == ("entry", "gnomo")
    assert step_into(FILES["razas"]["razas"], "gnomo alto") == ("entry", "gnomo")  # its name, folded
    assert step_into(FILES["tablas"]["coste"], "4") == ("at", 3)  # the 4th value
    assert step_into(FILES["tablas"]["filas"], "2") == ("at", 1)  # mappings without keys: by position
    assert step_into(FILES["tablas"]["coste"], "5") == ["1–4"] and step_into(FILES["tablas"]["coste"], "0") == ["1–4"]
    assert step_into(FILES["razas"]["razas"], "elfo") == ["gnomo", "ogro"]
    assert step_into(7, "x") == []


def test_a_path_reads_to_its_value_or_says_where_it_stops_and_what_is_there():
    address, value = read_path(FILES, "razas/razas/Ogro/fue")
    assert address == ("razas", ("key", "razas"), ("entry", "ogro"), ("key", "fue")) and value == 5
    assert shown(address) == "razas/razas/ogro/fue" and shown(("tablas", ("key", "coste"), ("at", 3))) == "tablas/coste/4"
    stop = read_path(FILES, "tablas/limit/3")
    assert stop == Unknown("limit", "tablas", ["coste", "limite", "filas"]) and stop.hint == "limite"
    assert read_path(FILES, "tabla/coste") == Unknown("tabla", "", ["dones", "razas", "tablas"])


def test_a_value_keeps_the_kind_and_shape_of_those_it_stands_among():
    assert list(unlike(3, [2])) == [] and list(unlike(3, [2.5])) == []  # a whole number is a number
    [wrong] = unlike("tres", [2])
    assert (wrong.path, wrong.variant, wrong.params["expected"]) == ((), "type", Kinds(("int",)))
    assert wrong.params["expected"].render("es") == "un número entero"
    assert Kinds(("int", "null")).render("en") == "a whole number or nothing (null)"
    [short] = unlike([0, 1, 2], [[0, 1, 2, 4]])  # a table of numbers keeps its length
    assert (short.variant, short.params) == ("length", {"count": 4})
    assert list(unlike(["agil"], [["agil", "terco"]])) == []  # a list of names needn't
    entry = {"key": "x", "nmae": "X", "fue": "2", "dones": [1]}
    said = [(u.path, u.variant) for u in unlike(entry, FILES["razas"]["razas"])]
    # "name" is left out where its misspelling stands: told once, as the misspelling.
    assert said == [(("nmae",), "unknown"), (("fue",), "type"), (("dones", 0), "type")]
    assert [(u.path, u.variant) for u in unlike({"key": "x"}, FILES["razas"]["razas"])] == [
        ((), "missing"), ((), "missing"), ((), "missing")]
    assert list(unlike({"z": 1}, [])) == []  # nothing to go by


def test_keyed_lists_and_the_fields_that_name_their_entries():
    assert keyed(FILES["dones"]["dones"]) and not keyed(FILES["tablas"]["filas"]) and not keyed([])
    lists = keyed_lists(FILES)
    assert set(lists) == {("razas", ("key", "razas")), ("dones", ("key", "dones"))}
    dones = ("dones", ("key", "dones"))
    assert references(FILES) == {(("razas", ("key", "razas")), "dones"): (dones,)}
    assert keys_of(FILES, (dones,)) == ["agil", "terco"]
    assert names_in("agil") == ["agil"] and names_in(["agil", 3]) == ["agil"] and names_in(3) == []
