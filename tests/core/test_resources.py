"""builder's catalogs and print templates are in the repository's top-level catalogs/ and
templates/ (issue 38): one module knows where, each game says which are its own, and nothing of
them is left inside the package. (The wheel carries them: tests/test_wheel.py.)"""

from pathlib import Path

import pytest

from builder.core import registry, resources
from builder.core.system import System

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["confrontation", "cripmaquion", "cripmaquion-campaign", "dungeon-universalis", "porcrom", "wartime"]


def test_the_top_level_folders_are_found_from_the_checkout():
    assert resources.shipped(resources.CATALOGS) == ROOT / "catalogs"
    assert resources.shipped(resources.TEMPLATES) == ROOT / "templates"


@pytest.mark.parametrize("key", GAMES)
def test_each_game_of_builder_s_own_has_its_folders_at_the_top(key):
    game = registry.get(key)
    assert game.catalogs_home == ROOT / "catalogs" / (game.rules_of or key)  # a campaign reads its races' game's
    assert game.catalog_folder == game.catalogs_home  # the newest edition
    assert game.templates_folder == ROOT / "templates" / key
    assert (game.templates_folder / "new-roster.es.yaml").is_file()
    assert (game.templates_folder / "new-roster.en.yaml").is_file()


def test_a_game_reads_its_catalogs_from_there():
    wartime = registry.get("wartime")
    assert wartime.catalogs() == [ROOT / "catalogs" / "wartime" / "costs.yaml"]
    assert "attribute" in str(wartime.catalog("costs.yaml"))
    assert [p.name for p in registry.get("cripmaquion").catalogs()] == \
        ["races.yaml", "skills.yaml", "specialties.yaml", "spells.yaml", "tables.yaml"]
    assert registry.get("cripmaquion-campaign").catalogs() == []  # it races Cripmaquión's teams
    assert resources.catalog_files(ROOT / "no-such-folder") == []


def test_a_missing_catalog_is_a_bug_not_a_user_error():
    from builder.core.errors import BuilderBug

    with pytest.raises(BuilderBug):
        registry.get("wartime").catalog("nothing.yaml")


class Plugin(System):
    """A game of a package of its own (found through the builder.systems entry point)."""

    key = "ajedrez"

    def check(self, *args):  # pragma: no cover - never checked here
        raise NotImplementedError


def test_a_game_of_its_own_package_brings_its_own_folders():
    game = Plugin()
    here = Path(__file__).resolve().parent
    assert game.folder == here
    assert game.catalog_folder == here / "data" and game.templates_folder == here / "templates"


def test_no_catalog_or_print_template_is_left_inside_the_package():
    package = ROOT / "builder"
    left = [p.relative_to(ROOT) for p in package.rglob("*") if p.is_file() and (
        p.suffix in (".yaml", ".yml", ".j2") or (p.suffix == ".css" and "static" not in p.parts))]
    assert not left, f"move these to catalogs/ or templates/: {left}"
    assert not [p for p in package.rglob("data") if p.is_dir()]


def test_nothing_else_in_the_code_spells_where_they_are():
    """Only core/resources.py names the two folders, core/system.py a plugin game's own, and
    core/editions.py reads an edition's files where it is installed; a game asks its System. (The web pages' own templates, serve/, web/, desk/ and hosted/, are no print templates.)"""
    allowed = {"builder/core/resources.py", "builder/core/system.py", "builder/core/editions.py"}
    spelled = []
    for path in (ROOT / "builder").rglob("*.py"):
        name = str(path.relative_to(ROOT))
        if name in allowed or name.startswith(("builder/serve/", "builder/web/", "builder/desk/", "builder/hosted/")):
            continue
        source = path.read_text(encoding="utf-8")
        spelled += [f"{name}: {needle}" for needle in ('/ "catalogs"', '/ "data"', '/ "templates"', 'shipped(', "load_catalog(")
                    if needle in source]
    assert not spelled


def test_the_installed_digest_changes_with_any_code_template_or_catalog_file(tmp_path, monkeypatch):
    """The print's shelf keys each sheet by builder's files as installed (issue 55): a checkout updated
    in place, its version's number the same, draws its sheets again. A file of the package, of the
    templates or of the catalogs changed: another digest; a compiled file beside them: the same."""
    from builder.core import resources

    package = tmp_path / "builder"
    for name, text in (("builder/a.py", "x = 1\n"), ("templates/base/sheet.html", "<p>"),
                       ("catalogs/wartime/costs.yaml", "a: 1\n")):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE", package)
    monkeypatch.setattr(resources, "shipped", resources.shipped.__wrapped__)  # not the checkout's, kept
    digest = resources.installed_digest.__wrapped__
    first = digest()
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    assert digest() == first
    seen = {first}
    for name in ("builder/a.py", "templates/base/sheet.html", "catalogs/wartime/costs.yaml"):
        (tmp_path / name).write_text((tmp_path / name).read_text(encoding="utf-8") + " ", encoding="utf-8")
        seen.add(digest())
    assert len(seen) == 4
