"""``builder host`` as a club runs it, in a process of its own: it keeps nothing of a list. Every click
of a list carrying a marker, and hostile ones, then every file under the test's folder (the server's
home, working folder and temporary folder, its output and its log) read whole: the marker is nowhere."""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.desk.deployment import form
from tests.hosted.support import ROOT, files_of
from tests.serve.live import free_port


def short_folder(tmp_path_factory) -> Path:
    """A test's folder of a short path: the workers' fork server listens on a socket in its temporary
    folder, and a socket's path has at most 107 bytes (a test's own tmp_path under xdist is longer)."""
    return tmp_path_factory.mktemp("h")


def started(tmp_path: Path, port: int, *flags: str) -> subprocess.Popen:
    """``builder host`` on ``port``, its home, working folder and temporary folder in ``tmp_path``, its
    output and errors written there; once it listens."""
    for folder in ("home", "work", "tmp"):
        (tmp_path / folder).mkdir(exist_ok=True)
    env = {**os.environ, "HOME": str(tmp_path / "home"), "TMPDIR": str(tmp_path / "tmp"),
           "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "home" / ".cache")}
    with (tmp_path / "stdout.log").open("ab") as out, (tmp_path / "stderr.log").open("ab") as err:
        server = subprocess.Popen([sys.executable, "-m", "builder", "host", "--port", str(port), *flags],
                                  stdout=out, stderr=err, cwd=tmp_path / "work", env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            assert server.poll() is None, (tmp_path / "stderr.log").read_text()
            time.sleep(0.05)
    raise AssertionError("builder host did not start")


def stopped(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


class Player:
    """A player's browser on the hosted builder: its CSRF cookie, and clicks as keeping.js sends them."""

    def __init__(self, port: int, source: str = "127.0.0.1"):
        self.port, self.source, self.csrf = port, source, ""

    def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.source, 0))
        try:
            conn.request(method, path, body=body or None,
                         headers={"Cookie": f"builder_csrf={self.csrf}", **(headers or {})})
            answer = conn.getresponse()
            data = answer.read()
            found = re.search(r"builder_csrf=([^;]+)", answer.getheader("set-cookie") or "")
            if found:
                self.csrf = found.group(1)
            return answer.status, data
        finally:
            conn.close()

    def click(self, route: str, game: str, files, **fields: str):
        body, headers = form({"csrf": self.csrf, "lang": "es", "game": game, "file": files[0][0], **fields}, files)
        return self.request("POST", route, body, headers)


def test_the_server_keeps_no_file_row_or_log_line_with_a_lists_content(tmp_path_factory):
    tmp_path = short_folder(tmp_path_factory)
    marker = "Marca" + secrets.token_hex(8)
    port = free_port()
    server = started(tmp_path, port)
    try:
        player = Player(port)
        assert player.request("GET", "/")[0] == 200
        assert player.request("GET", "/build?game=wartime")[0] == 200
        named = tuple((n, d.replace(b"name: Compa", f"name: {marker} Compa".encode(), 1)) for n, d in files_of("wartime"))
        assert marker.encode() in named[0][1]
        said = [player.click("/build/view", "wartime", named, at="[]")[0],
                player.click("/build/edit", "wartime", named, op="set", path='["name"]', value=f"{marker} 2",
                             at="[]")[0],
                player.click("/build/choices", "wartime", named, at='["squads", 0]')[0],
                player.click("/build/preview", "wartime", named)[0],
                player.click("/build/export", "wartime", named, kind="xlsx")[0],
                player.click("/build/export", "wartime", named, kind="pdf")[0]]
        assert said == [200] * 6, said
        # Refused and hostile clicks carrying it: a game it has not, an unknown op, a text that is no
        # list, half a surrogate, a file it doesn't send, a text too large.
        hostile = [player.click("/build/view", marker, named, at="[]")[0],
                   player.click("/build/edit", "wartime", named, op=marker, path='["name"]', value=marker)[0],
                   player.click("/build/edit", "porcrom", ((f"{marker}.yaml", marker.encode() + b": ["),),
                                op="set", path=f'["{marker}"]', value=marker)[0],
                   player.click("/build/edit", "wartime", named, op="set", path='["name"]',
                                value=marker + "\ud800".encode("utf-8", "surrogatepass").decode("latin-1"))[0],
                   player.click("/build/view", "wartime", named, file=f"{marker}.yaml")[0],
                   player.click("/build/view", "wartime", (("lista.yaml", marker.encode() * 80_000),))[0],
                   player.request("GET", f"/{marker}?lang={marker}")[0]]
        assert all(status in (200, 400, 404, 413, 422) for status in hostile), hostile
        assert player.request("GET", "/healthz")[0] == 200
    finally:
        stopped(server)
    time.sleep(0.5)  # its workers gone with it
    read = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert tmp_path / "stderr.log" in read and tmp_path / "stdout.log" in read
    assert "http://127.0.0.1:" in (tmp_path / "stdout.log").read_text()
    kept = [str(p.relative_to(tmp_path)) for p in read if marker.encode() in p.read_bytes()
            or marker.encode("utf-16-le") in p.read_bytes()]
    assert kept == []
    # Each click's scratch folder (where a list reads its Warbook) gone with its answer.
    assert not [p for p in (tmp_path / "tmp").rglob("*") if p.is_file()]
