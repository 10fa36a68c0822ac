"""builder.core.findings: where a finding points."""

from __future__ import annotations

from pathlib import Path

from builder.core.findings import Place
from builder.core.reader import Document
from builder.core.yaml_data import parse_text


def _doc(text: str, name: str = "lista.yaml") -> Document:
    data, lines = parse_text(text)
    return Document(Path(name), name, data, lines)


def test_a_place_further_in_keeps_its_document_and_line():
    doc = _doc("squads:\n  - name: Alfa\n    members: []\n")
    place = Place(doc).at("squads", 0).at("members")
    assert place == Place(doc, ("squads", 0, "members"))
    assert place.line == 3
    assert place.where == "lista.yaml:3 squads[0].members"


def test_a_place_under_an_overlay_points_to_where_the_value_came_from():
    doc, pack = _doc("name: Lista\npoints_limit: 400\n"), _doc("event: Torneo\n\nvalues:\n  points_limit: 300\n", "pack.yaml")
    place = Place(doc, (), ((("points_limit",), Place(pack, ("values", "points_limit"))),))
    assert place.at("points_limit").where == "pack.yaml:4 values.points_limit"
    assert place.at("name").where == "lista.yaml:1 name"
