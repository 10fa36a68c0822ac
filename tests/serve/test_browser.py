"""The page in a real browser (Chromium from the system, driven by Playwright)."""

import shutil
from pathlib import Path

import pytest

from tests.programs import AXE, axe, needs
from tests.serve.conftest import ROOT
from tests.serve.live import chromium, serving

pytestmark = needs("chromium")

MISTAKE = ("system: wartime\nname: Mi lista\nwarbook: fenix-warbook.yaml\nsquads:\n"
           "  - name: Alfa\n    members: [{character: Fusilro, count: 2}]\n")



@pytest.fixture
def server(folder: Path):
    from builder.serve.app import create_app

    with serving(lambda port: create_app(folder, port)) as url:
        yield url + "/"


@pytest.fixture
def page(server, launched):
    # The page's policy forbids evaluating strings; the test's own probes are let through.
    context = launched.new_context(locale="es-ES", accept_downloads=True, bypass_csp=True)
    page = context.new_page()
    page.goto(server)
    page.wait_for_selector("#files li")
    return page


def status(page) -> str:
    return page.locator("#status").inner_text()


def yaml_view(page) -> None:
    """The roster as text (the builder view is the one a roster opens in)."""
    page.click("#view-yaml")
    page.locator("#text").wait_for(state="visible")


def test_create_a_roster_see_a_mistake_at_its_line_fix_it_and_save(page, folder):
    page.select_option("#new-system", "wartime")
    page.fill("#new-name", "mi-lista.yaml")
    page.click("#new-button")
    page.wait_for_function("document.querySelector('#text').value.includes('system: wartime')")
    # «Crear» makes the file at once, from the game's starting roster.
    assert "system: wartime" in (folder / "mi-lista.yaml").read_text(encoding="utf-8")
    yaml_view(page)
    page.fill("#text", MISTAKE)
    finding = page.locator("#findings li[data-code='unknown-reference']").first
    finding.wait_for()
    # The player reads the finding's words and its rule; the code is in the tooltip (issue 40).
    assert "línea 6" in finding.inner_text() and "«Fusilro»" in finding.inner_text()
    assert "[unknown-reference]" not in finding.inner_text()
    assert "unknown-reference" in finding.get_attribute("title")
    assert "ILEGAL" in status(page)
    finding.click()  # jumps to line 6
    start = page.evaluate("document.querySelector('#text').selectionStart")
    assert MISTAKE[:start].count("\n") == 5
    page.fill("#text", MISTAKE.replace("Fusilro", "Fusilero"))
    # Two Fusileros: 2 × 40 = 80 points (13 + 16 + 5 + 5 + 1 each).
    page.wait_for_function("document.querySelector('#status').textContent.includes('80')")
    assert "LEGAL" in status(page)
    page.click("#save")
    page.wait_for_function("document.querySelector('#status').textContent.includes('mi-lista.yaml')")
    assert (folder / "mi-lista.yaml").read_text(encoding="utf-8") == MISTAKE.replace("Fusilro", "Fusilero")
    page.wait_for_selector("#files li[data-path='mi-lista.yaml']")


def test_a_catalog_entry_is_inserted_at_the_cursor(page):
    page.click("#files li[data-path='compania-fenix.yaml']")
    page.wait_for_function("document.querySelector('#status').textContent.includes('283')")
    page.click("[data-tab=catalog]")
    page.locator("#topic option", has_text="arquetipos de la lista").wait_for(state="attached")
    page.select_option("#topic", "arquetipos de la lista")
    entry = page.locator("#entries li", has_text="Granadero").first
    entry.wait_for()
    text = page.evaluate("document.querySelector('#text').value")
    at = text.index("      - {character: Granadero")  # the start of Bravo's first member line
    page.evaluate(f"document.querySelector('#text').setSelectionRange({at + 8}, {at + 8 + len('{character: Granadero, count: 1}')})")
    entry.click()  # the Warbook's Granadero replaces the selection as a squad member
    assert page.evaluate("document.querySelector('#text').value") == text
    # The list is still the legal 283 points once re-checked.
    page.wait_for_function("document.querySelector('#status').textContent.includes('283')")


def test_downloads_read_back(page, tmp_path):
    import openpyxl
    from pypdf import PdfReader

    page.click("#files li[data-path='compania-fenix.yaml']")
    page.wait_for_function("document.querySelector('#status').textContent.includes('283')")
    for kind in ("pdf", "xlsx"):
        with page.expect_download() as info:
            page.click(f"#{kind}")
        info.value.save_as(tmp_path / f"bajada.{kind}")
        assert info.value.suggested_filename == f"compania-fenix.{kind}"
    assert "Compañía Fénix" in PdfReader(tmp_path / "bajada.pdf").pages[0].extract_text()
    assert openpyxl.load_workbook(tmp_path / "bajada.xlsx").sheetnames


