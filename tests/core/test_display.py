"""builder.core.display: how places and values in a roster are written in messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.core.display import display_path, relative_label, shorten


def test_a_short_value_is_quoted_whole():
    assert shorten("Fusilero") == "Fusilero"
    assert shorten("x" * 40) == "x" * 40


def test_a_long_value_is_cut_in_the_middle_with_its_length():
    # 26 letters, at most 10: the first 5 and the last 5 around an ellipsis, then the length.
    assert shorten("abcdefghijklmnopqrstuvwxyz", 10) == "abcde…vwxyz (26)"
    # The default keeps 40: 20 on each side of a 41-character value.
    value = "a" * 20 + "M" + "z" * 20
    assert shorten(value) == "a" * 20 + "…" + "z" * 20 + " (41)"


@pytest.mark.parametrize("path, shown", [
    ((), ""),
    (("name",), "name"),
    (("squads", 0, "members", 1), "squads[0].members[1]"),
    (("warbook", "bodies", 2, "con"), "warbook.bodies[2].con"),
    ((0, "name"), "[0].name"),
    (("a", 0, 1), "a[0][1]"),
])
def test_display_path(path, shown):
    assert display_path(path) == shown


@pytest.mark.parametrize("base, target, label", [
    ("lista.yaml", "warbook.yaml", "warbook.yaml"),
    ("listas/lista.yaml", "warbook.yaml", "listas/warbook.yaml"),
    ("listas/lista.yaml", "../comun/warbook.yaml", "comun/warbook.yaml"),
    ("listas/lista.yaml", "./sub/../warbook.yaml", "listas/warbook.yaml"),
    ("lista.yaml", "../warbook.yaml", "../warbook.yaml"),
])
def test_relative_label(base, target, label):
    assert relative_label(base, target) == str(Path(label))


def test_relative_label_with_an_absolute_target(tmp_path):
    target = str(tmp_path / "warbook.yaml")
    assert relative_label("listas/lista.yaml", target) == target


def test_a_note_keeps_the_parts_that_fit_in_order():
    from builder.core.display import fit

    # "a · bb" is 6 characters; adding " · cccc" would make 13 > 10; "d" still fits (10).
    assert fit(["a", "bb", "cccc", "d"], 10) == "a · bb · d"
    assert fit([], 10) == "" and fit(["x" * 11], 10) == ""
