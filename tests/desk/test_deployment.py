"""The deployment of deploy/, run for real on loopback: Caddy with deploy/Caddyfile (on free ports,
its API off, a certificate from its own local authority, its storage in tmp_path) in front of two
`builder event serve` processes sharing one database, each started by the command line of
deploy/builder-desk@.service with the settings of deploy/desk.env; a player submits and the
organiser logs in, approves and logs out, all through HTTPS, trusting only that authority's root,
and plain HTTP gets only the redirect. Skipped where Caddy isn't installed (.ci/run installs
Debian's)."""

from __future__ import annotations

import contextlib
import copy
import http.client
import http.cookies
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

from builder.events.store import Store
from tests.serve.live import free_port

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
UNIT = ROOT / "deploy" / "builder-desk@.service"
SETTINGS = ROOT / "deploy" / "desk.env"
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

    def __init__(self, port: int, root: Path, source: str = "127.0.0.1"):
        self.port, self.context = port, ssl.create_default_context(cafile=str(root))
        self.source = source
        """The loopback address it connects from: each of 127/8 is a client of its own to Caddy."""
        self.cookies: dict[str, str] = {}
        self.location: str | None = None
        """Where the last answer sent the browser on (a 303's Location)."""
        self.headers: http.client.HTTPMessage | None = None
        """The last answer's headers."""

    def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None):
        conn = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context, timeout=WAIT,
                                           source_address=(self.source, 0))
        try:
            sent = {**(headers or {}), "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
            conn.request(method, path, body=body or None, headers=sent)
            answer = conn.getresponse()
            text = answer.read().decode("utf-8", "replace")
            for header in answer.headers.get_all("set-cookie") or []:
                for name, morsel in http.cookies.SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            self.location, self.headers = answer.getheader("location"), answer.headers
            return answer.status, text
        finally:
            conn.close()

    def followed(self, answer: tuple[int, str]) -> tuple[int, str]:
        """The page a 303 leads to, as a browser goes on to it (POST, then redirect, then GET)."""
        return self.request("GET", self.location) if answer[0] == 303 and self.location else answer

    def post(self, path: str, fields: dict[str, str], files: tuple[tuple[str, bytes], ...] = ()):
        boundary = secrets.token_hex(8)
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                 for k, v in {**fields, "csrf": self.cookies["desk_csrf"]}.items()]
        parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{n}"\r\n'
                  f'Content-Type: application/x-yaml\r\n\r\n'.encode() + data + b"\r\n" for n, data in files]
        return self.request("POST", path, b"".join(parts) + f"--{boundary}--\r\n".encode(),
                            {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def unit_command(port: int, settings: dict[str, str]) -> list[str]:
    """The desk's command line as deploy/builder-desk@.service runs it for ``port`` (its ``%i``),
    with ``settings`` for desk.env's variables, and this checkout's builder for /opt/builder's."""
    text = UNIT.read_text(encoding="utf-8").replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("ExecStart=")]
    words = shlex.split(line.removeprefix("ExecStart=").replace("%i", str(port)))
    words = [re.sub(r"\$\{(\w+)\}", lambda m: settings[m.group(1)], word) for word in words]
    assert words[0] == "/opt/builder/bin/builder"
    return [sys.executable, "-m", "builder", *words[1:]]


def desk_settings() -> set[str]:
    """The variables deploy/desk.env sets."""
    return {line.split("=", 1)[0] for line in SETTINGS.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")}


def test_the_unit_never_puts_the_organisers_token_on_the_command_line():
    """`ps` shows any process's command line to every user of the machine: the token is read from the
    environment desk.env gives the desk."""
    command = unit_command(8081, {name: f"<{name}>" for name in desk_settings()})
    assert not any("TOKEN" in word or word.startswith("--token") for word in command), command
    assert "BUILDER_DESK_TOKEN" in desk_settings() and "EnvironmentFile=/etc/builder/desk.env" in UNIT.read_text()


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


class Deployed(NamedTuple):
    https: int
    http: int
    root: Path
    """Caddy's local authority, the one root its clients trust."""
    desks: list[subprocess.Popen]
    commands: list[list[str]]
    """Each desk's command, as the unit starts it again."""
    ports: list[int]
    processes: list[subprocess.Popen]
    """Every process the deployment started, stopped at its end: a desk started again joins them."""
    logs: list[Path]
    """The desks' output (their journal, under the unit)."""


@contextlib.contextmanager
def deployed(tmp_path: Path, db: str) -> Iterator[Deployed]:
    """deploy/'s Caddyfile run by the real Caddy before two desks on ``db``, as the unit runs them:
    its command line (forwarded headers believed from Caddy alone, the one Host and Origin the desk
    answers to, the site's), desk.env's settings, the token in the desk's environment."""
    https, http_port, desks = free_port(), free_port(), [free_port(), free_port()]
    settings = {"DESK_PACK": str(PACK), "DESK_DB": db, "DESK_SITE": f"127.0.0.1:{https}", "BUILDER_DESK_TOKEN": TOKEN}
    assert set(settings) == desk_settings()
    processes: list[subprocess.Popen] = []
    logs = [tmp_path / f"desk-{port}.log" for port in desks] + [tmp_path / "caddy.log"]
    try:
        commands = [unit_command(port, settings) for port in desks]
        for command, log in zip(commands, logs):
            processes.append(started(command, log, BUILDER_DESK_TOKEN=TOKEN))
        home = tmp_path / "caddy"
        processes.append(started(
            ["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"], logs[-1],
            HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
            DESK_SITE=f"127.0.0.1:{https}", DESK_HTTPS_PORT=str(https), DESK_HTTP_PORT=str(http_port),
            DESK_ADMIN="off", DESK_GLOBAL_EXTRA="default_bind 127.0.0.1",
            DESK_UPSTREAMS=" ".join(f"127.0.0.1:{port}" for port in desks)))
        root = home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        # Whole, not just there: Caddy writes it after making it (an empty one was read once).
        until(lambda: root.is_file() and b"END CERTIFICATE" in root.read_bytes(), "Caddy made no local authority",
              processes, logs)
        player = Browser(https, root)

        def page_loads():
            try:
                return player.request("GET", "/")[0] == 200
            except (OSError, ssl.SSLError):
                return False
        until(page_loads, "the desk's page never loaded through Caddy", processes, logs)
        yield Deployed(https, http_port, root, processes[:2], commands, desks, processes, logs[:2])
    finally:
        for process in processes:
            stop(process)


def test_a_submission_and_its_review_through_caddy_over_https_to_two_desks_on_one_database(tmp_path, db):
    with deployed(tmp_path, db) as site:
        https, http_port, root = site.https, site.http, site.root
        player = Browser(https, root)
        assert player.request("GET", "/")[0] == 200 and "desk_csrf" in player.cookies

        status, receipt = player.followed(player.post(
            "/submit", {"team": "Patrulla Alfa", "code": "", "lang": "es", "pasted": ""},
            (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK))))
        assert status == 200 and re.search(r'id="edit-code">[A-Z0-9-]+<', receipt), receipt[-2000:]

        organiser = Browser(https, root)
        assert organiser.request("GET", "/")[0] == 200
        assert "secure" in flags(organiser.headers.get_all("set-cookie"))  # the CSRF cookie
        assert organiser.headers["strict-transport-security"] == "max-age=31536000"
        status, _ = organiser.post("/admin/login", {"token": TOKEN, "lang": "es"})
        assert status == 303 and "secure" in flags(organiser.headers.get_all("set-cookie"))
        status, board = organiser.request("GET", "/admin")
        assert status == 200 and "Patrulla Alfa" in board
        status, _ = organiser.post("/admin/team/1", {"action": "approved", "version": "1", "note": "", "lang": "es"})
        assert status in (200, 303)

        # Plain HTTP gets the redirect to HTTPS and nothing else, whatever it asks and however it
        # asks it (an organiser's cookie sent to http:// included): no desk ever answers it.
        cookie = f"desk_session={organiser.cookies['desk_session']}; desk_csrf={organiser.cookies['desk_csrf']}"
        for method, path, host in (("GET", "/", "127.0.0.1"), ("GET", "/admin", "127.0.0.1"),
                                   ("GET", "/admin/print.pdf", "127.0.0.1"), ("POST", "/admin/login", "127.0.0.1"),
                                   ("GET", "/admin", "torneo.example"), ("GET", "/admin", "evil.example")):
            conn = http.client.HTTPConnection("127.0.0.1", http_port, timeout=WAIT)
            conn.request(method, path, body=b"token=x" if method == "POST" else None, headers={"Host": host, "Cookie": cookie})
            redirect = conn.getresponse()
            body = redirect.read()
            conn.close()
            assert redirect.status in (301, 308) and redirect.getheader("location") == f"https://{host}{path}"
            assert body == b"" and redirect.getheader("set-cookie") is None
            assert redirect.getheader("content-security-policy") is None  # every desk answer has one

        # «Salir» ends the session for both desks: a copy of the cookie opens nothing after it.
        thief = Browser(https, root, "127.0.0.5")
        thief.cookies = dict(organiser.cookies)
        assert all(thief.request("GET", "/admin")[0] == 200 for _ in range(4))  # on either desk
        assert organiser.post("/admin/logout", {"lang": "es"})[0] == 303
        for path in ("/admin", "/admin/team/1", "/admin/summary.xlsx", "/admin/print.pdf") * 2:
            assert thief.request("GET", path)[0] == 403, path
        for log in site.logs:  # and the token is in no desk's output (the unit's journal)
            assert TOKEN not in log.read_text(errors="replace")
    store = Store.open(db)
    try:
        (alfa,) = store.latest(1)
        assert (alfa.team, alfa.version) == ("Patrulla Alfa", 1)
        assert [review.verdict for review in store.reviews(alfa.team_id)] == ["approved"]
    finally:
        store.close()


def flags(cookies: list[str] | None) -> set[str]:
    return {part.strip().lower() for cookie in cookies or [] for part in cookie.split(";")[1:]}


def rss_mb(pid: int) -> float:
    """The resident memory of a process and its children (a desk's checking lane), in MB."""
    total = 0.0
    for proc in [pid, *(int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]:
        with contextlib.suppress(OSError):
            found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{proc}/status").read_text())
            total += int(found.group(1)) / 1024 if found else 0
    return total


def timed(work) -> tuple[float, object]:
    start = time.monotonic()
    done = work()
    return time.monotonic() - start, done


def test_the_attacks_replayed_behind_caddy_leave_the_other_players_their_desk(tmp_path):
    """Issue 39's attacks through the proxy, as the desk is deployed: 300 connections from one address
    that never finish a request, 30 uploads stalled halfway, and one address sending its heaviest
    submissions three at a time. Meanwhile another player's page answers in under a second and a
    submission in under two; the desks' memory, their checking lanes included, stays under 300 MB
    each; and what was acknowledged is stored."""
    db = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    with deployed(tmp_path, db) as site:
        held: list[socket.socket] = []
        try:
            for n in range(300):  # slowloris: a TLS connection and half a request head, from 127.0.0.2
                sock = socket.create_connection(("127.0.0.1", site.https), timeout=WAIT, source_address=("127.0.0.2", 0))
                held.append(sock)
                if n % 10 == 0:
                    tls = ssl.create_default_context(cafile=str(site.root)).wrap_socket(sock, server_hostname="127.0.0.1")
                    held[-1] = tls
                    tls.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            for n in range(30):  # stalled uploads: half of a 6 MB body, then nothing, one address each
                tls = ssl.create_default_context(cafile=str(site.root)).wrap_socket(
                    socket.create_connection(("127.0.0.1", site.https), timeout=WAIT,
                                             source_address=(f"127.0.2.{n + 1}", 0)), server_hostname="127.0.0.1")
                tls.sendall(b"POST /submit HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: multipart/form-data; "
                            b"boundary=b\r\nContent-Length: 6291456\r\n\r\n" % site.https + b"x" * 3_145_728)
                held.append(tls)
            greedy = Browser(site.https, site.root, "127.0.0.3")
            assert greedy.request("GET", "/")[0] == 200
            heavy = tuple((f"{n}.yaml", b"# " + b"x" * (1024 * 1024 - 3) + b"\n") for n in range(5))
            pool = ThreadPoolExecutor(3)
            # Each of the greedy client's tabs follows its answer (a refusal leads to the form that says why).
            tabs = [copy.copy(greedy) for _ in range(3)]
            for tab in tabs:
                tab.cookies = dict(greedy.cookies)
            flood = [pool.submit(lambda tab, n: tab.followed(tab.post("/submit", {
                "team": f"Voraz {n}", "code": "", "lang": "es", "pasted": ""}, heavy)), tab, n)
                for n, tab in enumerate(tabs)]
            player = Browser(site.https, site.root, "127.0.0.4")
            pages = [timed(lambda: player.request("GET", "/"))[0] for _ in range(5)]
            spent, (status, receipt) = timed(lambda: player.followed(player.post(
                "/submit", {"team": "Patrulla Alfa", "code": "", "lang": "es", "pasted": ""},
                (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK)))))
            memory = [rss_mb(desk.pid) for desk in site.desks]
            answers = [future.result(timeout=WAIT)[0] for future in flood]
            pool.shutdown()
        finally:
            for sock in held:
                sock.close()
        assert max(pages) < 1, pages
        assert status == 200 and re.search(r'id="edit-code">[A-Z0-9-]+<', receipt) and spent < 2, spent
        assert max(memory) < 300, memory
        assert all(answer in (400, 413, 422, 429, 503) for answer in answers), answers  # refused, nothing stored
    store = Store.open(db)
    try:
        assert [(s.team, s.version) for s in store.latest(1)] == [("Patrulla Alfa", 1)]
    finally:
        store.close()


def answers(port: int, path: str, context: ssl.SSLContext | None = None, timeout: float = WAIT) -> int | None:
    """The status of a GET (through Caddy over HTTPS with ``context``, else to a desk itself), or None."""
    conn = (http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=timeout) if context
            else http.client.HTTPConnection("127.0.0.1", port, timeout=timeout))
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        answer.read()
        return answer.status
    except (OSError, ssl.SSLError):
        return None
    finally:
        conn.close()


