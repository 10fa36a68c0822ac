"""A server on loopback for the browser tests: the page, the builder and the desk alike."""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest

from tests.programs import found, program

CHROMIUM = found("chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


SHARED: list[Any] = []
"""The Chromium a test module shares (tests/conftest.py's module_chromium), while it is open."""


@contextmanager
def chromium() -> Iterator[Any]:
    """Chromium launched headless for a test, closed after it; or the test skipped, saying why,
    where Chromium or Playwright is missing. Every browser test launches it so. Where the module's
    shared one is open, it is that one (a thread runs one Playwright at a time), and what the test
    opened in it is closed after it."""
    if SHARED:
        browser = SHARED[-1]
        before = set(browser.contexts)
        try:
            yield browser
        finally:
            for context in set(browser.contexts) - before:
                context.close()
        return
    path = program("chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(make_app: Callable[[int], Any]) -> Iterator[str]:
    """The app ``make_app(port)`` served by uvicorn on a free loopback port, in a thread, until
    the block ends: its address, ``http://127.0.0.1:<port>``."""
    port = free_port()
    with served(make_app(port), port) as url:
        yield url


@contextmanager
def served(app: Any, port: int) -> Iterator[str]:
    """``app`` (made for ``port``) served by uvicorn on that loopback port, in a thread, until the
    block ends: its address."""
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


def until(page: Any, script: str, timeout: float = 15) -> None:
    """Until ``script`` (a page expression, a promise's result awaited) is true, or fail after
    ``timeout`` seconds. Playwright's ``wait_for_function`` takes a promise for true: with an
    asynchronous check (a cache, the service worker being ready) it returns at once."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {script}"
        page.wait_for_timeout(50)


def kept_view(page) -> None:
    """Until the page has kept the view of its list's text as it is now, in this language
    (installing.js keeps it after the view is drawn, in the background): a page left offline
    before has the list's text alone to show."""
    until(page, """async () => {
        const views = await caches.open(`builder-views:${location.pathname}`);
        const text = document.getElementById("text")?.value ?? "";
        let hash = 0x811c9dc5;  // installing.js's digest of the text (FNV-1a)
        for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
        const lang = document.documentElement.lang;
        for (const request of await views.keys()) {
            if (!request.url.includes(`/kept-view/${lang}/`)) continue;
            const kept = await views.match(request);
            if (kept && kept.headers.get("x-text") === `${text.length}-${hash.toString(16)}`) return true;
        }
        return false;
    }""")
