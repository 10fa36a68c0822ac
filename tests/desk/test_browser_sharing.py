"""Sharing a list by a link, in Chromium on a 390×844 phone: «Compartir» on the desk's builder makes
a link (and its QR code) that carries the list and its Warbook; a second browser profile opens it
read-only, checked, with the fingerprint ``builder check --pack`` gives the YAML, and saves it; a
third starts building from the pasted link. The published lists and a shared list read on a phone,
light and dark, with no serious accessibility finding."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

import pytest

from tests.desk.support import ALFA, PACK, WARBOOK
from tests.desk.test_browser_building import (  # noqa: F401 - browser is a fixture
    PHONE, Desk, browser, checked_under_pack, from_files, phone)
from tests.programs import needs
from tests.serve.test_browser import serious_violations
from tests.serve.test_browser_building import idle, settled, text

pytestmark = needs("chromium")


@pytest.fixture
def desk(tmp_path):
    running = Desk(PACK, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    running.start()
    yield running
    running.stop()


def shared_link(page) -> str:
    page.click("#share-open")
    page.wait_for_function("document.querySelector('#share-link').value.includes('#1.')")
    return page.input_value("#share-link")


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def audited(page) -> dict[str, list[str]]:
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found[scheme] = serious_violations(page)
    page.emulate_media(color_scheme="light")
    return found


def test_a_list_shared_by_a_link_opens_read_only_in_another_profile_checked_as_builder_check(browser, desk, tmp_path):
    files = {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}
    player, errors = phone(browser)
    from_files(player, desk.url, files)
    link = shared_link(player)
    assert link.startswith(f"{desk.url}/build/shared?lang=es#1.")
    assert player.locator("#share-qr svg[role=img]").count() == 1  # a small list fits a QR code
    assert player.locator("#share-qr-too-long").count() == 0
    assert audited(player) == {"light": [], "dark": []} and fits(player)

    # A second profile (another phone): the link's list read-only, checked under the event's pack.
    friend, friend_errors = phone(browser)
    friend.goto(link)
    reading = friend.locator("#shared-view article.reading")
    reading.wait_for()
    expected = checked_under_pack({n: b.decode() for n, b in files.items()}, PACK, tmp_path / "check")
    assert reading.get_attribute("data-fingerprint") == expected["fingerprint"]
    assert friend.locator(".reading-points").inner_text() == f"{expected['points']} / {expected['points_limit']}"
    assert friend.locator("#shared-view button, #shared-view input, #shared-view select").count() == 0
    assert friend.locator("#shared-view .reading-parts .title").all_inner_texts() == ["Alfa"]
    # Its cards, as the builder previews them (the printed document, drawn by the server).
    friend.click("#shared-cards summary")
    friend.frame_locator("#cards").locator(".card").first.wait_for()
    assert audited(friend) == {"light": [], "dark": []} and fits(friend)

    # «Guardar en mis listas»: kept among this profile's lists (lists.js), and opened from them in its builder.
    friend.click("#share-save")
    friend.wait_for_function("document.querySelector('#share-status').textContent.includes('Guardada')")
    friend.goto(f"{desk.url}/build")
    if not friend.locator("#lists-export").is_visible():
        friend.click("#my-lists summary")
    friend.locator("#lists li button:has-text('Abrir')").first.click()
    friend.locator("#build .summary").wait_for()
    idle(friend)
    assert text(friend) == ALFA.decode()
    assert sorted(friend.eval_on_selector_all("#open-file option", "os => os.map(o => o.value)")) == sorted(files)
    assert errors == [] and friend_errors == []


def test_a_pasted_link_starts_the_builder_and_a_broken_one_says_why(browser, desk):
    player, _ = phone(browser)
    from_files(player, desk.url, {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
    link = shared_link(player)

    other, errors = phone(browser)
    other.goto(f"{desk.url}/build")
    other.fill("#link-pasted", link)
    other.click("#link-open")
    other.locator("#build .summary").wait_for()
    idle(other)
    assert text(other) == ALFA.decode()

    broken, _ = phone(browser)
    broken.goto(f"{desk.url}/build/shared?lang=en#1.%%garbage%%")
    broken.wait_for_function("document.querySelector('#share-status').textContent.includes('damaged')")
    assert broken.locator("#shared-view").inner_text() == ""
    empty, _ = phone(browser)
    empty.goto(f"{desk.url}/build/shared")
    empty.wait_for_function("document.querySelector('#share-status').textContent.includes('#')")
    assert errors == []


def test_a_list_too_long_for_a_qr_code_says_so_and_its_link_still_opens(browser, desk):
    # A comment no compression shortens makes the link longer than a QR code holds (2,953 bytes).
    noise = "".join(f"# {secrets.token_urlsafe(60)}\n" for _ in range(60)).encode()
    files = {"alfa.yaml": noise + ALFA, "fenix-warbook.yaml": WARBOOK}
    player, _ = phone(browser)
    from_files(player, desk.url, files)
    link = shared_link(player)
    assert len(link) > 2953
    player.locator("#share-qr-too-long").wait_for()
    assert "QR" in player.locator("#share-qr-too-long").inner_text()
    friend, _ = phone(browser)
    friend.goto(link)
    friend.locator("#shared-view article.reading").wait_for()
    assert friend.locator("#shared-view .reading-name").inner_text() == "Patrulla Alfa"


def test_the_published_lists_read_on_a_phone_light_and_dark(browser, tmp_path):
    desk = Desk(PACK, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        from_files(page, desk.url, {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
        page.fill("#team", "Patrulla con un nombre largo de verdad para un teléfono estrecho")
        page.click("#send")
        page.locator("#receipt").wait_for()
        from builder.events.packs import load_pack
        from builder.events.store import Store

        # The organiser publishes the lists and closes the event (the dashboard's switches, in the store).
        store = Store.open(desk.database)
        pack = load_pack(PACK)
        event_id = store.open_event(pack.name, pack.system)
        store.set_publish(event_id, True)
        store.lock_event(event_id)
        store.close()
        page.goto(f"{desk.url}/lists")
        page.locator("#published .team-link").first.wait_for()
        assert audited(page) == {"light": [], "dark": []} and fits(page)
        page.click("#published .team-link")
        page.locator("article.reading").wait_for()
        assert audited(page) == {"light": [], "dark": []} and fits(page)
        assert errors == []
    finally:
        desk.stop()


def test_the_link_shown_follows_the_list_as_it_changes(browser, desk):
    player, errors = phone(browser)
    from_files(player, desk.url, {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
    first = shared_link(player)
    before = settled(player)
    player.fill("#f-name", "Patrulla Beta")
    player.press("#f-name", "Tab")
    idle(player, before)
    player.wait_for_function(f"document.querySelector('#share-link').value !== {first!r}")
    friend, _ = phone(browser)
    friend.goto(player.input_value("#share-link"))
    friend.locator("#shared-view article.reading").wait_for()
    assert friend.locator("#shared-view .reading-name").inner_text() == "Patrulla Beta"
    assert errors == []


def test_a_shared_list_saved_is_kept_as_checked_and_once(browser, desk):
    """Issue 55: a shared list saved into «Mis listas» said «aún sin comprobar» though the page had just
    checked it; and saved twice it was kept twice. It is kept with what the server said, once."""
    player, _ = phone(browser)
    from_files(player, desk.url, {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
    link = shared_link(player)
    friend, errors = phone(browser)
    friend.goto(link)
    reading = friend.locator("#shared-view article.reading")
    reading.wait_for()
    friend.click("#share-save")
    friend.wait_for_function("document.querySelector('#share-status').textContent.includes('Guardada')")
    [entry] = friend.evaluate("window.builderLists.all()")
    assert entry["status"]["legal"] == (reading.get_attribute("data-legal") == "true")
    assert f"{entry['status']['points']} / {entry['status']['limit']}" == friend.locator(".reading-points").inner_text()
    friend.click("#share-save")
    friend.wait_for_function("document.querySelector('#share-status').textContent.includes('Ya la tienes')")
    assert len(friend.evaluate("window.builderLists.all()")) == 1

    friend.goto(f"{desk.url}/build")
    friend.locator("#lists li").first.wait_for()
    facts = friend.locator("#lists li p").first.inner_text()
    assert "aún sin comprobar" not in facts and "LEGAL" in facts and "178 / 250" in facts
    assert errors == []
