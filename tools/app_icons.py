"""Draw anew the PNG icons the installed builder shows on a home screen (the web app manifest's).

    python tools/app_icons.py [builder/desk/static/icons]

builder's own mark (look/favicon.svg: the tower on the look's accent) drawn by Debian's Chromium
(Playwright) at 192 and 512 pixels, and a maskable one at each size: the same tower on a square
of the accent that fills the whole icon, the tower inside the middle 60 % (the circle a launcher
may cut it to keeps it all). The PNGs are committed; run this only when the mark changes.
Without Chromium or Playwright nothing is drawn, and the script says so (exit 1).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = ROOT / "builder" / "web" / "static" / "look" / "favicon.svg"
SIZES = (192, 512)
SAFE = 0.6
"""The part of a maskable icon the tower takes: well inside the safe zone (a circle of 80 %)."""


def _page(svg: str, size: int, maskable: bool) -> str:
    if not maskable:
        drawn = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
        return f"<html><body style='margin:0;background:transparent'>{drawn}</body></html>"
    accent = re.search(r'fill="(#[0-9a-fA-F]{6})"', svg).group(1)  # the mark's square: the look's accent
    inner = round(size * SAFE)
    drawn = svg.replace("<svg ", f'<svg width="{inner}" height="{inner}" ', 1)
    return (f"<html><body style='margin:0'><div style='width:{size}px;height:{size}px;background:{accent};"
            f"display:flex;align-items:center;justify-content:center'>{drawn}</div></body></html>")


def main(folder: Path) -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        print("No Chromium or Playwright: no icon drawn (install Debian's chromium package).", file=sys.stderr)
        return 1
    svg = MARK.read_text(encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for size in SIZES:
            for maskable in (False, True):
                page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
                page.set_content(_page(svg, size, maskable))
                name = f"icon-{'maskable-' if maskable else ''}{size}.png"
                page.screenshot(path=str(folder / name), omit_background=not maskable,
                                clip={"x": 0, "y": 0, "width": size, "height": size})
                page.close()
                print(folder / name)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "builder" / "desk" / "static" / "icons"))
