"""A player's day at the hosted builder (``builder host``), in Chromium on a 390×844 phone, from the
start page and by the page's own controls alone: a legal list of each of the five games built (the
Wartime list beside its Warbook), three of them kept, found in «Mis listas» through a reload and a
closed tab, exported and imported into another browser profile with the same fingerprints, one
shared by a link into a third profile (read-only, with the fingerprint ``builder check`` gives its
YAML), and the page opened with no signal: the lists shown, one opened and read as last checked, all
exported, and a click made that waits and is checked once the connection is back. Issue 47's first
«done when»."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.desk.test_browser_building import GAMES as EXAMPLE_OF, open_file
from tests.desk.test_browser_lists import context_of, page_of, shown
from tests.desk.test_browser_sharing import shared_link
from tests.hosted.test_browser import browser, hosted  # noqa: F401 - the browser's fixtures
from tests.programs import needs
from tests.serve.live import until
from tests.serve.test_browser_building import EXAMPLES, Driver, check_json, idle, settled, text

pytestmark = needs("chromium")

BUILT = ["confrontation", "dungeon-universalis", "cripmaquion", "porcrom", "wartime"]
"""The games in the order they are built: the last is the Wartime list, the one shared and changed offline."""
KEPT = ["cripmaquion", "porcrom", "wartime"]


def player(context):
    """A tab of ``context`` that says yes to the builder's questions (a part with something in it asks
    before it goes)."""
    page, errors = page_of(context)
    page.on("dialog", lambda d: d.accept())
    return page, errors


def game_page(page, hosted: str, game: str) -> None:
    """From the start page, the game's builder page, as a player taps it."""
    page.goto(f"{hosted}/")
    page.click(f"a[data-game={game}]")
    page.wait_for_url(f"**/build?game={game}&lang=es")
    page.locator("#start-panel:not([hidden]), #building:not([hidden])").first.wait_for()


def built(page, hosted: str, game: str) -> dict:
    """The game's example list clicked together on its builder page (a Wartime list after a Warbook
    of its own); the list as the browser keeps it."""
    game_page(page, hosted, game)
    assert page.locator("#start-panel").is_visible()   # a list of another game is not this page's
    before = settled(page)
    page.click("#start-new")
    idle(page, before)
    page.locator("#build .summary").wait_for()
    wanted = yaml.safe_load((EXAMPLES / EXAMPLE_OF[game]).read_text(encoding="utf-8"))
    if game == "wartime":
        before = settled(page)
        page.click(".new-kind[data-kind=warbook]")
        idle(page, before)
        Driver(page).reach(yaml.safe_load((EXAMPLES / "wartime" / "fenix-warbook.yaml").read_text(encoding="utf-8")))
        open_file(page, "lista.yaml")
        wanted = {**wanted, "warbook": "warbook.yaml"}
    Driver(page).reach(wanted)
    idle(page)
    assert page.get_attribute("#build", "data-legal") == "true" and page.get_attribute("#build", "data-system") == game
    entry = page.evaluate("window.builderLists.opened()")
    assert entry["game"] == game and entry["queue"] == []
    return entry


def checked(entry: dict, folder: Path) -> dict:
    """``builder check --format json`` of a kept list's texts, written as they are kept."""
    folder.mkdir(parents=True)
    for name, body in entry["files"].items():
        (folder / name).write_text(body, encoding="utf-8", newline="")
    return check_json(folder / entry["open"])


def names_of(page) -> dict[str, str]:
    """Each kept list's name as «Mis listas» shows it, by its game."""
    return page.evaluate("Object.fromEntries(window.builderLists.all().map((e) => [e.game, e.name || e.status?.name]))")


def texts_of(page) -> dict[str, dict[str, str]]:
    """Each kept list's texts, by its game."""
    return page.evaluate("Object.fromEntries(window.builderLists.all().map((e) => [e.game, e.files]))")


