"""The deployment of deploy/ started for real on loopback, for the tests (and benchmarks/soak.py)
that attack it as an outsider would: Caddy with deploy/'s own Caddyfile (on free ports, its API off,
a certificate from its own local authority, its storage in the folder given) in front of two
`builder event serve` processes on one database, each started by the command line of
deploy/builder-desk@.service with the settings of deploy/desk.env (the token in its environment,
never on its command line); optionally started again 2 s after they die, as the unit's ``Restart=on-failure`` does. Needs ``caddy``; the tests
that use it skip without it (``shutil.which("caddy")``).

Only loopback addresses are used: each of 127/8 is a client of its own to Caddy."""

from __future__ import annotations

import contextlib
import http.client
import http.cookies
import os
import re
import secrets
import shlex
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

from tests.serve.live import free_port

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
UNIT = ROOT / "deploy" / "builder-desk@.service"
SETTINGS = ROOT / "deploy" / "desk.env"
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
# Patrulla Alfa (legal) naming its Warbook by a bare name, as both travel in one submission.
ALFA = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes() \
    .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml")
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes()
TOKEN = secrets.token_urlsafe(32)
WAIT = 30.0  # seconds any one step may take before the caller gives up
RESTART_SECONDS = 2.0
"""deploy/builder-desk@.service's RestartSec: how long a dead desk stays down."""
EDIT_CODE = re.compile(r'id="edit-code">([A-Z0-9-]+)<')


