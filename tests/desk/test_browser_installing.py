"""The desk's builder page installed and opened with no signal, in Chromium on a 390×844 phone:
its manifest and worker pass Chromium's installability check, the worker controls the page once it
is reloaded, the page opened offline shows the list kept and its last checked view, and a click made
offline waits (the status line says so) and is checked when the connection is back."""

from __future__ import annotations

import pytest

from tests.desk.test_browser_building import PHONE, WATCH, Desk, browser, idle, kept, pack_for, phone, started  # noqa: F401
from tests.programs import needs
from tests.serve.live import ARGS, CHROMIUM, kept_view, until
from tests.serve.test_browser import serious_violations

pytestmark = needs("chromium")

CONTROLLED = "navigator.serviceWorker.controller !== null"


def installed(page, url: str, lang: str = "es") -> None:
    """The page loaded, its worker active and its shell kept, then loaded again under the worker."""
    page.goto(f"{url}/build?lang={lang}")
    until(page, "navigator.serviceWorker.ready.then(() => true)")
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function(CONTROLLED, timeout=15000)


def test_the_page_is_installable_and_its_worker_controls_it_after_a_reload(browser, tmp_path):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        # A profile of its own: Chromium installs nothing from an incognito window (a new context is one).
        context = browser.browser_type.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, viewport=PHONE, locale="es-ES")
        context.add_init_script(WATCH)
        page = context.pages[0] if context.pages else context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        installed(page, desk.url)
        session = context.new_cdp_session(page)
        found = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert found == []
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/build/manifest.webmanifest?lang=es")
        assert errors == []
        context.close()
    finally:
        desk.stop()


def test_offline_the_page_opens_with_the_list_and_a_click_waits_until_the_connection_is_back(browser, tmp_path):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        installed(page, desk.url)
        started(page, desk.url)
        idle(page)
        kept_view(page)
        before_text = page.evaluate("document.querySelector('#text').value")
        summary = page.locator("#build .summary").inner_text()
        page.context.set_offline(True)
        page.reload()
        # The kept copy of the page, the list kept in the browser and the view last checked of it.
        page.locator("#build .summary").wait_for(timeout=15000)
        assert page.locator("#build .summary").inner_text() == summary
        assert page.evaluate("document.querySelector('#text').value") == before_text
        assert page.locator("#building").is_visible()
        # A click made offline: kept in the queue, and the status line says it waits to be checked.
        field = page.locator("#f-name, #f-team").first
        field.fill("Sin cobertura")
        field.press("Tab")
        page.wait_for_function("document.querySelector('#build-status').textContent.includes('espera a comprobarse')")
        assert [click["url"] for click in kept(page)["queue"]] == ["/build/view", "/build/edit"]
        page.context.set_offline(False)
        page.wait_for_function("document.querySelector('#text').value.match(/^(name|team): Sin cobertura$/m)",
                               timeout=20000)
        idle(page)
        assert kept(page)["queue"] == []
        assert page.locator("#build-status").inner_text() == ""
        assert errors == []
    finally:
        desk.stop()


def test_a_new_version_of_the_shell_is_a_new_cache_and_the_old_one_goes(browser, tmp_path, monkeypatch):
    desk = Desk(pack_for(tmp_path, "porcrom", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        installed(page, desk.url)
        first = page.evaluate("caches.keys()")
        assert [name for name in first if name.startswith("builder-shell:/build:")] and \
            len([name for name in first if name.startswith("builder-shell:/build:")]) == 1
        # A new version of the worker's code: a copy in tmp_path the server reads instead.
        from builder.desk import installing
        changed = tmp_path / "worker.js"
        changed.write_text(installing.WORKER.read_text(encoding="utf-8") + "\n// a new version\n", encoding="utf-8")
        monkeypatch.setattr(installing, "WORKER", changed)
        installing._version.cache_clear()
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        until(page, "caches.keys().then((k) => k.filter((n) => n.startsWith('builder-shell:')).length === 1"
              f" && !k.includes({first[0]!r}))")
        assert errors == []
    finally:
        desk.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_installed_page_has_no_serious_accessibility_finding_offline(browser, tmp_path, scheme):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        page.emulate_media(color_scheme=scheme)
        installed(page, desk.url, "en")
        assert serious_violations(page) == []
        started(page, desk.url)
        page.goto(f"{desk.url}/build?lang=en")
        page.locator("#build .summary").wait_for()
        idle(page)
        kept_view(page)
        page.context.set_offline(True)
        page.reload()
        page.locator("#build .summary").wait_for(timeout=15000)
        assert serious_violations(page) == []
        assert errors == []
    finally:
        desk.stop()


def test_offline_each_kept_list_opens_with_its_last_view_however_many_clicks_came_after(browser, tmp_path):
    """The views kept were the last twenty drawn, of any list: a list opened offline after another had
    taken twenty clicks showed its text alone, no builder. The last view of each list is kept."""
    from tests.desk.test_browser_lists import context_of, new_list, page_of, shown
    from tests.serve.test_browser_building import settled, text

    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = page_of(context_of(browser))
        installed(page, desk.url)
        new_list(page, desk.url, "Una")
        new_list(page, desk.url, "Otra")
        field = page.locator("#f-name, #f-team").first
        for n in range(25):                             # each a new text of «Otra», and its view kept
            before = settled(page)
            field.fill(f"Otra, versión {n}")
            field.press("Tab")
            idle(page, before)
        una = page.evaluate("window.builderLists.all().find((e) => e.name === 'Una')")
        page.context.set_offline(True)
        page.reload()
        assert shown(page) == ["Otra", "Una"]
        page.get_by_role("button", name="Abrir Una").click()
        page.locator("#build .summary").wait_for(timeout=15000)
        assert text(page) == una["files"][una["open"]]
        assert page.locator("#f-name, #f-team").count() == 1 and errors == []
    finally:
        desk.stop()
