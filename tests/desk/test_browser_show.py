"""The rounds' pages in Chromium: /rounds on a 390×844 phone and /rounds/screen on the venue's big
screen, in Spanish and English, light and dark, with no serious axe-core finding and nothing wider
than the phone; the big screen, under its own policy, shows a round published meanwhile by itself
(htmx asking for its board again), with no script error; a Cripmaquión organiser writes a race day
on a phone (a typo refused at its line) and the campaign's standings appear on /rounds."""

from __future__ import annotations

import dataclasses

import pytest

from builder.core.pack import RoundsFormat
from builder.desk import show
from builder.events.schema import Checked
from tests.desk.show_support import a_day
from tests.desk.support import PACK
from tests.desk.test_browser_building import browser, phone  # noqa: F401 - the fixture
from tests.programs import needs
from tests.serve.live import free_port, served
from tests.serve.test_browser import serious_violations
from tests.web.test_browser_look import SMALL, THUMB

pytestmark = needs("chromium")
SCREEN = {"width": 1920, "height": 1080}


@pytest.fixture
def venue(tmp_path, monkeypatch):
    """A desk whose pack plays four rounds, in a server of its own; its store's day in ``kept``."""
    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    monkeypatch.setattr(show, "REFRESH_SECONDS", 1)
    pack = dataclasses.replace(load_pack(PACK), rounds=RoundsFormat(count=4, score="puntos de victoria"))
    port = free_port()
    app = create_desk(pack, f"sqlite:///{tmp_path / 'evento.sqlite'}", "clave", f"127.0.0.1:{port}")
    store, event = app.state.desk.store, app.state.desk.event_id
    ids = [store.register(event, name, {"lista.yaml": f"system: wartime\nname: {name}\n"},
                          Checked("wartime", 100, 250, True, 0, f"WT-000{n}-ABCD")).team_id
           for n, name in enumerate(["Patrulla Alfa", "Exploradores de la Niebla Larga del Norte"])]
    kept = {"day": a_day(ids + [901, 902, 903])}
    store.day = lambda event_id: kept["day"]
    with served(app, port) as url:
        yield url, kept, ids


def audited(page) -> dict[str, list[str]]:
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found[scheme] = serious_violations(page)
    page.emulate_media(color_scheme="light")
    return found


def fits(page) -> bool:
    """Nothing wider than the screen, and every control a thumb's size."""
    small = page.evaluate(SMALL, THUMB)
    assert small == [], small
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_rounds_on_a_phone_in_both_languages_light_and_dark(browser, venue):
    url, kept, ids = venue
    page, errors = phone(browser)
    for lang, round_title, won in (("es", "Ronda 1 de 4", "Gana Patrulla Alfa · 12–7"),
                                   ("en", "Round 1 of 4", "Patrulla Alfa wins · 12–7")):
        page.goto(f"{url}/rounds?lang={lang}")
        assert page.locator("#round-title").inner_text() == round_title
        assert page.locator("#table-1 .result").inner_text() == won
        assert page.locator("table.standings tbody tr").count() == 5
        assert audited(page) == {"light": [], "dark": []}, lang
        assert fits(page), lang
    # The keyboard alone reaches the standings (a scrollable region takes the focus).
    page.goto(f"{url}/rounds")
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('scroll')"):
            break
    assert page.evaluate("document.activeElement.getAttribute('role')") == "region"
    assert errors == []


def test_the_big_screen_shows_a_round_published_meanwhile_by_itself(browser, venue):
    url, kept, ids = venue
    screen, errors = phone(browser, csp=True, screen=SCREEN)
    screen.goto(f"{url}/rounds/screen")
    assert screen.locator("#round-title").inner_text() == "Ronda 1 de 4"
    kept["day"] = a_day(ids + [901, 902, 903], published_second=True)
    screen.locator("#round-title", has_text="Ronda 2 de 4").wait_for(timeout=10_000)
    assert screen.locator("#table-3 .result").inner_text() == "Descansa (bye)"
    assert errors == []
    size = screen.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 24  # read from across the room
    # Nobody scrolls a screen on a wall: the standings' every column and the five teams are in view.
    assert screen.evaluate("(() => { const s = document.querySelector('.screen-standings .scroll');"
                           " return s.scrollWidth <= s.clientWidth; })()")
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    for lang in ("es", "en"):
        looked, _ = phone(browser, screen=SCREEN)
        looked.goto(f"{url}/rounds/screen?lang={lang}")
        assert audited(looked) == {"light": [], "dark": []}, lang
        small, _ = phone(browser)
        small.goto(f"{url}/rounds/screen?lang={lang}")
        assert fits(small) and audited(small) == {"light": [], "dark": []}, lang


def test_the_organiser_writes_a_race_day_on_a_phone_and_everyone_sees_the_campaigns_standings(browser, tmp_path):
    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    example = PACK.parents[2] / "cripmaquion"
    pack_file = tmp_path / "carrera.yaml"
    pack_file.write_text("system: cripmaquion\nname: El infierno de Amauta\n", encoding="utf-8")
    pack = dataclasses.replace(load_pack(str(pack_file)), rounds=RoundsFormat(count=2))
    port = free_port()
    app = create_desk(pack, f"sqlite:///{tmp_path / 'carrera.sqlite'}", "clave", f"127.0.0.1:{port}")
    store, event = app.state.desk.store, app.state.desk.event_id
    for name in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml"):
        store.register(event, name.removesuffix(".yaml"), {name: (example / name).read_text(encoding="utf-8")},
                       Checked("cripmaquion", None, None, True, 0, None))
    with served(app, port) as url:
        page, errors = phone(browser)
        page.goto(f"{url}/admin/login")
        page.fill("#token", "clave")
        page.keyboard.press("Enter")
        page.wait_for_url(f"{url}/admin?lang=es")
        page.click("#race-days-link")
        page.fill("#day-text", "name: 1ª jornada\nfinish: [Arcada, Gnatte Franz]\n")
        page.click("#race-day-form button[type=submit]")
        problems = page.locator("#day-problems li")
        assert problems.count() == 1 and "línea 2" in problems.inner_text() and "Gnatte Franzs" in problems.inner_text()
        assert audited(page) == {"light": [], "dark": []} and fits(page)
        page.fill("#day-text", "name: 1ª jornada\nfinish: [Arcada, Gnatte Franzs, Gengis]\n")
        page.click("#race-day-form button[type=submit]")
        page.locator("#saved").wait_for()
        assert "Jornada 1: 1ª jornada" in page.locator("#race-days").inner_text()
        for lang in ("es", "en"):
            page.goto(f"{url}/rounds?lang={lang}")
            first = page.locator("table.race-general tbody tr").first
            assert "Arcada" in first.inner_text()
            assert audited(page) == {"light": [], "dark": []} and fits(page), lang
        assert errors == []
