"""builder's one look in Chromium (issue 42), on a 390×844 phone: every visible button, link and
field of every page is at least 44 × 44 px (a thumb's width), and axe-core finds nothing serious or
critical, in the system's light and dark modes alike. The pages: the builder (a list open, a part
shown), the desk's players' page, a receipt, the organiser's dashboard and a team's page."""

from __future__ import annotations

from pathlib import Path
from pprint import pformat

import pytest

from tests.programs import needs
from tests.serve.live import serving
from tests.desk.test_browser import PACK, TOKEN, browser, desk  # noqa: F401 - fixtures: a Chromium, the desk
from tests.serve.test_browser import serious_violations

pytestmark = needs("chromium")

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
THUMB = 44
GAMES = [("wartime", "compania-fenix.yaml"), ("cripmaquion", "grupetto-verde.yaml"),
         ("confrontation", "artilleria-no-dan-kar.yaml"), ("porcrom", "lobos-de-zamora.yaml"),
         ("dungeon-universalis", "criptas.yaml")]

SMALL = """(thumb) => {
  // Every control a finger may aim at, as drawn (a checkbox or radio by the label around it):
  // those under a thumb's width or height, each named as a person would find it.
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const target = (e) => !e.matches('input[type=checkbox], input[type=radio]') ? e
    : e.closest('label') || (e.id && document.querySelector(`label[for="${CSS.escape(e.id)}"]`)) || e;
  const controls = document.querySelectorAll('button, a[href], select, textarea, input:not([type=hidden]), summary');
  return [...controls].filter(shown).map(target).filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width < thumb - 0.5 || r.height < thumb - 0.5;
  }).map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} «${(e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30)}» `
             + `${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`);
}"""


