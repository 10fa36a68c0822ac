"""The event desk in a real browser (Chromium from the system, driven by Playwright): a player submits a
list with its Warbook and gets the receipt; the organiser logs in and sees the team on the dashboard."""

from pathlib import Path

import pytest

from tests.programs import needs
from tests.serve.live import serving
from tests.serve.test_browser import serious_violations

pytestmark = needs("chromium")

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
def browser(launched):
    return launched


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
    organiser.click("#confirm-yes")                                        # asked first
    organiser.locator("#event-state", has_text="cerrado").wait_for()
    player.goto(f"{desk}/lists?lang=en")
    assert "WT-068D-E2A7" in player.locator("#published").inner_text()
    audit("published")
    player.goto(f"{desk}/admin/login?lang=en")
    audit("login")
    assert found == {name: [] for name in found}


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SCREENS = pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])


def hand_in(page, desk: str, team: str, tmp_path) -> str:
    """A team's list handed in from the players' page; the receipt's edit code."""
    roster = tmp_path / "alfa.yaml"
    roster.write_bytes((ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
                       .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml"))
    page.goto(f"{desk}/")
    page.fill("#team", team)
    page.set_input_files("#files", [str(roster), str(ROOT / "examples" / "wartime" / "fenix-warbook.yaml")])
    page.click("#send")
    page.locator("#receipt").wait_for()
    return page.locator("#edit-code").inner_text()


def log_in(browser, desk: str, screen: dict):
    organiser = browser.new_context(locale="es-ES", viewport=screen, bypass_csp=True).new_page()
    organiser.goto(f"{desk}/admin/login")
    organiser.fill("#token", TOKEN)
    organiser.click("button[type=submit]")
    organiser.locator("#event-state").wait_for()
    organiser.wait_for_load_state("load")  # its stylesheet too: the tests measure what is drawn
    return organiser


@SCREENS
def test_a_reload_of_the_receipt_sends_nothing_again_and_keeps_the_edit_code(desk, browser, tmp_path, screen):
    player = browser.new_context(locale="es-ES", viewport=screen).new_page()
    code = hand_in(player, desk, "Patrulla Alfa", tmp_path)
    assert "/receipt/" in player.url and code not in player.url
    player.reload()
    player.locator("#receipt").wait_for()
    assert player.locator("#edit-code").inner_text() == code and player.locator("#r-version").inner_text() == "1"
    assert player.locator(".refused").count() == 0
    mail = player.locator("#mail-receipt").get_attribute("href")
    assert mail.startswith("mailto:?subject=") and code in mail and "WT-068D-E2A7" in mail
    player.emulate_media(media="print")  # on paper: the receipt, not the ways around the desk
    assert player.locator("#receipt").is_visible() and not player.locator("#keep-receipt").is_visible()
    player.emulate_media(media="screen")
    player.go_back()  # the form, empty: going back sends nothing either
    player.go_forward()
    player.locator("#receipt").wait_for()
    from builder.events.store import Store

    store = Store.open(f"sqlite:///{tmp_path / 'torneo.sqlite'}")
    assert [len(store.versions(t)) for t in store.teams(1)] == [1]
    store.close()


def test_on_a_phone_the_dashboard_is_one_card_a_team_its_name_beside_its_actions(desk, browser, tmp_path):
    player = browser.new_context(locale="es-ES").new_page()
    for team in ("Patrulla Alfa", "Los Lobos de la Colina del Norte", "Gamma"):
        hand_in(player, desk, team, tmp_path)
    organiser = log_in(browser, desk, PHONE)
    assert organiser.evaluate("document.documentElement.scrollWidth") <= 390
    cards = organiser.locator("#teams tr.team-card")
    assert cards.count() == 3
    boxes = [cards.nth(n).bounding_box() for n in range(3)]  # before any scroll: one frame of reference
    assert all(a["y"] + a["height"] <= b["y"] for a, b in zip(boxes, boxes[1:]))  # cards one under another
    for n in range(3):
        card = cards.nth(n)
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] < 844
        for part in [card.locator("td.team-name a")] + [card.locator("button").nth(k) for k in range(3)]:
            inner = part.bounding_box()
            assert box["x"] <= inner["x"] and inner["x"] + inner["width"] <= box["x"] + box["width"] + 0.5
            assert box["y"] <= inner["y"] and inner["y"] + inner["height"] <= box["y"] + box["height"] + 0.5
        # The name just above the buttons: both on screen together, whichever is tapped.
        name, approve = card.locator("td.team-name a").bounding_box(), card.locator("button", has_text="Aprobar").bounding_box()
        assert approve["y"] - (name["y"] + name["height"]) < 120
    assert serious_violations(organiser) == []
    wide = log_in(browser, desk, DESKTOP)  # on a desktop, still a table with its headings
    assert wide.locator("#teams thead").is_visible()
    assert wide.evaluate("getComputedStyle(document.querySelector('#teams tr.team-card')).display") == "table-row"


@SCREENS
def test_a_closed_event_shows_players_no_form_only_the_notice_and_the_status_lookup(desk, browser, tmp_path, screen):
    organiser = log_in(browser, desk, screen)
    player = browser.new_context(locale="es-ES", viewport=screen, bypass_csp=True).new_page()
    player.goto(f"{desk}/")
    assert player.locator("#send").is_visible()
    organiser.locator("#event-state button", has_text="Cerrar").click()
    organiser.click("#confirm-yes")                                        # asked first
    organiser.locator("#event-state", has_text="cerrado").wait_for()
    player.reload()
    assert player.locator("text=Las entregas están cerradas.").is_visible()
    assert player.locator("form[action^='/submit']").count() == 0 and player.locator("#status-link").is_visible()
    assert serious_violations(player) == []


@SCREENS
def test_publishing_is_switched_on_and_off_from_the_dashboard(desk, browser, tmp_path, screen):
    player = browser.new_context(locale="es-ES", viewport=screen).new_page()
    hand_in(player, desk, "Patrulla Alfa", tmp_path)
    organiser = log_in(browser, desk, screen)
    organiser.locator("#event-state button", has_text="Cerrar").click()
    organiser.click("#confirm-yes")                                        # asked first
    organiser.locator("#event-state", has_text="cerrado").wait_for()
    organiser.locator("#publishing button", has_text="Dejar de publicarlas").click()  # the fixture's --publish
    organiser.locator("#publishing", has_text="no se publican").wait_for()
    assert player.goto(f"{desk}/lists").status == 404
    organiser.locator("#publishing button", has_text="Publicar").click()
    organiser.locator("#published-link").wait_for()
    assert player.goto(f"{desk}/lists").status == 200 and "WT-068D-E2A7" in player.locator("#published").inner_text()
    player.goto(f"{desk}/")
    assert player.locator("#published-link").is_visible()
    assert serious_violations(organiser) == []


@SCREENS
def test_a_refused_submission_is_shown_by_a_page_a_reload_does_not_send_again(desk, browser, tmp_path, screen):
    # A newcomer reloaded the refusal and was asked to send the form again («Ya hay un equipo con
    # ese nombre… No se ha guardado nada»): a refused POST answers 303 too, to the form, the
    # player's team name and pasted text kept, the refusal above it.
    hand_in(browser.new_context(locale="es-ES").new_page(), desk, "Patrulla Alfa", tmp_path)
    player = browser.new_context(locale="es-ES", viewport=screen).new_page()
    posts = []
    player.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    player.goto(f"{desk}/")
    pasted = "system: wartime\nname: [Sin cerrar\n"
    player.fill("#team", "Patrulla Beta")
    player.fill("#pasted", pasted)
    player.click("#send")
    player.locator(".refused[data-code='unreadable']").wait_for()
    assert "/submit" not in player.url
    assert player.input_value("#team") == "Patrulla Beta" and player.input_value("#pasted") == pasted
    assert player.locator("text=No se ha guardado nada.").is_visible()
    player.reload()
    player.locator(".refused[data-code='unreadable']").wait_for()
    assert len(posts) == 1 and player.input_value("#pasted") == pasted
    # A name already taken, without its code: refused the same way.
    player.fill("#team", "patrulla alfa")
    player.fill("#pasted", "")
    player.set_input_files("#files", [str(ROOT / "examples" / "wartime" / "compania-fenix.yaml"),
                                      str(ROOT / "examples" / "wartime" / "fenix-warbook.yaml")])
    player.click("#send")
    player.locator(".refused[data-code='wrong-edit-code']").wait_for()
    player.reload()
    player.locator(".refused[data-code='wrong-edit-code']").wait_for()
    assert len(posts) == 2 and player.input_value("#team") == "patrulla alfa"
    from builder.events.store import Store

    store = Store.open(f"sqlite:///{tmp_path / 'torneo.sqlite'}")
    assert [len(store.versions(t)) for t in store.teams(1)] == [1]
    store.close()


@pytest.fixture
def zoned(tmp_path):
    """A desk whose pack closes at 10:00 of a zone an hour ahead of UTC (as ``deadline: 2099-12-05
    10:00+01:00`` writes it), served from a machine on UTC."""
    from datetime import datetime, timedelta, timezone

    from builder.events.packs import load_pack
    from builder.desk.app import create_desk

    database = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    closes = datetime(2099, 12, 5, 10, 0, tzinfo=timezone(timedelta(hours=1)))
    with serving(lambda port: create_desk(load_pack(PACK), database, TOKEN, f"127.0.0.1:{port}",
                                          deadline=closes)) as url:
        yield url


@SCREENS
def test_times_are_shown_as_the_organiser_wrote_the_deadline_not_in_utc(zoned, browser, tmp_path, screen):
    from datetime import datetime, timedelta, timezone

    ahead = timezone(timedelta(hours=1))
    player = browser.new_context(locale="es-ES", viewport=screen).new_page()
    player.goto(f"{zoned}/")
    assert "2099-12-05 10:00" in player.locator("main").inner_text()      # not 09:00 (UTC)
    before = datetime.now(ahead).strftime("%Y-%m-%d %H:%M")
    hand_in(player, zoned, "Patrulla Alfa", tmp_path)
    after = datetime.now(ahead).strftime("%Y-%m-%d %H:%M")
    assert player.locator("#r-time").inner_text()[:16] in (before, after)
    organiser = log_in(browser, zoned, screen)
    shown = organiser.locator("main").inner_text()
    assert "2099-12-05 10:00" in shown and "2099-12-05 09:00" not in shown
    row = organiser.locator("#teams tbody tr").first.inner_text()
    assert before in row or after in row


@SCREENS
def test_closing_the_event_or_a_teams_list_is_asked_first_without_any_script(desk, browser, tmp_path, screen):
    # The desk runs no script (CSP): the question is a page of its own, «No» goes back untouched.
    hand_in(browser.new_context(locale="es-ES").new_page(), desk, "Patrulla Alfa", tmp_path)
    organiser = log_in(browser, desk, screen)
    organiser.locator("#event-state button", has_text="Cerrar el evento").click()
    organiser.locator("#confirm").wait_for()
    assert "¿Cerrar el evento?" in organiser.locator("#confirm").inner_text()
    player = browser.new_context(locale="es-ES", viewport=screen).new_page()
    player.goto(f"{desk}/")
    assert player.locator("#send").is_visible()                          # not closed by the first click
    organiser.click("#confirm-no")
    organiser.locator("#event-state", has_text="abierto").wait_for()
    organiser.locator("#teams button", has_text="Cerrar su lista").first.click()
    organiser.locator("#confirm").wait_for()
    assert "Patrulla Alfa" in organiser.locator("#confirm").inner_text()
    organiser.click("#confirm-yes")
    organiser.locator("#teams", has_text="cerrada").wait_for()
    organiser.locator("#event-state button", has_text="Cerrar el evento").click()
    organiser.click("#confirm-yes")
    organiser.locator("#event-state", has_text="cerrado").wait_for()
    player.reload()
    assert player.locator("#send").count() == 0
    assert serious_violations(organiser) == []


def test_the_organiser_pages_and_removes_spam_teams_on_a_phone_with_the_keyboard_alone(desk, browser, tmp_path):
    from builder.events.store import Checked, Store

    store = Store.open(f"sqlite:///{tmp_path / 'torneo.sqlite'}")
    files = {"alfa.yaml": (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_text(),
             "fenix-warbook.yaml": (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_text()}
    for n in range(60):
        store.register(1, f"Relleno {n:02}", files, Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    store.close()
    phone = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844}, bypass_csp=True).new_page()
    phone.goto(f"{desk}/admin")
    phone.fill("#token", TOKEN)
    phone.keyboard.press("Enter")
    phone.locator("#teams").wait_for()
    phone.wait_for_load_state("load")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    assert phone.locator("#teams tbody tr").count() == 50 and "Página 1 de 2" in phone.inner_text("#pages-bottom")
    audits = {"dashboard": serious_violations(phone)}
    # The keyboard alone: the first team's box ticked, the removal asked, confirmed.
    phone.focus("#choose-1")
    phone.keyboard.press("Space")
    phone.focus("#remove-chosen")
    phone.keyboard.press("Enter")
    phone.locator("#confirm-yes").wait_for()
    assert "¿Quitar 1 equipo del evento?" in phone.inner_text("h2") and "Relleno 00" in phone.inner_text("#confirm-names")
    audits["confirm"] = serious_violations(phone)
    phone.focus("#confirm-yes")
    phone.keyboard.press("Enter")
    phone.locator("#removed-done").wait_for()
    assert "59 equipos de 300" in phone.inner_text("#teams-count")
    # The next page by its link, then by its number.
    phone.click("#pages-bottom a[rel=next]")
    assert phone.locator("#teams tbody tr").count() == 9
    phone.fill("#page-top", "1")
    phone.keyboard.press("Enter")
    phone.wait_for_url("**page=1**")
    assert phone.locator("#teams tbody tr").count() == 50
    audits["same list"] = phone.goto(f"{desk}/admin?same=WT-068D-E2A7") and serious_violations(phone)
    assert audits == {"dashboard": [], "confirm": [], "same list": []}, audits


def test_the_print_shows_it_is_being_made_and_the_pdf_comes_with_that_page_in_view(desk, browser, tmp_path):
    """Issue 46, as issue 55 made the print a job: «Descargar todas las hojas…» opens the print's page,
    which says how far it got (a status, no script) and refreshes itself until the PDF can be
    downloaded from it."""
    hand_in(browser.new_context(locale="es-ES").new_page(), desk, "Patrulla Alfa", tmp_path)
    organiser = log_in(browser, desk, PHONE)
    organiser.click("#print")
    assert organiser.locator("#export[role=status]").is_visible()
    organiser.locator("#export-download").wait_for(timeout=120_000)  # the page refreshes itself till then
    with organiser.expect_download(timeout=60_000) as made:
        organiser.click("#export-download")
    assert made.value.suggested_filename.endswith(".pdf")
    assert serious_violations(organiser) == []


CLIPPED = """() => {
  const cut = [];
  const scroll = document.querySelector('#teams').closest('.scroll');
  if (scroll.scrollWidth > scroll.clientWidth) cut.push('the table scrolls: ' + scroll.scrollWidth + ' > ' + scroll.clientWidth);
  for (const el of document.querySelectorAll('#teams th, #teams td, #teams button, #teams a, #teams input')) {
    const box = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1) cut.push(el.tagName + ' cut: ' + el.textContent.trim().slice(0, 30));
    if (box.right > document.documentElement.clientWidth + 0.5) cut.push(el.tagName + ' past the screen: ' + el.textContent.trim().slice(0, 30));
  }
  return cut;
}"""
"""Every part of the dashboard's table of teams that is cut or reaches past the screen."""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_at_1280_the_dashboards_actions_fit_and_on_a_phone_too(desk, browser, tmp_path, lang):
    """Issue 55, point 9: at 1280×900 the actions column was cut («Approv…») while the page kept to
    its reading measure. Now the table fits: nothing in it is cut, scrolls or reaches past the
    screen; a team is approved by the keyboard alone; at 390 px it is still one card a team."""
    player = browser.new_context(locale="es-ES").new_page()
    for team in ("Patrulla Alfa", "Los Lobos de la Colina del Norte"):
        hand_in(player, desk, team, tmp_path)
    wide = log_in(browser, desk, {"width": 1280, "height": 900})
    wide.goto(f"{desk}/admin?lang={lang}")
    assert wide.evaluate(CLIPPED) == []
    assert wide.evaluate("document.documentElement.scrollWidth") <= 1280
    approve = "Aprobar" if lang == "es" else "Approve"
    for _ in range(80):  # Tab from the top of the page to the first team's approval, then Enter
        wide.keyboard.press("Tab")
        if wide.evaluate("document.activeElement.textContent.trim()") == approve:
            break
    assert wide.evaluate("document.activeElement.textContent.trim()") == approve
    wide.keyboard.press("Enter")
    wide.locator("#teams tbody tr", has_text="aprobada" if lang == "es" else "approved").first.wait_for()
    assert wide.evaluate(CLIPPED) == [] and serious_violations(wide) == []
    phone = log_in(browser, desk, PHONE)
    phone.goto(f"{desk}/admin?lang={lang}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert serious_violations(phone) == []
