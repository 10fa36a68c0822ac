"""The page as players found it wanting in issue 40, in a real browser (desktop 1280×800 and a
390×844 phone): the part added or opened comes into view with its first field focused, the status
line stays in sight, a reload or another list forgets nothing, and the small things (two ways of
adding that read alike, a whole lineup gone in one tap, the cards clipped, «Renombrar» cut off, a
new file not named after its list)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.desk.test_browser_building import nothing_under_the_history, under_the_history
from tests.programs import AXE, needs
from tests.serve.test_browser import serious_violations
from tests.serve.test_browser_building import (  # noqa: F401 - empty and served are fixtures
    EXAMPLES, Browser, click, empty, idle, open_file, served, settled, show_part)

pytestmark = needs("chromium")
SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True}}


@pytest.fixture
def lists(empty: Path) -> Path:
    for game, name in (("wartime", "fenix-warbook.yaml"), ("wartime", "compania-fenix.yaml"),
                       ("cripmaquion", "grupetto-verde.yaml"), ("cripmaquion", "saqueadores-rio-lobo.yaml"),
                       ("dungeon-universalis", "criptas.yaml")):
        (empty / name).write_bytes((EXAMPLES / game / name).read_bytes())
    return empty


@pytest.fixture(params=sorted(SCREENS))
def screen(request, served, lists, launched):
    """The page on a desktop and on a phone, once it lists every file of the test module's ``lists``
    (test_browser_parts.py uses this one too, with lists of its own)."""
    b = Browser(launched, served, **SCREENS[request.param])
    for listed in sorted(path.name for path in lists.iterdir()):
        b.page.wait_for_selector(f"#files li[data-path='{listed}']")
    b.kind = request.param
    return b


@pytest.fixture
def desktop(served, lists, launched):
    b = Browser(launched, served, **SCREENS["desktop"])
    b.page.wait_for_selector("#files li[data-path='grupetto-verde.yaml']")
    return b


def tap(browser, locator, answered: bool = True) -> None:
    """A click on a desktop, a tap on a phone; with ``answered``, the builder's answer waited for."""
    page = browser.page
    before = settled(page)
    locator.tap() if browser.kind == "phone" else locator.click()
    if answered:
        idle(page, before)


def in_sight(page, selector: str) -> dict:
    """The element's box, and whether it is within the screen and below the status line."""
    return page.evaluate("""(s) => {
      const box = document.querySelector(s).getBoundingClientRect();
      const line = document.querySelector('#build .summary').getBoundingClientRect();
      return {top: box.top, bottom: box.bottom, line_top: line.top, line_bottom: line.bottom,
              seen: box.top >= line.bottom - 1 && box.bottom <= innerHeight,
              line_seen: line.top >= 0 && line.bottom <= innerHeight};
    }""", selector)


def test_a_part_added_comes_into_view_with_its_first_field_focused(screen):
    page = screen.page
    tap(screen, page.locator("#files li[data-path='fenix-warbook.yaml'] button"))
    tap(screen, page.locator("#add-f-warbook-bodies"))                  # «+ Nueva entrada en Arquetipos corporales»
    at = yaml.safe_load(page.evaluate("document.querySelector('#build').dataset.at"))
    assert at[:2] == ["warbook", "bodies"]
    focused = page.evaluate("document.activeElement.id")
    assert focused == f"f-warbook-bodies-{at[2]}-name"
    assert in_sight(page, f"#{focused}")["seen"], in_sight(page, f"#{focused}")
    assert in_sight(page, f"#{focused}")["line_seen"]
    assert screen.errors == []


def test_a_part_opened_from_the_outline_comes_into_view_with_its_first_field_focused(screen):
    page = screen.page
    tap(screen, page.locator("#files li[data-path='grupetto-verde.yaml'] button"))
    tap(screen, page.locator("#build .outline ul.parts[aria-labelledby='f-runners-head'] > li:nth-child(5) > button"))
    assert page.evaluate("document.activeElement.id") == "f-runners-4-name"
    assert in_sight(page, "#f-runners-4-name")["seen"]
    # An item added to a list of the part shown: its own first field, in sight too.
    tap(screen, page.locator("#add-f-runners-4-specialties"))
    focused = page.evaluate("document.activeElement.id")
    assert focused.startswith("f-runners-4-specialties-") and in_sight(page, f"#{focused}")["seen"]


