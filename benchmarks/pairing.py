"""Pairing a Swiss round of 200 teams (issue 48): the fourth round, after three rounds of results
(seeded, so every run pairs the same event), and the same with 201 teams (a bye). Reports the
median time of ``pair_round`` (its standings given, as the desk computes them first), the time of
the full graph's matching for the same round (what the sparse graph first spares), and whether
both found pairings of the same weight. Run by ``make bench``, or alone:
``python benchmarks/pairing.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEAMS = (200, 201)
PLAYED = 3
AIM = 1.0
"""Seconds: a round of 200 teams paired well under one."""

MEASURE = """
import json, random, statistics, sys, time
from builder.core.pack import RoundsFormat
from builder.events import pairing
from builder.events.pairing_weights import Weights, met_before, seats_of
from builder.events.rounds import Entrant, Game, Result
from builder.events.standings import standings_of

teams, played, repeats = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(48)
entrants = [Entrant(n, f"Equipo {n:03}", f"Club {rng.randrange(40)}", True) for n in range(1, teams + 1)]
rounds = RoundsFormat(played + 1, tie_breakers=("opponents-points", "score-difference"))
games = []
for number in range(1, played + 1):
    for table in pairing.pair_round(number, entrants, games, standings_of(rounds, entrants, games), "banco"):
        winner = rng.choice("aab" if rng.random() < 0.9 else ["draw"])
        games.append(Game(number, table, None if table.bye else Result(winner, rng.randrange(21), rng.randrange(21))))
number = played + 1
standings = standings_of(rounds, entrants, games)
times = []
for _ in range(repeats):
    began = time.perf_counter()
    tables = pairing.pair_round(number, entrants, games, standings, "banco")
    times.append(time.perf_counter() - began)
began = time.perf_counter()
standings_of(rounds, entrants, games)
standing_time = time.perf_counter() - began
seats = seats_of(number, entrants, games, standings, "banco")
met = met_before(number, games)
weights = Weights(seats, met)
began = time.perf_counter()
full = pairing.matching(seats, met, sparse_above=10**6)
full_time = time.perf_counter() - began
same = weights.total(tables) == weights.total(pairing.tables_of(full, {}))
rematches = sum(1 for t in tables if not t.bye and frozenset(t.teams()) in met)
print(json.dumps({"median": statistics.median(times), "standings": standing_time, "full": full_time,
                  "same": same, "rematches": rematches}))
"""


def pairing_timings(rounds: int, python: str = sys.executable) -> list[bool]:
    results = []
    for teams in TEAMS:
        label = f"pairing: round {PLAYED + 1} of {teams} teams"
        done = subprocess.run([python, "-c", MEASURE, str(teams), str(PLAYED), str(max(3, rounds))],
                              capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            print(f"{label:<46} failed: {done.stderr.strip().splitlines()[-1]}  MISSED")
            results.append(False)
            continue
        found = json.loads(done.stdout.strip().splitlines()[-1])
        ok = found["median"] < AIM and found["rematches"] == 0
        results.append(ok)
        print(f"{label + ' (median)':<46} {found['median']:8.3f} s aim < {AIM} s  {'ok' if ok else 'OVER'}")
        print(f"{'  its standings, computed before':<46} {found['standings']:8.3f} s")
        print(f"{'  the full graph alone, for comparison':<46} {found['full']:8.3f} s  "
              f"{'same weight' if found['same'] else 'LIGHTER than the full graph'}")
    return results


if __name__ == "__main__":
    sys.exit(0 if all(pairing_timings(5)) else 1)
