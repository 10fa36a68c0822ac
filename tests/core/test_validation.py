"""Validation errors turned into located findings, through records generated from models."""

import sys
from pathlib import Path
from typing import Literal, Union

from builder.core.codegen import records_of
from builder.core.fields import Name, Strict, Text, between, many, measure
from builder.core.findings import Place
from builder.core.reader import Document
from builder.core.yaml_data import parse_text
from builder.core.validation import clean_location, set_aside, validate
from builder.core.validators import NAME_MOST


class Inner(Strict):
    level: between(1, 10)


class Outer(Strict):
    name: str
    items: list[Inner] = []


class Named(Strict):
    name: Name
    notes: Text | None = None
    kind: Literal["animal", "mercenary"] = "animal"
    tags: list[Name] = many(3)
    size: measure(50) = 0


class Short(Strict):
    x: between(1, 10)


class Long(Strict):
    x: between(1, 10)
    y: between(1, 10)


class Either(Strict):
    part: Union[Short, Long]


RECORDS = records_of(sys.modules[__name__])


def doc_of(text: str) -> Document:
    data, lines = parse_text(text, "f.yaml")
    return Document(Path("f.yaml"), "f.yaml", data, lines)


def test_clean_location_drops_union_tags_and_keeps_missing_keys():
    data = {"a": [{"b": 1}]}
    assert clean_location(("a", 0, "zones", "b"), data) == ("a", 0, "b")
    assert clean_location(("a", 0, "c"), data) == ("a", 0, "c")
    assert clean_location(("a", "value"), {"a": 3}) == ("a",)
    # A union tag ("shape") that is also a key of the data doesn't hide the field in error.
    area = {"shape": "circle", "diameter": 1e300}
    assert clean_location(("area", "shape", "circle", "diameter"), {"area": area}) == ("area", "diameter")


def test_each_error_is_located_and_coded():
    doc = doc_of("name: x\nitems:\n  - level: 11\n  - {levle: 2}\n")
    model, findings = validate(RECORDS["Outer"], doc.data, Place(doc), "Regla")
    assert model is None
    got = sorted((f.code, f.variant, f.place.where) for f in findings)
    assert got == [
        ("invalid-field", "extra_forbidden", "f.yaml:4 items[1].levle"),
        ("invalid-field", "missing", "f.yaml:4 items[1].level"),
        ("value-out-of-range", None, "f.yaml:3 items[0].level"),
    ]
    assert all(f.rule == "Regla" for f in findings)


def test_strict_types_are_not_coerced():
    doc = doc_of("name: 300\n")
    _, findings = validate(RECORDS["Outer"], doc.data, Place(doc), "R")
    [finding] = findings
    assert finding.variant == "string_type+quote"
    assert "comillas" in finding.message("es")


def test_out_of_range_message_names_the_bound():
    doc = doc_of("name: x\nitems: [{level: 0}]\n")
    _, [finding] = validate(RECORDS["Outer"], doc.data, Place(doc), "R")
    assert finding.message("en") == "f.yaml:2 items[0].level: “level” is 0; the minimum is 1"
    assert finding.message("es") == "f.yaml:2 items[0].level: «level» vale 0; el mínimo es 1"


def findings_of(text: str):
    doc = doc_of(text)
    return validate(RECORDS["Named"], doc.data, Place(doc), "Regla")[1]


def test_a_name_refuses_control_characters_and_bidirectional_marks():
    [finding] = findings_of('name: "A\\vB"\n')
    assert (finding.code, finding.variant) == ("invalid-field", "control-character")
    assert finding.message("en") == "f.yaml:1 name: holds a control character (U+000B, at position 2); delete it"
    [finding] = findings_of('name: "abc\\u202Edef"\n')
    assert finding.params["char"] == "U+202E"
    assert findings_of('name: "🐉 مرحبا"\nnotes: "two\\nlines\\tand a tab"\n') == []  # emoji, RTL, newlines in notes


def test_a_name_longer_than_the_most_is_refused():
    [finding] = findings_of(f"name: {'x' * (NAME_MOST + 1)}\n")
    assert finding.message("es") == f"f.yaml:1 name: es demasiado largo; el máximo es {NAME_MOST} caracteres"
    assert findings_of(f"name: {'x' * NAME_MOST}\n") == []


def test_the_accepted_choices_are_joined_in_the_users_language():
    [finding] = findings_of("name: A\nkind: perro\n")
    assert finding.message("es") == "f.yaml:2 kind: vale 'perro'; se esperaba 'animal' o 'mercenary'"
    assert finding.message("en") == "f.yaml:2 kind: is 'perro'; expected 'animal' or 'mercenary'"


def test_a_list_longer_than_the_most_and_a_measure_past_its_bound_are_out_of_range():
    found = findings_of("name: A\ntags: [a, b, c, d]\nsize: 1.0e+300\n")
    assert [(f.code, f.variant, f.place.line) for f in found] == [("value-out-of-range", "length", 2),
                                                                    ("value-out-of-range", None, 3)]
    assert found[0].message("en") == "f.yaml:2 tags: “tags” has 4 items; the most is 3"
    assert found[1].message("en") == "f.yaml:3 size: “size” is 1e+300; the maximum is 50"


# --- ruling 73: an unknown key stops nothing else --------------------------------------------


def test_past_an_unknown_key_the_rest_is_validated_and_the_record_of_what_remains_given():
    doc = doc_of("name: x\nitems:\n  - {level: 3, levle: 2}\n  - level: 4\n")
    plain, found = validate(RECORDS["Outer"], doc.data, Place(doc), "R")
    assert plain is None and set_aside(found)
    model, findings = validate(RECORDS["Outer"], doc.data, Place(doc), "R", past_unknown_keys=True)
    # The misspelt key is still an error, where it is written; the rest reads as written.
    assert [(f.code, f.variant, f.place.where) for f in findings] == [
        ("invalid-field", "extra_forbidden", "f.yaml:3 items[0].levle")]
    assert set_aside(findings)
    assert [item.level for item in model.items] == [3, 4]
    assert doc.data["items"][0] == {"level": 3, "levle": 2}  # the file's own data is not changed


def test_past_an_unknown_key_every_other_error_is_found_in_the_same_run():
    doc = doc_of("name: x\nitems:\n  - {level: 11, levle: 2}\n")
    model, findings = validate(RECORDS["Outer"], doc.data, Place(doc), "R", past_unknown_keys=True)
    assert model is None  # a value out of range: no record, so no rules (ruling 73)
    assert sorted((f.code, f.variant, f.place.where) for f in findings) == [
        ("invalid-field", "extra_forbidden", "f.yaml:3 items[0].levle"),
        ("value-out-of-range", None, "f.yaml:3 items[0].level"),
    ]


def test_a_key_another_shape_knows_is_not_set_aside():
    # y is unknown to Short but Long's: setting it aside would read the part as a Short.
    doc = doc_of("part: {x: 2, y: 11}\n")
    model, findings = validate(RECORDS["Either"], doc.data, Place(doc), "R", past_unknown_keys=True)
    assert model is None and findings
    doc = doc_of("part: {x: 2, z: 1}\n")  # z is no shape's: set aside, and the part is a Short
    model, findings = validate(RECORDS["Either"], doc.data, Place(doc), "R", past_unknown_keys=True)
    assert type(model.part).__name__ == "Short" and set_aside(findings)

