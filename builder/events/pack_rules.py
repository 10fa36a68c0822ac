"""The rules a pack sets for its event: the edition it pins (``edition:``) and its house rules
(``house_rules:``), read with the pack's lines."""

from __future__ import annotations

from typing import Any

from builder.core import editions
from builder.core.edition_check import usable_edition
from builder.core.findings import Findings, Place
from builder.core.house_rules import read_house_rules
from builder.core.names import closest
from builder.core.validators import TEXT_MOST
from builder.core.system import System

RULE_PACK = "Pack del evento"


def pack_rules(system: System, edition: Any, house: Any, place: Place) -> tuple[editions.Rules | None, Findings]:
    """The pack's rules, or None when it sets neither; and the problems of what it wrote. House
    rules change the edition the pack pins, or the newest when it pins none: the lists of the
    event are then checked under that edition."""
    problems = Findings()
    installed = system.editions()
    pinned = None
    if edition is not None:
        pinned = editions.named(installed, str(edition)) if isinstance(edition, (str, int, float)) else None
        if pinned is None:
            known = [e.name for e in installed]
            problems.error("unknown-edition", place.at("edition"), RULE_PACK, edition=str(edition)[:60],
                           known=", ".join(known), hint=closest(str(edition), known) or "")
            return None, problems
    usable_edition(system, pinned or installed[0])  # a desk refuses at its start an edition its game can't use
    if house is None:
        return (editions.Rules(pinned) if pinned else None), problems
    base = pinned or installed[0]
    rules, found = read_house_rules(system, base, house, place.at("house_rules"))
    problems.extend(found)
    return (rules if not found else None), problems


_WHY = {"type": "string", "minLength": 1, "maxLength": TEXT_MOST, "description": "Why: shown with what it decides."}
_PATH = {"type": "string", "minLength": 1, "description": "A catalog's stem, then its keys, entries or positions, "
                                                          "joined by / (costs/tables/attribute/costs/5)."}
HOUSE_RULES_SCHEMA = {
    "type": "array", "minItems": 1,
    "description": "The event's house rules: changes to the game's catalogs, applied in order.",
    "items": {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["set", "to"],
         "properties": {"set": _PATH, "to": {"description": "The new value, of the kind of the one it replaces."},
                        "why": _WHY}},
        {"type": "object", "additionalProperties": False, "required": ["ban"],
         "properties": {"ban": _PATH, "why": _WHY}},
        {"type": "object", "additionalProperties": False, "required": ["add", "entry"],
         "properties": {"add": _PATH, "entry": {"type": "object", "required": ["key"],
                                                "description": "The entry, with the keys every entry there has."},
                        "why": _WHY}},
    ]},
}
"""The JSON Schema of a pack's ``house_rules:`` (for editors: the catalogs' own shapes are checked on reading)."""