def test_the_status_line_stays_in_sight_with_its_total_and_problems(screen):
    page = screen.page
    tap(screen, page.locator("#files li[data-path='compania-fenix.yaml'] button"))
    tap(screen, page.locator("#build .outline .part", has_text="Alfa"))
    count = page.locator("#f-squads-0-members-1-count")
    count.scroll_into_view_if_needed()
    page.evaluate("document.querySelector('#f-squads-0-members-1-count').scrollIntoView({block: 'end'})")
    before = settled(page)
    count.fill("9")
    count.press("Tab")
    idle(page, before)
    line = in_sight(page, "#f-squads-0-members-1-count")
    assert line["line_seen"], line
    summary = page.locator("#build .summary").inner_text()
    assert "ILEGAL" in summary and "problema" in summary         # nine members: over the limit
    assert summary.split(" · ")[1] in page.locator("#status").inner_text()
    if AXE.is_file():
        assert serious_violations(page) == []


def test_a_reload_keeps_the_list_open_its_part_and_its_undo(screen, lists):
    page = screen.page
    before_edit = (lists / "grupetto-verde.yaml").read_bytes()
    tap(screen, page.locator("#files li[data-path='grupetto-verde.yaml'] button"))
    tap(screen, page.locator("#build .outline ul.parts[aria-labelledby='f-runners-head'] > li:nth-child(5) > button"))
    before = settled(page)
    page.fill("#f-runners-4-name", "Gengis el Grande")
    page.press("#f-runners-4-name", "Tab")
    idle(page, before)
    page.reload()
    page.wait_for_function("document.querySelector('#build')?.dataset.at === '[\"runners\", 4]'")
    idle(page)
    assert page.locator("#current").inner_text() == "grupetto-verde.yaml"
    assert page.input_value("#f-runners-4-name") == "Gengis el Grande"
    assert page.locator("#undo").is_enabled()
    before = settled(page)
    page.click("#undo")
    idle(page, before)
    assert (lists / "grupetto-verde.yaml").read_bytes() == before_edit


def test_a_reload_with_typing_not_yet_sent_sends_it_and_keeps_undo(screen, lists):
    # A newcomer typed a name, did not leave the field, and reloaded: the name was on disk, but
    # «Deshacer» had forgotten every step before it.
    page = screen.page
    saved = lists / "grupetto-verde.yaml"
    before_edit = saved.read_bytes()
    tap(screen, page.locator("#files li[data-path='grupetto-verde.yaml'] button"))
    tap(screen, page.locator("#build .outline ul.parts[aria-labelledby='f-runners-head'] > li:nth-child(5) > button"))
    before = settled(page)
    page.select_option("#f-runners-4-race", "troll")
    idle(page, before)
    after_race = saved.read_bytes()
    page.fill("#f-runners-4-name", "Gengis sin salir")                  # typed, the field not left
    # A busy machine: the server saves what leaving the field sent, but its answer comes after
    # the page has gone.
    def late(route):
        route.fetch()
        route.abort()
    page.route("**/fragments/edit", late)
    page.reload()
    page.unroute("**/fragments/edit")
    page.wait_for_function("document.querySelector('#build')?.dataset.at === '[\"runners\", 4]'")
    idle(page)
    assert "{name: Gengis sin salir," in saved.read_text(encoding="utf-8")
    assert page.input_value("#f-runners-4-name") == "Gengis sin salir"
    assert page.locator("#undo").is_enabled()
    before = settled(page)
    page.click("#undo")                                                  # the name typed
    idle(page, before)
    assert saved.read_bytes() == after_race
    assert page.locator("#undo").is_enabled()
    before = settled(page)
    page.click("#undo")                                                  # the race chosen
    idle(page, before)
    assert saved.read_bytes() == before_edit


@pytest.fixture
def phone(served, lists, launched):
    b = Browser(launched, served, **SCREENS["phone"])
    b.page.wait_for_selector("#files li[data-path='grupetto-verde.yaml']")
    b.kind = "phone"
    return b