def test_the_card_preview_shows_the_cards(page):
    page.click("#files li[data-path='compania-fenix.yaml']")
    page.wait_for_function("document.querySelector('#status').textContent.includes('283')")
    page.click("[data-tab=preview]")
    frame = page.frame_locator("#preview")
    frame.locator(".card").first.wait_for()
    assert "Sargento" in frame.locator("body").inner_text()


def test_a_file_changed_on_disk_while_open_is_not_overwritten(page, folder):
    page.click("#files li[data-path='compania-fenix.yaml']")
    page.wait_for_function("document.querySelector('#status').textContent.includes('283')")
    on_disk = (folder / "compania-fenix.yaml").read_text(encoding="utf-8") + "# cambiado por otro\n"
    (folder / "compania-fenix.yaml").write_text(on_disk, encoding="utf-8")
    yaml_view(page)
    page.fill("#text", page.evaluate("document.querySelector('#text').value") + "# mío\n")
    page.click("#save")
    page.locator("#conflict").wait_for(state="visible")
    assert "cambiado por otro" in page.locator("#disk-text").inner_text()
    assert (folder / "compania-fenix.yaml").read_text(encoding="utf-8") == on_disk


def open_roster(page, path: str, points: str) -> None:
    page.click(f"#files li[data-path='{path}']")
    page.wait_for_function(f"document.querySelector('#status').textContent.includes('{points}')")


def test_nothing_goes_wrong_in_the_console_nor_on_the_wire(page):
    problems = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("requestfailed", lambda request: problems.append(f"failed {request.url}"))
    page.on("response", lambda response: problems.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    page.reload()
    page.wait_for_selector("#files li")
    open_roster(page, "compania-fenix.yaml", "283")
    page.click("[data-tab=preview]")
    frame = page.frame_locator("#preview")
    frame.locator(".card").first.wait_for()
    # The cards are drawn with their own stylesheets: the card's frame has its border.
    border = frame.locator(".card").first.evaluate("card => getComputedStyle(card).borderTopStyle")
    assert border != "none"
    page.click("[data-tab=catalog]")
    page.locator("#entries li").first.wait_for()
    assert problems == []


def test_buttons_that_cannot_act_are_disabled(page):
    for button in ("#save", "#xlsx", "#pdf"):
        assert page.locator(button).is_disabled()
    open_roster(page, "compania-fenix.yaml", "283")
    for button in ("#save", "#xlsx", "#pdf"):
        assert page.locator(button).is_enabled()


def test_the_catalog_topics_are_named_in_the_players_language(page):
    open_roster(page, "compania-fenix.yaml", "283")
    page.click("[data-tab=catalog]")
    page.locator("#topic option", has_text="Tablas de coste").wait_for(state="attached")
    assert "costs" not in page.locator("#topic").inner_text()


def test_unsaved_changes_are_asked_about_before_another_roster_opens(page, folder):
    open_roster(page, "compania-fenix.yaml", "283")
    yaml_view(page)
    typed = page.evaluate("document.querySelector('#text').value") + "# una nota\n"
    page.fill("#text", typed)
    assert page.locator("#unsaved").is_visible()
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.click("#files li[data-path='asalto-ilegal.yaml']")
    page.wait_for_timeout(300)
    assert asked and "compania-fenix.yaml" in asked[0]
    assert page.locator("#current").inner_text() == "compania-fenix.yaml"
    assert page.evaluate("document.querySelector('#text').value") == typed     # nothing lost
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.click("#files li[data-path='asalto-ilegal.yaml']")
    page.wait_for_function("document.querySelector('#current').textContent === 'asalto-ilegal.yaml'")
    assert not page.locator("#unsaved").is_visible()
    assert "# una nota" not in (folder / "compania-fenix.yaml").read_text(encoding="utf-8")


def test_saving_clears_the_unsaved_mark(page, folder):
    open_roster(page, "compania-fenix.yaml", "283")
    yaml_view(page)
    page.fill("#text", page.evaluate("document.querySelector('#text').value") + "# guardada\n")
    assert page.locator("#unsaved").is_visible()
    page.click("#save")
    page.wait_for_function("document.querySelector('#status').textContent.includes('compania-fenix.yaml')")
    assert not page.locator("#unsaved").is_visible()
    assert (folder / "compania-fenix.yaml").read_text(encoding="utf-8").endswith("# guardada\n")


def test_on_a_phone_the_panels_stack_every_button_can_be_tapped_and_nothing_is_serious(server):
    with chromium() as browser:
        phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES", has_touch=True,
                                    bypass_csp=True)  # the test's own probes, as in the page fixture
        page = phone.new_page()
        page.goto(server)
        page.wait_for_selector("#files li")
        open_roster(page, "compania-fenix.yaml", "283")
        page.locator("#build .outline").wait_for()
        assert page.locator("#detail").bounding_box()["width"] >= 300
        yaml_view(page)
        assert page.locator("#text").bounding_box()["width"] >= 300
        for button in ("#save", "#xlsx", "#pdf", "[data-tab=preview]", "#new-button"):
            box = page.locator(button).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, button
        page.fill("#text", page.evaluate("document.querySelector('#text').value") + "# desde el móvil\n")
        page.locator("#save").tap()
        page.wait_for_function("document.querySelector('#status').textContent.includes('compania-fenix.yaml')")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.select_option("#lang", "en")
        page.wait_for_function("document.querySelector('#save').textContent === 'Save'")
        if AXE.is_file():  # without it, the audit of every tab says why it was skipped
            assert serious_violations(page) == []      # on a phone, in English


