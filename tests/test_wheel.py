"""builder as a wheel installed outside the repository: it carries the top-level catalogs/ and
templates/ and finds them where it is installed, so every example checks, exports and prints
exactly as from the checkout (issue 38)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from builder.desk.build import STATIC as DESK_STATIC
from builder.serve.app import STATIC as SERVE_STATIC

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))
CHECKOUT_BUILDER = [sys.executable, "-m", "builder"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(out), str(ROOT)], check=True)
    [built] = out.glob("builder-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A new virtual environment outside the checkout with the wheel installed (not editable), and
    builder's dependencies seen through the test environment's site-packages: a folder named in a
    ``.pth`` is put on the path, but the ``.pth`` files inside it (the checkout's editable install)
    are not read, so only the installed wheel's builder can be imported there."""
    env = tmp_path_factory.mktemp("env") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    site = Path(subprocess.run([str(env / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(env / "bin" / "python"), "install", "--quiet",
                    "--no-deps", "--disable-pip-version-check", str(wheel)], check=True)
    return env


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BUILDER_LANG")}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)


def test_the_wheel_carries_the_catalogs_the_templates_and_the_games(wheel):
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    shipped = {str(p.relative_to(ROOT)) for folder in ("catalogs", "templates") for p in (ROOT / folder).rglob("*")
               if p.is_file()}
    assert shipped and {f"builder/{name}" for name in shipped} <= names
    assert "builder/catalogs/wartime/costs.yaml" in names and "builder/templates/base/base.css" in names
    assert "builder/serve/static/index.html" in names
    assert {"builder/web/static/build.js", "builder/web/templates/build.html"} <= names
    # builder's one look, with the tab's icon every page of the desk and the local page links (issue 46).
    assert {"builder/web/static/look/design.css", "builder/web/static/look/favicon.svg"} <= names
    # Every script and stylesheet the local page and the desk serve from their allow-lists ships with them.
    for static in (SERVE_STATIC, DESK_STATIC):
        assert {(folder / name).relative_to(ROOT).as_posix() for name, (folder, _) in static.items()} <= names
    [points] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    entries = archive.read(points).decode()
    assert "[builder.systems]" in entries
    assert "wartime = builder.systems.wartime.system:SYSTEM" in entries


def test_the_installed_builder_is_the_wheel_s_and_finds_its_folders_inside_it(installed, tmp_path):
    probe = ("import builder; from builder.core import registry; from builder.export import templating; "
             "w = registry.get('wartime'); print(builder.__file__); print(w.catalogs()[0]); "
             "print(templating.template_file('wartime/card.html.j2')); print(templating.template_file('base/base.css'))")
    lines = run([str(installed / "bin" / "python"), "-c", probe], tmp_path).stdout.split()
    package = Path(lines[0]).parent
    assert ROOT not in package.parents and installed in package.parents
    assert lines[1:] == [str(package / "catalogs" / "wartime" / "costs.yaml"),
                         str(package / "templates" / "wartime" / "card.html.j2"),
                         str(package / "templates" / "base" / "base.css")]


DRIVER = """
import contextlib, io, json, sys
from pathlib import Path
from builder.cli.main import cli

def run(args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            cli(args, prog_name="builder")
        except SystemExit as exit:
            code = exit.code or 0
        else:
            code = 0
    return code, out.getvalue()

target = Path(sys.argv[1])
for index, example in enumerate(sys.argv[2:]):
    folder = target / str(index)
    folder.mkdir()
    checked = run(["check", "--format", "json", example])
    exported = run(["export", example, "--draft", "--text", "--xlsx", str(folder / "list.xlsx"),
                    "--pdf", str(folder / "list.pdf")])
    (folder / "outcome.json").write_text(json.dumps({"check": checked, "export": exported}))
"""


def outputs(python: str, target: Path) -> list[tuple]:
    """Every example checked (JSON) and exported (text, xlsx cells, PDF text) through builder's command
    line by ``python``, in one process (a process each would start WeasyPrint twenty times)."""
    import openpyxl
    import pypdf

    target.mkdir()
    done = run([python, "-c", DRIVER, str(target), *map(str, EXAMPLES)], target)
    assert done.returncode == 0, done.stderr
    found = []
    for index, example in enumerate(EXAMPLES):
        folder = target / str(index)
        outcome = json.loads((folder / "outcome.json").read_text())
        (checked_code, checked), (exported_code, text) = outcome["check"], outcome["export"]
        assert checked_code in (0, 1) and exported_code == 0, (example, outcome)
        workbook = openpyxl.load_workbook(folder / "list.xlsx")
        cells = {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in workbook.worksheets}
        pages = [page.extract_text() for page in pypdf.PdfReader(folder / "list.pdf").pages]
        assert any(pages), example
        found.append((example.name, json.loads(checked), text, cells, pages))
    return found


def test_every_example_checks_and_exports_the_same_from_the_wheel(installed, tmp_path):
    # The two side by side: each is one process, a minute of one core.
    with ThreadPoolExecutor(2) as both:
        checkout = both.submit(outputs, sys.executable, tmp_path / "checkout")
        wheel = both.submit(outputs, str(installed / "bin" / "python"), tmp_path / "wheel")
        from_checkout, from_wheel = checkout.result(), wheel.result()
    assert len(from_wheel) == len(EXAMPLES) >= 10
    for checkout, wheel in zip(from_checkout, from_wheel):
        assert wheel == checkout, checkout[0]


def test_the_tournament_checks_the_same_from_the_wheel(installed, tmp_path):
    tournament = ROOT / "examples" / "tournament"
    command = ["check", "--format", "json", str(tournament / "lists"), "--pack", str(tournament / "pack" / "torneo-otono.yaml")]
    wheel = run([str(installed / "bin" / "builder"), *command], tmp_path)
    checkout = run([*CHECKOUT_BUILDER, *command], tmp_path)
    assert wheel.returncode == checkout.returncode
    assert json.loads(wheel.stdout) == json.loads(checkout.stdout)


@pytest.mark.parametrize("game", ["wartime", "cripmaquion", "cripmaquion-campaign", "confrontation", "porcrom", "dungeon-universalis"])
def test_new_writes_the_same_starting_roster_from_the_wheel(game, installed, tmp_path):
    written = {}
    for where, builder in (("checkout", CHECKOUT_BUILDER), ("wheel", [str(installed / "bin" / "builder")])):
        target = tmp_path / f"{where}.yaml"
        made = run([*builder, "new", game, "-o", str(target)], tmp_path)
        assert made.returncode == 0, made.stderr
        checked = run([*builder, "check", str(target)], tmp_path)
        assert checked.returncode in (0, 1), checked.stderr
        written[where] = target.read_text(encoding="utf-8")
    assert written["wheel"] == written["checkout"] and f"system: {game}" in written["wheel"]