def test_a_players_day_five_games_three_lists_kept_moved_shared_and_offline(browser, hosted, tmp_path):
    context = context_of(browser)
    page, errors = player(context)

    # A legal list of each game, each checked as `builder check` checks its texts.
    fingerprints: dict[str, str] = {}
    for game in BUILT:
        result = checked(built(page, hosted, game), tmp_path / "built" / game)
        assert result["legal"], (game, result)
        fingerprints[game] = result["fingerprint"]

    # Three kept: the other two deleted from «Mis listas».
    names = names_of(page)
    assert sorted(names) == sorted(BUILT)
    for game in set(BUILT) - set(KEPT):
        if not page.locator("#lists-export").is_visible():
            page.click("#my-lists summary")
        page.get_by_role("button", name=f"Borrar {names[game]}", exact=True).click()
        page.wait_for_function(f"!window.builderLists.all().some((e) => e.game === {json.dumps(game)})")
    wanted = sorted(names[game] for game in KEPT)
    assert shown(page) == wanted
    texts = texts_of(page)
    page.reload()
    assert shown(page) == wanted
    page.close()
    again, more_errors = player(context)                # the tab closed; the site opened again in a new one
    game_page(again, hosted, "porcrom")
    assert shown(again) == wanted and texts_of(again) == texts
    with again.expect_download() as download:
        again.click("#lists-export")
    exported = tmp_path / "mis-listas.json"
    download.value.save_as(exported)

    # Another phone: the file imported, the same lists with the same fingerprints.
    moved, moved_errors = player(context_of(browser))
    game_page(moved, hosted, "cripmaquion")
    assert shown(moved) == []
    moved.set_input_files("#lists-import", str(exported))
    moved.wait_for_function("document.querySelectorAll('#lists li').length === 3")
    assert shown(moved) == wanted and texts_of(moved) == texts
    for entry in moved.evaluate("window.builderLists.all()"):
        assert checked(entry, tmp_path / "moved" / entry["game"])["fingerprint"] == fingerprints[entry["game"]]

    # The Wartime list shared by a link: a friend's phone reads it, with its Warbook, as `builder check` does.
    if not again.locator("#lists-export").is_visible():
        again.click("#my-lists summary")
    again.get_by_role("button", name=f"Abrir {names['wartime']}", exact=True).click()
    again.wait_for_url("**/build?game=wartime&lang=es")
    again.locator("#build .summary").wait_for()
    idle(again)
    Driver(again).show(())                              # the list's own fields: its name among them
    link = shared_link(again)
    assert again.locator("#share-qr svg[role=img]").count() == 1
    friend, friend_errors = player(context_of(browser))
    friend.goto(link)
    reading = friend.locator("#shared-view article.reading")
    reading.wait_for()
    assert reading.get_attribute("data-fingerprint") == fingerprints["wartime"]
    assert reading.get_attribute("data-legal") == "true"
    assert friend.locator("#shared-view button, #shared-view input, #shared-view select, #shared-view textarea").count() == 0
    friend.click("#share-save")
    friend.wait_for_function("document.querySelector('#share-status').textContent.includes('Guardada')")
    [saved] = friend.evaluate("window.builderLists.all()")
    assert saved["game"] == "wartime" and saved["files"] == texts["wartime"]

    # No signal: the page (kept by its worker) opens, shows and exports the lists, and a click waits.
    until(again, "navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)")
    context.set_offline(True)
    game_page(again, hosted, "wartime")
    again.locator("#build .summary").wait_for(timeout=15000)
    # The network is cut (navigator.onLine is no witness: some Chromium releases say true on a page
    # their worker answered offline): a request past the worker fails.
    assert again.evaluate("fetch('/healthz?offline', {cache: 'no-store'}).then(() => 'reached', () => 'cut')") == "cut"
    assert shown(again) == wanted
    # What the server last said of each: legal, in words (the page asks nothing of it now).
    assert again.locator("#lists li p[data-legal=true]").count() == 3
    with again.expect_download() as download:
        again.click("#lists-export")
    offline_file = tmp_path / "sin-cobertura.json"
    download.value.save_as(offline_file)
    assert {e["game"]: e["files"] for e in json.loads(offline_file.read_text(encoding="utf-8"))["lists"]} == texts
    # Another list read: its game's page, its text and the view last checked of it, from this phone alone.
    for game in ("porcrom", "wartime"):
        if not again.locator("#lists-export").is_visible():
            again.click("#my-lists summary")
        again.get_by_role("button", name=f"Abrir {names[game]}", exact=True).click()
        again.wait_for_url(f"**/build?game={game}&lang=es")
        again.locator("#build .summary").wait_for(timeout=15000)
        assert text(again) == texts[game][again.evaluate("window.builderLists.opened().open")]
        assert again.get_attribute("#build", "data-legal") == "true"
    if again.locator("#lists-export").is_visible():
        again.click("#my-lists summary")                # closed: the builder in sight
    field = again.locator("#f-name")
    field.fill("Fénix sin cobertura")
    field.press("Tab")
    again.wait_for_function("document.querySelector('#build-status').textContent.includes('espera a comprobarse')")
    assert "Fénix sin cobertura" not in text(again)
    assert [c["url"] for c in again.evaluate("window.builderLists.opened().queue")][-1] == "/build/edit"
    context.set_offline(False)
    again.wait_for_function("document.querySelector('#text').value.includes('name: Fénix sin cobertura')", timeout=20000)
    idle(again)
    assert again.evaluate("window.builderLists.opened().queue") == []
    assert again.locator("#build-status").inner_text() == ""
    assert again.get_attribute("#build", "data-legal") == "true"
    renamed = checked(again.evaluate("window.builderLists.opened()"), tmp_path / "back")
    assert renamed["legal"] and renamed["fingerprint"] != fingerprints["wartime"]
    assert errors == [] and more_errors == [] and moved_errors == [] and friend_errors == []
    for opened in (context, moved.context, friend.context):
        opened.close()
