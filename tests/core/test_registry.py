"""Finding the games through the ``builder.systems`` entry points, as an outside package would."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points as importlib_entry_points
from pathlib import Path

import pytest

from builder.core import messages, registry
from builder.core.errors import BuilderBug

ROOT = Path(__file__).resolve().parents[2]


def test_the_entry_points_found_are_importlib_metadatas():
    ours = [(e.name, e.value) for e in registry.entry_points(registry.GROUP)]
    theirs = [(e.name, e.value) for e in importlib_entry_points(group=registry.GROUP)]
    assert sorted(ours) == sorted(theirs)
    assert {(e.name, e.value) for e in registry.entry_points("console_scripts")} == \
        {(e.name, e.value) for e in importlib_entry_points(group="console_scripts")}


def test_an_entry_point_loads_what_it_names():
    assert registry.Entry("w", "builder.systems.wartime.system:SYSTEM").load() is registry.get("wartime")
    assert registry.Entry("m", "builder.core.messages").load() is messages
    assert registry.Entry("t", "builder.core.messages:table").load() is messages.table


def test_the_six_games_are_found_by_their_keys():
    assert registry.keys() == ("confrontation", "cripmaquion", "cripmaquion-campaign", "dungeon-universalis",
                               "porcrom", "wartime")
    assert [s.key for s in registry.all_systems()] == list(registry.keys())


def test_loading_a_game_registers_its_messages():
    game = registry.get("dungeon-universalis")
    table = messages.table()
    assert all(table[key] == dict(texts) for key, texts in game.messages.items())


@pytest.mark.parametrize("written", ["dungeon-universalis", " Dungeon Universalis ", "DUNGEON_UNIVERSALIS"])
def test_a_files_system_is_found_however_it_is_written(written):
    assert registry.find(written).key == "dungeon-universalis"


def test_what_names_no_game():
    assert registry.find("ajedrez") is None and registry.find(3) is None and registry.find(None) is None
    with pytest.raises(KeyError):
        registry.get("ajedrez")


@pytest.fixture
def fresh(monkeypatch):
    """The registry as if nothing were loaded yet, put back afterwards."""
    for cached in (registry._entries, registry.keys, registry.get):
        cached.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    for cached in (registry._entries, registry.keys, registry.get):
        cached.cache_clear()


def entry(name: str, value: str) -> registry.Entry:
    return registry.Entry(name, value)


def test_an_entry_point_that_is_not_the_game_it_names_is_a_bug(fresh):
    fresh.setattr(registry, "entry_points", lambda group: [entry("ajedrez", "builder.systems.wartime.system:SYSTEM")])
    assert registry.keys() == ("ajedrez",)
    with pytest.raises(BuilderBug):
        registry.get("ajedrez")


def test_two_games_of_one_name_are_a_bug(fresh):
    fresh.setattr(registry, "entry_points", lambda group: [
        entry("wartime", "builder.systems.wartime.system:SYSTEM"), entry("wartime", "otro.system:SYSTEM")])
    with pytest.raises(BuilderBug):
        registry.keys()


def test_the_same_game_seen_twice_is_one_game(fresh):
    # An installed copy beside the checkout: the same entry point twice.
    same = "builder.systems.porcrom.system:SYSTEM"
    fresh.setattr(registry, "entry_points", lambda group: [entry("porcrom", same), entry("porcrom", same)])
    assert registry.keys() == ("porcrom",)


GAME = '''
from pydantic_core import core_schema as cs

from builder.core.records import Record
from builder.core.system import Evaluation, System


class TinyFile(Record):
    field_keys = {"system": "system", "name": "name"}
    nested = {}
    source = "tiny_game.system:TinyFile"


TinyFile.schema = cs.model_schema(TinyFile, cs.model_fields_schema({
    "system": cs.model_field(cs.str_schema()),
    "name": cs.model_field(cs.str_schema(max_length=40)),
}, extra_behavior="forbid"))


class TinyGame(System):
    key = "tiny"
    title = "Tiny"
    prefix = "TY"
    messages = {}
    file_model = TinyFile
    rule_fields = "Tiny · 1"
    cards_module = sheets_module = "tiny_game.system"

    def check(self, file, doc, place, findings, pack, overridden):
        return Evaluation(self.key, file.name, findings,
                          fingerprint=self.fingerprint_of({"name": file.name}, doc, overridden))


SYSTEM = TinyGame()
'''


def test_a_game_of_its_own_package_registers_the_same_way(tmp_path):
    site = tmp_path / "site"
    (site / "tiny_game").mkdir(parents=True)
    (site / "tiny_game" / "__init__.py").write_text('"""A game from outside builder."""\n', encoding="utf-8")
    (site / "tiny_game" / "system.py").write_text(GAME, encoding="utf-8")
    info = site / "tiny_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-game\nVersion: 0.1\n", encoding="utf-8")
    # The one registration line, as the package's own pyproject.toml would install it.
    (info / "entry_points.txt").write_text("[builder.systems]\ntiny = tiny_game.system:SYSTEM\n", encoding="utf-8")
    roster = tmp_path / "mini.yaml"
    roster.write_text("system: tiny\nname: Mini\n", encoding="utf-8")
    typo = tmp_path / "typo.yaml"
    typo.write_text("system: tiny\nname: Mini\nnmae: x\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(site)}

    def builder(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "builder", *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True)

    listed = builder("systems")
    assert listed.returncode == 0 and "tiny" in listed.stdout and "Tiny" in listed.stdout
    legal = builder("check", str(roster), "--lang", "en")
    assert legal.returncode == 0, legal.stdout + legal.stderr
    assert "LEGAL" in legal.stdout and "Mini (tiny)" in legal.stdout and "TY-" in legal.stdout
    wrong = builder("check", str(typo), "--lang", "en")
    assert wrong.returncode == 1 and "invalid-field" in wrong.stdout and "nmae" in wrong.stdout


def test_a_distribution_in_a_zip_on_the_path_is_read_too(tmp_path, monkeypatch):
    import zipfile

    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped_game-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped-game\nVersion: 1.0\n")
        z.writestr("zipped_game-1.0.dist-info/entry_points.txt", "[builder.systems]\nzipped = zipped_game:SYSTEM\n")
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path])
    assert registry.Entry("zipped", "zipped_game:SYSTEM") in registry.entry_points(registry.GROUP)
