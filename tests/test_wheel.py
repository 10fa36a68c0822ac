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
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_checks_and_exports_the_same_from_the_wheel(example, installed, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    pypdf = pytest.importorskip("pypdf")
    results = {}
    for where, builder in (("checkout", CHECKOUT_BUILDER), ("wheel", [str(installed / "bin" / "builder")])):
        out = tmp_path / where
        out.mkdir()
        # From a folder of its own: the checkout's package is never the current directory's.
        checked = run([*builder, "check", "--format", "json", str(example)], out)
        assert checked.returncode in (0, 1), checked.stderr
        exported = run([*builder, "export", str(example), "--draft", "--text", "--xlsx", str(out / "list.xlsx"),
                        "--pdf", str(out / "list.pdf")], out)
        assert exported.returncode == 0, exported.stderr
        workbook = openpyxl.load_workbook(out / "list.xlsx")
        cells = {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in workbook.worksheets}
        pages = [page.extract_text() for page in pypdf.PdfReader(out / "list.pdf").pages]
        results[where] = (json.loads(checked.stdout), exported.stdout, cells, pages)
    assert results["wheel"][0] == results["checkout"][0]
    assert results["wheel"][1] == results["checkout"][1]
    assert results["wheel"][2] == results["checkout"][2]
    assert results["wheel"][3] == results["checkout"][3] and any(results["wheel"][3])


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
