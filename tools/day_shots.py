"""Take anew the pictures of the tournament day that the organisers' guides show.

    python tools/day_shots.py [docs/images]

The event desk (`builder event serve`) on the example tournament's pack played as four rounds of
Swiss, in Debian's Chromium (Playwright): eight teams of three clubs, each with one of the
tournament's own lists (its name and player its own), all checked in; the first round played (a
dispute the organiser settled, and a result the organiser entered for a table whose second team
never reported), the second published with some results in (one agreed, one disputed, one waiting
for the other team, one not reported yet). Then, on a 390×844 phone: a team's ``/day`` in that
second round (its table, its opponent and the report form, filled in but not sent), another
team's in English and the dark colour scheme once its result is confirmed, the organiser's
``/admin/day`` at the round being played, and ``/rounds`` (the round's tables and the standings);
and ``/rounds/screen`` on the venue's big screen, 1920×1080 (1280×720 when that picture passes
:data:`SCREEN_MOST` bytes).
``python tools/page_shots.py docs/images day`` takes them too.

The same pictures every time, as :mod:`page_shots` takes its own: the desk's clock stopped
(:func:`page_shots.stopped_clock`), every move of the day stored at its own fixed time of
21 November 2026 in the Europe/Madrid zone, the edit codes :data:`CODES`, the draw's seed
:data:`SEED`, the port :data:`PORT`; only the fonts of the machine can change a picture. Without
Chromium or Playwright nothing is taken, and the script says so (exit 1).
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator
from zoneinfo import ZoneInfo

from page_shots import EXAMPLES, PHONE, free, serving, settle, stopped_clock

PORT = 47383
"""The day's desk's port (the builder page, the desk and the hosted builder take 47380 to 47382)."""
TOKEN = "clave-del-dia-del-torneo"
SEED = "otono-2026"
"""The draw's seed: the first round's order, and so every pairing after it, the same every time."""
CODES = ("R4KD-8MWQ-2HTN-6ZPB", "J9FX-3VCL-7NQD-5WKR", "D6TB-2PZH-8KMV-4XQJ", "W3NQ-7HDR-5BKZ-9CTF",
         "P8ZL-4QJW-6TXM-2VHD", "H5CM-9RKT-3WZB-7NPQ", "Z2VW-6DXN-4JHQ-8MTC", "F7QB-5KMZ-9PLD-3RWH")
"""The teams' edit codes, in the order they register."""
SCREEN = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}
SMALLER_SCREEN = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1}
SCREEN_MOST = 400_000
"""The big screen's picture past this many bytes is taken again at 1280×720."""
MADRID = ZoneInfo("Europe/Madrid")
PACK = EXAMPLES / "tournament" / "pack" / "torneo-otono.yaml"
LISTS = EXAMPLES / "tournament" / "lists"
TEAMS = (("Patrulla Alfa", "Ana Robles", "Club Fénix", "01-patrulla-alfa.yaml"),
         ("Los Exploradores", "Luis Pardo", "Dados de Hierro", "02-exploradores.yaml"),
         ("Lobos de Carabanchel", "Nuria Vidal", "La Trinchera", "02-exploradores.yaml"),
         ("Compañía Niebla", "Sergio Lozano", "Club Fénix", "01-patrulla-alfa.yaml"),
         ("Los Topos del Ebro", "Irene Campos", "Dados de Hierro", "01-patrulla-alfa.yaml"),
         ("Tercio Viejo", "Javier Ortega", "La Trinchera", "02-exploradores.yaml"),
         ("Brigada Cierzo", "Marta Gil", "Club Fénix", "02-exploradores.yaml"),
         ("Guardia del Puerto", "Pablo Herrera", "La Trinchera", "01-patrulla-alfa.yaml"))
"""The eight teams: name, player, club and the tournament's list each one brings."""


def at(hour: int, minute: int) -> datetime:
    """A moment of the tournament day, on the venue's clock."""
    return datetime(2026, 11, 21, hour, minute, tzinfo=MADRID)


@contextmanager
def own_codes() -> Iterator[None]:
    """The store's edit codes :data:`CODES` in turn (inside :func:`stopped_clock`, whose four they replace)."""
    from builder.events import store  # noqa: PLC0415 - the tool's own imports, after the checks

    codes = iter(CODES)
    saved = store.new_edit_code
    store.new_edit_code = lambda: next(codes)
    try:
        yield
    finally:
        store.new_edit_code = saved


def files_of(name: str, player: str, roster: str) -> dict[str, bytes]:
    """A tournament list as a team hands it in: the roster, its name and player the team's, and its Warbook."""
    lines = (LISTS / roster).read_text(encoding="utf-8").splitlines(keepends=True)
    mine = "".join(f"name: {name}\n" if line.startswith("name:") else f"player: {player}\n"
                   if line.startswith("player:") else line for line in lines)
    return {roster: mine.encode("utf-8"), "fenix-warbook.yaml": (LISTS / "fenix-warbook.yaml").read_bytes()}


