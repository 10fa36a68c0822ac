"""The builder on the desk, in Chromium on a 390×844 phone: each game's example list built by
clicking alone on the desk of an event for that game, kept in the browser (a reload mid-build,
the server stopped mid-click, lose nothing), submitted with «Entregar», and its receipt's
fingerprint the one ``builder check --pack`` gives the files the store kept."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.desk.support import ALFA, PACK, WARBOOK
from tests.programs import needs
from tests.serve.live import free_port
from tests.serve.test_browser import serious_violations
from tests.serve.test_browser_building import Driver, idle, settled, text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PHONE = {"width": 390, "height": 844}
pytestmark = needs("chromium")

WATCH = """
(() => {
  // The test's own probe: builder answers drawn (or refused), and requests still on their way.
  // A request is done once the page has read its answer and done what follows at once (a next
  // request it asks is counted before this one is let go); an answer the page leaves unread, 60 ms
  // after it came.
  window.__settled = 0;
  window.__pending = 0;
  document.addEventListener('builder:drawn', () => { window.__settled += 1; });
  const fetch = window.fetch;
  window.fetch = async (...args) => {
    window.__pending += 1;
    let done = false;
    const over = () => { if (!done) { done = true; window.__pending -= 1; } };
    try {
      const response = await fetch(...args);
      for (const read of ['text', 'json', 'blob', 'arrayBuffer']) {
        const own = response[read].bind(response);
        response[read] = () => { const body = own(); body.then(() => setTimeout(over, 0), () => setTimeout(over, 0)); return body; };
      }
      response.clone().text().finally(() => setTimeout(over, 60));
      return response;
    } catch (error) {
      setTimeout(over, 60);
      throw error;
    }
  };
})();
"""


class Desk:
    """``builder event serve``'s app for one pack, on a loopback port that outlives a stop: stopped
    and started again (a new process's app, the same database) as a server that goes away would."""

    def __init__(self, pack: Path, database: str):
        self.pack, self.database, self.port = pack, database, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = None

    def start(self) -> None:
        import uvicorn

        from builder.desk.app import create_desk
        from builder.events.packs import load_pack

        app = create_desk(load_pack(self.pack), self.database, "clave", f"127.0.0.1:{self.port}")
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.server.started

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


GAMES = {
    # the game: its example, built on the desk of an event for it
    "cripmaquion": "cripmaquion/grupetto-verde.yaml",
    "porcrom": "porcrom/lobos-de-zamora.yaml",
    "dungeon-universalis": "dungeon-universalis/criptas.yaml",
    "confrontation": "confrontation/artilleria-no-dan-kar.yaml",
    "wartime": "wartime/compania-fenix.yaml",
}


def pack_for(tmp_path: Path, game: str, wanted: dict[str, Any]) -> Path:
    pack = tmp_path / "pack.yaml"
    lines = [f"system: {game}", f"name: Torneo de {game}"]
    if "points_limit" in wanted:
        lines.append(f"points_limit: {wanted['points_limit']}")
    pack.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return pack


@pytest.fixture
def browser(launched):
    return launched


def phone(browser, csp: bool = False, screen: dict | None = None):
    # The page's policy forbids evaluating strings; the test's own probes are let through, but in
    # the test that holds the page to its policy.
    context = browser.new_context(locale="es-ES", viewport=screen or PHONE, bypass_csp=not csp)
    context.add_init_script(WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    return page, errors


def started(page, url: str) -> None:
    page.goto(f"{url}/build")
    before = settled(page)
    page.click("#start-new")
    idle(page, before)
    page.locator("#build .summary").wait_for()


def open_file(page, name: str) -> None:
    before = settled(page)
    page.select_option("#open-file", name)
    idle(page, before)


def kept(page) -> dict[str, Any]:
    return page.evaluate("JSON.parse(Object.entries(localStorage).find(([k]) => k.startsWith('builder-desk:'))[1])")


def checked_under_pack(files: dict[str, str], pack: Path, folder: Path) -> dict[str, Any]:
    folder.mkdir()
    for name, body in files.items():
        (folder / name).write_text(body, encoding="utf-8")
    roster = next(iter(files))
    done = subprocess.run([sys.executable, "-m", "builder", "check", "--format", "json", "--pack", str(pack), roster],
                          cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode in (0, 1), done.stderr
    (result,) = json.loads(done.stdout)["results"]
    return result


def submitted(page, team: str) -> dict[str, str]:
    page.fill("#team", team)
    page.click("#send")
    page.locator("#receipt").wait_for()
    return {"fingerprint": page.locator("#r-fingerprint").inner_text(), "legal": page.locator("#r-legal").inner_text()}


DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("game, screen", [*((game, PHONE) for game in GAMES), ("cripmaquion", DESKTOP)],
                         ids=[*GAMES, "cripmaquion-desktop"])
def test_each_games_list_is_built_on_the_desk_kept_through_a_reload_and_a_stop_and_submitted(browser, tmp_path, game,
                                                                                           screen):
    example = EXAMPLES / GAMES[game]
    wanted = yaml.safe_load(example.read_text(encoding="utf-8"))
    pack = pack_for(tmp_path, game, wanted)
    database = f"sqlite:///{tmp_path / 'evento.sqlite'}"
    desk = Desk(pack, database)
    desk.start()
    try:
        page, errors = phone(browser, screen=screen)
        started(page, desk.url)
        if game == "wartime":
            # Its own archetypes first: a Warbook of its own beside the list, then the list that names it.
            before = settled(page)
            page.click(".new-kind[data-kind=warbook]")
            idle(page, before)
            assert page.input_value("#open-file") == "warbook.yaml"
            Driver(page).reach(yaml.safe_load((EXAMPLES / "wartime" / "fenix-warbook.yaml").read_text(encoding="utf-8")))
            open_file(page, "lista.yaml")
            wanted = {**wanted, "warbook": "warbook.yaml"}
        driver = Driver(page)
        # Halfway: a reload loses nothing (the texts are the browser's own).
        name = wanted.get("name", wanted.get("team"))
        driver.reach({**yaml.safe_load(text(page)), **({"name": name} if "name" in wanted else {"team": name})})
        halfway = text(page)
        page.reload()
        page.locator("#build .summary").wait_for()
        idle(page)
        assert text(page) == halfway

        # The server stopped mid-click: the click is kept and made once it is back.
        desk.stop()
        control = page.locator("#f-name, #f-team").first
        control.fill("Sin conexión")
        control.press("Tab")
        page.wait_for_function("document.querySelector('#build-status').textContent !== ''")
        assert "Sin conexión" not in text(page)
        assert len(kept(page)["queue"]) == 1
        desk.start()
        page.wait_for_function("document.querySelector('#text').value.includes('Sin conexión')", timeout=20000)
        idle(page)
        assert kept(page)["queue"] == []

        # The event fixes the points limit (the pack's, shown read-only): what the list says of its
        # own stays as it is, and the builder offers no control to change it.
        if "points_limit" in wanted:
            assert page.locator("#f-points_limit.fixed").count() == 1
            assert page.locator("#f-points_limit .value").inner_text() == str(wanted["points_limit"])
            own = yaml.safe_load(text(page)).get("points_limit")
            wanted = {k: v for k, v in wanted.items() if k != "points_limit"} | ({"points_limit": own} if own else {})
        driver.reach(wanted)
        submitted_files = kept(page)["files"]
        receipt = submitted(page, f"Equipo de {game}")
        assert errors == []
    finally:
        desk.stop()
    from builder.events.store import Store

    store = Store.open(database)
    [latest] = store.latest(1)
    store.close()
    stored = dict(latest.files)
    assert stored[next(iter(stored))] == submitted_files["lista.yaml"]
    result = checked_under_pack(stored, pack, tmp_path / "guardada")
    assert receipt["fingerprint"] == result["fingerprint"]
    assert receipt["legal"] == ("LEGAL" if result["legal"] else "ILEGAL")
    assert result["legal"] and latest.checked.legal


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_desk_builder_has_no_serious_accessibility_finding_and_fits_a_phone(browser, tmp_path, lang):
    pack = pack_for(tmp_path, "cripmaquion", {})
    desk = Desk(pack, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        page.goto(f"{desk.url}/build?lang={lang}")
        assert serious_violations(page) == []
        before = settled(page)
        page.click("#start-new")
        idle(page, before)
        page.locator("#build .summary").wait_for()
        page.click("#build .outline ul.parts[aria-labelledby] li:first-child button")
        page.wait_for_function("document.querySelector('#build').dataset.at !== '[]'")
        idle(page)
        assert serious_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # One language on the page: none of the other's words.
        shown = page.locator("body").inner_text()
        others = {"es": ("Undo", "Redo", "Submit", "Download", "Start again", "File", "Problems", "points"),
                  "en": ("Deshacer", "Rehacer", "Entregar", "Descargar", "Empezar", "Archivo", "puntos")}[lang]
        assert [w for w in others if re.search(rf"\b{w}\b", shown)] == []
        assert errors == []
    finally:
        desk.stop()


def test_typing_not_yet_sent_survives_a_reload(browser, tmp_path):
    """A newcomer typed into the list's name without leaving the field and reloaded: the typing
    was gone. It goes into the kept queue as the page leaves, and is made once it is back."""
    pack = pack_for(tmp_path, "cripmaquion", {})
    desk = Desk(pack, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        started(page, desk.url)
        field = page.locator("#f-name, #f-team").first
        field.click()
        field.press("End")
        page.keyboard.type(" B")                       # typed, the field not left
        page.reload()
        page.locator("#build .summary").wait_for()
        page.wait_for_function("document.querySelector('#text').value.match(/^(name|team): .* B$/m)", timeout=15000)
        idle(page)
        assert kept(page)["queue"] == [] and errors == []
    finally:
        desk.stop()


def test_under_its_own_policy_the_page_runs_its_script_and_only_that(browser, tmp_path):
    pack = pack_for(tmp_path, "porcrom", {})
    desk = Desk(pack, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser, csp=True)
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
        answer = page.goto(f"{desk.url}/build")
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert "<script>" not in page.content() and "onclick" not in page.content()
        page.click("#start-new")
        page.locator("#build .summary").wait_for()
        # The cards' preview: the printed document in a frame, its stylesheets let in.
        page.click("#cards-view summary")
        page.frame_locator("#cards").locator(".card").first.wait_for()
        assert console == [] and errors == []
    finally:
        desk.stop()


def test_a_list_starts_again_from_a_file_or_from_the_teams_last_submission(browser, tmp_path):
    pack = tmp_path / "pack.yaml"
    pack.write_bytes((ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml").read_bytes())
    desk = Desk(pack, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    roster = tmp_path / "alfa.yaml"
    roster.write_bytes((EXAMPLES / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
                       .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml"))
    warbook = EXAMPLES / "wartime" / "fenix-warbook.yaml"
    try:
        page, errors = phone(browser)
        page.goto(f"{desk.url}/build")
        # From files: the list (the one that names the other) is the one opened.
        before = settled(page)
        page.set_input_files("#start-file", [str(warbook), str(roster)])
        idle(page, before)
        page.locator("#build .summary").wait_for()
        assert page.input_value("#open-file") == "alfa.yaml" and text(page) == roster.read_text(encoding="utf-8")
        assert "178 / 250" in page.locator("#build .summary").inner_text()
        receipt = submitted(page, "Patrulla Alfa")
        assert receipt == {"fingerprint": "WT-068D-E2A7", "legal": "LEGAL"}
        code = page.locator("#edit-code").inner_text()

        # Another browser, the same team: its last submission, with its name and code.
        other, errors_ = phone(browser)
        other.goto(f"{desk.url}/build")
        other.fill("#last-team", "patrulla alfa")
        other.fill("#last-code", code)
        before = settled(other)
        other.click("#last-fetch")
        idle(other, before)
        other.locator("#build .summary").wait_for()
        assert text(other) == roster.read_text(encoding="utf-8")
        assert "versión 1" in other.locator("#build-status").inner_text() or other.locator("#build-status").inner_text() == ""
        assert errors == [] and errors_ == []
    finally:
        desk.stop()


UNDER_THE_HISTORY = """() => {
  // Every control or line the page shows whose box meets the box of «Deshacer» and «Rehacer», but
  // the status line the bar is one with. Scrolled down, what has gone by under the head of the
  // screen (the bar and the status line it touches, stuck there) is no longer shown.
  const bar = [...document.querySelectorAll('.history')].find((e) => e.checkVisibility());
  if (!bar) return [];
  const b = bar.getBoundingClientRect();
  const meets = (r, s) => r.left < s.right && r.right > s.left && r.top < s.bottom && r.bottom > s.top;
  const lines = [...document.querySelectorAll('#build-status, #build .summary')].filter((e) => e.checkVisibility());
  const touching = lines.map((l) => l.getBoundingClientRect())
    .filter((r) => r.top <= b.bottom + 2 && r.bottom >= b.top - 2);
  const head = { top: Math.min(b.top, ...touching.map((r) => r.top)), bottom: Math.max(b.bottom, ...touching.map((r) => r.bottom)) };
  const gone = (r) => scrollY > 0 && head.top <= 1 && r.top < head.bottom;
  return [...document.querySelectorAll(
      ':is(button, a, input, select, textarea, summary, iframe, p, li, label, h1, h2, h3, pre), body > footer')]
    .filter((e) => !bar.contains(e) && !e.contains(bar) && !lines.some((l) => l.contains(e))
                   && e.checkVisibility() && e.getClientRects().length)
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width && r.height && meets(r, b) && !gone(r); })
    .map((e) => e.id || `${e.tagName}: ${e.textContent.trim().slice(0, 30)}`);
}"""
"""On a phone, what is under «Deshacer» and «Rehacer» on the screen as it is (issue 55): nothing, but
the status line they are one with and what has been scrolled past under the head of the screen."""


def under_the_history(page) -> dict[str, list[str]]:
    """What is under the undo bar at rest (the page at its top) and scrolled to the page's end."""
    seen = {}
    for where, to in (("rest", "0"), ("end", "document.documentElement.scrollHeight")):
        page.evaluate(f"window.scrollTo(0, {to})")
        page.wait_for_timeout(50)
        seen[where] = page.evaluate(UNDER_THE_HISTORY)
    return seen


def nothing_under_the_history(page, states: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Each state brought about in turn (each a function of the page), and what the undo bar then
    covers at rest and at the end: only those it covers something in."""
    covered = {}
    for state, bring in states.items():
        bring(page)
        seen = under_the_history(page)
        if any(seen.values()):
            covered[state] = seen
    return covered


def said_offline(page) -> None:
    """A line on the status line: offline, «Descargar PDF» says it needs the connection."""
    page.context.set_offline(True)
    page.click("#download-pdf")
    page.wait_for_function("document.querySelector('#build-status').textContent !== ''")
    page.context.set_offline(False)


def opened(summary: str):
    def bring(page) -> None:
        if not page.locator(summary).evaluate("(s) => s.parentElement.open"):
            page.click(summary)
    return bring


BUILDER_STATES = {
    # what the desk's and the hosted builder's page shows in turn, one list open
    "a short list": lambda page: None,
    "Mis listas": opened("#my-lists summary"),
    "its share panel": lambda page: (page.click("#share-open"), page.locator("#share-panel").wait_for()),
    "its cards": lambda page: (opened("#cards-view summary")(page),
                               page.frame_locator("#cards").locator("body *").first.wait_for()),
    "a warning on the status line": said_offline,
}


def test_nothing_is_ever_under_undo_and_redo_on_a_phone(browser, tmp_path):
    """Issue 55: «Deshacer» and «Rehacer», pinned to the foot of a phone's screen, covered what was at
    the bottom of the page, at rest or when the page did not scroll far enough. At 390×844 on the
    desk's builder, on the start panel and with a list open, with «Mis listas», the share panel, the
    cards and a warning, at rest and scrolled to the end, nothing but their status line is under them."""
    desk = Desk(pack_for(tmp_path, "porcrom", {}), f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        page.goto(f"{desk.url}/build")
        page.locator("#start-panel:not([hidden])").wait_for()
        assert under_the_history(page) == {"rest": [], "end": []}
        started(page, desk.url)
        assert nothing_under_the_history(page, BUILDER_STATES) == {}
        # By the keyboard alone: Tab from the file's list reaches «Deshacer», then «Rehacer», each
        # whole on the screen and on top where it shows; Enter undoes the change, and redoes it.
        name = page.locator("#f-name")
        before = settled(page)
        name.fill("Otra banda")
        name.press("Tab")
        idle(page, before)
        page.focus("#open-file")
        for button, wanted in (("undo", "Mi banda"), ("redo", "Otra banda")):   # «Mi banda»: a new list's name
            for _ in range(12):
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.id") == button:
                    break
            assert page.evaluate("""(id) => { const b = document.getElementById(id).getBoundingClientRect();
              return b.top >= 0 && b.bottom <= innerHeight && b.height >= 44 && b.width >= 44
                && document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)?.closest('button')?.id === id; }""",
                                 button)
            before = settled(page)
            page.keyboard.press("Enter")
            idle(page, before)
            assert page.locator("#f-name").input_value() == wanted
        assert errors == []
    finally:
        desk.stop()


def test_a_fetched_submission_fills_entregar_and_a_pdf_shows_it_is_being_made(browser, tmp_path):
    """Issue 46: after «Traer mi última entrega» the team and code are in «Entregar» (in this tab alone,
    through a reload), the new version's receipt says the code still works; a PDF's button is busy,
    and the status line says so, until the file is there."""
    pack = tmp_path / "pack.yaml"
    pack.write_bytes((ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml").read_bytes())
    desk = Desk(pack, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    roster = tmp_path / "alfa.yaml"
    roster.write_bytes((EXAMPLES / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
                       .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml"))
    try:
        page, errors = phone(browser)
        page.goto(f"{desk.url}/build")
        before = settled(page)
        page.set_input_files("#start-file", [str(EXAMPLES / "wartime" / "fenix-warbook.yaml"), str(roster)])
        idle(page, before)
        page.locator("#build .summary").wait_for()
        submitted(page, "Patrulla Alfa")
        code = page.locator("#edit-code").inner_text()

        other, errors_ = phone(browser)
        other.goto(f"{desk.url}/build")
        assert other.input_value("#team") == "" and other.input_value("#code") == ""
        other.fill("#last-team", "Patrulla Alfa")
        other.fill("#last-code", code)
        before = settled(other)
        other.click("#last-fetch")
        idle(other, before)
        other.locator("#build .summary").wait_for()
        assert (other.input_value("#team"), other.input_value("#code")) == ("Patrulla Alfa", code)
        other.reload()
        other.locator("#build .summary").wait_for()
        assert (other.input_value("#team"), other.input_value("#code")) == ("Patrulla Alfa", code)
        # The PDF: the button busy (and said busy) while it is made, then itself again.
        other.evaluate("""() => {
          window.__busy = [];
          new MutationObserver(() => window.__busy.push(document.querySelector('#download-pdf').getAttribute('aria-busy')))
            .observe(document.querySelector('#download-pdf'), { attributes: true, childList: true });
          // Every status the line shows, kept: with warm workers the PDF may be ready before a read of it.
          window.__said = [];
          const status = document.querySelector('#build-status');
          new MutationObserver(() => window.__said.push(status.textContent))
            .observe(status, { characterData: true, childList: true, subtree: true });
        }""")
        with other.expect_download() as made:
            other.click("#download-pdf")
            other.wait_for_function("document.querySelector('#download-pdf').getAttribute('aria-busy') === 'true'")
        assert any(said.strip().startswith("Preparando la descarga") for said in other.evaluate("window.__said"))
        assert made.value.suggested_filename == "Patrulla-Alfa.pdf"   # after the list's name (issue 55)
        other.wait_for_function("document.querySelector('#download-pdf').getAttribute('aria-busy') === null")
        assert "PDF" in other.locator("#download-pdf").inner_text() and "Preparando" not in other.locator("#download-pdf").inner_text()
        assert "true" in other.evaluate("window.__busy")
        # «Entregar» as it stands: a second version, with the code that still works.
        other.click("#send")
        other.locator("#receipt").wait_for()
        assert other.locator("#r-version").inner_text() == "2"
        assert "sigue siendo el mismo" in other.locator("#same-code").inner_text()
        assert errors == [] and errors_ == []
    finally:
        desk.stop()


def from_files(page, url: str, files: dict[str, bytes]) -> None:
    page.goto(f"{url}/build")
    before = settled(page)
    page.set_input_files("#start-file", [{"name": n, "mimeType": "application/yaml", "buffer": b}
                                          for n, b in files.items()])
    idle(page, before)
    page.locator("#build .summary").wait_for()


def downloaded(page, button: str) -> str:
    with page.expect_download() as made:
        page.click(button)
    return made.value.suggested_filename


def test_each_download_is_named_after_its_list(browser, tmp_path):
    """Issue 55: every YAML download was lista.yaml. A list's YAML, sheet and PDF are named after the
    list (its accents kept, what a file name can't hold left out); its Warbook keeps the name the list
    reads it by."""
    desk = Desk(PACK, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        from_files(page, desk.url, {"lista.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
        assert downloaded(page, "#download-yaml") == "Patrulla-Alfa.yaml"
        before = settled(page)
        page.fill("#f-name", "Compañía Fénix: 2ª/B")
        page.press("#f-name", "Tab")
        idle(page, before)
        assert downloaded(page, "#download-yaml") == "Compañía-Fénix-2ª-B.yaml"
        assert downloaded(page, "#download-xlsx") == "Compañía-Fénix-2ª-B.xlsx"
        open_file(page, "fenix-warbook.yaml")
        assert downloaded(page, "#download-yaml") == "fenix-warbook.yaml"   # as «warbook: fenix-warbook.yaml» names it
        assert errors == []
    finally:
        desk.stop()


@pytest.mark.parametrize("lang, said", [("es", "necesitan la conexión"), ("en", "need the connection")])
def test_offline_a_pdf_says_at_once_it_needs_the_connection(browser, tmp_path, lang, said):
    """Issue 55: offline, «Descargar PDF» said nothing for seconds. With no connection it says at once,
    asking nothing of the server, that a PDF needs it; so does a request that fails."""
    desk = Desk(PACK, f"sqlite:///{tmp_path / 'evento.sqlite'}")
    desk.start()
    try:
        page, errors = phone(browser)
        from_files(page, desk.url, {"lista.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
        if lang == "en":
            page.goto(f"{desk.url}/build?lang=en")
            page.locator("#build .summary").wait_for()
            idle(page)
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url) if "/build/export" in r.url else None)
        page.context.set_offline(True)
        page.click("#download-pdf")
        page.wait_for_function(f"document.querySelector('#build-status').textContent.includes({said!r})", timeout=1000)
        assert page.locator("#build-status").is_visible() and asked == []
        assert page.get_attribute("#download-pdf", "aria-busy") is None
        page.context.set_offline(False)
        # A browser that can't tell it is offline: the request fails, and it says the same.
        page.route("**/build/export*", lambda route: route.abort("internetdisconnected"))
        page.evaluate("document.querySelector('#build-status').textContent = ''")
        page.click("#download-pdf")
        page.wait_for_function(f"document.querySelector('#build-status').textContent.includes({said!r})", timeout=5000)
        page.wait_for_function("document.querySelector('#download-pdf').getAttribute('aria-busy') === null")
        assert errors == []
    finally:
        desk.stop()