def test_undo_and_redo_stay_in_reach_on_a_phone_down_a_long_list(phone, lists):
    page = phone.page
    saved = lists / "compania-fenix.yaml"
    before_edit = saved.read_bytes()
    tap(phone, page.locator("#files li[data-path='compania-fenix.yaml'] button"))
    tap(phone, page.locator("#build .outline .part", has_text="Alfa"))
    count = page.locator("#f-squads-0-members-1-count")
    count.scroll_into_view_if_needed()
    before = settled(page)
    count.fill("4")
    count.press("Tab")
    idle(page, before)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")   # far down the list
    page.wait_for_timeout(100)
    assert page.evaluate("scrollY") > 1000
    seen = page.evaluate("""() => {
      const box = (s) => document.querySelector(s).getBoundingClientRect();
      const inside = (b) => b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth;
      const line = box('#build .summary'), undo = box('#undo'), redo = box('#redo');
      const apart = (a, b) => a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;
      return {line: inside(line), undo: inside(undo), redo: inside(redo), apart: apart(line, undo) && apart(line, redo),
              big: undo.height >= 24 && redo.height >= 24};
    }""")
    assert seen == {"line": True, "undo": True, "redo": True, "apart": True, "big": True}, seen
    # What is on top at the button's middle is the button itself: nothing covers it.
    assert page.evaluate("""(() => { const b = document.querySelector('#undo').getBoundingClientRect();
      return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)?.id; })()""") == "undo"
    scrolled = page.evaluate("scrollY")
    before = settled(page)
    page.locator("#undo").tap()
    page.wait_for_function("document.querySelector('#redo').disabled === false")
    idle(page)
    assert saved.read_bytes() == before_edit
    assert page.evaluate("scrollY") > 0.5 * scrolled or scrolled == 0
    assert phone.errors == []


def test_nothing_is_ever_under_undo_and_redo_on_a_phone(phone):
    """Issue 55: «Deshacer» and «Rehacer», pinned to a phone's foot, covered what the page showed there
    at rest or when it did not scroll far enough. At 390×844, with a short list and a long one open,
    its cards and its text to share shown, and a line on the status line, at rest and scrolled to the
    end, nothing but their status line is under them."""
    page = phone.page
    assert under_the_history(page) == {"rest": [], "end": []}          # no list open: no bar
    def opening(name: str):
        return lambda page: tap(phone, page.locator(f"#files li[data-path='{name}'] button"))
    def tab(name: str):
        return lambda page: tap(phone, page.locator(f"#side-panel [data-tab={name}]"), answered=False)
    states = {"a short list": opening("grupetto-verde.yaml"), "its cards": tab("preview"),
              "its text to share": tab("share"), "its findings": tab("findings"),
              "a long list": opening("compania-fenix.yaml")}
    assert nothing_under_the_history(page, states) == {}
    assert page.locator("#status").inner_text() != ""
    assert phone.errors == []


def test_another_list_and_back_keeps_undo(desktop, lists):
    page = desktop.page
    before_edit = (lists / "grupetto-verde.yaml").read_bytes()
    open_file(page, "grupetto-verde.yaml")
    show_part(page, "runners", 4)
    before = settled(page)
    page.select_option("#f-runners-4-race", "troll")
    idle(page, before)
    open_file(page, "compania-fenix.yaml")
    assert page.locator("#undo").is_disabled()                       # that list's own history: none
    open_file(page, "grupetto-verde.yaml")
    assert page.evaluate("document.querySelector('#build').dataset.at") == '["runners", 4]'
    assert page.locator("#undo").is_enabled()
    before = settled(page)
    page.click("#undo")
    idle(page, before)
    assert (lists / "grupetto-verde.yaml").read_bytes() == before_edit
    assert desktop.errors == []


def test_typing_not_yet_sent_is_sent_and_leaving_is_asked_about(desktop, lists):
    page = desktop.page
    open_file(page, "grupetto-verde.yaml")
    show_part(page, "runners", 4)
    page.fill("#f-runners-4-name", "Gengis sin salir")                 # typed, the field not left
    asked = []
    page.remove_listener("dialog", desktop.on_dialog)
    page.on("dialog", lambda d: (asked.append(d.type), d.dismiss()))   # the player stays
    page.close(run_before_unload=True)
    page.wait_for_function("window.__pending === 0 && window.__settled > 0")
    idle(page)
    assert asked == ["beforeunload"]
    assert "{name: Gengis sin salir," in (lists / "grupetto-verde.yaml").read_text(encoding="utf-8")


