"""Take anew the pictures of the page and the desk that the README and the guides show.

    python tools/page_shots.py [docs/images]

The builder page (`builder serve`) on the bundled examples, in Debian's Chromium (Playwright), at
1280×800 and on a 390×844 phone: a Wartime list, a Cripmaquión team, the Warbook workshop, the
YAML view with its problems. Then the event desk (`builder event serve`) on the tournament's
pack: the players' form, a receipt and the organiser's dashboard, on a phone, and the dashboard
on a desktop; a list shared by a link (its QR code, and the list read from it). Then the hosted
builder (`builder host`) on a phone: its start page, a game's builder, «Mis listas» and «Compartir».
Then the tournament day on the desk (tools/day_shots.py: a team's phone, the organiser's, the rounds
and the big screen). ``python tools/page_shots.py docs/images hosted`` takes one part alone (page,
desk, hosted, day).
The same pictures every time: the folder served is always
``<tmp>/builder-page-shots/mis-listas``, the desk's clock is stopped at a fixed moment (in the
Europe/Madrid zone), its edit codes are fixed and it listens on a fixed port; only the fonts of
the machine can change a picture. Without Chromium or Playwright nothing is taken, and the
script says so (exit 1).
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--font-render-hinting=none", "--lang=es-ES"]
PORTS = (47380, 47381, 47382)
"""The builder page's, the desk's and the hosted builder's ports (the desk's shows in its footer, the
hosted builder's in a shared link and its QR code), when free."""
MOMENT = datetime(2026, 11, 20, 18, 30, tzinfo=timezone.utc)
"""The desk's stopped clock: every list handed in at this moment."""
CODES = ("K7QM-3XPD-9RTV-HW4C", "B8NZ-6FJK-2QWS-7MYD", "T3VH-9LCP-4ZRX-8GNB", "M2WD-5KTJ-7HQF-3BVZ")
"""The edit codes the desk gives, in order."""


def free(port: int) -> int:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds: a port just left is free
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            s.bind(("127.0.0.1", 0))
            print(f"note: port {port} is taken; the pictures show another")
        return s.getsockname()[1]


@contextmanager
def serving(app: Any, port: int) -> Iterator[str]:
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def settle(page: Any) -> None:
    """Until the page has nothing on its way (the builder's answers, the choices tried) and is drawn."""
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(250)
    page.wait_for_load_state("networkidle")


def folder() -> Path:
    """The folder the builder page serves, always at the same place (the page shows its path)."""
    work = Path(tempfile.gettempdir()) / "builder-page-shots" / "mis-listas"
    shutil.rmtree(work.parent, ignore_errors=True)
    work.mkdir(parents=True)
    for game, names in (("wartime", ("fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml")),
                        ("cripmaquion", ("grupetto-verde.yaml", "saqueadores-rio-lobo.yaml"))):
        for name in names:
            shutil.copy(EXAMPLES / game / name, work / name)
    return work


