"""A game's catalogs and templates live in its own folder, found from a checkout and from an
installed wheel; the games themselves are found through their entry points."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from builder.core import registry, resources

ROOT = Path(__file__).resolve().parents[2]


def test_found_in_the_checkout():
    wartime = registry.get("wartime")
    assert wartime.folder == ROOT / "builder" / "systems" / "wartime"
    assert wartime.catalogs() == [ROOT / "builder" / "systems" / "wartime" / "data" / "costs.yaml"]
    assert "attribute" in str(resources.load_catalog(str(wartime.folder / "system.py"), "costs.yaml"))
    assert resources.catalog_files(ROOT / "no-such-folder") == []


def test_a_missing_catalog_is_a_bug_not_a_user_error():
    from builder.core.errors import BuilderBug

    with pytest.raises(BuilderBug):
        resources.load_catalog(str(ROOT / "builder" / "systems" / "wartime" / "system.py"), "nothing.yaml")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(out), str(ROOT)], check=True)
    [built] = out.glob("builder-*.whl")
    return built


def test_the_wheel_carries_the_data_and_the_games(wheel):
    archive = zipfile.ZipFile(wheel)
    names = archive.namelist()
    assert "builder/systems/wartime/data/costs.yaml" in names
    assert "builder/systems/wartime/templates/card.html.j2" in names
    assert "builder/export/templates/base.css" in names
    assert "builder/serve/static/index.html" in names
    [points] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    entries = archive.read(points).decode()
    assert "[builder.systems]" in entries
    assert 'wartime = builder.systems.wartime.system:SYSTEM' in entries


def test_an_installed_wheel_finds_its_data_and_runs(wheel, tmp_path):
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel)],
                   check=True)
    env = {**os.environ, "PYTHONPATH": str(site)}
    probe = "from builder.core import registry; print(registry.get('wartime').catalogs()[0])"
    # Run from tmp_path so the checkout's own builder/ is not on the path.
    found = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                           check=True).stdout.split()
    assert found == [str(site / "builder" / "systems" / "wartime" / "data" / "costs.yaml")]
    example = ROOT / "examples" / "wartime" / "compania-fenix.yaml"
    run = subprocess.run([sys.executable, "-m", "builder", "check", str(example)], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "283/300" in run.stdout
