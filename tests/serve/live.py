"""A server on loopback for the browser tests: the page, the builder and the desk alike."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


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
