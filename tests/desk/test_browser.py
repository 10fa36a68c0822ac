"""The event desk in a real browser (Chromium from the system, driven by Playwright): a player submits a
list with its Warbook and gets the receipt; the organiser logs in and sees the team on the dashboard."""

from pathlib import Path

import pytest

from tests.serve.live import ARGS, CHROMIUM, serving
from tests.serve.test_browser import serious_violations

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="browser tests skipped: no Chromium found "
                                                       "(install Debian's chromium package to run them)")

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
TOKEN = "clave-de-prueba"



@pytest.fixture
def desk(tmp_path):
    from builder.events.packs import load_pack
    from builder.desk.app import create_desk

    database = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    with serving(lambda port: create_desk(load_pack(PACK), database, TOKEN, f"127.0.0.1:{port}",
                                          publish=True)) as url:
        yield url


@pytest.fixture
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def test_a_player_submits_and_the_organiser_sees_the_team(desk, browser, tmp_path):
    roster = tmp_path / "patrulla-alfa.yaml"
    roster.write_bytes((ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes())
    player = browser.new_context(locale="es-ES").new_page()
    player.goto(f"{desk}/")
    player.fill("#team", "Patrulla <Alfa>")
    player.set_input_files("#files", [str(roster), str(ROOT / "examples" / "wartime" / "fenix-warbook.yaml")])
    player.click("#send")
    player.locator("#receipt").wait_for()
    assert player.locator("#r-team").inner_text() == "Patrulla <Alfa>"
    assert player.locator("#r-legal").inner_text() == "LEGAL"
    assert player.locator("#r-fingerprint").inner_text() == "WT-068D-E2A7"
    assert len(player.locator("#edit-code").inner_text()) == 19

    organiser = browser.new_context(locale="es-ES").new_page()
    organiser.goto(f"{desk}/admin")
    organiser.fill("#token", TOKEN)  # the login form, shown in place of the dashboard
    organiser.click("button[type=submit]")
    row = organiser.locator("#teams tbody tr").first
    row.wait_for()
    assert "Patrulla <Alfa>" in row.inner_text() and "178 / 250" in row.inner_text()
    row.locator("button", has_text="Aprobar").click()
    organiser.locator("#teams tbody tr", has_text="aprobada").wait_for()


def test_on_a_phone_every_desk_page_fits_and_has_no_serious_accessibility_finding(desk, browser, tmp_path):
    """A player on a 390-px phone submits (Enter in the form), looks up the organiser's note with the
    edit code; the organiser sends the list back and locks; the published lists. Each page: axe-core
    finds nothing serious or critical, and nothing is wider than the screen."""
    roster = tmp_path / "alfa.yaml"
    roster.write_bytes((ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
                       .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml"))
    # The desk allows no script at all (CSP): the audit's own script is let in for the test alone.
    phone = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844}, bypass_csp=True)
    player, found = phone.new_page(), {}

    def audit(name: str) -> None:
        found[name] = serious_violations(player)
        assert player.evaluate("document.documentElement.scrollWidth") <= 390, name

    player.goto(f"{desk}/?lang=en")
    audit("player")
    player.fill("#team", "Patrulla Alfa")
    player.set_input_files("#files", [str(roster), str(ROOT / "examples" / "wartime" / "fenix-warbook.yaml")])
    player.focus("#code")
    player.keyboard.press("Enter")  # the form sends from the keyboard
    player.locator("#receipt").wait_for()
    audit("receipt")
    code = player.locator("#edit-code").inner_text()

    organiser = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844}, bypass_csp=True).new_page()
    organiser.goto(f"{desk}/admin/login")
    organiser.fill("#token", TOKEN)
    organiser.click("button[type=submit]")
    organiser.locator("#teams").wait_for()
    found["dashboard"] = serious_violations(organiser)
    row = organiser.locator("#teams tbody tr").first
    row.locator("input[name=note]").fill("Falta la foto del ejército")
    row.locator("button", has_text="Devolver").click()
    organiser.locator("#teams tbody tr", has_text="devuelta").wait_for()
    organiser.click("#teams tbody tr a")  # the team's own page: its problems, versions and files
    organiser.locator("#versions").wait_for()
    found["team"] = serious_violations(organiser)
    assert organiser.evaluate("document.documentElement.scrollWidth") <= 390
    organiser.go_back()
    organiser.locator("#teams").wait_for()

    player.goto(f"{desk}/?lang=en")
    player.click("#status-link")
    audit("status form")
    player.fill("#team", "patrulla alfa")
    player.fill("#code", code.lower())
    player.click("#look")
    player.locator("#status").wait_for()
    assert player.locator("#s-review").inner_text() == "sent back"
    assert player.locator("#s-note").inner_text() == "Falta la foto del ejército"
    audit("status")

    organiser.locator("#event-state button", has_text="Cerrar").click()
    organiser.locator("#event-state", has_text="cerrado").wait_for()
    player.goto(f"{desk}/lists?lang=en")
    assert "WT-068D-E2A7" in player.locator("#published").inner_text()
    audit("published")
    player.goto(f"{desk}/admin/login?lang=en")
    audit("login")
    assert found == {name: [] for name in found}
