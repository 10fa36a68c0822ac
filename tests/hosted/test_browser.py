"""The hosted builder in Chromium on a 390×844 phone: the start page leads to each game's builder,
a new list is clicked there under its own game (the page sends it with every click), kept through a
reload; the start page shows «Mis listas», every list kept of every game, each opened on its game's
page, online and with no signal, deleted and brought back, exported and imported; the start page
(with lists and without) and the builder page have no serious accessibility finding, light or dark."""

from __future__ import annotations

import threading
import time

import pytest
import yaml

from tests.desk.test_browser_building import (BUILDER_STATES, PHONE, WATCH, nothing_under_the_history,
                                              under_the_history)
from tests.desk.test_browser_lists import context_of, page_of
from tests.hosted.support import LEGAL
from tests.programs import needs
from tests.serve.live import free_port, until
from tests.serve.test_browser import serious_violations
from tests.serve.test_browser_building import idle, settled, text

pytestmark = needs("chromium")
GAMES = ["confrontation", "cripmaquion", "dungeon-universalis", "porcrom", "wartime"]


@pytest.fixture(scope="module")
def hosted():
    """``builder host``'s app on a loopback port, in a thread: its address."""
    import uvicorn

    from builder.hosted.app import create_hosted

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_hosted(f"127.0.0.1:{port}"), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def browser(launched):
    return launched


