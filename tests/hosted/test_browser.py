"""The hosted builder in Chromium on a 390×844 phone: the start page leads to each game's builder,
a new list is clicked there under its own game (the page sends it with every click), kept through a
reload; the start page and the builder page have no serious accessibility finding, light or dark."""

from __future__ import annotations

import threading
import time

import pytest
import yaml

from tests.desk.test_browser_building import PHONE, WATCH
from tests.serve.live import ARGS, CHROMIUM, free_port
from tests.serve.test_browser import serious_violations
from tests.serve.test_browser_building import idle, settled, text

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="browser tests skipped: no Chromium found "
                                                       "(install Debian's chromium package to run them)")
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


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


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
