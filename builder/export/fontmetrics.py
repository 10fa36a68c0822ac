"""The spreadsheet's font, measured: how wide a text is, how many lines it wraps into, how tall a row
must be for them.

The sheets are set in **Arial**, 10 points. Windows and macOS have it, and on Linux LibreOffice
shows Arial as Liberation Sans, which was drawn to Arial's metrics: every character has the same
advance width. (Calibri, openpyxl's default, has Carlito as its twin, but few Linux systems carry
it; LibreOffice then falls back to a wider font and headers are clipped.) The widths come from
``fonts/arial-metrics.json``, measured from Liberation Sans 2 by ``tools/font_metrics.py``, so a
sheet is laid out the same on every machine, font installed or not.

Kerning is ignored (it only narrows a text), and a character the table lacks counts as the
widest one it has: a text is never measured narrower than it is drawn.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FONT = "Arial"
SIZE = 10
"""Points, for every cell but the titles."""
DPI = 96
"""Pixels per inch, as Excel and LibreOffice lay out a sheet at 100 % zoom."""
PADDING_PX = 5
"""A cell's margins and grid line, in pixels: the "5 pixel padding" of a column's width in ECMA-376
(part 1, 18.3.1.13)."""
ROW_PADDING_PT = 3.0
"""Above and below the lines of a row, together, in points."""


@dataclass(frozen=True)
class Face:
    units_per_em: int
    ascender: int
    descender: int
    line_gap: int
    advances: dict[str, int]
    widest: int

    def units(self, text: str) -> int:
        return sum(self.advances.get(ch, self.widest) for ch in text)


@cache
def face(bold: bool = False) -> Face:
    data = json.loads((Path(__file__).parent / "fonts" / "arial-metrics.json").read_text(encoding="utf-8"))
    style = data["bold" if bold else "regular"]
    advances = {ch: int(width) for width, chars in style["advances"].items() for ch in chars}
    return Face(style["units_per_em"], style["ascender"], style["descender"], style["line_gap"], advances,
                max(advances.values()))


def px(points: float) -> float:
    return points * DPI / 72


def text_px(text: str, bold: bool = False, size: float = SIZE) -> float:
    """The text's width on one line, in pixels."""
    f = face(bold)
    return px(f.units(text) * size / f.units_per_em)


def digit_px(size: float = SIZE) -> int:
    """The widest digit in whole pixels: the unit of a column's width (ECMA-376's "maximum digit width")."""
    f = face(False)
    return math.floor(px(max(f.advances[d] for d in "0123456789") * size / f.units_per_em))


def inside_px(width: float, size: float = SIZE) -> float:
    """The room for text in a column ``width`` characters wide."""
    return width * digit_px(size) - PADDING_PX


def width_for(text_width_px: float, size: float = SIZE) -> float:
    """The narrowest column width (in quarters of a character) that holds a text this wide."""
    return math.ceil((text_width_px + PADDING_PX) / digit_px(size) * 4) / 4


CLINGS = tuple(")]}!?,.;:/%»…")
"""Marks that never begin a line, even after a space (Unicode's line breaking rule LB13, as
LibreOffice follows it): in «Repetida / otra» the slash stays with «Repetida»."""


def words(text: str) -> list[str]:
    """The text's unbreakable pieces, split at spaces: a piece that begins with one of CLINGS is
    joined to the one before it."""
    out: list[str] = []
    for word in text.split():
        if out and word.startswith(CLINGS):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def lines(text: str, width: float, bold: bool = False, size: float = SIZE) -> list[str]:
    """The text wrapped at spaces into a column ``width`` characters wide, as a spreadsheet wraps it;
    a word longer than the line is cut where it overflows."""
    room = inside_px(width, size)
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in words(paragraph):
            joined = f"{line} {word}" if line else word
            if text_px(joined, bold, size) <= room:
                line = joined
                continue
            if line:
                out.append(line)
            while len(word) > 1 and text_px(word, bold, size) > room:
                cut = max((n for n in range(1, len(word)) if text_px(word[:n], bold, size) <= room), default=1)
                out.append(word[:cut])
                word = word[cut:]
            line = word
        out.append(line)
    return out


def line_pt(bold: bool = False, size: float = SIZE) -> float:
    """One line's height in points: the font's ascender, descender and line gap."""
    f = face(bold)
    return (f.ascender + f.descender + f.line_gap) * size / f.units_per_em


def row_height(count: int, bold: bool = False, size: float = SIZE) -> float:
    """A row's height in points for ``count`` lines, rounded up to whole pixels (0.75 pt)."""
    points = count * line_pt(bold, size) + ROW_PADDING_PT
    return math.ceil(px(points) - 1e-9) * 72 / DPI
