"""A soak of the desk as deployed (issue 46): Caddy with deploy/Caddyfile in front of two desks on one
database, started again 2 s after they die as the unit does, for ``BUILDER_SOAK_MINUTES`` (30 in
``make bench``) of players building and submitting, an organiser at the dashboard and someone
loading the page, while the outside probe's attacks come in turn (benchmarks/soak_attacks.py).

Before, with the desk fresh and quiet, and after, with the players gone and the desk settled, it
times a plain click, a submission and a receipt one after another (p50 / p95), and reads the
desks' memory (RSS and PSS, their checking lanes included). After each attack, with the players
still on, a shorter probe says whether that attack left the desk worse than before the attacks.
At the end every acknowledged submission must be in the database. Aims: afterwards no refusal and
each p95 within twice its fresh figure (plus 50 ms of a shared machine's noise), each desk under
300 MB, nothing lost, no desk dead but those killed on purpose.

Loopback only; every loop bounded in count and time; everything stops by itself. Needs ``caddy``.
``make soak`` runs it alone (``BUILDER_SOAK_MINUTES=4 make soak`` for a short one);
``BUILDER_SOAK_ATTACKS=slow-texts,rechecks`` picks and orders the attacks; on PostgreSQL when
``BUILDER_SOAK_DB=postgresql`` and ``BUILDER_TEST_DB`` names one; ``BUILDER_SOAK_KEEP=FOLDER`` keeps
the desks' and Caddy's logs there.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the deployment as the tests start it (tests/desk/deployment.py)

from desk_rush import _database  # noqa: E402 - beside this file
from soak_attacks import ATTACKS  # noqa: E402
from soak_clients import (Probe, Tally, longest_outage, lost, probe, started_clients,  # noqa: E402
                          timings)
from tests.desk.deployment import PACK, deployed  # noqa: E402

MINUTES = float(os.environ.get("BUILDER_SOAK_MINUTES", "30"))
SETTLE = float(os.environ.get("BUILDER_SOAK_SETTLE", "30"))
"""Seconds the desk is left alone between the players' leaving and the last probe."""
MEMORY_MOST_MB = 300.0
"""Each desk's resident memory, its checking lane included, once the soak is over."""


class Phase(NamedTuple):
    name: str
    said: str
    during: str
    after: Probe
    peak_mb: float
    degraded: list[str]


class Soak(NamedTuple):
    minutes: float
    fresh: Probe
    calm: Probe
    phases: list[Phase]
    final: Probe
    memory_fresh: list[tuple[float, float | None]]
    memory_final: list[tuple[float, float | None]]
    peak_mb: float
    lost: list[str]
    acknowledged: int
    deaths_unasked: int
    restarts: int


def _memory_text(memory: list[tuple[float, float | None]]) -> str:
    rss = " + ".join(f"{r:.0f}" for r, _ in memory)
    pss = [p for _, p in memory]
    shared = f", PSS {sum(pss):.0f} MB" if all(p is not None for p in pss) else ""
    return f"RSS {rss} = {sum(r for r, _ in memory):.0f} MB{shared}"


def worse(after: Probe, before: Probe, slack_ms: float = 50.0) -> list[str]:
    """What in ``after`` is not as in ``before``: refusals or failures, and p95s over twice theirs
    (plus ``slack_ms``)."""
    found = []
    for name, now, then in zip(("click", "submission", "receipt"), after, before):
        if now.failed:
            found.append(f"{name} {now.failed}")
        if not now.count or now.count == sum(now.failed.values()):
            found.append(f"{name}: none answered")
        elif now.p95_ms > 2 * then.p95_ms + slack_ms:
            found.append(f"{name} p95 {then.p95_ms:.0f} → {now.p95_ms:.0f} ms")
    return found


def _probe_text(result: Probe) -> str:
    return f"click {result.click} · submission {result.submission} · receipt {result.receipt}"


