"""The ``builder`` group and its error boundary: the process ends with the command's exit code and
all its output, a bug anywhere is an internal error (exit 3), and ``python -m builder`` works."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from builder.core import registry
from tests.cli.rosters import ILLEGAL, LEGAL, put


def test_the_process_ends_with_the_commands_exit_code_and_all_its_output(folder):
    """``python -m builder`` ends without taking its objects apart (cli._end): what it printed
    is all there, and the exit code is the command's."""
    import subprocess
    import sys

    for n in range(30):
        put(folder, f"lista-{n:02d}.yaml", LEGAL if n % 3 else ILLEGAL)  # 10 illegal, 20 legal

    def run(*args):
        return subprocess.run([sys.executable, "-m", "builder", *args], cwd=folder, capture_output=True, text=True)

    done = run("check", ".", "--format", "json")
    assert done.returncode == 1
    assert [r["legal"] for r in json.loads(done.stdout)["results"]] == [n % 3 != 0 for n in range(30)]
    done = run("check", "lista-01.yaml", "--lang", "en")
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "Total: 1 legal, 0 illegal, 0 unreadable")
    done = run("chek", "lista-01.yaml")
    assert done.returncode == 2 and "chek" in done.stderr and "Traceback" not in done.stderr


def test_a_bug_anywhere_in_a_command_is_still_an_internal_error(folder, monkeypatch):
    def broken():
        raise KeyError("no such system after all")

    monkeypatch.setattr(registry, "all_systems", broken)
    result = CliRunner().invoke(cli, ["systems"])
    assert result.exit_code == 3
    assert "internal-error" in result.output and "KeyError" in result.output
    assert isinstance(result.exception, SystemExit)


# --- by the book ----------------------------------------------------------------------------------
# The command-line contract by the book: `python -m builder` works.


@pytest.mark.book
def test_python_dash_m():
    proc = subprocess.run([sys.executable, "-m", "builder", "systems"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "wartime" in proc.stdout
