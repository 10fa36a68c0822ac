"""builder.core.yaml_problems: a parser's problem said in the user's words."""

from __future__ import annotations

import pytest

from builder.core.registry import all_messages
from builder.core.yaml_problems import _PROBLEMS, yaml_problem


def test_an_unknown_parser_problem_is_said_in_general_words():
    assert yaml_problem("something PyYAML never said before").key == "yaml.other"


@pytest.mark.parametrize("problem, key", [
    ("mapping values are not allowed here", "yaml.mapping-values"),
    ("could not find expected ':'", "yaml.expected-colon"),
    ("found character '\\t' that cannot start any token", "yaml.bad-start"),
])
def test_a_known_parser_problem_is_told_by_a_fragment_of_its_words(problem, key):
    assert yaml_problem(problem).key == key


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_problem_has_words_in_both_languages(lang):
    table = all_messages()
    keys = {f"yaml.{key}" for _, key in _PROBLEMS} | {"yaml.other"}
    assert sorted(key for key in keys if not table.get(key, {}).get(lang)) == []
