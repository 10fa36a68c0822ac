"""The house in layers: cli → hosted → desk | serve → web → events → export → systems → core, imports one way only,
no circles (import-linter's contracts in pyproject.toml); no module outside a game's folder
names a game; an import inside a function is there only to spare start-up time, and says so."""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from builder.core import registry

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(root: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    """import-linter on the builder package found under ``root``, its cache kept in tmp_path."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(LINT), "--cache-dir", str(tmp_path / "cache"), str(ROOT / "pyproject.toml")],
                          cwd=root, env=env, capture_output=True, text=True)


def test_the_contracts_hold(tmp_path):
    done = lint(ROOT, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("KEPT") == 3


def add_import(copy: Path, module: str, line: str) -> None:
    path = copy / (module.replace(".", "/") + ".py")
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> str:
    """What import-linter says of a copy of builder/ broken on purpose, three ways at once."""
    tmp_path = tmp_path_factory.mktemp("broken")
    copy = tmp_path / "src"
    shutil.copytree(ROOT / "builder", copy / "builder", ignore=shutil.ignore_patterns("__pycache__"))
    # The core reaching up, from inside a function: imports there count too.
    add_import(copy, "builder.core.findings", "def later():\n    import builder.export.report")
    # A circle: findings already import messages.
    add_import(copy, "builder.core.messages", "import builder.core.findings")
    # One game reaching into another.
    add_import(copy, "builder.systems.porcrom.weapons", "import builder.systems.wartime.costs")
    # The desk reaching sideways into the local page: they stand side by side on builder.web.
    add_import(copy, "builder.desk.pages", "import builder.serve.workspace")
    # The desk reaching up into the hosted builder, which stands on it.
    add_import(copy, "builder.desk.build", "import builder.hosted.packs")
    done = lint(copy, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    return done.stdout


def test_an_upward_import_breaks_the_layers_even_inside_a_function(broken):
    assert "never back up BROKEN" in broken
    assert "builder.core.findings -> builder.export.report" in broken


def test_the_desk_and_the_local_page_import_neither_the_other(broken):
    assert "builder.desk.pages -> builder.serve.workspace" in broken


def test_the_hosted_builder_stands_on_the_desk_and_nothing_imports_it(broken):
    assert "builder.desk.build -> builder.hosted.packs" in broken


def test_a_circle_breaks_the_contract(broken):
    assert "No import circles, at any depth BROKEN" in broken


def test_one_game_reaching_into_another_breaks_the_contract(broken):
    assert "Each game stands alone (a game may read another's files only through the core) BROKEN" in broken
    assert "builder.systems.porcrom.weapons -> builder.systems.wartime.costs" in broken


def modules_outside_the_games() -> list[Path]:
    games = ROOT / "builder" / "systems"
    return [p for p in sorted((ROOT / "builder").rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".j2", ".css", ".js", ".html", ".md")
            and not (games in p.parents and p.parent != games)]


def game_names() -> set[str]:
    names = set()
    for system in registry.all_systems():
        names |= {system.key, system.key.replace("-", "_"), system.key.replace("-", " "),
                  system.title.strip("¡!").split(" · ")[0]}
    return {n.casefold() for n in names}


def test_no_module_outside_a_games_folder_names_a_game():
    names = game_names()
    assert {"wartime", "cripmaquión", "dungeon universalis", "por crom", "confrontation"} <= names
    named = [f"{p.relative_to(ROOT)}: {n}" for p in modules_outside_the_games()
             for n in names if n in p.read_text(encoding="utf-8").casefold()]
    assert named == []


def imports_inside_functions(path: Path):
    lines = path.read_text(encoding="utf-8").splitlines()
    for fn in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    yield node.lineno, lines[node.lineno - 1], lines[node.lineno - 2]


def test_an_import_inside_a_function_says_why():
    unexplained = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
                   for p in sorted((ROOT / "builder").rglob("*.py")) if "__pycache__" not in p.parts
                   for n, line, before in imports_inside_functions(p)
                   if "#" not in line and not before.strip().startswith("#")]
    assert unexplained == []