def phone(browser, scheme: str = "light"):
    # The test's own probes (and axe-core) let past the page's policy, as the desk's browser tests do.
    context = browser.new_context(locale="es-ES", viewport=PHONE, color_scheme=scheme, bypass_csp=True)
    context.add_init_script(WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    return page, errors


@pytest.mark.parametrize("game", GAMES)
def test_a_new_list_of_each_game_is_clicked_under_its_game_and_kept_through_a_reload(browser, hosted, game):
    page, errors = phone(browser)
    page.goto(f"{hosted}/")
    page.click(f"a[data-game={game}]")
    page.wait_for_url(f"**/build?game={game}&lang=es")
    before = settled(page)
    page.click("#start-new")
    idle(page, before)
    page.locator("#build .summary").wait_for()
    assert page.get_attribute("#build", "data-system") == game
    control = page.locator("#f-name, #f-team").first
    before = settled(page)
    control.fill("Lista de prueba")
    control.press("Tab")
    idle(page, before)
    assert "Lista de prueba" in text(page) and yaml.safe_load(text(page))["system"] == game
    # The list keeps its game, sent with every click (the builder refuses a click naming none).
    kept = page.evaluate("JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('builder-desk:'))))")
    assert kept["game"] == game and not kept["queue"]
    page.reload()
    page.locator("#build .summary").wait_for()
    idle(page)
    assert "Lista de prueba" in text(page)
    assert page.locator("#submit-part").count() == 0 and page.locator("#start-last").count() == 0
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_finding_on_the_start_page_or_the_builder(browser, hosted, scheme):
    page, errors = phone(browser, scheme)
    page.goto(f"{hosted}/")
    assert serious_violations(page) == []
    page.goto(f"{hosted}/build?game=porcrom&lang=en")
    assert serious_violations(page) == []
    before = settled(page)
    page.click("#start-new")
    idle(page, before)
    page.locator("#build .summary").wait_for()
    assert serious_violations(page) == []
    assert errors == []
    page.context.close()


def test_the_start_pages_games_are_buttons_one_under_another_with_no_bullet(browser, hosted):
    page, errors = phone(browser)
    page.goto(f"{hosted}/")
    games = page.locator("ul.games > li")
    assert games.count() == len(GAMES)
    assert games.evaluate_all("(items) => items.map((li) => getComputedStyle(li).listStyleType)") == ["none"] * len(GAMES)
    boxes = [games.nth(n).locator("a").bounding_box() for n in range(len(GAMES))]
    assert len({box["x"] for box in boxes}) == 1 and all(a["y"] + a["height"] <= b["y"] for a, b in zip(boxes, boxes[1:]))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 and errors == []
    page.context.close()


# --- «Mis listas» on the start page ----------------------------------------------------------------

def kept_from_files(page, hosted: str, game: str) -> dict:
    """The game's example list (with its Warbook) opened from its files on the game's builder page,
    reached from the start page, and kept once the server has checked it: the entry as kept."""
    page.goto(f"{hosted}/")
    page.click(f"a[data-game={game}]")
    page.wait_for_url(f"**/build?game={game}&lang=es")
    page.locator("#start-panel:not([hidden])").wait_for()
    before = settled(page)
    page.set_input_files("#start-file", [str(path) for _, path in LEGAL[game]])
    idle(page, before)
    page.locator("#build .summary").wait_for()
    page.wait_for_function("window.builderLists.opened()?.status?.legal === true")
    return page.evaluate("window.builderLists.opened()")


def start_lists(page) -> dict[str, str]:
    """«Mis listas» as the start page shows it (opened): each list's name and its line of facts."""
    page.locator("#my-lists").evaluate("(d) => { d.open = true; }")
    rows = page.locator("#lists li")
    return {rows.nth(n).locator("h3").inner_text(): rows.nth(n).locator("p").first.inner_text()
            for n in range(rows.count())}


def test_the_start_page_shows_every_list_kept_and_opens_each_on_its_games_page_online_and_offline(
        browser, hosted, tmp_path):
    context = context_of(browser)
    page, errors = page_of(context)
    page.goto(f"{hosted}/")
    # None kept yet: said briefly; no «Lista nueva» here (a new list is a game's button).
    assert page.locator("#my-lists").evaluate("(d) => d.open") is True
    assert page.locator("#lists-none").is_visible() and page.locator("#lists li").count() == 0
    assert page.locator("#lists-new").count() == 0
    kept = {game: kept_from_files(page, hosted, game) for game in ("porcrom", "wartime")}
    names = {game: entry["status"]["name"] for game, entry in kept.items()}

    page.goto(f"{hosted}/")
    shown = start_lists(page)
    assert sorted(shown) == sorted(names.values()) and page.locator("#lists-none").is_hidden()
    assert page.locator("#lists-count").inner_text() == "2"
    assert "¡Por Crom!" in shown[names["porcrom"]] and "Wartime" in shown[names["wartime"]]
    assert all("LEGAL" in facts and "cambiada el" in facts for facts in shown.values())
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Deleted and brought back, by the keyboard alone.
    page.get_by_role("button", name=f"Borrar {names['porcrom']}", exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#lists li').length === 1")
    assert page.evaluate("document.activeElement.id") == "lists-undo"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#lists li').length === 2")
    assert page.evaluate("document.activeElement.id") == "lists-export"

    # Exported from here, imported into another browser's start page: the same lists.
    with page.expect_download() as download:
        page.click("#lists-export")
    exported = tmp_path / "mis-listas.json"
    download.value.save_as(exported)
    other, other_errors = page_of(context_of(browser))
    other.goto(f"{hosted}/")
    other.set_input_files("#lists-import", str(exported))
    other.wait_for_function("document.querySelectorAll('#lists li').length === 2")
    assert sorted(start_lists(other)) == sorted(names.values())
    assert other.locator("#lists-said").inner_text() == "Listas añadidas: 2."

    # Opened from the start page: its game's builder page, with that list open.
    page.get_by_role("button", name=f"Abrir {names['porcrom']}", exact=True).click()
    page.wait_for_url("**/build?game=porcrom&lang=es")
    page.locator("#build .summary").wait_for()
    idle(page)
    assert page.evaluate("window.builderLists.opened().id") == kept["porcrom"]["id"]
    assert text(page) == kept["porcrom"]["files"][kept["porcrom"]["open"]]

    # No signal: the start page (kept by the worker, its scripts with it) shows both and opens the other.
    until(page, "navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)")
    context.set_offline(True)
    page.goto(f"{hosted}/")
    # The network is cut (navigator.onLine is no witness: some Chromium releases say true on a page
    # their worker answered offline): a request past the worker fails.
    assert page.evaluate("fetch('/healthz?offline', {cache: 'no-store'}).then(() => 'reached', () => 'cut')") == "cut"
    assert sorted(start_lists(page)) == sorted(names.values())
    page.get_by_role("button", name=f"Abrir {names['wartime']}", exact=True).click()
    page.wait_for_url("**/build?game=wartime&lang=es")
    page.locator("#build .summary").wait_for(timeout=15000)
    assert page.evaluate("window.builderLists.opened().id") == kept["wartime"]["id"]
    assert text(page) == kept["wartime"]["files"][kept["wartime"]["open"]]
    assert page.get_attribute("#build", "data-legal") == "true"
    context.set_offline(False)
    assert errors == [] and other_errors == []
    other.context.close()
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_finding_on_the_start_page_with_lists_kept(browser, hosted, scheme):
    page, errors = page_of(context_of(browser, scheme))
    kept_from_files(page, hosted, "cripmaquion")
    page.goto(f"{hosted}/?lang=en")
    assert list(start_lists(page)) and page.locator("#lists li button").count() == 4
    assert serious_violations(page) == []
    page.get_by_role("button", name="Delete", exact=False).first.click()   # the notice and its undo shown
    page.locator("#lists-undo").wait_for()
    assert serious_violations(page) == []
    assert errors == []
    page.context.close()


def test_the_start_pages_scripts_run_under_its_policy(browser, hosted):
    # No bypass of the policy here: a script or a style it refused would be said on the console.
    context = browser.new_context(locale="es-ES", viewport=PHONE)
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: refused.append(str(e)))
    page.goto(f"{hosted}/")
    page.evaluate("""window.builderLists.save({game: "porcrom", name: "Guardada", open: "lista.yaml",
                                               files: {"lista.yaml": "system: porcrom\\n"}})""")
    page.reload()
    assert list(start_lists(page)) == ["Guardada"]
    until(page, "navigator.serviceWorker.ready.then(() => true)")
    assert "default-src 'none'" in page.evaluate("fetch('/').then((r) => r.headers.get('content-security-policy'))")
    assert refused == []
    context.close()


# --- issue 55: what a newcomer tripped on -----------------------------------------------------------

def begun(page, hosted: str, game: str) -> str:
    """A new list of ``game`` on its builder page, kept once the server has checked it: its id."""
    page.goto(f"{hosted}/build?game={game}&lang=es")
    page.locator("#start-panel:not([hidden]), #building:not([hidden])").first.wait_for()
    if page.locator("#building").is_visible():
        page.click("#my-lists summary")
        with page.expect_navigation():
            page.click("#lists-new")
    else:
        page.click("#start-new")
    page.locator("#build .summary").wait_for()
    page.wait_for_function("window.builderLists.opened()?.status")
    idle(page)
    return page.evaluate("window.builderLists.opened().id")


def tapped(page, hosted: str, game: str) -> str | None:
    """The start page's button of ``game`` tapped: the id of the list its builder page opens, or None."""
    page.goto(f"{hosted}/")
    page.click(f"a[data-game={game}]")
    page.wait_for_url(f"**/build?game={game}&lang=es")
    page.locator("#start-panel:not([hidden]), #building:not([hidden])").first.wait_for()
    return page.evaluate("window.builderLists.opened()?.id ?? null")


def test_a_games_button_opens_that_games_last_list_whichever_game_was_used_last(browser, hosted):
    """Issue 55: the README says a game's button opens the list that browser keeps of that game; it
    opened the start panel when another game's list was used last."""
    context = context_of(browser)
    page, errors = page_of(context)
    lists = {game: begun(page, hosted, game) for game in ("porcrom", "wartime")}
    assert tapped(page, hosted, "porcrom") == lists["porcrom"]
    page.locator("#build .summary").wait_for()
    assert page.locator("#start-panel").is_hidden()
    assert tapped(page, hosted, "wartime") == lists["wartime"]
    # Another of Por Crom's, then Wartime's used last: Por Crom's button opens the newer of its own.
    newer = begun(page, hosted, "porcrom")
    assert tapped(page, hosted, "wartime") == lists["wartime"]
    # A new tab of the same browser remembers the same (the browser's memory, not the tab's).
    other, other_errors = page_of(context)
    assert tapped(other, hosted, "porcrom") == newer and tapped(other, hosted, "wartime") == lists["wartime"]
    # A game of no list kept: its start panel.
    assert tapped(other, hosted, "cripmaquion") is None and other.locator("#start-panel").is_visible()
    assert errors == [] and other_errors == []
    context.close()


def test_nothing_is_ever_under_undo_and_redo_on_a_phone(browser, hosted):
    """Issue 55: «Deshacer» and «Rehacer», pinned to a phone's foot, covered what is at the bottom of
    the page (the downloads, a warning, the cards), at rest or when the page did not scroll far
    enough. At 390×844, on the start panel and with a short list or a whole one open, with «Mis
    listas», the share panel, the cards and a warning, at rest and scrolled to the end, nothing but
    their status line is under them."""
    page, errors = page_of(context_of(browser))
    page.goto(f"{hosted}/build?game=wartime&lang=es")
    page.locator("#start-panel:not([hidden])").wait_for()
    assert under_the_history(page) == {"rest": [], "end": []}
    before = settled(page)
    page.click("#start-new")
    idle(page, before)
    page.locator("#build .summary").wait_for()
    assert nothing_under_the_history(page, BUILDER_STATES) == {}
    whole, whole_errors = page_of(context_of(browser))
    kept_from_files(whole, hosted, "wartime")                      # a whole list, its cards many
    assert nothing_under_the_history(whole, BUILDER_STATES) == {}
    assert errors == [] and whole_errors == []
    page.context.close()
    whole.context.close()