class Browser:
    """A player's or the organiser's browser, as far as the desk can tell: HTTPS to one address,
    trusting one root certificate, keeping the cookies it is given."""

    def __init__(self, port: int, root: Path, source: str = "127.0.0.1", timeout: float = WAIT,
                 host: str = "127.0.0.1"):
        self.port, self.context, self.host = port, ssl.create_default_context(cafile=str(root)), host
        self.source = source
        """The loopback address it connects from: each of 127/8 is a client of its own to Caddy."""
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.location: str | None = None
        """Where the last answer sent the browser on (a 303's Location)."""
        self.headers: http.client.HTTPMessage | None = None
        """The last answer's headers."""

    def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None):
        conn = http.client.HTTPSConnection(self.host, self.port, context=self.context, timeout=self.timeout,
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
        if "desk_csrf" not in self.cookies:
            self.request("GET", "/")
        return self.request("POST", path, *form({**fields, "csrf": self.cookies.get("desk_csrf", "")}, files))


def form(fields: dict[str, str], files: tuple[tuple[str, bytes], ...] = ()) -> tuple[bytes, dict[str, str]]:
    """A multipart form as a browser sends it: its body and its Content-Type."""
    boundary = secrets.token_hex(8)
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{n}"\r\n'
              f'Content-Type: application/x-yaml\r\n\r\n'.encode() + data + b"\r\n" for n, data in files]
    return (b"".join(parts) + f"--{boundary}--\r\n".encode(),
            {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def padded(text: bytes, size: int = 1024 * 1024) -> bytes:
    """A YAML file grown to ``size`` bytes by a comment at its end: as large as a file may be, read the same."""
    return text + b"# " + b"x" * (size - len(text) - 3) + b"\n"


def head_only(port: int, root: Path, path: str, declared: int, wait: float = 10.0) -> bytes | None:
    """What Caddy answers over HTTPS to a POST's head that declares a body of ``declared`` bytes, none of
    which is sent: its first bytes, or None if it waits (for the body) past ``wait`` seconds."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=wait)
    with ssl.create_default_context(cafile=str(root)).wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        tls.sendall(b"POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                    b"Content-Length: %d\r\n\r\n" % (path.encode(), port, declared))
        try:
            return tls.recv(65536)
        except TimeoutError:
            return None


def started(command: list[str], log: Path, **env: str) -> subprocess.Popen:
    with log.open("ab") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True,
                                env={**os.environ, **env})


def stop(*processes: subprocess.Popen) -> None:
    """Each of ``processes`` told to stop at once (SIGTERM to its group), then waited for: killed if
    it has not stopped within 10 s of being told."""
    told = time.monotonic()
    for process in processes:
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=max(0.0, told + 10 - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def until(ready, what: str, processes: list[subprocess.Popen], logs: list[Path], wait: float = WAIT):
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        found = ready()
        if found:
            return found
        if any(process.poll() is not None for process in processes):
            break
        time.sleep(0.1)
    raise AssertionError(f"{what}:\n" + "\n".join(log.read_text(errors="replace")[-2000:] for log in logs))


def unit_command(port: int, settings: dict[str, str], unit: Path = UNIT) -> list[str]:
    """The builder's command line as ``unit`` (deploy/builder-desk@.service; the hosted builder's is
    another) runs it for ``port`` (its ``%i``), with ``settings`` for its environment file's variables,
    and this checkout's builder for /opt/builder's."""
    text = unit.read_text(encoding="utf-8").replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("ExecStart=")]
    words = shlex.split(line.removeprefix("ExecStart=").replace("%i", str(port)))
    words = [re.sub(r"\$\{(\w+)\}", lambda m: settings[m.group(1)], word) for word in words]
    assert words[0] == "/opt/builder/bin/builder"
    return [sys.executable, "-m", "builder", *words[1:]]


def desk_settings(path: Path = SETTINGS) -> set[str]:
    """The variables deploy/desk.env (or another environment file, ``path``) sets."""
    return {line.split("=", 1)[0] for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")}


def _children(pid: int) -> list[int]:
    """A process and everything it started (a desk's checking lane), as far as /proc shows them."""
    found, seen = [pid], 0
    while seen < len(found):
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{found[seen]}/task").iterdir():
                with contextlib.suppress(OSError):
                    found += [int(c) for c in (task / "children").read_text().split()]
        seen += 1
    return found


def _kib(path: str, field: str) -> float | None:
    with contextlib.suppress(OSError):
        got = re.search(rf"^{field}:\s+(\d+) kB", Path(path).read_text(), re.MULTILINE)
        return int(got.group(1)) if got else None
    return None


def rss_mb(pid: int) -> float:
    """The resident memory of a process and its children (a desk's checking lane), in MB."""
    return sum(_kib(f"/proc/{p}/status", "VmRSS") or 0 for p in _children(pid)) / 1024


def pss_mb(pid: int) -> float | None:
    """The proportional set size of a process and its children in MB (pages shared between them,
    the forked lane's mostly, counted once in all), or None where /proc/PID/smaps_rollup can't be read."""
    total = 0.0
    for p in _children(pid):
        got = _kib(f"/proc/{p}/smaps_rollup", "Pss")
        if got is None:
            return None
        total += got
    return total / 1024


class Deployment:
    """Caddy and two desks running: the ports, Caddy's root certificate, the desks' processes (the
    current ones: a desk started again replaces its entry) and the database's URL."""

    def __init__(self, folder: Path, db: str, flags: list[str]):
        self.folder, self.db = folder, db
        self.https, self.http, self.ports = free_port(), free_port(), [free_port(), free_port()]
        self.home = folder / "caddy"
        self.root = self.home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.logs = [folder / f"desk-{port}.log" for port in self.ports] + [folder / "caddy.log"]
        # As deploy/builder-desk@.service runs them: forwarded headers believed from Caddy alone, the one
        # Host and Origin the desk answers to (the site's), desk.env's settings, the token in the environment.
        self.settings = {"DESK_PACK": str(PACK), "DESK_DB": db, "DESK_SITE": f"127.0.0.1:{self.https}",
                         "BUILDER_DESK_TOKEN": TOKEN}
        assert set(self.settings) == desk_settings()
        self.command = [[*unit_command(port, self.settings), *flags] for port in self.ports]
        self.desks: list[subprocess.Popen] = []
        self.caddy: subprocess.Popen | None = None
        self.restarts = [0, 0]
        """Desks started again after they died, each (by ``kill`` or on their own)."""
        self.deaths_unasked = [0, 0]
        """Of those, deaths nobody asked for (a crash, an out-of-memory kill)."""
        self._asked = [0, 0]
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    @property
    def token(self) -> str:
        return TOKEN

    def start(self, restart: bool) -> None:
        self.desks = [self.started(n) for n in range(len(self.ports))]
        self.caddy = started(
            ["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"], self.logs[-1],
            HOME=str(self.home), XDG_DATA_HOME=str(self.home / "data"), XDG_CONFIG_HOME=str(self.home / "config"),
            DESK_SITE=f"127.0.0.1:{self.https}", DESK_HTTPS_PORT=str(self.https), DESK_HTTP_PORT=str(self.http),
            DESK_ADMIN="off", DESK_GLOBAL_EXTRA="default_bind 127.0.0.1",
            DESK_UPSTREAMS=" ".join(f"127.0.0.1:{port}" for port in self.ports))
        # Whole, not just there: Caddy writes it after making it (an empty one was read once).
        until(lambda: self.root.is_file() and b"END CERTIFICATE" in self.root.read_bytes(),
              "Caddy made no local authority", [*self.desks, self.caddy], self.logs)
        player = Browser(self.https, self.root)

        def page_loads():
            try:
                return player.request("GET", "/")[0] == 200
            except (OSError, ssl.SSLError, http.client.HTTPException):
                return False
        until(page_loads, "the desk's page never loaded through Caddy", [*self.desks, self.caddy], self.logs)
        if restart:
            self._watcher = threading.Thread(target=self._watch, daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        """Restart=on-failure, RestartSec=2s: a desk that dies is started again 2 s later."""
        while not self._stopping.wait(0.1):
            for n in (0, 1):
                with self._lock:
                    desk = self.desks[n]
                    if desk.poll() is None:
                        continue
                    if self._asked[n]:
                        self._asked[n] -= 1
                    else:
                        self.deaths_unasked[n] += 1
                if self._stopping.wait(RESTART_SECONDS):
                    return
                with self._lock:
                    self.desks[n] = self.started(n)
                    self.restarts[n] += 1

    def started(self, n: int) -> subprocess.Popen:
        """Desk ``n`` started as the unit starts it (again, after it died)."""
        return started(self.command[n], self.logs[n], BUILDER_DESK_TOKEN=TOKEN)

    def kill(self, n: int) -> None:
        """kill -9 of desk ``n`` and its checking lane at once, as the kernel's or an operator's would."""
        with self._lock:
            desk = self.desks[n]
            if desk.poll() is None:
                self._asked[n] += 1
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(desk.pid, signal.SIGKILL)
                desk.wait(timeout=10)

    def up(self, n: int, wait: float = WAIT) -> bool:
        """Whether desk ``n`` answers on its own port within ``wait`` seconds."""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.ports[n], timeout=2)
                conn.request("GET", "/", headers={"Host": f"127.0.0.1:{self.https}"})
                conn.getresponse().read()
                conn.close()
                return True
            except (OSError, http.client.HTTPException):
                time.sleep(0.1)
        return False

    def memory(self) -> list[tuple[float, float | None]]:
        """Each desk's resident memory and its proportional share (None where unreadable), in MB,
        its checking lane included."""
        with self._lock:
            pids = [desk.pid if desk.poll() is None else None for desk in self.desks]
        return [(rss_mb(pid), pss_mb(pid)) if pid else (0.0, 0.0) for pid in pids]

    def close(self) -> None:
        self._stopping.set()
        if self._watcher is not None:
            self._watcher.join(RESTART_SECONDS + 5)
        stop(*self.desks, *([self.caddy] if self.caddy else []))


@contextlib.contextmanager
def deployed(folder: Path, db: str, *, restart: bool = False, flags: tuple[str, ...] = ()) -> Iterator[Deployment]:
    """deploy/'s Caddyfile run by the real Caddy before two desks on ``db``, as the unit runs them
    (with ``restart``, each started again 2 s after it dies); everything stopped on leaving.
    ``folder`` holds Caddy's storage and the logs (``desk-<port>.log``, ``caddy.log``)."""
    site = Deployment(folder, db, list(flags))
    try:
        site.start(restart)
        yield site
    finally:
        site.close()
