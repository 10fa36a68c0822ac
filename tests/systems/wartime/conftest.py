"""Helpers for Wartime tests."""

from builder.core.system import Evaluation
from tests.support import codes  # noqa: F401  (re-exported for the Wartime tests)


def archetype(evaluation: Evaluation, name: str) -> dict:
    assert evaluation.details is not None, [f.message("en") for f in evaluation.findings]
    return next(a for a in evaluation.details["archetypes"] if a["name"] == name)
