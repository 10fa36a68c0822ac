"""Nesting is refused by builder's own limit, whatever YAML parser release is installed, and every
text is read by libyaml (never PyYAML's ten times slower Python parser)."""

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from builder.core.errors import InputError
from builder.core.nesting import LIBYAML_TOO_DEEP, too_deep_for_libyaml
from builder.core.yaml_data import MAX_DEPTH, parse_text


@pytest.fixture(autouse=True)
def no_python_parser(monkeypatch):
    """PyYAML's Python parser fails any test that gives it a text."""
    def refuse(self, *args, **kwargs):
        raise AssertionError("a text went to PyYAML's Python parser")
    monkeypatch.setattr(yaml.parser.Parser, "__init__", refuse)


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
def test_a_line_opening_thousands_of_levels_is_refused_by_builder_at_its_line(text):
    error = _refusal(text)
    assert error.code == "too-deep"
    assert error.params == {"limit": MAX_DEPTH}
    assert error.line == text.count("\n")  # the deep line is the last


@pytest.mark.parametrize("levels", [65, 500, 999])
def test_a_line_opening_more_than_builders_levels_but_fewer_than_libyamls_is_refused_alike(levels):
    error = _refusal("a: " + "[" * levels + "]" * levels + "\n")
    assert (error.code, error.line, error.params) == ("too-deep", 1, {"limit": MAX_DEPTH})


def test_deep_nesting_over_many_lines_is_refused_at_the_line_of_the_65th_level():
    # One level a line: the 65th mapping opens on line 65 (key k64 holds it).
    text = "".join("  " * i + f"k{i}:\n" for i in range(100)) + "  " * 100 + "fin\n"
    error = _refusal(text)
    assert (error.code, error.line) == ("too-deep", 65)


def test_brackets_inside_quotes_on_a_long_line_are_text_not_levels():
    text = "name: '" + "[" * 5000 + "'\n"
    assert parse_text(text)[0] == {"name": "[" * 5000}


def test_a_long_line_that_is_not_too_deep_is_read():
    line = "a: [" + ", ".join("[1, {b: 2}]" for _ in range(40)) + "]\n"
    assert parse_text(line)[0] == {"a": [[1, {"b": 2}]] * 40}


def test_a_comment_or_a_text_full_of_colons_and_brackets_is_read_by_libyaml():
    # Once, a line of 64 colons or brackets, in a comment or a text, sent the whole list to the
    # Python parser: a 260 KB list cost a worker two seconds instead of a fraction of one.
    text = "# " + ":" * 300 + "\nname: '" + "[: " * 100 + "'\n" + "".join(f"k{i}: [uno, dos]\n" for i in range(2000))
    data, lines = parse_text(text)
    assert data["name"] == "[: " * 100 and data["k1999"] == ["uno", "dos"] and lines[("k0",)] == 3


def test_libyamls_own_nesting_refusal_is_told_from_its_others():
    class Said:
        def __init__(self, problem):
            self.problem = problem
    assert too_deep_for_libyaml(Said(LIBYAML_TOO_DEEP))
    assert not too_deep_for_libyaml(Said("found unexpected end of stream")) and not too_deep_for_libyaml(ValueError())


@given(st.recursive(st.integers(0, 9), lambda inner: st.lists(inner, max_size=3), max_leaves=30),
       st.sampled_from([None, True]))
def test_a_comment_of_brackets_changes_nothing_read(value, flow):
    text = yaml.safe_dump({"a": value}, default_flow_style=flow)
    assert parse_text(text)[0] == parse_text(text + "# " + "[" * 100 + "\n")[0]
