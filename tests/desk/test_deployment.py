"""The deployment of deploy/, run for real on loopback: Caddy with deploy/Caddyfile (on free ports,
its API off, a certificate from its own local authority, its storage in tmp_path) in front of two
`builder event serve` processes sharing one database; a player submits and the organiser logs in
and approves, all through HTTPS, trusting only that authority's root. Skipped where Caddy isn't
installed (.ci/run installs Debian's)."""

from __future__ import annotations

import http.client
import http.cookies
import os
import re
import secrets
import shutil
import signal
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

from builder.events.store import Store
from tests.serve.live import free_port

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
ALFA = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes() \
    .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml")
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes()
TOKEN = secrets.token_urlsafe(32)
WAIT = 30.0  # seconds any one step may take before the test gives up

pytestmark = pytest.mark.skipif(shutil.which("caddy") is None,
                                reason="Caddy is not installed (apt-get install caddy; .ci/run does)")


class Browser:
    """A player's or the organiser's browser, as far as the desk can tell: HTTPS to one address,
    trusting one root certificate, keeping the cookies it is given."""

    def __init__(self, port: int, root: Path):
        self.port, self.context = port, ssl.create_default_context(cafile=str(root))
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None):
        conn = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context, timeout=WAIT)
        try:
            sent = {**(headers or {}), "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
            conn.request(method, path, body=body or None, headers=sent)
            answer = conn.getresponse()
            text = answer.read().decode("utf-8", "replace")
            for header in answer.headers.get_all("set-cookie") or []:
                for name, morsel in http.cookies.SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return answer.status, text
        finally:
            conn.close()

    def post(self, path: str, fields: dict[str, str], files: tuple[tuple[str, bytes], ...] = ()):
        boundary = secrets.token_hex(8)
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                 for k, v in {**fields, "csrf": self.cookies["desk_csrf"]}.items()]
        parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{n}"\r\n'
                  f'Content-Type: application/x-yaml\r\n\r\n'.encode() + data + b"\r\n" for n, data in files]
        return self.request("POST", path, b"".join(parts) + f"--{boundary}--\r\n".encode(),
                            {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def started(command: list[str], log: Path, **env: str) -> subprocess.Popen:
    with log.open("wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True,
                                env={**os.environ, **env})


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def until(ready, what: str, processes: list[subprocess.Popen], logs: list[Path]):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = ready()
        if found:
            return found
        if any(process.poll() is not None for process in processes):
            break
        time.sleep(0.1)
    raise AssertionError(f"{what}:\n" + "\n".join(log.read_text(errors="replace")[-2000:] for log in logs))


def test_a_submission_and_its_review_through_caddy_over_https_to_two_desks_on_one_database(tmp_path, db):
    https, http_port, desks = free_port(), free_port(), [free_port(), free_port()]
    # The flags deploy/builder-desk@.service passes: forwarded headers believed from Caddy alone, and
    # the one Host and Origin the desk answers to, the site's.
    behind = ["--trusted-proxy", "127.0.0.1", "--public-url", f"https://127.0.0.1:{https}"]
    processes: list[subprocess.Popen] = []
    logs = [tmp_path / f"desk-{port}.log" for port in desks] + [tmp_path / "caddy.log"]
    try:
        for port, log in zip(desks, logs):
            processes.append(started([sys.executable, "-m", "builder", "event", "serve", str(PACK), "--db", db,
                                      "--host", "127.0.0.1", "--port", str(port), "--token", TOKEN, *behind], log))
        home = tmp_path / "caddy"
        processes.append(started(
            ["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"], logs[-1],
            HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
            DESK_SITE=f"127.0.0.1:{https}", DESK_HTTPS_PORT=str(https), DESK_HTTP_PORT=str(http_port),
            DESK_ADMIN="off", DESK_GLOBAL_EXTRA="default_bind 127.0.0.1",
            DESK_UPSTREAMS=" ".join(f"127.0.0.1:{port}" for port in desks)))
        root = home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        until(root.is_file, "Caddy made no local authority", processes, logs)

        player = Browser(https, root)

        def page_loads():
            try:
                return player.request("GET", "/")[0] == 200
            except (OSError, ssl.SSLError):
                return False
        until(page_loads, "the desk's page never loaded through Caddy", processes, logs)
        assert "desk_csrf" in player.cookies

        status, receipt = player.post("/submit", {"team": "Patrulla Alfa", "code": "", "lang": "es", "pasted": ""},
                                      (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK)))
        assert status == 200 and re.search(r'id="edit-code">[A-Z0-9-]+<', receipt), receipt[-2000:]

        organiser = Browser(https, root)
        assert organiser.request("GET", "/")[0] == 200
        status, _ = organiser.post("/admin/login", {"token": TOKEN, "lang": "es"})
        assert status == 303
        status, board = organiser.request("GET", "/admin")
        assert status == 200 and "Patrulla Alfa" in board
        status, _ = organiser.post("/admin/team/1", {"action": "approved", "version": "1", "note": "", "lang": "es"})
        assert status in (200, 303)

        # Plain HTTP is sent on to HTTPS, as on the public name.
        conn = http.client.HTTPConnection("127.0.0.1", http_port, timeout=WAIT)
        conn.request("GET", "/")
        redirect = conn.getresponse()
        conn.close()
        assert redirect.status in (301, 308) and redirect.getheader("location", "").startswith("https://")
    finally:
        for process in processes:
            stop(process)
    store = Store.open(db)
    try:
        (alfa,) = store.latest(1)
        assert (alfa.team, alfa.version) == ("Patrulla Alfa", 1)
        assert [review.verdict for review in store.reviews(alfa.team_id)] == ["approved"]
    finally:
        store.close()
