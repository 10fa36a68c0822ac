"""Write builder/export/fonts/arial-metrics.json: the advance widths and line metrics of Arial,
as Liberation Sans 2 (metric-compatible with Arial, the font LibreOffice shows for Arial on Linux)
gives them, for the characters a sheet is likely to hold.

    python tools/font_metrics.py [/usr/share/fonts/truetype/liberation2]

The spreadsheet (builder.export.xlsx) sizes its columns and header rows from this file, so the
result is the same on every machine, with or without the font installed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fontTools.ttLib import TTFont

RANGES = [(0x20, 0x2FF), (0x370, 0x3FF), (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x214F),
          (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2500, 0x25FF)]
"""Latin (with Latin-1 and the extended letters), Greek, punctuation, currency, letterlike symbols,
arrows, mathematical operators, box drawing and geometric shapes: whatever the font has of them."""
OUT = Path(__file__).resolve().parents[1] / "builder" / "export" / "fonts" / "arial-metrics.json"


def face(path: Path) -> dict:
    font = TTFont(path)
    cmap, hmtx, hhea, os2 = font.getBestCmap(), font["hmtx"], font["hhea"], font["OS/2"]
    by_width: dict[int, list[str]] = {}
    for first, last in RANGES:
        for code in range(first, last + 1):
            if code in cmap:
                by_width.setdefault(hmtx[cmap[code]][0], []).append(chr(code))
    return {
        "source": f"{font['name'].getDebugName(4)} {font['name'].getDebugName(5)}",
        "units_per_em": font["head"].unitsPerEm,
        "ascender": max(hhea.ascent, os2.usWinAscent), "descender": max(-hhea.descent, os2.usWinDescent),
        "line_gap": hhea.lineGap,
        "advances": {str(width): "".join(chars) for width, chars in sorted(by_width.items())},
    }


def main(folder: str = "/usr/share/fonts/truetype/liberation2") -> None:
    faces = {style.lower(): face(Path(folder) / f"LiberationSans-{style}.ttf") for style in ("Regular", "Bold")}
    data = {"font": "Arial", "measured_from": "Liberation Sans 2 (metric-compatible with Arial)", **faces}
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {sum(len(''.join(f['advances'].values())) for f in faces.values())} characters")


if __name__ == "__main__":
    main(*sys.argv[1:])