def soak(minutes: float = MINUTES, chosen: list[str] | None = None, kind: str = "sqlite") -> Soak:
    attacks = chosen or list(ATTACKS)
    slot = minutes * 60 / len(attacks)
    kept = os.environ.get("BUILDER_SOAK_KEEP")  # a folder to keep the desks' and Caddy's logs in, to read after
    if kept:
        # A new or empty folder: an earlier run's database there would be this run's event, its teams
        # taken (each probe's submission refused as another's team, then the event full).
        Path(kept).mkdir(parents=True, exist_ok=True)
        if any(Path(kept).iterdir()):
            raise SystemExit(f"BUILDER_SOAK_KEEP={kept} holds an earlier run's files: name a new or empty folder")
    folder = contextlib.nullcontext(kept) if kept else tempfile.TemporaryDirectory(prefix="builder-soak-")
    with folder as tmp, _database(kind, Path(tmp)) as db, deployed(Path(tmp), db, restart=True) as site:
        tally = Tally()
        peaks: dict[str, float] = {}
        stop, sampling = threading.Event(), threading.Event()

        def sample() -> None:  # every 2 s, each phase's highest sum of the desks' resident memory
            while not sampling.wait(2.0):
                total = sum(rss for rss, _ in site.memory())
                peaks[tally.phase] = max(peaks.get(tally.phase, 0.0), total)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        fresh = probe(site, tally, "fresh", 200, 30, 15, 180)
        memory_fresh = site.memory()
        clients = started_clients(site, tally, stop)
        tally.phase = "warm-up"
        time.sleep(15)
        calm = probe(site, tally, "calm", 201, 10, 5, 90)
        phases = []
        for n, name in enumerate(attacks):
            began = time.monotonic()
            tally.phase = name
            said = ATTACKS[name](site, tally, began + max(20.0, 0.6 * slot))
            rows = list(tally.rows)
            during = (f"players' clicks {timings(tally.of(name, 'click'))} · submissions "
                      f"{timings(tally.of(name, 'submit'))} · receipts {timings(tally.of(name, 'receipt'))} · "
                      f"status {timings(tally.of(name, 'status'))} · page {timings(tally.of(name, 'page'))}, "
                      f"failing for {longest_outage(rows, name):.1f} s at most")
            tally.phase = f"{name}, after"
            time.sleep(max(5.0, min(30.0, 0.1 * slot)))
            after = probe(site, tally, f"after {name}", 202 + n, 10, 5, 90)
            phases.append(Phase(name, said, during, after, max(peaks.get(name, 0.0), peaks.get(f"{name}, after", 0.0)),
                                worse(after, calm, 100.0)))
            time.sleep(max(0.0, began + slot - time.monotonic()))
        tally.phase = "leaving"
        stop.set()
        leaving = time.monotonic() + 30  # a player waiting for an answer gives up within its timeout
        for thread in clients:
            thread.join(max(0.1, leaving - time.monotonic()))
        tally.phase = "settling"
        time.sleep(SETTLE)
        final = probe(site, tally, "final", 250, 30, 15, 180)
        memory_final = site.memory()
        sampling.set()
        sampler.join(5)
        missing = lost(db, tally, PACK)
        return Soak(minutes, fresh, calm, phases, final, memory_fresh, memory_final, max(peaks.values(), default=0.0),
                    missing, tally.receipts, sum(site.deaths_unasked), sum(site.restarts))


def report(label: str, result: Soak) -> bool:
    print(f"{label}: {result.minutes:g} min of 8 players, the organiser and {len(result.phases)} attack{'s' * (len(result.phases) != 1)} in turn")
    print(f"  {'fresh, quiet':<24} {_probe_text(result.fresh)} · {_memory_text(result.memory_fresh)}")
    print(f"  {'calm, players on':<24} {_probe_text(result.calm)}")
    for phase in result.phases:
        verdict = "DEGRADED: " + "; ".join(phase.degraded) if phase.degraded else "ok"
        print(f"  {phase.name:<24} {phase.said}")
        print(f"  {'':<24} during: {phase.during} · peak RSS {phase.peak_mb:.0f} MB")
        print(f"  {'':<24} after: {_probe_text(phase.after)}  {verdict}")
    after = worse(result.final, result.fresh)
    memory_ok = all(rss < MEMORY_MOST_MB for rss, _ in result.memory_final)
    print(f"  {'after, quiet':<24} {_probe_text(result.final)} · {_memory_text(result.memory_final)}"
          f" (aim < {MEMORY_MOST_MB:.0f} MB each)")
    ok = not after and memory_ok and not result.lost and not result.deaths_unasked
    print(f"  {'':<24} p95 before → after: " + ", ".join(
        f"{name} {then.p95_ms:.0f} → {now.p95_ms:.0f} ms" for name, now, then in
        zip(("click", "submission", "receipt"), result.final, result.fresh))
          + f" · peak RSS {result.peak_mb:.0f} MB · {result.acknowledged} acknowledged, {len(result.lost)} lost"
          f"{' (' + ', '.join(result.lost[:5]) + ')' if result.lost else ''} · {result.restarts} restarts, "
          f"{result.deaths_unasked} unasked{'' if not after else ' · ' + '; '.join(after)}  {'ok' if ok else 'MISSED'}")
    return ok


def run_in_bench() -> bool:
    """The soak as ``make bench`` runs it: skipped without Caddy."""
    if shutil.which("caddy") is None:
        print("desk soak behind caddy: skipped (apt-get install caddy)")
        return True
    kind = os.environ.get("BUILDER_SOAK_DB", "sqlite")
    chosen = [name for name in os.environ.get("BUILDER_SOAK_ATTACKS", "").split(",") if name.strip()]
    unknown = [name for name in chosen if name not in ATTACKS]
    if unknown:
        raise SystemExit(f"unknown attacks {unknown}: choose among {', '.join(ATTACKS)}")
    return report(f"desk soak behind caddy ({kind})", soak(MINUTES, chosen, kind))


def main() -> int:
    caddy = subprocess.run(["caddy", "version"], capture_output=True, text=True).stdout.split()[:1] \
        if shutil.which("caddy") else ["none"]
    print(f"python {sys.version.split()[0]} · {os.cpu_count()} cores · caddy {caddy[0] if caddy else '?'} · two desks")
    return 0 if run_in_bench() else 1


if __name__ == "__main__":
    sys.exit(main())
