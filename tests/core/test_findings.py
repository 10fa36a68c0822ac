"""builder.core.findings: how names are compared, and where a finding points."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from hypothesis import given, strategies as st

from builder.core.findings import Place, fold
from builder.core.reader import Document
from builder.core.yaml_data import parse_text


def test_fold_ignores_case_accents_spaces_hyphens_and_underscores():
    assert fold("Guardia de Élite") == fold("guardia_de-elite") == "guardiadeelite"
    assert fold("Ñu") == "nu"
    assert fold("ﬁla") == "fila"  # a ligature is its letters
    assert fold("Cabo 2") != fold("Cabo 3")


@given(st.text(max_size=40))
def test_fold_is_the_nfkd_of_the_casefold_without_what_is_not_a_letter_or_digit(name):
    # The definition, written out slowly: the fast path for ASCII names must agree with it.
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    assert fold(name) == "".join(c for c in decomposed if c.isalnum())


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
