"""What a version's check found, kept with it (migration 6), so its pages show it without checking
the list again: the player's name, the game's own measure of a list without points (specialty
slots, PV), and the findings, words and all, in each language a page speaks.

Kept as the check made them when the version was stored; a version stored before migration 6 has
none (``None``), and is checked again once when shown, then kept like the rest.
"""

from __future__ import annotations

import json
from typing import Any

from builder.core import registry
from builder.core.errors import InputError
from builder.core.findings import input_error_dict
from builder.core.system import Evaluation

LANGUAGES = ("es", "en")
FINDINGS_KEPT = 200
"""Findings kept a version, in each language: a real list has a handful; a hostile one thousands,
of which the first are enough to mend it (its count is kept whole, ``Checked.findings``)."""


def found_in(evaluation: Evaluation) -> dict[str, Any]:
    """A checked list's player, measure and findings, as the desk's pages show them."""
    kept = evaluation.findings[:FINDINGS_KEPT]
    measure = evaluation.measure
    if measure is not None:
        # Its game's words: a list checked in a worker may be of another game than the desk's, whose
        # messages this process has not read yet (one game's list sent to another game's event).
        registry.find(evaluation.system)
    return {"player": evaluation.player,
            **({"measure": {lang: measure.render(lang) for lang in LANGUAGES}} if measure is not None else {}),
            **{lang: [{**f.as_dict(lang), "detail": f.plain(lang), "severity": f.severity} for f in kept]
               for lang in LANGUAGES}}


def found_unreadable(error: InputError) -> dict[str, Any]:
    """A list this builder can't read (kept by an earlier one): why, as its one finding."""
    return {"player": None, **{lang: [{**input_error_dict(error, lang), "severity": "error"}] for lang in LANGUAGES}}


def shown(found: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The findings kept, in ``lang`` (Spanish for one not kept)."""
    return list(found.get(lang) or found.get(LANGUAGES[0]) or [])


def measure_of(found: dict[str, Any], lang: str) -> str | None:
    """The game's own measure kept (a list without points), in ``lang``; None where it has none."""
    measure = found.get("measure")
    return measure.get(lang) if isinstance(measure, dict) else None


def as_text(found: dict[str, Any] | None) -> str | None:
    return None if found is None else json.dumps(found, ensure_ascii=False, separators=(",", ":"))


def from_text(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    try:
        found = json.loads(text)
    except ValueError:  # a row mended by hand: checked again as if never kept
        return None
    return found if isinstance(found, dict) else None