def played(store: Any, event: int, pack: Any) -> dict[str, tuple[int, str]]:
    """The day as the pictures show it: the teams registered (their lists checked under the pack, as
    the desk checks them) and checked in, round 1 played and round 2 under way. Each team's id and code."""
    from builder.events.schema import Checked  # noqa: PLC0415
    from builder.events.submitted import check_submission

    teams = {}
    for name, player, club, roster in TEAMS:
        checking = check_submission(files_of(name, player, roster), pack)
        receipt = store.register(event, name, checking.files, Checked.of(checking.evaluation, "es"), club=club)
        teams[name] = (receipt.team_id, receipt.edit_code)
    store.open_checkin(event)
    for n, (team, code) in enumerate(teams.values()):
        if n == len(teams) - 1:  # the last one came without its phone: the organiser checks it in
            store.check_in(team, organiser=True, now=at(9, 52))
        else:
            store.check_in(team, code, now=at(9, 30 + 3 * n))
    store.close_checkin(event)
    code_of = {team: code for team, code in teams.values()}

    def said(number: int, table: Any, side: str, winner: str, score_a: int, score_b: int, when: datetime) -> None:
        team = table.a if side == "a" else table.b
        store.report(team, code_of[team], number, winner, score_a, score_b, now=when)

    one, two, three, four = store.pair_next_round(event, pack.rounds, seed=SEED, now=at(10, 0)).tables
    store.publish(event, 1, now=at(10, 2))
    for side in ("a", "b"):
        said(1, one, side, "a", 14, 6, at(12, 10))
        said(1, two, side, "b", 9, 11, at(12, 20))
    said(1, three, "a", "a", 12, 10, at(12, 25))            # the two teams of table 3 don't agree
    said(1, three, "b", "draw", 10, 10, at(12, 31))
    said(1, four, "a", "a", 15, 3, at(12, 33))              # table 4's other team never reports
    store.settle(event, 1, three.number, "a", 12, 10, now=at(12, 40))
    store.enter_result(event, 1, four.number, "a", 15, 3, now=at(12, 42))

    one, two, three, _ = store.pair_next_round(event, pack.rounds, now=at(13, 0)).tables
    store.publish(event, 2, now=at(13, 3))
    said(2, one, "a", "a", 13, 8, at(15, 5))                # table 1 agrees: its result stands
    said(2, one, "b", "a", 13, 8, at(15, 7))
    said(2, two, "a", "a", 11, 9, at(15, 12))               # table 2 doesn't: a dispute to settle
    said(2, two, "b", "draw", 10, 10, at(15, 14))
    said(2, three, "b", "b", 7, 12, at(15, 18))             # table 3 waits for its other team
    return teams


def day(chromium: Any, target: Path) -> None:
    """The tournament day's five pictures (the module's docstring), from a desk of its own."""
    from builder.core.pack import RoundsFormat  # noqa: PLC0415
    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    pack = dataclasses.replace(load_pack(PACK), rounds=RoundsFormat(
        count=4, score="puntos de victoria", score_en="victory points",
        tie_breakers=("opponents-points", "score-difference")))
    port = free(PORT)
    with tempfile.TemporaryDirectory() as tmp, stopped_clock(), own_codes():
        app = create_desk(pack, f"sqlite:///{Path(tmp) / 'torneo.sqlite'}", TOKEN, f"127.0.0.1:{port}", publish=False)
        store, event = app.state.desk.store, app.state.desk.event_id
        teams = played(store, event, pack)
        names = {team: name for name, (team, _) in teams.items()}
        tables = store.day(event).rounds[1].tables
        with serving(app, port) as url:
            def phone(scheme: str = "light", locale: str = "es-ES") -> Any:
                return chromium.new_context(locale=locale, color_scheme=scheme, **PHONE).new_page()

            def shot(page: Any, name: str, full: bool = False) -> None:
                page.wait_for_timeout(100)
                page.screenshot(path=str(target / name), full_page=full)
                print(name)
                page.context.close()

            def team_day(page: Any, team: int, lang: str) -> None:
                page.goto(f"{url}/day?lang={lang}")
                page.fill("#team", names[team])
                page.fill("#code", teams[names[team]][1])
                page.click("#day-open")
                page.locator("#day-team").wait_for()
                settle(page)

            # Table 4 of round 2 has reported nothing: its first team fills in the form, not yet sent.
            page = phone()
            team_day(page, tables[3].a, "es")
            page.check("#winner-a")
            page.fill("#score-a", "12")
            page.fill("#score-b", "9")
            page.locator("#score-b").blur()                   # no focus ring left on it
            shot(page, "day-team-phone.png", full=True)

            # Table 1 of round 2 agreed: its first team's phone, in English and dark.
            page = phone("dark", "en-GB")
            team_day(page, tables[0].a, "en")
            page.locator("#stands").wait_for()
            shot(page, "day-team-phone-dark.png", full=True)

            # The organiser's phone: the round being played, its dispute flagged.
            page = phone()
            page.goto(f"{url}/admin/login")
            page.fill("#token", TOKEN)
            page.press("#token", "Enter")
            page.locator("#teams").wait_for()
            page.goto(f"{url}/admin/day")
            page.locator("#rounds").wait_for()
            settle(page)
            page.locator("#round-2").evaluate("(e) => e.scrollIntoView()")
            shot(page, "day-organiser-phone.png")

            page = phone()
            page.goto(f"{url}/rounds")
            page.locator("#round-title").wait_for()
            settle(page)
            shot(page, "day-rounds-phone.png", full=True)

            for screen in (SCREEN, SMALLER_SCREEN):
                page = chromium.new_context(locale="es-ES", **screen).new_page()
                page.goto(f"{url}/rounds/screen")
                page.locator("table.standings").first.wait_for()
                settle(page)
                shot(page, "day-screen.png")
                size = (target / "day-screen.png").stat().st_size
                if size <= SCREEN_MOST:
                    break
                print(f"note: day-screen.png {screen['viewport']['width']} wide is {size} bytes: taken again smaller")


def main(target: str = "docs/images") -> int:
    import page_shots  # noqa: PLC0415 - its main takes this part (and imports this module for it)

    return page_shots.main(target, "day")


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
