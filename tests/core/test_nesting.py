"""Nesting is refused by builder's own limit, whatever YAML parser release is installed."""

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from builder.core import yaml_data
from builder.core.errors import InputError
from builder.core.nesting import LINE_OPENINGS, opens_deep
from builder.core.yaml_data import MAX_DEPTH, parse_text

ROOT = Path(__file__).resolve().parents[2]


class _NoLibyaml:
    """Stands in for libyaml's loader where a test says libyaml must not see the text."""

    def __init__(self, text):
        raise AssertionError("libyaml was given a line that opens too many levels")


def _refusal(text):
    with pytest.raises(InputError) as caught:
        parse_text(text, "lista.yaml")
    return caught.value


@pytest.mark.parametrize("text", [
    "a: " + "[" * 5000 + "]" * 5000 + "\n",
    "a: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n",
    "- " * 5000 + "x\n",
    "system: wartime\nsquads: " + "[" * 300_000 + "\n",
])
def test_a_line_opening_thousands_of_levels_is_refused_by_builder_and_never_reaches_libyaml(monkeypatch, text):
    monkeypatch.setattr(yaml_data, "_Loader", _NoLibyaml)
    error = _refusal(text)
    assert error.code == "too-deep"
    assert error.params == {"limit": MAX_DEPTH}
    assert error.line == text.count("\n")  # the deep line is the last


def test_deep_nesting_over_many_lines_is_refused_at_the_line_of_the_65th_level():
    # One level a line: the 65th mapping opens on line 65 (key k64 holds it).
    text = "".join("  " * i + f"k{i}:\n" for i in range(100)) + "  " * 100 + "fin\n"
    error = _refusal(text)
    assert (error.code, error.line) == ("too-deep", 65)


def test_brackets_inside_quotes_on_a_long_line_are_text_not_levels():
    text = "name: '" + "[" * 5000 + "'\n"
    assert parse_text(text)[0] == {"name": "[" * 5000}


def test_a_long_line_that_is_not_too_deep_is_read_as_libyaml_would():
    line = "a: [" + ", ".join("[1, {b: 2}]" for _ in range(40)) + "]\n"
    assert opens_deep(line)
    assert parse_text(line)[0] == yaml.safe_load(line)


def test_what_counts_as_opening_a_level():
    assert opens_deep("[" * LINE_OPENINGS)
    assert not opens_deep("[" * (LINE_OPENINGS - 1))
    assert opens_deep("- " * LINE_OPENINGS + "x")
    assert opens_deep("?\t" * LINE_OPENINGS)
    # Every line break libyaml knows ends a block entry; «.» is counted as one line here.
    assert opens_deep("-\x85" * LINE_OPENINGS)
    assert opens_deep("-\u2028" * LINE_OPENINGS)
    # A ruler of dashes in a comment opens nothing but its last dash: the fast parser reads it.
    assert not opens_deep("# " + "-" * 200 + "\n")
    assert not opens_deep(("a: [" + "[1], " * 20 + "]\n") * 100)  # many levels, spread over lines


def test_every_bundled_roster_and_catalog_is_read_by_libyaml():
    texts = [p for folder in ("examples", "catalogs") for p in sorted((ROOT / folder).rglob("*.yaml"))]
    assert texts
    for path in texts:
        assert not opens_deep(path.read_text(encoding="utf-8")), path


@given(st.recursive(st.integers(0, 9), lambda inner: st.lists(inner, max_size=3), max_leaves=30),
       st.sampled_from([None, True]))
def test_either_parser_builds_the_same_data(value, flow):
    text = yaml.safe_dump({"a": value}, default_flow_style=flow)
    assert parse_text(text)[0] == yaml.safe_load(text)
    # Padding a line with brackets in a comment sends the text to the Python parser: same data.
    padded = text + "# " + "[" * LINE_OPENINGS + "\n"
    assert opens_deep(padded)
    assert parse_text(padded)[0] == yaml.safe_load(text)
