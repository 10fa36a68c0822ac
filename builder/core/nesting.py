"""Which YAML parser reads a text, so that nesting is refused by builder's limit, never by a parser's.

builder counts nesting on the parser's events and refuses the 65th level (``yaml_data.MAX_DEPTH``)
at its line. libyaml's scanner runs ahead of the events it hands over, up to the end of the
line it is on and the first token of the next; recent releases also refuse, in their own words,
a scan that opens more levels than a limit of theirs (1000 in PyYAML 6.0.4's libyaml). A text
none of whose lines opens ``LINE_OPENINGS`` levels keeps the scanner within two such lines of the
events, so builder's limit is met long before any parser's: libyaml reads it, fast.

A text with such a line is read by PyYAML's own Python parser instead: the same events, no
nesting limit of its own, and a look-ahead of at most 1024 characters. So a deep document is
``too-deep`` at its line whatever PyYAML or libyaml release is installed, and a long line of
brackets that isn't too deep is read as usual, only slower.
"""

from __future__ import annotations

import re

LINE_OPENINGS = 64
"""Levels one line may open and still be read by libyaml: a roster's lines open two or three."""

_LONG_LINE = re.compile(r"^.{%d,}" % LINE_OPENINGS, re.MULTILINE)
"""A line can't open more levels than it has characters: only long lines are counted."""
_OPENING = re.compile(r"[\[{:]|[-?](?=\s|$)", re.MULTILINE)
"""What may open a level: a flow bracket, a block entry or key (``- ``, ``? ``), any colon.

Counted generously (a colon or bracket in text counts too): counting too many only sends a
text to the slower parser, while counting too few could let libyaml see a deep line. ``\\s``
covers every line break libyaml knows (NEL, LS and PS too), and ``.`` stops only at ``\\n``,
so a line here is never shorter than libyaml's."""


def opens_deep(text: str) -> bool:
    """Whether some line of ``text`` opens ``LINE_OPENINGS`` levels or more (at most)."""
    count = _OPENING.findall
    for line in _LONG_LINE.finditer(text):
        if len(count(text, line.start(), line.end())) >= LINE_OPENINGS:
            return True
    return False
