"""The hosted builder installs and opens with no signal: its manifest starts at the start page (every
game), its worker answers for the whole site and keeps the start page and each game's builder page in
each language; in Chromium it passes the installability check, and offline a game's page opens with
the list this browser keeps of it."""

from __future__ import annotations

import json
import re

from tests.hosted.test_browser import GAMES, browser, hosted, phone  # noqa: F401 - the browser's fixtures
from tests.programs import needs
from tests.serve.live import ARGS, CHROMIUM, kept_view, until
from tests.serve.test_browser_building import idle, settled, text
from tests.desk.test_browser_building import PHONE, WATCH


def test_the_manifest_starts_at_the_start_page_and_the_worker_keeps_every_games_page(client):
    for address in ("/build?game=porcrom&lang=en", "/?lang=en"):
        page = client.get(address)
        assert '<link rel="manifest" href="/build/manifest.webmanifest?lang=en">' in page.text
        assert 'data-worker="/build/worker.js" data-scope="/"' in page.text
    manifest = client.get("/build/manifest.webmanifest?lang=en")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    app = manifest.json()
    assert (app["start_url"], app["scope"], app["name"], app["lang"]) == ("/?lang=en", "/", "List builder", "en")
    assert {icon["sizes"] for icon in app["icons"]} == {"192x192", "512x512"}
    worker = client.get("/build/worker.js")
    assert worker.headers["service-worker-allowed"] == "/" and "no-cache" in worker.headers["cache-control"]
    settings = json.loads(re.match(r"const SETTINGS = (.*);\n", worker.text).group(1))
    # The start page in each language (3), and each of the five games' builder page in each (5 × 2).
    assert len(settings["pages"]) == 3 + 5 * 2
    assert {"/", "/?lang=en", "/build?game=wartime&lang=es", "/build?game=porcrom&lang=en"} <= set(settings["pages"])
    for path in settings["shell"]:
        assert client.get(path).status_code == 200, path


@needs("chromium")
def test_installable_and_offline_a_games_page_opens_with_the_list_kept(browser, hosted, tmp_path):
    # A profile of its own: Chromium installs nothing from an incognito window (a new context is one).
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, viewport=PHONE, locale="es-ES", bypass_csp=True)
    context.add_init_script(WATCH)
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{hosted}/build?game=porcrom&lang=es")
    until(page, "navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15000)
    session = context.new_cdp_session(page)
    assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    # The start page, where the installed app opens, installs too: it links the manifest and the worker.
    page.goto(f"{hosted}/")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15000)
    assert context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    page.goto(f"{hosted}/build?game=porcrom&lang=es")
    before = settled(page)
    page.click("#start-new")
    idle(page, before)
    page.locator("#build .summary").wait_for()
    control = page.locator("#f-name, #f-team").first
    before = settled(page)
    control.fill("Sin cobertura")
    control.press("Tab")
    idle(page, before)
    kept_view(page)
    kept = text(page)
    context.set_offline(True)
    page.reload()
    page.locator("#build .summary").wait_for(timeout=15000)
    assert text(page) == kept and "Sin cobertura" in kept
    # The start page too, from the worker's copy.
    page.goto(f"{hosted}/")
    assert page.locator("a[data-game=wartime]").count() == 1
    context.set_offline(False)
    assert errors == []
    context.close()
