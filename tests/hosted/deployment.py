"""deploy/'s hosted builder started for real on loopback, for the tests and the bench that reach it as
players do: Caddy with deploy/Caddyfile.hosted (and so deploy/builder-hosted.caddy: free ports, its API
off, a certificate from its own local authority, its storage in the folder given) in front of two
`builder host` processes, each started by the command line of deploy/builder-hosted@.service with the
settings of deploy/hosted.env. Needs ``caddy``."""

from __future__ import annotations

import contextlib
import http.client
import ssl
import subprocess
from pathlib import Path
from typing import Iterator

from tests.desk import crowds
from tests.desk.deployment import Browser, desk_settings, form, started, stop, until
from tests.desk.deployment import unit_command as desk_unit_command
from tests.hosted.support import files_of
from tests.serve.live import free_port

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "deploy" / "Caddyfile.hosted"
SITE = ROOT / "deploy" / "builder-hosted.caddy"
UNIT = ROOT / "deploy" / "builder-hosted@.service"
SETTINGS = ROOT / "deploy" / "hosted.env"


def unit_command(port: int, settings: dict[str, str]) -> list[str]:
    """The builder's command line as deploy/builder-hosted@.service runs it for ``port``."""
    return desk_unit_command(port, settings, UNIT)


def hosted_settings() -> set[str]:
    return desk_settings(SETTINGS)


class Hosting:
    """Caddy and two hosted builders running: Caddy's HTTPS port, its root certificate, the processes."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.https, self.http, self.ports = free_port(), free_port(), [free_port(), free_port()]
        self.home = folder / "caddy"
        self.root = self.home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.logs = [folder / f"hosted-{port}.log" for port in self.ports] + [folder / "caddy.log"]
        self.settings = {"HOSTED_SITE": f"127.0.0.1:{self.https}"}
        assert set(self.settings) == hosted_settings()
        self.processes: list[subprocess.Popen] = []

    def start(self) -> None:
        for port, log in zip(self.ports, self.logs):
            self.processes.append(started(unit_command(port, self.settings), log, HOME=str(self.folder),
                                          TMPDIR=str(self.folder)))
        self.processes.append(started(
            ["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"], self.logs[-1],
            HOME=str(self.home), XDG_DATA_HOME=str(self.home / "data"), XDG_CONFIG_HOME=str(self.home / "config"),
            HOSTED_SITE=f"127.0.0.1:{self.https}", DESK_HTTPS_PORT=str(self.https), DESK_HTTP_PORT=str(self.http),
            DESK_ADMIN="off", DESK_GLOBAL_EXTRA="default_bind 127.0.0.1",
            HOSTED_UPSTREAMS=" ".join(f"127.0.0.1:{port}" for port in self.ports)))
        until(lambda: self.root.is_file() and b"END CERTIFICATE" in self.root.read_bytes(),
              "Caddy made no local authority", self.processes, self.logs)
        player = self.browser()

        def loads():
            try:
                return player.request("GET", "/")[0] == 200
            except (OSError, ssl.SSLError, http.client.HTTPException):
                return False
        until(loads, "the hosted builder never loaded through Caddy", self.processes, self.logs)

    def browser(self, source: str = "127.0.0.1", timeout: float = 30.0) -> Browser:
        return Browser(self.https, self.root, source, timeout)

    def close(self) -> None:
        stop(*self.processes)


@contextlib.contextmanager
def hosting(folder: Path) -> Iterator[Hosting]:
    site = Hosting(folder)
    try:
        site.start()
        yield site
    finally:
        site.close()


def clicked(route: str) -> crowds.Action:
    """A player's click on ``route``: the wartime example's name set, as the page sends it."""
    def act(player: Browser, n: int) -> int:
        body, headers = form({"csrf": player.cookies["builder_csrf"], "lang": "es", "game": "wartime",
                              "file": "lista.yaml", "op": "set", "path": '["name"]', "value": f"Compañía {n}",
                              "at": "[]"}, files_of("wartime"))
        return player.request("POST", route, body, headers)[0]
    return act


def attacked(site: Hosting, attack: str, seconds: float) -> crowds.Outcome:
    """``attack`` (``bodies`` or ``pdfs``, :mod:`tests.desk.crowds`) on the hosted builder for ``seconds``,
    a player clicking before and during it."""
    page, files = "/build?game=wartime", files_of("wartime")
    if attack == "bodies":
        greedy = crowds.ready(site.https, site.root, "127.0.9.1", page, "builder_csrf")
        attackers, work = crowds.BODIES_AT_ONCE, crowds.big_bodies(greedy, "/build/edit", {
            "lang": "es", "game": "wartime", "file": "lista.yaml", "op": "set", "path": '["name"]',
            "value": "Voraz", "at": "[]"}, "builder_csrf")
    else:
        browsers = [crowds.ready(site.https, site.root, f"127.0.10.{n + 1}", page, "builder_csrf")
                    for n in range(crowds.PDF_ADDRESSES)]
        attackers, work = crowds.PDF_ADDRESSES, crowds.pdfs(browsers, "/build/export", {
            "lang": "es", "game": "wartime", "file": files[0][0], "kind": "pdf"}, files, "builder_csrf")
    player = site.browser("127.0.0.4")
    player.request("GET", page)
    return crowds.attacked(player, {"view": clicked("/build/view"), "edit": clicked("/build/edit")},
                           site.logs[-1], attackers, seconds, work)