def test_every_control_says_what_it_is_in_the_players_language(page):
    open_roster(page, "compania-fenix.yaml", "283")
    unnamed = page.evaluate("""() => [...document.querySelectorAll(
        'button, select, input, textarea, iframe')].filter((el) => {
          const named = el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent.trim()
            || (el.labels && [...el.labels].some((label) => label.textContent.trim()));
          return !named;
        }).map((el) => el.outerHTML.slice(0, 80))""")
    assert unnamed == []
    assert page.get_attribute("#text", "aria-label") == "La lista, en YAML"
    page.select_option("#lang", "en")
    page.wait_for_function("document.querySelector('#text').getAttribute('aria-label') === 'The roster, as YAML'")


def test_a_roster_opens_and_a_finding_jumps_to_its_line_with_the_keyboard_alone(page):
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('li')?.dataset.path") == "asalto-ilegal.yaml":
            break
    else:
        pytest.fail("Tab never reached the roster")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#current').textContent === 'asalto-ilegal.yaml'")
    finding = page.locator("#findings li button").first
    finding.wait_for()
    finding.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "text"    # the editor, at the finding's line


def serious_violations(page) -> list[str]:
    """What axe-core finds serious or critical on the page as it is now (the frame of the card
    preview included): each rule's id and the first places it names."""
    page.add_script_tag(path=str(axe()))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".filter((v) => v.impact === 'serious' || v.impact === 'critical')"
                          ".map((v) => v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))")
    return found


def test_no_serious_accessibility_finding_on_any_tab(page):
    open_roster(page, "asalto-ilegal.yaml", "ILEGAL")
    found = {}
    for tab in ("findings", "inspect", "preview", "catalog", "share"):
        page.click(f"[data-tab={tab}]")
        if tab == "preview":
            page.frame_locator("#preview").locator(".card").first.wait_for()
        if tab == "catalog":
            page.locator("#entries li").first.wait_for()
        if tab == "share":
            page.wait_for_function("document.querySelector('#share').textContent !== ''")
        found[tab] = serious_violations(page)
    assert found == {"findings": [], "inspect": [], "preview": [], "catalog": [], "share": []}


