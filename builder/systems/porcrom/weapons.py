"""¡Por Crom!'s weapons: a name resolved to its range and reloading, or reported as unknown."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from itertools import product
from typing import Any

from builder.core import registry
from builder.core.editions import per_rules
from builder.core.findings import Findings, Place
from builder.core.names import fold
from builder.core.messages import either, text

RULE_WEAPONS = "¡Por Crom! · Disparo · Alcance"
RULE_RELOAD = "¡Por Crom! · Disparo · Recarga"

UNKNOWN_RULING = "50c"
"""builder's ruling on a weapon the book doesn't name: a warning, printed without a profile."""

NEAREST_MOST = 3
NEAREST_CUTOFF = 0.6
"""How many known names an unknown weapon's warning offers, and how alike they must be
(difflib's ratio, as for any name builder suggests): "tridente" is better sent to the catalog
than offered "trueno de mano"."""


def _catalog() -> list[dict[str, Any]]:
    return registry.get("porcrom").catalog("rules.yaml")["weapons"]


def _singulars(word: str) -> set[str]:
    """A folded word and the singulars it may be the plural of: "mosquetes" → mosquete,
    "tulwares" → tulwar, "arcabuces" → arcabuz (Spanish adds -s, -es, and -z becomes -ces)."""
    forms = {word}
    if len(word) > 3 and word.endswith("s"):
        forms.add(word[:-1])
        if word.endswith("es"):
            forms.add(word[:-2])
        if word.endswith("ces"):
            forms.add(word[:-3] + "z")
    return forms


WORDS_MOST = 4
"""The catalog's longest name has three words: a longer one can't be any of them, and its
spellings, up to four a word, are not worth multiplying out."""


def _forms(name: str) -> set[str]:
    """Every folded spelling of a name with any of its words read as a plural."""
    words = [fold(w) for w in re.split(r"[\s\-_]+", name) if fold(w)]
    if len(words) > WORDS_MOST:
        return {"".join(words)}
    return {"".join(choice) for choice in product(*(_singulars(w) for w in words))}


@per_rules
def _index() -> tuple[dict[str, int], dict[str, int]]:
    """Catalog entries by folded name, and by every plural-insensitive form of it."""
    exact: dict[str, int] = {}
    loose: dict[str, int] = {}
    for n, entry in enumerate(_catalog()):
        for name in entry["names"]:
            exact.setdefault(fold(name), n)
            for form in _forms(name):
                loose.setdefault(form, n)
    return exact, loose


def _entry(name: str) -> dict[str, Any] | None:
    """The catalog entry a name means, whatever its case, accents or number; None if none."""
    exact, loose = _index()
    n = exact.get(fold(name))
    if n is None:
        n = next((loose[f] for f in sorted(_forms(name)) if f in loose), None)
    return None if n is None else _catalog()[n]


def weapon(name: str) -> dict[str, Any]:
    """A weapon's range in inches (null: no limit), what kind it is and whether it reloads,
    from its name; an unknown one has no range at all (``known`` false, ``kind`` null)."""
    entry = _entry(name)
    if entry is None:
        return {"name": name, "known": False, "kind": None, "range": None, "reload": None, "melee": None,
                "ruling": UNKNOWN_RULING}
    return {"name": name, "known": True, "kind": entry["kind"], "range": entry["range"],
            "reload": bool(entry.get("reload")), "melee": bool(entry.get("melee")), "ruling": entry.get("ruling")}


@per_rules
def names() -> tuple[str, ...]:
    """The known weapons' names, one per weapon and number (a weapon listed as "pistola" and
    "pistolas" is named once), in the catalog's order."""
    shown: dict[str, str] = {}
    seen: set[str] = set()
    for entry in _catalog():
        for candidate in entry["names"]:
            forms = _forms(candidate)
            if not forms & seen:
                shown.setdefault(fold(candidate), candidate)
            seen |= forms
    return tuple(shown.values())


def nearest(name: str) -> list[str]:
    """Up to three known weapons whose names are most like ``name`` (see ``names``)."""
    shown = {fold(n): n for n in names()}
    keys = difflib.get_close_matches(fold(name), list(shown), n=NEAREST_MOST, cutoff=NEAREST_CUTOFF)
    return [shown[k] for k in keys]


@dataclass(frozen=True)
class Names:
    """Weapon names quoted the language's way and joined with its "or": «a», «b» o «c»."""

    names: tuple[str, ...]

    def render(self, lang: str) -> str:
        return either([text("pc.quoted", lang, name=n) for n in self.names], lang)


def check_weapons(names: list[str], at: Place, findings: Findings) -> None:
    """An unknown weapon is a warning naming the nearest known ones (ruling 50c): the book's
    rules are open, so the warband stays legal, but builder can't give it a range. A hand
    thunder is warned about because reloading it is builder's ruling (50d), not the book's."""
    thunder_told = False  # once per figure, however many hand thunders it lists
    for i, name in enumerate(names):
        found = weapon(name)
        if not found["known"]:
            close = nearest(name)
            if close:
                findings.warning("unknown-weapon", at.at(i), RULE_WEAPONS, name=name, nearest=Names(tuple(close)),
                                 count=len(close), ruling=UNKNOWN_RULING)
            else:
                findings.warning("unknown-weapon", at.at(i), RULE_WEAPONS, variant="none", name=name,
                                 ruling=UNKNOWN_RULING)
        elif found["kind"] == "trueno-de-mano" and not thunder_told:
            findings.warning("hand-thunder-reloads", at.at(i), RULE_RELOAD, name=name, ruling=found["ruling"])
            thunder_told = True


def range_label(weapon: dict[str, Any], lang: str) -> str:
    """How a weapon's reach is printed: close combat, so many inches, no limit, or unknown."""
    if not weapon["known"]:
        return text("pc.unknown-weapon", lang)
    if weapon["melee"]:
        return text("pc.melee", lang)
    return f"{weapon['range']}\"" if weapon["range"] is not None else text("pc.unlimited", lang)


def profile(weapon: dict[str, Any], lang: str) -> str:
    """A known weapon's line on a card: its reach, whether it reloads and the ruling behind it;
    an unknown weapon has none (ruling 50c), so only its name is printed."""
    if not weapon["known"]:
        return ""
    parts = [range_label(weapon, lang)] + ([text("pdf.pc.reload", lang)] if weapon["reload"] else [])
    line = " · ".join(parts)
    return line + (" " + text("pc.ruling-short", lang, ruling=weapon["ruling"]) if weapon["ruling"] else "")


def inspect_line(weapon: dict[str, Any], lang: str) -> str:
    """A weapon in `inspect`: its reach, whether it reloads, and the ruling of builder's behind them."""
    line = f"{weapon['name']}: {range_label(weapon, lang)}"
    if weapon["reload"]:
        line += f" · {text('pc.reload', lang)}"
    return line + (f" ({text('pc.ruling', lang, ruling=weapon['ruling'])})" if weapon["ruling"] else "")