@pytest.fixture
def builder(tmp_path):
    from builder.serve.app import create_app

    folder = tmp_path / "listas"
    folder.mkdir()
    for game, name in GAMES:
        (folder / name).write_bytes((ROOT / "examples" / game / name).read_bytes())
    (folder / "fenix-warbook.yaml").write_bytes((ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes())
    with serving(lambda port: create_app(folder, port)) as url:
        yield url


def looked_at(page, name: str, found: dict[str, object]) -> None:
    """The page as it is now, in light and in dark: its small controls and axe-core's findings."""
    # A page's element can be there before its stylesheet is: measured then, every control is
    # small (a clean clone's run saw the team's page so, in light only). Its load event waits for both.
    page.wait_for_load_state("load")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found[f"{name}, {scheme}: small"] = page.evaluate(SMALL, THUMB)
        found[f"{name}, {scheme}: axe"] = serious_violations(page)
        found[f"{name}, {scheme}: wider than the screen"] = page.evaluate("document.documentElement.scrollWidth") > 390
    page.emulate_media(color_scheme="light")


def clean(found: dict[str, object]) -> dict[str, object]:
    return {name: value for name, value in found.items() if value}


def test_every_desk_page_is_made_for_thumbs_in_light_and_dark(desk, browser, tmp_path):
    roster = tmp_path / "alfa.yaml"
    roster.write_bytes((ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
                       .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml"))
    found: dict[str, object] = {}
    # The desk allows no script at all (CSP): the probes' own are let in for the test alone.
    player = browser.new_context(locale="es-ES", bypass_csp=True, **PHONE).new_page()
    player.goto(f"{desk}/")
    looked_at(player, "players' page", found)
    player.fill("#team", "Patrulla Alfa")
    player.set_input_files("#files", [str(roster), str(ROOT / "examples" / "wartime" / "fenix-warbook.yaml")])
    player.click("#send")
    player.locator("#receipt").wait_for()
    looked_at(player, "receipt", found)

    organiser = browser.new_context(locale="es-ES", bypass_csp=True, **PHONE).new_page()
    organiser.goto(f"{desk}/admin/login")
    looked_at(organiser, "login", found)
    organiser.fill("#token", TOKEN)
    organiser.click("button[type=submit]")
    organiser.locator("#teams").wait_for()
    looked_at(organiser, "dashboard", found)
    organiser.click("#teams tbody tr a")
    organiser.locator("#versions").wait_for()
    looked_at(organiser, "team", found)
    assert not clean(found), pformat(clean(found), width=140)


def test_the_builder_on_the_desk_is_made_for_thumbs_in_light_and_dark(desk, browser):
    """The desk's builder (issue 41): its start, a list of the event's game begun, each part shown."""
    page = browser.new_context(locale="es-ES", bypass_csp=True, **PHONE).new_page()
    page.goto(f"{desk}/build")
    page.locator("#start-new").wait_for()
    found: dict[str, object] = {}
    looked_at(page, "desk builder, start", found)
    page.click("#start-new")
    page.locator("#build .summary").wait_for()
    looked_at(page, "desk builder, a new list", found)
    parts = page.locator("#build .outline ul.parts[aria-labelledby] > li:first-child button.part")
    for n in range(parts.count()):
        title = parts.nth(n).locator(".title").inner_text()
        parts.nth(n).click()
        page.locator("#build .detail h3", has_text=title).wait_for()
        looked_at(page, f"desk builder, {title}", found)
    assert not clean(found), pformat(clean(found), width=140)


def test_the_builder_is_made_for_thumbs_in_light_and_dark(builder, browser):
    """Each game's example open, its first part of each list of parts shown, and every side tab."""
    page = browser.new_context(locale="es-ES", bypass_csp=True, **PHONE).new_page()
    page.goto(f"{builder}/")
    page.locator("#files li[data-path='compania-fenix.yaml']").wait_for()
    found: dict[str, object] = {}
    looked_at(page, "start", found)
    for _, name in GAMES:
        page.click(f"#files li[data-path='{name}'] button")
        page.locator(f"#build[data-path='{name}'] .outline").wait_for()
        parts = page.locator("#build .outline ul.parts[aria-labelledby] > li:first-child button.part")
        for n in range(parts.count()):
            title = parts.nth(n).locator(".title").inner_text()
            parts.nth(n).click()
            page.locator("#build .detail h3", has_text=title).wait_for()
            looked_at(page, f"{name}, {title}", found)
    for tab in ("findings", "inspect", "catalog", "share"):
        page.click(f"[data-tab={tab}]")
        looked_at(page, f"tab {tab}", found)
    assert not clean(found), pformat(clean(found), width=140)


def test_every_page_and_the_card_preview_load_the_one_stylesheet(desk, builder, browser):
    page = browser.new_context(locale="es-ES", bypass_csp=True, **PHONE).new_page()
    sheets = "[...document.styleSheets].map((s) => new URL(s.href || location.href).pathname)"
    for url in (f"{desk}/", f"{desk}/status", f"{desk}/admin", f"{desk}/build", f"{builder}/"):
        page.goto(url)
        assert "/look/design.css" in page.evaluate(sheets), url
        assert page.evaluate("document.querySelectorAll('[style], style').length") == 0, url
    page.locator("#files li[data-path='compania-fenix.yaml']").wait_for()
    page.click("#files li[data-path='compania-fenix.yaml'] button")
    page.locator("#build .outline").wait_for()
    page.click("[data-tab=preview]")
    frame = page.frame_locator("#preview")
    frame.locator(".card").first.wait_for()
    assert frame.locator("link[href='/look/design.css']").count() == 1
    # Paper stays paper in dark mode: the sheet and the cards dark on light, as they will print.
    page.emulate_media(color_scheme="dark")
    inside = page.frames[-1]
    assert inside.evaluate("getComputedStyle(document.body).color") == "rgb(29, 29, 29)"
    assert inside.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(244, 245, 247)"
    assert serious_violations(page) == []


THUMB_AROUND = """(thumb) => {
  // Each checkbox's target as a finger meets it: points a thumb's half-width around its box's
  // centre (above, below, beside it) land on the box or on the label that holds it.
  const out = [];
  for (const box of document.querySelectorAll('#build input[type=checkbox]')) {
    const r = box.getBoundingClientRect();
    if (!r.width) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2, d = thumb / 2 - 4;
    for (const [px, py] of [[x, y - d], [x, y + d], [x + d, y]]) {
      const hit = document.elementFromPoint(px, py);
      const label = hit && hit.closest('label');
      if (hit !== box && !(label && label.control === box)) out.push(`${box.id} at ${Math.round(px - x)},${Math.round(py - y)}: ${hit && hit.tagName}`);
    }
  }
  return out;
}"""


def test_a_checkbox_is_a_thumbs_target_around_its_box_on_a_phone(builder, browser):
    page = browser.new_context(locale="es-ES", bypass_csp=True, **PHONE).new_page()
    page.goto(f"{builder}/")
    page.locator("#files li[data-path='compania-fenix.yaml']").wait_for()
    page.click("#files li[data-path='compania-fenix.yaml'] button")
    page.locator("#build[data-path='compania-fenix.yaml'] .outline").wait_for()
    box = page.locator("#f-formations")
    box.scroll_into_view_if_needed()
    assert box.is_visible()
    assert page.evaluate(THUMB_AROUND, THUMB) == []
    # A tap on the label's words ticks it, as a tap on the box does.
    page.locator("label[for='f-formations'] span").first.tap()
    page.wait_for_function("document.querySelector('#text').value.includes('formations: true')")
