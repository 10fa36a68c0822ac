"""pydantic errors turned into located findings."""

from pathlib import Path

from builder.findings import Place
from builder.reader import Document, parse_text
from builder.validation import Strict, between, clean_location, validate


class Inner(Strict):
    level: between(1, 10)


class Outer(Strict):
    name: str
    items: list[Inner] = []


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
    model, findings = validate(Outer, doc.data, Place(doc), "Regla")
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
    _, findings = validate(Outer, doc.data, Place(doc), "R")
    [finding] = findings
    assert finding.variant == "string_type+quote"
    assert "comillas" in finding.message("es")


def test_out_of_range_message_names_the_bound():
    doc = doc_of("name: x\nitems: [{level: 0}]\n")
    _, [finding] = validate(Outer, doc.data, Place(doc), "R")
    assert finding.message("en") == "f.yaml:2 items[0].level: “level” is 0; the minimum is 1"
    assert finding.message("es") == "f.yaml:2 items[0].level: «level» vale 0; el mínimo es 1"
