"""Validation errors turned into located findings, through records generated from models."""

import sys
from pathlib import Path
from typing import Literal

from builder.core.codegen import records_of
from builder.core.fields import Name, Strict, Text, between, many, measure
from builder.core.findings import Place
from builder.core.reader import Document
from builder.core.yaml_data import parse_text
from builder.core.validation import clean_location, validate
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
