"""The organiser's pages after a flood of registrations (issue 46): 3000 teams with one list in the
store (as a pack with ``max_teams: 3000`` would take them). Reports the dashboard's median time and
its size, and the summary sheet's time and how much the desk process's peak memory grew while it
was made. Run by ``make bench``, or alone: ``python benchmarks/desk_board.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEAMS = 3000
AIMS = {"page": 0.5, "kib": 200, "summary_mib": 150}

FLOODED = """
import json, re, statistics, sys, tempfile, time
from pathlib import Path
from starlette.testclient import TestClient
from builder.desk.app import create_desk
from builder.events.packs import load_pack
from builder.events.store import Checked, Store

root, teams, rounds = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
pack = root / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
alfa = (root / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_text(encoding="utf-8")
alfa = alfa.replace("../../wartime/fenix-warbook.yaml", "fenix-warbook.yaml")
files = {"alfa.yaml": alfa, "fenix-warbook.yaml": (root / "examples" / "wartime" / "fenix-warbook.yaml").read_text()}
work = Path(tempfile.mkdtemp(prefix="builder-bench-board-"))
url = f"sqlite:///{work / 'torneo.sqlite'}"
store = Store.open(url)
event = store.open_event("Torneo de Otoño", "wartime")
for n in range(teams):
    store.register(event, f"Relleno {n:05}", files, Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
store.close()

def high_water() -> int:
    return int(re.search(r"VmHWM:\\s+(\\d+) kB", Path("/proc/self/status").read_text()).group(1)) * 1024

with TestClient(create_desk(load_pack(pack), url, "una-clave-de-banco-larga", "127.0.0.1:8080"),
                base_url="http://127.0.0.1:8080") as client:
    client.get("/")
    client.post("/admin/login", data={"csrf": client.cookies["desk_csrf"], "token": "una-clave-de-banco-larga"})
    times, size = [], 0
    for _ in range(rounds):
        began = time.perf_counter()
        size = len(client.get("/admin?page=7").content)
        times.append(time.perf_counter() - began)
    before = high_water()
    began = time.perf_counter()
    assert client.get("/admin/summary.xlsx").status_code == 200
    summary = time.perf_counter() - began
    grown = high_water() - before
print(json.dumps({"page": statistics.median(times), "kib": size / 1024, "summary": summary,
                  "summary_mib": grown / 1024 / 1024}))
"""


def board_timings(rounds: int, python: str = sys.executable) -> list[bool]:
    done = subprocess.run([python, "-c", FLOODED, str(ROOT), str(TEAMS), str(rounds)], capture_output=True,
                          text=True, cwd=ROOT)
    if done.returncode != 0:
        print(f"{'desk: the dashboard of 3000 teams':<46} failed: {done.stderr.strip().splitlines()[-1]}  MISSED")
        return [False]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    results = []
    for key, label, unit in (("page", f"desk: /admin, {TEAMS} teams (median)", "s"),
                             ("kib", f"desk: /admin, {TEAMS} teams, its size", "KiB"),
                             ("summary_mib", f"desk: summary.xlsx, {TEAMS} teams, memory grown", "MiB")):
        ok = found[key] < AIMS[key]
        results.append(ok)
        print(f"{label:<46} {found[key]:8.2f} {unit} aim < {AIMS[key]} {unit}  {'ok' if ok else 'OVER'}")
    print(f"{f'desk: summary.xlsx, {TEAMS} teams, its time':<46} {found['summary']:8.2f} s")
    return results


if __name__ == "__main__":
    sys.exit(0 if all(board_timings(5)) else 1)
