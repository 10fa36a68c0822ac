"""The deployment of deploy/ tried on this machine, before a domain and ports 80/443 (`make dry-run`;
docs/deployment.md, «A dry run on your own machine»).

deploy/Caddyfile run by Caddy on https://localhost:8443 with a certificate from its own local
authority (nothing added to the system's trust store), in front of two desks started with the
command line of deploy/builder-desk@.service and deploy/desk.env's settings: the same files as on
the server, only the name, the ports and the folders differ. Everything listens on the loopback
alone and keeps its files in one folder; Ctrl-C stops it all.

Settings, from the environment: DRY_RUN_FOLDER (build/dry-run), DRY_RUN_HTTPS_PORT (8443),
DRY_RUN_HTTP_PORT (8080), DRY_RUN_DESK_PORTS ("8081 8082"), DESK_PACK (the example tournament's
pack), BUILDER_DESK_TOKEN (drawn anew when unset). DRY_RUN_SECONDS stops it after that long
(tests/desk/test_deployment.py runs it so). Exit 0 once stopped, 1 if it never answered, 2 without Caddy.
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import shutil
import signal
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
WAIT = 90.0
"""Seconds the desks and Caddy have to answer through HTTPS."""
SAID = {
    "es": {"no-caddy": "Falta Caddy: instálalo (apt-get install caddy).",
           "starting": "Arrancando Caddy y dos mesas en {folder} …",
           "ready": "La mesa responde en {url} (Ctrl-C para pararla).",
           "token": "Ficha de la organización: {token}",
           "root": "Certificado raíz de la autoridad local de Caddy (tu navegador avisará): {root}",
           "curl": "Pruébalo: curl --cacert {root} {url}healthz",
           "failed": "No respondió en {seconds:.0f} s; mira los registros en {folder}.",
           "stopped": "Parado."},
    "en": {"no-caddy": "Caddy is missing: install it (apt-get install caddy).",
           "starting": "Starting Caddy and two desks in {folder} …",
           "ready": "The desk answers at {url} (Ctrl-C stops it).",
           "token": "The organiser's token: {token}",
           "root": "Root certificate of Caddy's local authority (your browser will warn): {root}",
           "curl": "Try it: curl --cacert {root} {url}healthz",
           "failed": "It did not answer within {seconds:.0f} s; see the logs in {folder}.",
           "stopped": "Stopped."},
}


def say(key: str, **values: object) -> None:
    """One line in Spanish, or in English with ``--lang en``."""
    lang = "en" if sys.argv[1:] == ["--lang", "en"] else "es"
    print(SAID[lang][key].format(**values), flush=True)


def settings_of(env_file: Path) -> list[str]:
    """The variables an environment file (deploy/desk.env) sets."""
    return [line.split("=", 1)[0] for line in env_file.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def unit_command(unit: Path, port: int, settings: dict[str, str]) -> list[str]:
    """The unit's ExecStart for ``port`` (its %i), its variables from ``settings``, this checkout's
    builder (the one this Python runs) in place of /opt/builder's."""
    text = unit.read_text(encoding="utf-8").replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("ExecStart=")]
    words = shlex.split(line.removeprefix("ExecStart=").replace("%i", str(port)))
    words = [re.sub(r"\$\{(\w+)\}", lambda m: settings[m.group(1)], word) for word in words]
    assert words[0] == "/opt/builder/bin/builder", words[0]
    return [sys.executable, "-m", "builder", *words[1:]]


def started(command: list[str], log: Path, env: dict[str, str]) -> subprocess.Popen:
    with log.open("ab") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True,
                                env={**os.environ, **env})


STOP_WAIT = 10.0
"""Seconds the desks and Caddy have, all together, to stop once asked, before they are killed."""


def stop(processes: list[subprocess.Popen]) -> None:
    # One deadline for all: waited for one after the other, 15 s each, three slow stops on a loaded
    # machine outlasted the 30 s the test gives Ctrl-C (a clean clone's run, issue 55).
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_WAIT
    for process in processes:
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def answers(url: str, root: Path) -> bool:
    if not (root.is_file() and b"END CERTIFICATE" in root.read_bytes()):
        return False
    try:
        with urllib.request.urlopen(url + "healthz", context=ssl.create_default_context(cafile=str(root)),
                                    timeout=5) as answer:
            return answer.status == 200
    except (OSError, ssl.SSLError):
        return False


def main() -> int:
    if shutil.which("caddy") is None:
        say("no-caddy")
        return 2
    folder = Path(os.environ.get("DRY_RUN_FOLDER", ROOT / "build" / "dry-run")).resolve()
    https, http = int(os.environ.get("DRY_RUN_HTTPS_PORT", 8443)), int(os.environ.get("DRY_RUN_HTTP_PORT", 8080))
    ports = [int(port) for port in os.environ.get("DRY_RUN_DESK_PORTS", "8081 8082").split()]
    site = f"localhost:{https}"
    url = f"https://{site}/"
    home = folder / "caddy"
    root = home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    token = os.environ.get("BUILDER_DESK_TOKEN") or secrets.token_urlsafe(32)
    pack = os.environ.get("DESK_PACK", str(ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"))
    settings = {"DESK_PACK": pack, "DESK_SITE": site, "DESK_DB": f"sqlite:///{folder / 'torneo.sqlite'}",
                "BUILDER_DESK_TOKEN": token}
    assert sorted(settings) == sorted(settings_of(DEPLOY / "desk.env")), "deploy/desk.env changed: so must this"
    folder.mkdir(parents=True, exist_ok=True)
    say("starting", folder=folder)
    processes = [started(unit_command(DEPLOY / "builder-desk@.service", port, settings), folder / f"desk-{port}.log",
                         {"BUILDER_DESK_TOKEN": token}) for port in ports]
    processes.append(started(
        ["caddy", "run", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"], folder / "caddy.log",
        {"HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
         "DESK_SITE": site, "DESK_HTTPS_PORT": str(https), "DESK_HTTP_PORT": str(http), "DESK_ADMIN": "off",
         "DESK_GLOBAL_EXTRA": "default_bind 127.0.0.1", "DESK_UPSTREAMS": " ".join(f"127.0.0.1:{p}" for p in ports)}))
    stopping = []
    # Ctrl-C and a stop alike: a flag the loops below look at, whatever the signal's disposition this
    # process was started with (twice in a clean clone's suite the dry run outlived the test's Ctrl-C).
    for stop_signal in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop_signal, lambda *_: stopping.append(True))
    try:
        deadline = time.monotonic() + WAIT
        while not answers(url, root):
            if time.monotonic() > deadline or any(process.poll() is not None for process in processes) or stopping:
                say("failed", seconds=WAIT, folder=folder)
                return 1
            time.sleep(0.2)
        say("ready", url=url)
        say("token", token=token)
        say("root", root=root)
        say("curl", root=root, url=url)
        end = time.monotonic() + float(os.environ.get("DRY_RUN_SECONDS") or "inf")
        while time.monotonic() < end and not stopping:
            if any(process.poll() is not None for process in processes):
                say("failed", seconds=WAIT, folder=folder)
                return 1
            time.sleep(0.2)
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        stop(processes)
        say("stopped")


if __name__ == "__main__":
    sys.exit(main())
