"""«Mis listas» on the desk's builder page (builder/desk/static/lists.js, lists_view.js), in Chromium
on a 390×844 phone: three lists kept through a reload and a closed tab, exported and imported into
another browser with the same texts, deleted and brought back, by the keyboard alone, and with no
serious accessibility finding, light and dark."""

from __future__ import annotations

import json

import pytest

from tests.desk.test_browser_building import PHONE, WATCH, Desk, browser, pack_for  # noqa: F401 - the fixture
from tests.programs import needs
from tests.serve.test_browser import serious_violations
from tests.serve.test_browser_building import idle, settled

pytestmark = needs("chromium")


def context_of(browser, scheme: str = "light"):
    context = browser.new_context(locale="es-ES", viewport=PHONE, bypass_csp=True, color_scheme=scheme,
                                  accept_downloads=True)
    context.add_init_script(WATCH)
    return context


def page_of(context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def new_list(page, url: str, name: str) -> None:
    """A new list (from «Mis listas» when another is open), built until the server has checked it, and named."""
    page.goto(f"{url}/build")
    if page.locator("#building").is_visible():
        if not page.locator("#lists-export").is_visible():
            page.click("#my-lists summary")
        with page.expect_navigation():
            page.click("#lists-new")                    # the page drawn again, the new list started
    else:
        page.click("#start-new")
    page.locator("#build .summary").wait_for()
    page.wait_for_function("document.querySelector('#build').dataset.legal !== undefined")
    idle(page)
    page.once("dialog", lambda d: d.accept(name))
    if not page.locator("#lists-export").is_visible():
        page.click("#my-lists summary")
    page.click("#lists li[aria-current] button:has-text('Renombrar')")
    page.wait_for_function(f"document.querySelector('#lists li[aria-current] h3').textContent === {json.dumps(name)}")


def shown(page) -> list[str]:
    if not page.locator("#lists-export").is_visible():
        page.click("#my-lists summary")
    return sorted(page.locator("#lists li h3").all_inner_texts())


def kept_texts(page) -> dict[str, dict[str, str]]:
    return page.evaluate("Object.fromEntries(window.builderLists.all().map((e) => [e.name, e.files]))")


NAMES = ["Primera", "Segunda", "Tercera"]


def test_three_lists_are_kept_through_a_reload_and_a_closed_tab_and_moved_to_another_browser(browser, tmp_path):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        context = context_of(browser)
        page, errors = page_of(context)
        for name in NAMES:
            new_list(page, desk.url, name)
        assert shown(page) == NAMES
        # What the server last said of each: the game's title, points and legality, in words.
        facts = page.locator("#lists li p").first.inner_text()
        assert "Cripmaquion" in facts or "cripmaquion" not in facts
        assert "LEGAL" in facts or "ILEGAL" in facts
        page.reload()
        assert shown(page) == NAMES
        texts = kept_texts(page)
        page.close()
        again, more_errors = page_of(context)           # the tab closed; a new one in the same browser
        again.goto(f"{desk.url}/build")
        assert shown(again) == NAMES
        with again.expect_download() as download:
            again.click("#lists-export")
        exported = tmp_path / "mis-listas.json"
        download.value.save_as(exported)
        assert errors == [] and more_errors == []

        other = context_of(browser)                     # another phone: nothing kept yet
        moved, moved_errors = page_of(other)
        moved.goto(f"{desk.url}/build")
        assert shown(moved) == []
        moved.set_input_files("#lists-import", str(exported))
        moved.wait_for_function("document.querySelectorAll('#lists li').length === 3")
        assert shown(moved) == NAMES
        assert kept_texts(moved) == texts
        # Imported twice, nothing is kept twice.
        moved.set_input_files("#lists-import", str(exported))
        moved.wait_for_function("document.querySelector('#lists-said').textContent.includes('0')")
        assert len(shown(moved)) == 3 and moved_errors == []
    finally:
        desk.stop()


def test_a_list_deleted_by_the_keyboard_alone_is_brought_back_by_undo(browser, tmp_path):
    desk = Desk(pack_for(tmp_path, "porcrom", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        context = context_of(browser)
        page, errors = page_of(context)
        new_list(page, desk.url, "Una")
        new_list(page, desk.url, "Otra")
        page.goto(f"{desk.url}/build")
        page.locator("#my-lists summary").focus()
        if not page.locator("#lists-export").is_visible():
            page.keyboard.press("Enter")
        page.locator("#lists li", has_text="Una").get_by_role("button", name="Borrar Una").focus()
        page.keyboard.press("Enter")
        assert shown(page) == ["Otra"]
        assert page.evaluate("document.activeElement.id") == "lists-undo"
        page.keyboard.press("Enter")
        assert shown(page) == ["Otra", "Una"]
        # Duplicated and opened by the keyboard too: the copy is the list open.
        page.get_by_role("button", name="Duplicar Una").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelectorAll('#lists li').length === 3")
        page.get_by_role("button", name="Abrir Una (copia)").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('#lists li[aria-current] h3')?.textContent === 'Una (copia)'")
        page.reload()
        assert shown(page) == ["Otra", "Una", "Una (copia)"] and errors == []
        assert page.locator("#lists li[aria-current] h3").inner_text() == "Una (copia)"
    finally:
        desk.stop()


def test_an_old_browsers_single_list_becomes_one_of_my_lists(browser, tmp_path):
    """Before «Mis listas» the desk kept one list per event under builder-desk:<host>:<event>."""
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        context = context_of(browser)
        page, errors = page_of(context)
        page.goto(f"{desk.url}/build")
        host = desk.url.removeprefix("http://")
        old = {"files": {"lista.yaml": "name: De antes\n"}, "open": "lista.yaml", "at": "[]", "undo": [], "redo": [],
               "queue": []}
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"builder-desk:{host}:Torneo de cripmaquion",
                                                                  json.dumps(old)])
        page.reload()
        page.wait_for_function("document.querySelector('#text').value === 'name: De antes\\n'")
        assert page.evaluate("window.builderLists.all().map((e) => e.files)") == [old["files"]]
        assert page.evaluate(f"localStorage.getItem({json.dumps('builder-desk:' + host + ':Torneo de cripmaquion')})") is None
        assert errors == []
    finally:
        desk.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_my_lists_has_no_serious_accessibility_finding(browser, tmp_path, scheme, lang):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = page_of(context_of(browser, scheme))
        page.goto(f"{desk.url}/build?lang={lang}")
        before = settled(page)
        page.click("#start-new")
        idle(page, before)
        page.wait_for_function("document.querySelector('#build').dataset.legal !== undefined")
        idle(page)
        if not page.locator("#lists-export").is_visible():
            page.click("#my-lists summary")
        page.locator("#lists li").first.wait_for()
        page.locator("#lists li button").nth(3).click()   # deleted: the undo notice shown
        page.locator("#lists-undo").wait_for()
        assert serious_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shown_words = page.locator("#my-lists").inner_text()
        assert ("Mis listas" in shown_words) == (lang == "es") and ("My lists" in shown_words) == (lang == "en")
        assert errors == []
    finally:
        desk.stop()


def test_a_click_not_yet_answered_waits_with_its_own_list_and_is_made_when_it_opens_again(browser, tmp_path):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = page_of(context_of(browser))
        new_list(page, desk.url, "Una")
        new_list(page, desk.url, "Otra")
        page.get_by_role("button", name="Abrir Una").click()
        page.locator("#build .summary").wait_for()
        idle(page)
        page.route("**/build/edit*", lambda route: route.abort())   # the click cannot get through
        control = page.locator("#f-name, #f-team").first
        control.fill("Sin respuesta")
        control.press("Tab")
        page.wait_for_function("window.builderLists.opened().queue.length === 1")
        if not page.locator("#lists-export").is_visible():
            page.click("#my-lists summary")
        page.get_by_role("button", name="Abrir Otra").click()
        page.locator("#build .summary").wait_for()
        idle(page)
        waiting = page.evaluate("window.builderLists.all().map((e) => [e.name, e.queue.length])")
        assert sorted(waiting) == [["Otra", 0], ["Una", 1]]
        page.unroute("**/build/edit*")
        if not page.locator("#lists-export").is_visible():
            page.click("#my-lists summary")
        page.get_by_role("button", name="Abrir Una").click()
        page.wait_for_function("document.querySelector('#text').value.includes('Sin respuesta')", timeout=20000)
        idle(page)
        assert page.evaluate("window.builderLists.opened().queue") == [] and errors == []
    finally:
        desk.stop()


def test_an_imported_file_brings_lists_and_their_waiting_clicks_to_the_builder_and_nothing_else(browser, tmp_path):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = page_of(context_of(browser))
        page.goto(f"{desk.url}/build")
        given = {"format": "builder-lists/1", "lists": [
            {"name": "Buena", "game": "cripmaquion", "files": {"lista.yaml": "name: Buena\r\n\tx"}, "open": "lista.yaml",
             "queue": [{"url": "/admin/logout", "file": "lista.yaml", "fields": {}},
                       {"url": "/build/view", "file": "lista.yaml", "fields": {"at": "[]"}}]},
            {"name": "Rara", "files": {}, "open": "constructor"},
            {"name": "Otra rara", "files": {"a.yaml": 3}, "open": "a.yaml"},
        ]}
        added = page.evaluate("(text) => window.builderLists.imported(text)", json.dumps(given))
        assert added == 1
        [entry] = page.evaluate("window.builderLists.all()")
        assert entry["files"] == {"lista.yaml": "name: Buena\r\n\tx"}       # byte for byte
        assert [c["url"] for c in entry["queue"]] == ["/build/view"]
        assert page.evaluate("window.builderLists.imported('not json')") == -1 and errors == []
    finally:
        desk.stop()


def test_starting_again_deletes_the_open_list_and_undo_brings_it_back(browser, tmp_path):
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = page_of(context_of(browser))
        new_list(page, desk.url, "Una")
        page.once("dialog", lambda d: d.accept())
        page.click("#start-again")
        page.locator("#start-panel").wait_for()
        assert shown(page) == []
        page.click("#lists-undo")
        assert shown(page) == ["Una"] and errors == []
    finally:
        desk.stop()


def shown_buttons(page, name: str) -> list[str]:
    """The ids of the buttons named ``name`` that show on the screen now."""
    return page.get_by_role("button", name=name, exact=True).evaluate_all(
        "(buttons) => buttons.filter((b) => b.getClientRects().length).map((b) => b.id)")


@pytest.mark.parametrize("lang, new", [("es", "Lista nueva"), ("en", "New list")])
def test_one_new_list_control_on_each_screen_and_it_starts_the_list(browser, tmp_path, lang, new):
    """Issue 55: the start panel showed two «Lista nueva», and the first a player saw (of «Mis listas»)
    drew the same screen again. One on each screen, and, pressed by the keyboard alone, it starts a list."""
    desk = Desk(pack_for(tmp_path, "porcrom", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = page_of(context_of(browser))
        page.goto(f"{desk.url}/build?lang={lang}")
        page.locator("#start-panel").wait_for()
        assert page.locator("#my-lists").evaluate("(d) => d.open") is True     # «Mis listas» shows above it
        assert shown_buttons(page, new) == ["start-new"]
        page.get_by_role("button", name=new, exact=True).focus()
        page.keyboard.press("Enter")
        page.locator("#build .summary").wait_for()
        page.wait_for_function("window.builderLists.opened()?.status")
        first = page.evaluate("window.builderLists.opened().id")

        # A list open: the one «Lista nueva» is of «Mis listas», and it starts another list at once.
        page.click("#my-lists summary")
        assert shown_buttons(page, new) == ["lists-new"]
        page.locator("#lists-new").focus()
        with page.expect_navigation():
            page.keyboard.press("Enter")
        page.locator("#build .summary").wait_for()
        page.wait_for_function("window.builderLists.opened()?.status")
        assert page.locator("#start-panel").is_hidden()
        second = page.evaluate("window.builderLists.opened().id")
        assert second != first and len(page.evaluate("window.builderLists.all()")) == 2

        # The start panel's other ways (a file, a link) are a button of their own away, with the one «Lista nueva».
        page.click("#my-lists summary")
        with page.expect_navigation():
            page.click("#lists-start")
        page.locator("#start-panel").wait_for()
        assert shown_buttons(page, new) == ["start-new"] and page.locator("#start-file").is_visible()
        assert len(page.evaluate("window.builderLists.all()")) == 2 and errors == []
    finally:
        desk.stop()


def test_a_list_imported_again_under_another_name_or_id_is_kept_once(browser, tmp_path):
    """Issue 55: the same texts are the same list: an export holding a list already kept (saved here
    under another name and id, its files in another order) adds nothing."""
    desk = Desk(pack_for(tmp_path, "cripmaquion", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = page_of(context_of(browser))
        page.goto(f"{desk.url}/build")
        files = {"lista.yaml": "name: Una\nwarbook: w.yaml\n", "w.yaml": "name: W\n"}
        page.evaluate("(files) => window.builderLists.save({game: 'cripmaquion', name: 'Aquí', open: 'lista.yaml', files})",
                      files)
        given = {"format": "builder-lists/1", "lists": [
            {"id": "0123456789abcdef", "name": "De otro móvil", "game": "cripmaquion", "open": "lista.yaml",
             "files": dict(reversed(list(files.items())))},
            {"id": "fedcba9876543210", "name": "Aquí", "game": "cripmaquion", "open": "lista.yaml",
             "files": {"lista.yaml": "name: Otra\n"}},
        ]}
        assert page.evaluate("(text) => window.builderLists.imported(text)", json.dumps(given)) == 1
        assert sorted(e["name"] for e in page.evaluate("window.builderLists.all()")) == ["Aquí", "Aquí"]
        assert page.evaluate("(text) => window.builderLists.imported(text)", json.dumps(given)) == 0
        assert len(page.evaluate("window.builderLists.all()")) == 2 and errors == []
    finally:
        desk.stop()
