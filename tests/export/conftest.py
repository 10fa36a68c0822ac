import fcntl
import hashlib
import os
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import run


@pytest.fixture(scope="session")
def printed(tmp_path_factory):
    """``printed(roster, *options)``: the PDF ``builder export roster --pdf … *options`` writes,
    made once per test session and shared by every test (and every xdist worker) that asks
    for the same one. Read it; never change it."""
    own = tmp_path_factory.getbasetemp()
    # Under xdist each worker has its own temporary folder inside the session's: share that one.
    shared = (own.parent if os.environ.get("PYTEST_XDIST_WORKER") else own) / "printed"
    shared.mkdir(exist_ok=True)

    def make(roster: Path, *options: str) -> Path:
        key = hashlib.sha256(repr((str(roster), roster.read_bytes(), options)).encode()).hexdigest()[:20]
        out = shared / f"{key}.pdf"
        with open(shared / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not out.exists():
                partial = shared / f"{key}.partial.pdf"
                result = CliRunner().invoke(cli, ["export", str(roster), "--pdf", str(partial), *options])
                assert result.exit_code == 0, result.output
                partial.rename(out)
        return out

    return make


@pytest.fixture
def fenix_xlsx(wt: Path):
    out = wt / "out" / "fenix.xlsx"
    out.parent.mkdir()
    result = run("export", wt / "compania-fenix.yaml", "--xlsx", out)
    assert result.exit_code == 0, result.output
    assert out.is_file()
    return out, openpyxl.load_workbook(out)