def test_a_new_part_of_the_book_and_a_choice_given_to_a_part_read_apart(desktop):
    page = desktop.page
    open_file(page, "fenix-warbook.yaml")
    new_weapon = page.locator("#add-f-warbook-weapons").inner_text()
    click(page, page.locator("#build .outline .part", has_text="Sargento"))
    give = page.locator("#detail button[id$='-weapons']").first.inner_text()
    assert new_weapon == "+ Nueva entrada en Armas"
    assert give == "Añadir a Armas de Sargento"
    page.select_option("#lang", "en")
    page.wait_for_function("document.querySelector('#add-f-warbook-weapons')?.textContent === '+ New entry in Weapons'")
    assert page.locator("#detail button[id$='-weapons']").first.inner_text() == "Add to Weapons of Sargento"


def test_a_whole_lineup_is_not_removed_by_one_tap(desktop, lists):
    page = desktop.page
    saved = lists / "saqueadores-rio-lobo.yaml"
    open_file(page, "saqueadores-rio-lobo.yaml")
    remove = page.locator("#f-lineup > button.remove")                    # the ✕ beside «Alineación»
    asked = []
    page.remove_listener("dialog", desktop.on_dialog)
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    remove.click()
    page.wait_for_timeout(300)
    assert asked and "Deshacer" in asked[0]
    assert "lineup:" in saved.read_text(encoding="utf-8")
    page.once("dialog", lambda d: d.accept())
    before = settled(page)
    remove.click()
    idle(page, before)
    assert "lineup:" not in saved.read_text(encoding="utf-8")
    assert page.locator("#undo").is_visible() and page.locator("#undo").is_enabled()


def test_the_cards_preview_is_not_clipped_on_a_desktop(desktop):
    page = desktop.page
    open_file(page, "compania-fenix.yaml")
    page.click("[data-tab=preview]")
    frame = page.frame_locator("#preview")
    frame.locator(".card").first.wait_for()
    page.wait_for_timeout(300)
    widths = page.evaluate("""() => { const f = document.querySelector('#preview');
        const doc = f.contentDocument; const zoom = Number(doc.documentElement.style.zoom || 1);
        const right = Math.max(...[...doc.querySelectorAll('.card, .sheet, section, table')]
          .map((e) => e.getBoundingClientRect().right * zoom));
        return [right, f.clientWidth]; }""")
    assert widths[0] <= widths[1] + 1, widths


def test_every_toolbar_button_is_whole_at_1280_on_a_dungeon_universalis_list(desktop):
    page = desktop.page
    open_file(page, "criptas.yaml")
    page.click("#view-yaml")                                           # a change not saved yet: «sin guardar»
    page.fill("#text", page.input_value("#text") + "# una nota\n")
    page.locator("#unsaved").wait_for()
    panel = page.locator("#editor-panel").bounding_box()
    for button in ("#undo", "#redo", "#save", "#xlsx", "#pdf", "#duplicate", "#rename"):
        box = page.locator(button).bounding_box()
        assert box["x"] >= panel["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"] + 0.5, button
    assert page.evaluate("(t => t.scrollWidth <= t.clientWidth)(document.querySelector('.toolbar'))")


def test_a_new_file_is_named_after_its_list(desktop, lists):
    page = desktop.page
    page.fill("#new-roster-name", "Compañía Fénix")
    assert page.input_value("#new-name") == "compania-fenix-2.yaml"    # compania-fenix.yaml is taken
    page.fill("#new-roster-name", "Los Lobos de Río")
    assert page.input_value("#new-name") == "los-lobos-de-rio.yaml"
    page.fill("#new-name", "mia.yaml")
    page.fill("#new-roster-name", "Otra")
    assert page.input_value("#new-name") == "mia.yaml"                 # a name of the player's own stays


def test_the_new_list_form_starts_empty_after_crear(desktop, lists):
    # A newcomer typed a second list's name after «Crear» and got «Flota del NorteBanda del Cuervo».
    from tests.serve.test_browser_building import create

    page = desktop.page
    create(desktop.page, "porcrom", "flota-del-norte.yaml", "Flota del Norte")
    assert (lists / "flota-del-norte.yaml").is_file()
    assert page.input_value("#new-roster-name") == ""
    page.fill("#new-roster-name", "Banda del Cuervo")
    assert page.input_value("#new-name") == "banda-del-cuervo.yaml"
