"""The one look's files: the stylesheet and its icons, nothing else from the folder or beyond it;
the colours written once, in the stylesheet, with a dark twin for each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.web import looks

ROOT = Path(__file__).resolve().parents[2]


def test_the_stylesheet_and_its_icons_are_served_with_their_types():
    assert looks.asset("design.css") == (looks.FOLDER / "design.css", "text/css; charset=utf-8")
    assert looks.asset("icons/undo-2.svg") == (looks.FOLDER / "icons" / "undo-2.svg", "image/svg+xml")
    assert looks.asset("favicon.svg") == (looks.FOLDER / "favicon.svg", "image/svg+xml")  # the tab's icon (issue 46)


@pytest.mark.parametrize("name", ["", "icons", "icons/LICENSE", "icons/README.md", "../looks.py", "icons/../design.css",
                                  "icons/../../looks.py", "/etc/passwd", "icons/nada.svg", "icons/a/b.svg", "design.css/", "icons/favicon.svg", "favicon.ico"])
def test_nothing_else_is(name):
    assert looks.asset(name) is None


def test_every_icon_the_stylesheet_names_is_there():
    css = (looks.FOLDER / "design.css").read_text(encoding="utf-8")
    named = re.findall(r'url\("icons/([a-z0-9-]+\.svg)"\)', css)
    assert len(named) >= 9  # add, remove, undo, redo, download, print, share, warning, lock (issue 42)
    assert all((looks.FOLDER / "icons" / name).is_file() for name in named)


def test_each_colour_has_its_dark_twin():
    css = (looks.FOLDER / "design.css").read_text(encoding="utf-8")
    light, dark = css.split("@media (prefers-color-scheme: dark)", 1)
    colours = lambda text: set(re.findall(r"(--[a-z-]+): #[0-9a-f]{6};", text))  # noqa: E731
    assert colours(light) == colours(dark) and len(colours(light)) >= 15


def test_no_page_carries_a_palette_or_an_inline_style_of_its_own():
    """The pages' own stylesheets name the tokens; their templates hold no style at all."""
    own = [ROOT / "builder" / "web" / "static" / "app.css"]
    for sheet in own:
        assert not re.findall(r"#[0-9a-fA-F]{3,8}\b|rgba?\(|\b(?:white|black)\b(?!-)", sheet.read_text(encoding="utf-8")
                              .replace("white-space", "")), sheet
    pages = [*ROOT.glob("builder/**/templates/*.html"), ROOT / "builder" / "serve" / "static" / "index.html"]
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<style|\sstyle=", text), page