def test_the_share_tab_copies_the_list_as_plain_text(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_roster(page, "compania-fenix.yaml", "283")
    page.click("[data-tab=share]")
    page.wait_for_function("document.querySelector('#share').textContent.includes('Compañía Fénix')")
    shown = page.locator("#share").inner_text()
    page.click("#copy")
    page.wait_for_function("document.querySelector('#copied').textContent !== ''")
    assert page.evaluate("navigator.clipboard.readText()") == shown


def test_a_roster_is_duplicated_and_renamed_from_the_page(page, folder):
    open_roster(page, "compania-fenix.yaml", "283")
    page.once("dialog", lambda dialog: dialog.accept("copia-fenix.yaml"))
    page.click("#duplicate")
    page.wait_for_selector("#files li[data-path='copia-fenix.yaml']")
    assert (folder / "copia-fenix.yaml").read_bytes() == (folder / "compania-fenix.yaml").read_bytes()
    page.once("dialog", lambda dialog: dialog.accept("fenix-renombrada.yaml"))
    page.click("#rename")
    page.wait_for_function("document.querySelector('#current').textContent === 'fenix-renombrada.yaml'")
    assert not (folder / "compania-fenix.yaml").exists() and (folder / "fenix-renombrada.yaml").exists()
    page.once("dialog", lambda dialog: dialog.accept("copia-fenix.yaml"))   # a name taken: refused
    page.click("#rename")
    page.wait_for_function("document.querySelector('#status').textContent.includes('no se sobrescribe')")
    assert (folder / "fenix-renombrada.yaml").exists()


def test_the_cards_print_from_the_page(page):
    open_roster(page, "compania-fenix.yaml", "283")
    page.click("[data-tab=preview]")
    page.frame_locator("#preview").locator(".card").first.wait_for()
    # The browser's print dialog is the browser's: the test only sees that it was asked for,
    # for the preview's document (the sheet and the cards).
    page.evaluate("() => { const frame = document.querySelector('#preview').contentWindow;"
                  " frame.print = () => { window.printed = frame.document.querySelectorAll('.card').length; }; }")
    page.click("#print")
    assert page.evaluate("window.printed") >= 6


def test_no_serious_accessibility_finding_in_the_builder_view(page, folder):
    shutil.copy(Path(__file__).resolve().parents[2] / "examples" / "cripmaquion" / "grupetto-verde.yaml",
                folder / "grupetto-verde.yaml")
    page.reload()
    page.wait_for_selector("#files li")
    found = {}
    for path, part in (("compania-fenix.yaml", "Alfa"), ("fenix-warbook.yaml", "Sargento"),
                       ("grupetto-verde.yaml", "Arcada"), ("asalto-ilegal.yaml", None)):
        page.click(f"#files li[data-path='{path}'] button")
        page.wait_for_function(f"document.querySelector('#build')?.dataset.path === '{path}'")
        if part:
            page.click(f"#build .outline .part >> text={part}")
            page.wait_for_selector(f"#detail h3:has-text('{part}')")
        page.wait_for_timeout(300)  # the choices the rules refuse, marked after the view is drawn
        found[path] = serious_violations(page)
    assert found == {path: [] for path in found}


def test_the_choices_refused_are_tried_on_the_roster_the_click_made(page, folder):
    # Corvin gets a companion; his companion's kind is then tried on the roster with the
    # companion in it (tried on the roster before the click, every kind lacked a name).
    shutil.copy(Path(__file__).resolve().parents[2] / "examples" / "dungeon-universalis" / "criptas.yaml",
                folder / "criptas.yaml")
    page.reload()
    page.wait_for_selector("#files li")
    page.click("#files li[data-path='criptas.yaml'] button")
    page.click("#build .outline .part >> text=Corvin")
    page.wait_for_selector("#detail h3:has-text('Corvin')")
    page.click("#inc-f-heroes-2-companion")
    page.wait_for_selector("#f-heroes-2-companion-kind")
    page.wait_for_timeout(500)  # the choices the rules refuse, marked after the view is drawn
    options = page.eval_on_selector_all("#f-heroes-2-companion-kind option",
                                        "os => os.map((o) => [o.value, o.disabled, o.textContent])")
    assert [value for value, _, _ in options] == ["animal", "mercenary"]
    assert not any("obligatoria" in label for _, _, label in options)


def test_a_warbook_is_shown_as_one_in_the_files_the_builder_view_and_the_yaml_tab(page, folder):
    # Issue 32: a Warbook with no list is neither LEGAL nor red, wherever the page gives a status.
    row = page.locator("#files li[data-path='fenix-warbook.yaml'] .meta")
    assert row.inner_text().endswith("· WARBOOK") and row.get_attribute("class") == "meta no-list"
    shutil.copy(ROOT / "examples" / "cripmaquion" / "saqueadores-rio-lobo.yaml", folder / "saqueadores.yaml")
    page.reload()
    page.wait_for_selector("#files li[data-path='saqueadores.yaml']")
    # A Cripmaquión team's line shows its lineup's slots, as a Wartime list's shows its points.
    assert "4/4 plazas de especialista" in page.locator("#files li[data-path='saqueadores.yaml'] .meta").inner_text()
    page.click("#files li[data-path='fenix-warbook.yaml']")
    page.locator(".summary strong.no-list", has_text="WARBOOK").wait_for()
    assert row.inner_text().endswith("· WARBOOK") and row.get_attribute("class") == "meta no-list"
    yaml_view(page)
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('WARBOOK')")
    assert page.locator("#status").get_attribute("class") == "no-list"