def builder_page(chromium: Any, target: Path) -> None:
    from builder.serve.app import create_app  # noqa: PLC0415 - the tool's own imports, after the checks

    port = free(PORTS[0])
    with serving(create_app(folder(), port), port) as url:
        def opened(screen: dict, name: str, scheme: str = "light") -> Any:
            page = chromium.new_context(locale="es-ES", color_scheme=scheme, **screen).new_page()
            page.goto(url + "/")
            page.wait_for_selector(f"#files li[data-path='{name}']")
            page.click(f"#files li[data-path='{name}'] button")
            page.wait_for_selector("#build .summary")
            settle(page)
            return page

        def shot(page: Any, name: str) -> None:
            page.mouse.move(1, 1)  # no part lit up by where the pointer was left
            page.wait_for_timeout(100)
            page.screenshot(path=str(target / name))
            page.context.close()
            print(f"{name}")

        page = opened(DESKTOP, "compania-fenix.yaml")
        page.locator("#build .outline .part", has_text="Alfa").click()
        settle(page)
        shot(page, "build-wartime.png")

        page = opened(DESKTOP, "compania-fenix.yaml", "dark")           # the system's dark mode, followed
        page.locator("#build .outline .part", has_text="Alfa").click()
        settle(page)
        shot(page, "build-wartime-dark.png")

        page = opened(DESKTOP, "grupetto-verde.yaml")
        page.click("#o-f-runners-7")                                     # the brujo: choices refused, saying why
        settle(page)
        shot(page, "build-cripmaquion.png")

        page = opened(DESKTOP, "fenix-warbook.yaml")
        page.locator("#build .outline .part", has_text="Granadero").click()
        settle(page)
        shot(page, "build-warbook.png")

        page = opened(DESKTOP, "asalto-ilegal.yaml")
        page.click("#view-yaml")
        page.locator("#findings li.error").first.wait_for()
        settle(page)
        shot(page, "serve.png")

        for scheme, name in (("light", "serve-phone.png"), ("dark", "serve-phone-dark.png")):
            page = opened(PHONE, "grupetto-verde.yaml", scheme)
            page.click("#o-f-runners-1")
            settle(page)
            page.evaluate("window.scrollTo(0, document.querySelector('#build').getBoundingClientRect().top + scrollY)")
            page.wait_for_timeout(200)
            shot(page, name)