def test_caddy_takes_both_desks_back_within_a_second_or_two_of_their_answering_again(tmp_path):
    """Both desks killed at once (a crash, or both units restarted together) while players keep asking:
    once the desks answer their /healthz again, so does Caddy within a couple of seconds (it answered
    «no upstreams» for 30 s, the length it left a failed desk out)."""
    db = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    with deployed(tmp_path, db) as site:
        context = ssl.create_default_context(cafile=str(site.root))
        assert answers(site.https, "/", context) == 200
        for desk in site.desks:
            os.killpg(desk.pid, signal.SIGKILL)
            desk.wait(timeout=WAIT)
        # Players go on asking while the desks are down: Caddy finds neither.
        down = time.monotonic()
        while time.monotonic() - down < 3:
            assert answers(site.https, "/", context) in (502, 503)
        for command, log in zip(site.commands, site.logs):
            site.processes.append(started(command, log, BUILDER_DESK_TOKEN=TOKEN))
        up = {}
        while len(up) < len(site.ports) and time.monotonic() - down < 3 + WAIT:
            for port in site.ports:
                if port not in up and answers(port, "/healthz", timeout=1) == 200:
                    up[port] = time.monotonic()
            time.sleep(0.05)
        assert len(up) == len(site.ports), "the desks never came back"
        back = min(up.values())
        while answers(site.https, "/", context, timeout=10) != 200 and time.monotonic() - back < 45:
            time.sleep(0.1)
        assert time.monotonic() - back < 3, time.monotonic() - back
