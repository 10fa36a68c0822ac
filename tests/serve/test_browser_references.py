"""Issue 40's points 1 and 4 in a real browser: a rename carries the references to the renamed
part with it (one change, one undo step), on a desktop and on a phone; the folder list is checked
again whenever a file changes, from the page or on disk."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.programs import needs
from tests.serve.live import chromium
from tests.serve.test_browser_building import (  # noqa: F401 - the fixtures, shared
    EXAMPLES, Browser, Driver, browser, empty, idle, open_file, served, settled, show_part,
)

pytestmark = needs("chromium")
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


@pytest.fixture
def saqueadores(empty: Path) -> Path:
    target = empty / "saqueadores.yaml"
    target.write_bytes((EXAMPLES / "cripmaquion" / "saqueadores-rio-lobo.yaml").read_bytes())
    return target


def summary(page) -> str:
    return page.locator("#build .summary").inner_text()


def row(page, name: str) -> str:
    return page.locator(f"#files li[data-path='{name}'] .meta").inner_text()


def rename_a_lined_up_runner(page, saqueadores: Path) -> None:
    before = saqueadores.read_bytes()
    page.wait_for_selector("#files li[data-path='saqueadores.yaml']")
    open_file(page, "saqueadores.yaml")
    show_part(page, "runners", 1)                                         # Ram Amón, lined up
    Driver(page).set("f-runners-1-name", "Ramsés")
    saved = yaml.safe_load(saqueadores.read_text(encoding="utf-8"))
    assert saved["lineup"][1] == "Ramsés" and "Ram Amón" not in saqueadores.read_text(encoding="utf-8")
    assert "ILEGAL" not in summary(page) and "LEGAL" in summary(page)
    # One change, one undo step: the name and the lineup come back together.
    page.locator("#undo").click()
    page.wait_for_function("document.querySelector('#text').value.includes('Ram Amón')")
    idle(page)
    assert saqueadores.read_bytes() == before
    assert page.locator("#undo").is_disabled()


def test_a_runner_renamed_keeps_its_place_in_the_lineup_and_one_undo_puts_both_back(saqueadores, browser):
    rename_a_lined_up_runner(browser.page, saqueadores)
    assert browser.errors == []


def test_on_a_phone_a_runner_renamed_keeps_its_place_in_the_lineup(served, saqueadores):
    with chromium() as launched:
        phone = Browser(launched, served, **PHONE)
        rename_a_lined_up_runner(phone.page, saqueadores)
        assert phone.errors == []


@pytest.fixture
def columna(empty: Path) -> Path:
    target = empty / "columna.yaml"
    target.write_bytes((EXAMPLES / "wartime" / "columna-blindada.yaml").read_bytes())
    return target


def test_an_archetype_renamed_is_still_recruited_by_its_squads(columna, browser):
    target = columna
    page = browser.page
    page.wait_for_selector("#files li[data-path='columna.yaml']")
    open_file(page, "columna.yaml")
    show_part(page, "warbook-characters", 1)                              # Artillero, a crew member
    Driver(page).set("f-warbook-characters-1-name", "Tirador")
    saved = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert saved["squads"][0]["members"][0]["crew"][0]["character"] == "Tirador"
    assert "ILEGAL" not in summary(page) and "LEGAL" in summary(page)
    assert browser.errors == []


@pytest.fixture
def fenix(empty: Path) -> Path:
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        (empty / name).write_bytes((EXAMPLES / "wartime" / name).read_bytes())
    return empty


def test_a_list_whose_warbook_goes_missing_reads_unreadable_in_the_folder_list(fenix, browser):
    page = browser.page
    page.wait_for_selector("#files li[data-path='compania-fenix.yaml']")
    assert row(page, "compania-fenix.yaml").endswith("283 / 300 · LEGAL")
    # The Warbook renamed from the page: the list names a file that is no longer there.
    open_file(page, "fenix-warbook.yaml")
    page.remove_listener("dialog", browser.on_dialog)  # this prompt is answered with a name of its own
    page.once("dialog", lambda dialog: dialog.accept("otro-warbook.yaml"))
    page.click("#rename")
    page.wait_for_function("document.querySelector(\"#files li[data-path='compania-fenix.yaml'] .meta\")"
                           ".textContent.includes('ILEGIBLE')")
    assert "LEGAL" not in row(page, "compania-fenix.yaml").replace("ILEGIBLE", "")
    assert browser.errors == []


def test_a_list_is_checked_again_when_its_warbook_changes_on_disk_and_after_taking_the_disks(fenix, browser):
    page = browser.page
    page.wait_for_selector("#files li[data-path='compania-fenix.yaml']")
    open_file(page, "compania-fenix.yaml")
    # The list changed on disk (another editor): a click meets the conflict, and the disk's is taken.
    listed = fenix / "compania-fenix.yaml"
    listed.write_text(listed.read_text(encoding="utf-8").replace("{character: Fusilero, count: 3}",
                                                                  "{character: Fusilero, count: 1}"), encoding="utf-8")
    Driver(page).set("f-points_limit", "400")
    page.locator("#conflict").wait_for(state="visible")
    page.click("#take-disk")
    page.wait_for_function("document.querySelector(\"#files li[data-path='compania-fenix.yaml'] .meta\")"
                           ".textContent.includes('203 / 300')")
    page.wait_for_function("document.querySelector('#status').textContent.includes('203')")
    # Its Warbook changed on disk: the list's line follows when the page is looked at again.
    book = fenix / "fenix-warbook.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace("- name: Fusilero", "- name: Tirador"), encoding="utf-8")
    page.evaluate("window.dispatchEvent(new Event('focus'))")
    page.wait_for_function("document.querySelector(\"#files li[data-path='compania-fenix.yaml'] .meta\")"
                           ".textContent.includes('ILEGAL')")
    assert [e for e in browser.errors if "409" not in e] == []   # but the conflict met on purpose


def test_the_warbook_field_offers_the_folders_warbooks_by_name(fenix, browser):
    page = browser.page
    page.wait_for_selector("#files li[data-path='compania-fenix.yaml']")
    open_file(page, "compania-fenix.yaml")
    field = page.locator("#f-warbook")
    assert field.evaluate("e => e.tagName") == "SELECT"
    assert "Warbook Fénix" in field.locator("option[value='fenix-warbook.yaml']").inner_text()
    assert "texto" not in page.locator("#detail").inner_text()
    assert browser.errors == []


SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 800}}, "phone": PHONE}


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_an_archetype_renamed_in_a_warbook_of_its_own_is_still_recruited_by_the_folders_lists(
        served, fenix, screen):
    # The Warbook is a file of its own; compania-fenix.yaml recruits from it (warbook: fenix-warbook.yaml).
    listed = fenix / "compania-fenix.yaml"
    before = listed.read_bytes()
    with chromium() as launched:
        b = Browser(launched, served, **SCREENS[screen])
        page = b.page
        page.wait_for_selector("#files li[data-path='compania-fenix.yaml']")
        open_file(page, "fenix-warbook.yaml")
        index = next(i for i, c in enumerate(yaml.safe_load((fenix / "fenix-warbook.yaml").read_text(
            encoding="utf-8"))["warbook"]["characters"]) if c["name"] == "Fusilero")
        show_part(page, "warbook-characters", index)
        Driver(page).set(f"f-warbook-characters-{index}-name", "Tirador")
        text = listed.read_text(encoding="utf-8")
        assert "character: Tirador" in text and "character: Fusilero" not in text
        assert "compania-fenix.yaml" in page.locator("#carried").inner_text()    # the player is told
        page.wait_for_function("document.querySelector(\"#files li[data-path='compania-fenix.yaml'] .meta\")"
                               ".textContent.endsWith('283 / 300 · LEGAL')")
        # The list's own «Deshacer» takes the rename back there.
        open_file(page, "compania-fenix.yaml")
        assert page.locator("#undo").is_enabled()
        before_undo = settled(page)
        page.locator("#undo").click()
        idle(page, before_undo)
        assert listed.read_bytes() == before
        assert b.errors == []


@pytest.fixture
def campaign(empty: Path) -> Path:
    for name in ("infierno-de-amauta.yaml", "saqueadores-rio-lobo.yaml", "grupetto-verde.yaml"):
        (empty / name).write_bytes((EXAMPLES / "cripmaquion" / name).read_bytes())
    return empty


def test_a_runner_renamed_is_still_named_by_the_campaigns_days(campaign, browser):
    page = browser.page
    days = campaign / "infierno-de-amauta.yaml"
    page.wait_for_selector("#files li[data-path='infierno-de-amauta.yaml']")
    legal = row(page, "infierno-de-amauta.yaml")
    open_file(page, "grupetto-verde.yaml")
    show_part(page, "runners", 1)                                         # Gurtlutz, who scored KOs
    Driver(page).set("f-runners-1-name", "Gurtlutz el Grande")
    saved = yaml.safe_load(days.read_text(encoding="utf-8"))
    named = yaml.safe_dump(saved["stages"], allow_unicode=True)
    assert "Gurtlutz el Grande" in named and "Gurtlutz" not in named.replace("Gurtlutz el Grande", "")
    assert saved["stages"][0]["kos"][0]["by"] == "Gurtlutz el Grande"
    assert saved["stages"][1]["kos"][0]["tp"] == "Charles Watson"          # the others untouched
    assert "infierno-de-amauta.yaml" in page.locator("#carried").inner_text()
    page.wait_for_function(f"document.querySelector(\"#files li[data-path='infierno-de-amauta.yaml'] .meta\")"
                           f".textContent === {legal!r}")
    assert browser.errors == []
