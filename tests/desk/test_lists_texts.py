"""«Mis listas» on the builder page over HTTP: its scripts served under the page's policy before the
keeping's, its words in both languages (one language a page), and each game by its title."""

from __future__ import annotations

import json
import re

from builder.core import registry
from builder.desk.lists_texts import LIST_MESSAGES, LIST_WORDS


def test_every_word_of_my_lists_is_said_in_both_languages():
    assert all(set(words) == {"es", "en"} and all(words.values()) for words in LIST_MESSAGES.values())
    assert set(LIST_WORDS) <= set(LIST_MESSAGES)


def test_the_builder_page_keeps_my_lists_with_their_scripts_first_and_names_games_by_title(client):
    page = client.get("/build")
    scripts = re.findall(r'<script src="/static/([^"]+)" defer></script>', page.text)
    assert scripts.index("lists.js") < scripts.index("lists_view.js") < scripts.index("keeping.js")
    for name in ("lists.js", "lists_view.js"):
        served = client.get(f"/static/{name}")
        assert served.status_code == 200 and served.headers["content-type"].startswith("text/javascript")
    assert 'id="my-lists"' in page.text and "Mis listas" in page.text and "My lists" not in page.text
    games = json.loads(re.search(r'<script type="application/json" id="games">(.*?)</script>', page.text).group(1))
    assert games == {system.key: system.title for system in registry.all_systems()}
    words = json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', page.text).group(1))
    assert set(LIST_WORDS) <= set(words)
    english = client.get("/build?lang=en").text
    assert "My lists" in english and "Mis listas" not in english


def test_a_page_without_the_builder_has_every_word_lists_view_says():
    # The hosted start page hands lists_view.js VIEW_WORDS alone: each key the script names, and each
    # button's «… {name}» label, is among them.
    from pathlib import Path

    from builder.desk.lists_texts import VIEW_WORDS

    script = (Path(__file__).resolve().parents[2] / "builder" / "desk" / "static" / "lists_view.js").read_text()
    named = set(re.findall(r'"((?:desk|serve)\.[a-z-]+)"', script))
    buttons = set(re.findall(r'button\("((?:desk|serve)\.[a-z-]+)"', script))
    assert len(buttons) == 4 and named | {f"{key}-named" for key in buttons} <= set(VIEW_WORDS)
