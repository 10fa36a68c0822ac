"""Nesting refused by builder's limit, in builder's words, whatever libyaml release reads the text.

builder counts nesting on the parser's events and refuses the 65th level (``yaml_data.MAX_DEPTH``)
at its line. libyaml's scanner runs ahead of the events it hands over, up to the end of the line
it is on (and at most 1024 characters for a key it may still have to mark); recent releases also
refuse, in their own words, a scan that opens more levels than a limit of theirs (1000 in PyYAML
6.0.4's libyaml). So a line that opens a thousand levels at once may reach libyaml's limit before
builder's: that refusal is builder's ``too-deep``, at the same line.

Every text is read by libyaml. PyYAML's own Python parser, which a text once went to when one of
its lines looked deep (a count of brackets and colons, text and comments included), reads the
same events ten times slower: a comment full of colons made a list cost seconds of a worker.
"""

from __future__ import annotations

from typing import Any

LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"
"""How libyaml says a scan opened more levels than its own limit."""


def too_deep_for_libyaml(error: Any) -> bool:
    """Whether a parser's error is libyaml's own nesting limit reached (builder's, said otherwise)."""
    return getattr(error, "problem", None) == LIBYAML_TOO_DEEP
