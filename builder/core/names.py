"""Names as people compare them: without case, accents or separators, and the nearest known
name to one that is misspelt."""

from __future__ import annotations

import unicodedata
from typing import Iterable


def fold(name: str) -> str:
    """A name as compared by people: no case, accents, spaces, hyphens or underscores."""
    folded = name.casefold()
    if not folded.isascii():  # NFKD leaves ASCII as it is
        folded = unicodedata.normalize("NFKD", folded)
    return "".join(filter(str.isalnum, folded))


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate nearest to ``name``, if any is close enough to be a typo."""
    by_fold: dict[str, str] = {}
    for candidate in candidates:
        by_fold.setdefault(fold(candidate), candidate)
    key = fold(name)
    if key in by_fold:
        return by_fold[key]
    import difflib  # only when a name is wrong

    match = difflib.get_close_matches(key, list(by_fold), n=1, cutoff=0.6)
    return by_fold[match[0]] if match else None


KNOWN_MOST = 8
"""Names a message lists of those that exist: enough to choose from, never a page of them."""


def known(names: Iterable[str]) -> str | None:
    """The names that exist, as a message lists them (A, B, C, …), each once; None if none."""
    unique = list(dict.fromkeys(names))
    if not unique:
        return None
    shown = ", ".join(unique[:KNOWN_MOST])
    return shown + (", …" if len(unique) > KNOWN_MOST else "")
