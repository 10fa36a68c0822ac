"""What went wrong in a YAML text, in the user's words: the parser's problem told by a fragment
of its (English) message, then named by a message key of builder's."""

from __future__ import annotations

from builder.core.messages import Localised

_PROBLEMS = (
    ("mapping values are not allowed", "mapping-values"),
    ("could not find expected ':'", "expected-colon"),
    ("did not find expected key", "expected-key"),
    ("did not find expected node content", "expected-content"),
    ("did not find expected ',' or", "expected-comma"),
    ("that cannot start any token", "bad-start"),
    ("special characters are not allowed", "control-character"),
    ("control characters are not allowed", "control-character"),
    ("found unexpected end of stream", "end-of-stream"),
    ("found unknown escape character", "bad-escape"),
    ("expected <block end>", "bad-indentation"),
    ("more than one YAML document", "several-documents"),
    ("has no finished anchor", "early-alias"),
    ("<< must merge mappings", "bad-merge"),
    ("found undefined tag handle", "unknown-tag"),
    ("could not determine a constructor", "unknown-tag"),
    ("found undefined alias", "undefined-alias"),
    ("found duplicate anchor", "duplicate-anchor"),
    ("a tab character", "bad-start"),
    ("expected comment or line break", "expected-line-break"),
    ("expected a comment or a line break", "expected-line-break"),
    ("block sequence entries are not allowed", "sequence-here"),
    ("mapping keys are not allowed", "mapping-values"),
    ("expected alphabetic or numeric character", "bad-anchor"),
)


def yaml_problem(problem: str) -> Localised:
    """A parser problem in the user's language; one builder doesn't know is said in general terms
    (the parser's own words are English)."""
    for fragment, key in _PROBLEMS:
        if fragment in problem:
            return Localised(f"yaml.{key}")
    return Localised("yaml.other")
