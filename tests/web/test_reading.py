"""A checked list as players read it (builder/web/reading.py): its figures, parts and problems
worked out from the list's own text, and the fingerprint `builder check` gives its file."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from builder.web import texts  # noqa: F401 - the page's words
from builder.web.reading import kept_status, read_file, render_reading
from builder.serve.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def checked(folder: Path, name: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "builder", "check", "--format", "json", name], cwd=folder,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["results"][0]


@pytest.fixture
def fenix(tmp_path) -> Path:
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(EXAMPLES / "wartime" / name, tmp_path / name)
    return tmp_path


def test_a_list_with_points_is_read_squad_by_squad_with_its_members_counted(fenix):
    read = read_file(Workspace(fenix), "compania-fenix.yaml", "es")
    # Its file: three squads, Alfa (a Sargento, three Fusileros), Bravo (a Granadero, a Fusilero),
    # Exploradores (an Explorador); 283 of its own 300 points, legal.
    assert (read.name, read.legal, read.points, read.points_limit) == ("Compañía Fénix", True, 283, 300)
    (squads,) = read.sections
    assert squads.count == 3 and [p.title for p in squads.parts] == ["Alfa", "Bravo", "Exploradores"]
    assert [p.inside for p in squads.parts] == [["Sargento", "Fusilero ×3"], ["Granadero", "Fusilero"], ["Explorador"]]
    assert read.problems == [] and all(p.problems == 0 for p in squads.parts)
    assert read.fingerprint == checked(fenix, "compania-fenix.yaml")["fingerprint"]
    # Its Warbook among its facts, not its name or its points limit (said already).
    assert any("fenix-warbook.yaml" in value for _, value in read.facts)
    assert not any(value in ("Compañía Fénix", "300") for _, value in read.facts)


def test_a_list_without_points_shows_its_games_measure_and_every_part(tmp_path):
    shutil.copy(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", tmp_path / "grupetto.yaml")
    read = read_file(Workspace(tmp_path), "grupetto.yaml", "en")
    assert read.points is None and read.measure and "5" in read.measure  # 5 specialty slots of 5
    (runners,) = read.sections
    assert runners.count == 8
    assert [p.title for p in runners.parts] == ["Gnatte Franzs", "Gurtlutz", "Arcada", "Kort Arribaz", "Gengis",
                                                "Gorko", "Pogco Middo", "Burujo Potingue"]
    assert read.fingerprint == checked(tmp_path, "grupetto.yaml")["fingerprint"]


def test_an_illegal_list_says_each_problem_in_words_errors_first(fenix):
    text = (fenix / "compania-fenix.yaml").read_text(encoding="utf-8")
    (fenix / "compania-fenix.yaml").write_text(text.replace("points_limit: 300", "points_limit: 250"), encoding="utf-8")
    read = read_file(Workspace(fenix), "compania-fenix.yaml", "en")
    assert not read.legal and (read.points, read.points_limit) == (283, 250)
    severity, said = read.problems[0]
    assert severity == "error" and "283" in said and "250" in said
    assert "compania-fenix.yaml" not in said  # in words, not places
    html = render_reading(read, "en")
    assert re.search(r'<li class="error">Error: [^<]*283[^<]*250', html) and 'data-legal="false"' in html


def test_names_are_text_and_nothing_in_the_reading_is_a_control(tmp_path):
    text = (EXAMPLES / "cripmaquion" / "grupetto-verde.yaml").read_text(encoding="utf-8")
    (tmp_path / "g.yaml").write_text(text.replace("El Grupetto verde", "<script>x</script>"), encoding="utf-8")
    html = render_reading(read_file(Workspace(tmp_path), "g.yaml", "es"), "es", level=3,
                          downloads={"g.yaml": "/x/g.yaml"})
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<h3 class=\"reading-name\">" in html and "<h4>" in html
    assert not re.search(r"<(button|input|select|textarea|form)\b", html)
    assert 'href="/x/g.yaml"' in html


def test_a_file_that_cant_be_read_says_why(tmp_path):
    (tmp_path / "roto.yaml").write_text("- no\n", encoding="utf-8")
    read = read_file(Workspace(tmp_path), "roto.yaml", "es")
    assert read.unreadable and read.sections == [] and read.fingerprint is None
    assert "No se puede leer" in render_reading(read, "es")


def test_what_a_page_keeps_of_a_reading_is_what_the_builder_view_says(fenix):
    """Issue 55: a shared list saved into «Mis listas» is kept with its check, as the builder keeps one."""
    assert kept_status(read_file(Workspace(fenix), "compania-fenix.yaml", "es")) == {
        "legal": True, "points": "283", "limit": "300", "measure": "", "text": "LEGAL", "name": "Compañía Fénix"}
    assert kept_status(read_file(Workspace(fenix), "fenix-warbook.yaml", "es")) is None  # no list in it
