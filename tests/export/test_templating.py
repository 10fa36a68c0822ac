"""builder.export.templating: a template's name stands for a file of builder's, or for nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.export.templating import SHARED_FOLDER, has_style, template_file

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_shared_and_game_templates_are_found_by_name():
    assert template_file("base/base.css") == SHARED_FOLDER / "base.css" == TEMPLATES / "base" / "base.css"
    assert template_file("base/document.html.j2").name == "document.html.j2"
    assert template_file("wartime/style.css") == TEMPLATES / "wartime" / "style.css"
    # A name's first part is the game's key, as its folder in templates/ is named.
    assert template_file("dungeon-universalis/card.html.j2") == TEMPLATES / "dungeon-universalis" / "card.html.j2"


@pytest.mark.parametrize("name", [
    "../pyproject.toml", "base/../../../pyproject.toml", "wartime/../../core/texts.py", "base/./base.css",
    "/etc/passwd", "base", "base/", "ajedrez/style.css", "base/no-such.css", "wartime/records.py", "",
])
def test_anything_else_is_nothing(name):
    assert template_file(name) is None


def test_which_games_bring_a_stylesheet():
    assert has_style("wartime") and has_style("porcrom") and has_style("dungeon-universalis")
    assert not has_style("cripmaquion-campaign")     # its standings use the shared look alone
    assert not has_style("ajedrez")
