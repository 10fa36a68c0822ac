"""What builder prints is safe to show: no raw control characters reach a terminal (or a file).

A roster (or a file name) may hold escape sequences or bidirectional controls that
would recolour, move or reorder what a terminal shows. Text output shows each one as
a visible escape (``\\x1b``, ``\\u202e``); JSON output escapes them the JSON way, so a
program reading it gets the same strings back.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
                     "\ud800-\udfff]")
"""C0 controls but newline and tab, DEL and C1 controls, the bidirectional formatting marks, and
lone surrogates (which no output encoding can write)."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """Text for a terminal: every control character shown as an escape."""
    return _UNSAFE.sub(_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_printable(dumped: str) -> str:
    """JSON text (from ``json.dumps``) with the characters it leaves raw escaped as ``\\uXXXX``.

    They can only stand inside JSON strings, where ``\\uXXXX`` decodes to the same character.
    """
    return _UNSAFE.sub(_json_escape, dumped)
