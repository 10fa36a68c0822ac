"""The spreadsheet's font measured: Arial's advance widths (from Liberation Sans 2, its metric twin),
checked against values worked out by hand from the font's units (2048 to the em)."""

import math
from pathlib import Path

import pytest

from builder.export import fontmetrics as fm

# At 10 points and 96 dots per inch an em is 10 × 96 / 72 = 13.33 pixels: a unit is 13.33 / 2048 px.
UNIT_PX = 10 * 96 / 72 / 2048


def test_arials_published_widths():
    regular, bold = fm.face(False), fm.face(True)
    assert regular.units_per_em == 2048
    # Arial's widths, as every metric-compatible font must have them: digits 1139 (so every
    # digit is as wide as any other), a space 569, «a» 1139, «M» 1706, «i» 455; bold «o» 1251, «i» 569.
    assert {regular.advances[c] for c in "0123456789"} == {1139}
    assert [regular.advances[c] for c in " aMi"] == [569, 1139, 1706, 455]
    assert [bold.advances[c] for c in "oi"] == [1251, 569]


def test_coste_por_miniatura_in_bold():
    # C 1479 + o 1251 + s 1139 + t 682 + e 1139 = 5690; space 569; p 1251 + o 1251 + r 797 = 3299.
    assert fm.text_px("Coste por", bold=True) == pytest.approx((5690 + 569 + 3299) * UNIT_PX)   # 62.23 px
    # m 1821 + i 569 + n 1251 + i 569 + a 1139 + t 682 + u 1251 + r 797 + a 1139 = 9218: 60.01 px.
    assert fm.text_px("miniatura", bold=True) == pytest.approx(9218 * UNIT_PX)


def test_a_column_width_in_pixels():
    # The widest digit, 1139 units, is 7.41 px at 10 pt: 7 whole pixels, the unit of a column's width.
    assert fm.digit_px() == 7
    # A column 9.5 wide holds 9.5 × 7 − 5 = 61.5 px of text; «miniatura» (60.01 px) needs
    # ⌈(60.01 + 5) / 7 × 4⌉ / 4 = ⌈37.15⌉ / 4 = 9.5.
    assert fm.inside_px(9.5) == 61.5
    assert fm.width_for(9218 * UNIT_PX) == 9.5


def test_wrapping_coste_por_miniatura():
    # In 61.5 px: «Coste por» (62.23) doesn't fit, nor «por miniatura» (3299 + 569 + 9218 = 13086 units, 85.2 px).
    assert fm.lines("Coste por miniatura", 9.5, bold=True) == ["Coste", "por", "miniatura"]
    # In 12 characters (79 px) «Coste por» fits and «miniatura» goes below.
    assert fm.lines("Coste por miniatura", 12, bold=True) == ["Coste por", "miniatura"]


def test_a_slash_or_a_closing_mark_never_starts_a_line():
    assert fm.words("Repetida / otra lista (del jugador) , sí") == ["Repetida /", "otra", "lista", "(del",
                                                                   "jugador) ,", "sí"]
    # Bold «Repetida /»: R 1479 + e 1139 + p 1251 + e 1139 + t 682 + i 569 + d 1251 + a 1139, a space 569
    # and «/» 569 = 9787 units, 63.7 px: it fits 10 characters (65 px), and «otra» goes below.
    assert fm.lines("Repetida / otra", 10, bold=True) == ["Repetida /", "otra"]


def test_a_word_wider_than_its_column_is_cut():
    # 8 characters hold 8 × 7 − 5 = 51 px; «MMMMMMMM» is 8 × 1706 units = 88.9 px: 4 «M» (44.4 px) a line.
    assert fm.lines("MMMMMMMM", 8) == ["MMMM", "MMMM"]


def test_row_heights():
    # A line is ascender 1854 + descender 434 + line gap 67 = 2355 units: 11.499 pt at 10 pt.
    assert fm.line_pt() == pytest.approx(2355 / 2048 * 10)
    # Three lines and 3 pt of padding: 37.497 pt = 49.996 px, so 50 px = 37.5 pt.
    assert fm.row_height(3, bold=True) == 37.5
    # One line at 14 pt: 16.099 + 3 = 19.099 pt = 25.47 px, so 26 px = 19.5 pt.
    assert fm.row_height(1, True, 14) == 19.5


def test_a_character_the_table_lacks_counts_as_the_widest():
    widest = max(fm.face(False).advances.values())
    assert fm.text_px("\U0001F600") == pytest.approx(widest * UNIT_PX)


LIBERATION = Path("/usr/share/fonts/truetype/liberation2")


@pytest.mark.skipif(not (LIBERATION / "LiberationSans-Regular.ttf").exists(), reason="Liberation Sans 2 is not installed")
@pytest.mark.parametrize("bold", [False, True])
def test_the_table_is_the_installed_fonts(bold):
    """The shipped widths are the font's (tools/font_metrics.py made them): checked where it is installed."""
    from fontTools.ttLib import TTFont

    font = TTFont(LIBERATION / f"LiberationSans-{'Bold' if bold else 'Regular'}.ttf")
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    table = fm.face(bold).advances
    assert all(hmtx[cmap[ord(ch)]][0] == width for ch, width in table.items())
    assert len(table) > 1000 and math.isclose(fm.face(bold).units_per_em, font["head"].unitsPerEm)
