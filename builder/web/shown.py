"""Findings as a page shows them, whichever host the page is on (the local page, the desk)."""

from __future__ import annotations

from typing import Any

from builder.core.errors import InputError
from builder.core.findings import input_error_dict
from builder.core.system import Evaluation


def findings_of(evaluation: Evaluation, lang: str) -> list[dict[str, Any]]:
    """The findings a page shows: those of the file being edited carry its line, to jump to."""
    return [{**f.as_dict(lang), "detail": f.plain(lang), "severity": f.severity} for f in evaluation.findings]


def unreadable(error: InputError, lang: str) -> dict[str, Any]:
    """An unreadable file's problem, shown as a finding is."""
    return {**input_error_dict(error, lang), "severity": "error"}
