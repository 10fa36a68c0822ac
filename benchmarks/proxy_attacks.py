"""Issue 55's attacks on the deployment, for their full time (``make bench``; tests/desk/test_deployment.py
and tests/hosted/test_deployment.py run them for 10 s): one address sending 16 bodies of 3–7 MB at once for
30 s, and 24 addresses asking for PDFs for 60 s, against the desk and the hosted builder behind Caddy
(deploy/'s files as the tests start them). Reported, not asserted: another player's p95 before and
during each attack, its 503s, the attack's answers, and Caddy's "no upstreams available".

``python benchmarks/proxy_attacks.py`` runs them alone; BUILDER_PROXY_SECONDS=bodies:10,pdfs:20 shortens them.
Loopback only; every loop bounded in count and time. Needs ``caddy``."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the deployments as the tests start them

from tests.desk import crowds  # noqa: E402
from tests.desk.deployment import deployed  # noqa: E402
from tests.hosted.deployment import attacked, hosting  # noqa: E402

SECONDS = {"bodies": 30.0, "pdfs": 60.0}


def seconds() -> dict[str, float]:
    given = dict(pair.split(":") for pair in os.environ.get("BUILDER_PROXY_SECONDS", "").split(",") if ":" in pair)
    return {attack: float(given.get(attack, default)) for attack, default in SECONDS.items()}


def report(label: str, outcome: crowds.Outcome) -> bool:
    faults = outcome.faults()
    print(f"{label:<46} {outcome.summary()}  {'ok' if not faults else 'MISSED: ' + '; '.join(faults)}", flush=True)
    return not faults


def run_in_bench() -> list[bool]:
    if shutil.which("caddy") is None:
        print("proxy attacks behind caddy: skipped (apt-get install caddy)")
        return [True]
    results = []
    for attack, spent in seconds().items():
        with tempfile.TemporaryDirectory(prefix="builder-proxy-") as folder:
            with deployed(Path(folder), f"sqlite:///{Path(folder) / 'torneo.sqlite'}") as site:
                outcome = crowds.on_desk(site, attack, spent)
            results.append(report(f"desk behind caddy: {attack} for {spent:g} s", outcome))
        with tempfile.TemporaryDirectory(prefix="builder-proxy-") as folder:
            with hosting(Path(folder)) as site:
                outcome = attacked(site, attack, spent)
            results.append(report(f"hosted behind caddy: {attack} for {spent:g} s", outcome))
    return results


if __name__ == "__main__":
    sys.exit(0 if all(run_in_bench()) else 1)
