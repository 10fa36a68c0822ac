"""catalogs/ and templates/ are found from a checkout and from an installed wheel."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from builder.core import resources

ROOT = Path(__file__).resolve().parents[2]


def test_found_in_the_checkout():
    assert resources.catalogs_dir() == ROOT / "catalogs"
    assert resources.templates_dir() == ROOT / "templates"
    assert resources.catalog_path("wartime", "costs.yaml").is_file()
    assert [p.name for p in resources.catalog_files("wartime")] == ["costs.yaml"]
    assert resources.catalog_files("no-such-system") == []


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(out), str(ROOT)], check=True)
    [built] = out.glob("builder-*.whl")
    return built


def test_the_wheel_carries_the_data(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "builder/_data/catalogs/wartime/costs.yaml" in names
    assert "builder/_data/templates/README.md" in names


def test_an_installed_wheel_finds_its_data_and_runs(wheel, tmp_path):
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel)],
                   check=True)
    env = {**os.environ, "PYTHONPATH": str(site)}
    probe = "import builder.core.resources as r; print(r.catalogs_dir()); print(r.templates_dir())"
    # Run from tmp_path so the checkout's own builder/ is not on the path.
    found = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                           check=True).stdout.split()
    assert found == [str(site / "builder" / "_data" / "catalogs"), str(site / "builder" / "_data" / "templates")]
    example = ROOT / "examples" / "wartime" / "compania-fenix.yaml"
    run = subprocess.run([sys.executable, "-m", "builder", "check", str(example)], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "283/300" in run.stdout
