"""The programs of the system some tests drive or read with: one way to ask for each, so a test that
needs a program this machine lacks is skipped with which one and how to get it, and never errors.

``needs("soffice")`` marks a test, a class or a module (``pytestmark = needs("chromium")``);
``program("chromium")`` is the program's path, or skips the test that asks for it. Every browser
test's Chromium is launched by ``chromium()`` (tests/serve/live.py), which asks: a test that reaches
Chromium through any fixture is skipped as its module's mark would skip it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "tools" / "axe" / "node_modules" / "axe-core" / "axe.min.js"

# Each program: the names it goes by on the PATH, and why a test is skipped without it.
PROGRAMS: dict[str, tuple[tuple[str, ...], str]] = {
    "chromium": (("chromium", "chromium-browser"),
                 "browser tests skipped: no Chromium found (install Debian's chromium package to run them)"),
    "soffice": (("soffice",), "LibreOffice (soffice) is not installed (apt-get install libreoffice-calc-nogui)"),
    "pdftotext": (("pdftotext",), "poppler's pdftotext is not installed (apt-get install poppler-utils)"),
    "caddy": (("caddy",), "Caddy is not installed (apt-get install caddy; .ci/run does)"),
    "pg_dump": (("pg_dump",), "PostgreSQL's pg_dump is not installed (apt-get install postgresql-client)"),
    "pg_restore": (("pg_restore",), "PostgreSQL's pg_restore is not installed (apt-get install postgresql-client)"),
}
AXE_MISSING = "axe-core is not installed: make test installs it with npm (tools/axe); without npm it is skipped"


def found(name: str) -> str | None:
    """Where the program is on the PATH, or None."""
    names, _ = PROGRAMS[name]
    return next((path for path in map(shutil.which, names) if path), None)


def missing(*names: str) -> list[str]:
    return [name for name in names if found(name) is None]


def why(names: list[str]) -> str:
    return "; ".join(PROGRAMS[name][1] for name in names)


def needs(*names: str) -> pytest.MarkDecorator:
    """A mark that skips what it marks, saying why, where any of these programs is missing."""
    lacking = missing(*names)
    return pytest.mark.skipif(bool(lacking), reason=why(lacking))


def program(name: str) -> str:
    """The program's path, or the test that asks is skipped, saying why."""
    path = found(name)
    if path is None:
        pytest.skip(why([name]))
    return path


def axe() -> Path:
    """axe-core's script (npm installs it into tools/axe), or the test is skipped, saying why."""
    if not AXE.is_file():
        pytest.skip(AXE_MISSING)
    return AXE