@contextmanager
def stopped_clock() -> Iterator[None]:
    """The desk's clock stopped at :data:`MOMENT`, its edit codes :data:`CODES` in turn."""
    from builder.desk import players  # noqa: PLC0415
    from builder.events import schema, store

    class Stopped(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
            return MOMENT.astimezone(tz) if tz else MOMENT.astimezone().replace(tzinfo=None)

    codes = iter(CODES * 4)
    saved = players.datetime, schema.utcnow, store.new_edit_code
    players.datetime = Stopped
    schema.utcnow = lambda: MOMENT.replace(tzinfo=None)
    store.new_edit_code = lambda: next(codes)
    try:
        yield
    finally:
        players.datetime, schema.utcnow, store.new_edit_code = saved


def desk(chromium: Any, target: Path) -> None:
    from builder.desk.app import create_desk  # noqa: PLC0415
    from builder.events.packs import load_pack

    lists = EXAMPLES / "tournament" / "lists"
    port = free(PORTS[1])
    with tempfile.TemporaryDirectory() as tmp, stopped_clock():
        app = create_desk(load_pack(EXAMPLES / "tournament" / "pack" / "torneo-otono.yaml"),
                          f"sqlite:///{Path(tmp) / 'torneo.sqlite'}", "clave-de-las-capturas-de-pantalla",
                          f"127.0.0.1:{port}", publish=False)
        with serving(app, port) as url:
            def hand_in(screen: dict, team: str, roster: str, keep: str | None = None, scheme: str = "light") -> None:
                page = chromium.new_context(locale="es-ES", color_scheme=scheme, **screen).new_page()
                page.goto(url + "/")
                page.fill("#team", team)
                page.set_input_files("#files", [str(lists / roster), str(lists / "fenix-warbook.yaml")])
                if keep:
                    page.screenshot(path=str(target / keep.replace("receipt", "player")))
                    print(keep.replace("receipt", "player"))
                page.click("#send")
                page.locator("#receipt").wait_for()
                if keep:
                    page.screenshot(path=str(target / keep), full_page=True)
                    print(keep)
                page.context.close()

            hand_in(PHONE, "Patrulla Alfa", "01-patrulla-alfa.yaml", keep="desk-receipt.png")
            hand_in(PHONE, "Patrulla Gamma", "01-patrulla-alfa.yaml", keep="desk-receipt-dark.png", scheme="dark")
            hand_in(DESKTOP, "Los Exploradores", "02-exploradores.yaml")
            hand_in(DESKTOP, "Asalto Pesado", "03-asalto-pesado.yaml")
            hand_in(DESKTOP, "Patrulla Beta", "01-patrulla-alfa.yaml")

            def organiser(screen: dict) -> Any:
                page = chromium.new_context(locale="es-ES", **screen).new_page()
                page.goto(url + "/admin/login")
                page.fill("#token", "clave-de-las-capturas-de-pantalla")
                page.click("button[type=submit]")
                page.locator("#teams").wait_for()
                return page

            page = organiser(DESKTOP)
            alfa = page.locator("#teams tbody tr").filter(has=page.get_by_role("link", name="Patrulla Alfa", exact=True))
            alfa.locator("button", has_text="Aprobar").click()
            page.locator("#teams tbody tr", has_text="aprobada").wait_for()
            row = page.locator("#teams tbody tr", has_text="Asalto Pesado")
            row.locator("input[name=note]").fill("Sobran 8 puntos")
            row.locator("button", has_text="Devolver").click()
            page.locator("#teams tbody tr", has_text="devuelta").wait_for()
            page.screenshot(path=str(target / "desk-dashboard.png"), full_page=True)
            print("desk-dashboard.png")
            page.context.close()
            page = organiser(PHONE)
            page.screenshot(path=str(target / "desk-dashboard-phone.png"))
            print("desk-dashboard-phone.png")
            page.context.close()

            # The builder on the desk (issue 41), on a phone: a Wartime list begun, its first squad shown.
            for scheme, name in (("light", "desk-build-phone.png"), ("dark", "desk-build-phone-dark.png")):
                page = chromium.new_context(locale="es-ES", color_scheme=scheme, **PHONE).new_page()
                page.clock.set_fixed_time("2026-10-17T18:30:00+02:00")  # «Mis listas» says when it changed
                page.goto(url + "/build")
                page.click("#start-new")
                page.locator("#build .summary").wait_for()
                settle(page)
                page.screenshot(path=str(target / name))
                print(name)
                page.context.close()

            # Sharing by a link (issue 47), on a phone: «Compartir» with its QR code, and the list
            # as a friend's phone reads it, read-only, from the link.
            page = chromium.new_context(locale="es-ES", **PHONE).new_page()
            page.goto(url + "/build")
            page.set_input_files("#start-file", [str(lists / "01-patrulla-alfa.yaml"), str(lists / "fenix-warbook.yaml")])
            page.locator("#build .summary").wait_for()
            settle(page)
            page.click("#share-open")
            page.locator("#share-qr svg").wait_for()
            link = page.input_value("#share-link")
            page.locator("#share-panel").scroll_into_view_if_needed()
            page.screenshot(path=str(target / "desk-share-phone.png"))
            print("desk-share-phone.png")
            page.context.close()
            for scheme, name in (("light", "desk-shared-phone.png"), ("dark", "desk-shared-phone-dark.png")):
                page = chromium.new_context(locale="es-ES", color_scheme=scheme, **PHONE).new_page()
                page.goto(link)
                page.locator("#shared-view article.reading").wait_for()
                page.screenshot(path=str(target / name), full_page=True)
            # «Mis listas» (issue 47), on a phone: three lists kept in the browser, the last one open.
            for scheme, name in (("light", "desk-my-lists-phone.png"), ("dark", "desk-my-lists-phone-dark.png")):
                page = chromium.new_context(locale="es-ES", color_scheme=scheme, **PHONE).new_page()
                page.clock.set_fixed_time("2026-10-17T18:30:00+02:00")  # the lists' last change: the same every time
                for given in ("Patrulla de prueba", "Para el torneo", "Con más fuego"):
                    page.goto(url + "/build")
                    if page.locator("#building").is_visible():
                        page.click("#my-lists summary")
                        with page.expect_navigation():
                            page.click("#lists-new")  # the page drawn again, a new list started
                    else:
                        page.click("#start-new")
                    page.locator("#build .summary").wait_for()
                    settle(page)
                    page.once("dialog", lambda d, given=given: d.accept(given))
                    if not page.locator("#lists-export").is_visible():
                        page.click("#my-lists summary")
                    page.click("#lists li[aria-current] button:has-text('Renombrar')")
                    settle(page)
                page.locator("#my-lists").evaluate("(e) => e.scrollIntoView()")
                page.screenshot(path=str(target / name))
                print(name)
                page.context.close()


def hosted(chromium: Any, target: Path) -> None:
    """The hosted builder (issue 47) on a phone: a Wartime list with its Warbook in the builder (light
    and dark), three lists in «Mis listas», «Compartir» and its QR code, and the start page with the
    five games and those three lists."""
    from builder.hosted.app import create_hosted  # noqa: PLC0415

    port = free(PORTS[2])
    given = {"wartime": [EXAMPLES / "wartime" / "compania-fenix.yaml", EXAMPLES / "wartime" / "fenix-warbook.yaml"],
             "cripmaquion": [EXAMPLES / "cripmaquion" / "grupetto-verde.yaml"],
             "porcrom": [EXAMPLES / "porcrom" / "lobos-de-zamora.yaml"]}
    with serving(create_hosted(f"127.0.0.1:{port}"), port) as url:
        def phone(scheme: str = "light") -> Any:
            page = chromium.new_context(locale="es-ES", color_scheme=scheme, **PHONE).new_page()
            page.clock.set_fixed_time("2026-10-17T18:30:00+02:00")  # «Mis listas» says when each changed
            return page

        def from_files(page: Any, game: str) -> None:
            page.goto(f"{url}/")
            page.click(f"a[data-game={game}]")
            page.locator("#start-panel:not([hidden]), #building:not([hidden])").first.wait_for()
            if page.locator("#building").is_visible():
                page.click("#my-lists summary")
                with page.expect_navigation():
                    page.click("#lists-start")  # the start panel: from a list's files
            page.set_input_files("#start-file", [str(path) for path in given[game]])
            page.locator("#build .summary").wait_for()
            settle(page)

        def shot(page: Any, name: str) -> None:
            page.wait_for_timeout(100)
            page.screenshot(path=str(target / name))
            print(name)

        for scheme, name in (("light", "hosted-build-phone.png"), ("dark", "hosted-build-phone-dark.png")):
            page = phone(scheme)
            from_files(page, "wartime")
            shot(page, name)
            page.context.close()

        page = phone()
        for n, game in enumerate(("porcrom", "cripmaquion", "wartime")):
            page.clock.set_fixed_time(f"2026-10-17T18:{30 + 5 * n}:00+02:00")  # one order: the newest change first
            from_files(page, game)
        if not page.locator("#lists-export").is_visible():
            page.click("#my-lists summary")
        page.locator("#my-lists").evaluate("(e) => e.scrollIntoView()")
        shot(page, "hosted-my-lists-phone.png")
        page.click("#my-lists summary")
        page.click("#share-open")
        page.locator("#share-qr svg").wait_for()
        page.locator("#share-qr").scroll_into_view_if_needed()
        page.locator("#share-panel").evaluate("(e) => e.scrollIntoView()")
        shot(page, "hosted-share-phone.png")
        page.goto(f"{url}/")                                # a returning player's start: the games, «Mis listas»
        page.locator("#lists li").first.wait_for()
        shot(page, "hosted-start-phone.png")
        page.context.close()


def day(chromium: Any, target: Path) -> None:
    from day_shots import day as take  # noqa: PLC0415 - beside this file, and it imports this one

    take(chromium, target)


def main(target: str = "docs/images", *parts: str) -> int:
    chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415
    except ImportError:
        sync_playwright = None
    if chromium_path is None or sync_playwright is None:
        print("note: Chromium or Playwright is not installed: the page's pictures are not taken")
        return 1
    os.environ["TZ"] = "Europe/Madrid"  # the desk shows its times on the server's clock: one clock for all
    time.tzset()
    out = (ROOT / target).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path, args=ARGS)
        try:
            for part, take in (("page", builder_page), ("desk", desk), ("hosted", hosted), ("day", day)):
                if not parts or part in parts:
                    take(chromium, out)
        finally:
            chromium.close()
    print(f"pictures in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
