"""What joining an event's print costs in memory and time, its sheets all drawn before (issue 55).

One team's sheet (the bench's list) is drawn here, then a process of its own prints N teams with
``print_event`` as the desk's export worker does once every sheet is on the shelf: each team's part
is that sheet copied (nothing drawn), the cover that sheet again (the real cover, a table of N rows,
costs WeasyPrint about as long as the rest; its pages join like any other). Said: the process's size
before the print and at its peak (address space, which the worker's bound counts, and resident), and
the print's wall and CPU time. Its own code only calls ``print_event``, so the same script measures
an older checkout (``PYTHONPATH=that/checkout``). By hand::

    python benchmarks/print_join.py --teams 1500
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from run import LIST_TEMPLATE  # beside this file

ROOT = Path(__file__).resolve().parents[1]

PRINT = """
import shutil, sys, time
from datetime import date, datetime
from pathlib import Path
from builder.desk.jobs import big_blocks_apart
from builder.events import printing
from builder.events.schema import Checked, Submission

folder, teams = Path(sys.argv[1]), int(sys.argv[2])


def drawn(args):
    shutil.copyfile(folder / "sheet.pdf", args[2])
    return printing.Printed(args[0], "Wartime", "178 / 400", True, "WT-0000-0000", args[2])


def size():
    status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines())
    return {key: int(status[key].split()[0]) // 1024 for key in ("VmSize", "VmRSS", "VmPeak", "VmHWM")}


printing._render_team = drawn
printing._write_cover = lambda printed, pack, target, *_: shutil.copyfile(folder / "sheet.pdf", target)
checked = Checked(system="wartime", points=None, points_limit=None, legal=False, findings=0, fingerprint=None)
latest = [Submission(id=n, team_id=n, team=f"Equipo {n:04d}", version=1, checked=checked, draft=False,
                     submitted_at=datetime(2026, 11, 1, 10), files={"lista.yaml": "system: wartime\\n"})
          for n in range(teams)]
big_blocks_apart()
before = size()
wall, cpu = time.perf_counter(), time.process_time()
printing.print_event(latest, None, folder / "evento.pdf", "es", jobs=1, today=date(2026, 11, 25))
wall, cpu, after = time.perf_counter() - wall, time.process_time() - cpu, size()
print(f"{teams} teams: {wall:.1f} s ({cpu:.1f} s of CPU); address space {before['VmSize']} MB before, "
      f"{after['VmPeak']} at its peak (+{after['VmPeak'] - before['VmSize']}); resident {before['VmRSS']} "
      f"MB before, {after['VmHWM']} at its peak (+{after['VmHWM'] - before['VmRSS']}); "
      f"{(folder / 'evento.pdf').stat().st_size / 2**20:.1f} MiB; joined by "
      + " and ".join(f"{name} {sys.modules[name].__version__}" for name in ("pikepdf", "pypdf") if name in sys.modules))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=1500)
    teams = parser.parse_args().teams
    with tempfile.TemporaryDirectory(prefix="builder-join-") as tmp:
        folder = Path(tmp)
        roster = folder / "lista.yaml"
        roster.write_text(LIST_TEMPLATE.format(n=0, range=10, count=1), encoding="utf-8")
        drawn = subprocess.run([sys.executable, "-m", "builder", "export", str(roster), "--pdf",
                                str(folder / "sheet.pdf"), "--draft"], cwd=ROOT, capture_output=True, text=True)
        assert (folder / "sheet.pdf").exists(), drawn.stderr
        # Run from the folder, not the checkout: builder is then the one on the path (PYTHONPATH, or installed).
        done = subprocess.run([sys.executable, "-c", PRINT, str(folder), str(teams)], cwd=folder,
                              capture_output=True, text=True)
        print(done.stdout.strip() or done.stderr[-2000:])
        sys.exit(done.returncode)


if __name__ == "__main__":
    main()
