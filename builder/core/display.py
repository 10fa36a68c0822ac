"""How a roster's places and values are written in messages: a path in it, a long value cut
short, a file named from the file that refers to it."""

from __future__ import annotations

import os

Path_ = tuple[str | int, ...]
"""Where a value is in a roster: keys and list positions from its root."""


def shorten(value: str, most: int = 40) -> str:
    """A value as quoted back in a message: long ones cut in the middle."""
    return value if len(value) <= most else f"{value[: most // 2]}…{value[-(most // 2):]} ({len(value)})"


def display_path(path: Path_) -> str:
    """``('squads', 0, 'members', 1)`` -> ``squads[0].members[1]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def relative_label(base_label: str, target: str) -> str:
    """How to name a file referenced from another: relative to the referencing file's folder."""
    return os.path.normpath(os.path.join(os.path.dirname(base_label), target))


def fit(parts: list[str], most: int, joiner: str = " · ") -> str:
    """The parts joined, leaving out those that would make the whole longer than ``most``
    (a note beside a part of a roster on the page)."""
    kept: list[str] = []
    for part in parts:
        if len(joiner.join(kept + [part])) <= most:
            kept.append(part)
    return joiner.join(kept)
