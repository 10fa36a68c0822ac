"""The small functions the models validate with, importable without pydantic.

The models (``models.py``) use them through pydantic; the generated ``records.py``
modules name them in their schemas, so each is a module-level function or an object
whose ``repr`` is the Python expression that rebuilds it.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic_core import PydanticCustomError

from builder.core.names import fold

NAME_MOST = 100
"""Characters in a name: any name from the books fits many times over; a card still prints it."""
TEXT_MOST = 2000
"""Characters in a description."""
CONTROLS = "\x00-\x1f\x7f-\x9f\ud800-\udfff"
"""Unicode's control characters (category Cc) and surrogates (Cs), as ranges of a character
class: the categories are fixed by the standard, and a test compares them with unicodedata."""
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks that reorder text as it is shown: in a name they'd make it print as something else."""


def whole_number(value: Any) -> Any:
    """A whole float as an int (7.0 -> 7); anything else unchanged."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


class RefuseControls:
    """Refuse control characters and bidirectional marks in a text, except those ``allowed``."""

    def __init__(self, allowed: str = "") -> None:
        self.allowed = allowed
        refused = "".join(sorted(_BIDI))
        self._first = re.compile(f"[{CONTROLS}{refused}]" if not allowed else
                                 f"(?![{re.escape(allowed)}])[{CONTROLS}{refused}]")

    def __call__(self, value: str) -> str:
        found = self._first.search(value)
        if found is not None:
            raise PydanticCustomError("invalid-field", "control character",
                                      {"variant": "control-character", "char": f"U+{ord(found.group()):04X}",
                                       "position": found.start() + 1})
        return value

    def __repr__(self) -> str:
        return f"RefuseControls({self.allowed!r})"


class Canonical:
    """Accept a choice however it is written ("Móvil", "muy grande"), giving its canonical form."""

    def __init__(self, choices: tuple[str, ...]) -> None:
        self.choices = choices
        self._fold = fold
        self._by_fold = {fold(c): c for c in choices}

    def __call__(self, value: object) -> object:
        return self._by_fold.get(self._fold(value), value) if isinstance(value, str) else value

    def __repr__(self) -> str:
        return f"Canonical({self.choices!r})"


SHAPES = ("mapping", "dict", "list")
"""What ``ByShape`` tells apart: a mapping is a dict or a validated model (a record too)."""


class ByShape:
    """A union's discriminator that picks a member by the value's shape.

    It sees the user's data when validating and validated values when serialising, so a
    "mapping" is a dict or a model instance.
    """

    def __init__(self, kinds: dict[str, str], fallback: str) -> None:
        if not set(kinds) <= set(SHAPES):
            raise ValueError(f"unknown shapes: {sorted(set(kinds) - set(SHAPES))}")
        self.kinds, self.fallback = kinds, fallback
        self.__name__ = "shape"  # pydantic-core names a callable discriminator in its errors

    def __call__(self, value: object) -> str:
        for kind, tag in self.kinds.items():
            if _is(kind, value):
                return tag
        return self.fallback

    def __repr__(self) -> str:
        return f"ByShape({self.kinds!r}, {self.fallback!r})"


def _is(kind: str, value: object) -> bool:
    if kind == "list":
        return isinstance(value, list)
    if kind == "dict":
        return isinstance(value, dict)
    return isinstance(value, dict) or hasattr(value, "__pydantic_fields_set__")
