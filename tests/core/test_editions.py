"""Editions of a game's catalogs: found where they are installed, named, hashed, and in force
one at a time while a list is checked."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import pytest

from builder.core import editions, registry
from builder.core.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
MADE_UP = ROOT / "tests" / "core" / "data" / "editions"
"""A made-up second edition of Wartime's catalogs (``2027-prueba``): a fixture, never real data."""


@pytest.fixture
def made_up(monkeypatch):
    monkeypatch.setenv(editions.ENVIRONMENT, str(MADE_UP))


def test_each_game_ships_one_named_edition_whose_hash_is_of_its_files():
    for key in ("wartime", "cripmaquion", "confrontation", "porcrom", "dungeon-universalis"):
        (edition,) = registry.get(key).editions()
        assert (edition.name, edition.date) == ("2026", dt.date(2026, 11, 26))
        digest = hashlib.sha256()
        for path in sorted((ROOT / "catalogs" / key).glob("*.yaml")):
            if path.name != "edition.yaml":  # naming or dating an edition doesn't change its data
                digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        assert edition.hash == digest.hexdigest()
        assert edition.short_hash == edition.hash[:12]


def test_a_campaign_reads_the_editions_of_its_races_game():
    assert registry.get("cripmaquion-campaign").editions() == registry.get("cripmaquion").editions()


def test_an_installed_edition_joins_them_and_the_newest_by_date_is_the_default(made_up):
    found = registry.get("wartime").editions()
    assert [e.name for e in found] == ["2027-prueba", "2026"]
    assert found[0].folder == MADE_UP / "wartime" / "2027-prueba"
    assert registry.get("wartime").rules().edition.name == "2027-prueba"
    assert [e.name for e in registry.get("cripmaquion").editions()] == ["2026"]  # only Wartime's was installed


def test_an_edition_is_named_ignoring_case_accents_and_spaces(made_up):
    found = registry.get("wartime").editions()
    assert editions.named(found, " 2027-PRUEBA ").name == "2027-prueba"
    assert editions.named(found, 2026).name == "2026"
    assert editions.named(found, "2025") is None


def test_older_editions_stand_under_editions_and_two_of_one_name_are_a_bug(tmp_path):
    home = tmp_path / "juego"
    for folder, name, date in ((home, "2", "2026-01-01"), (home / "editions" / "uno", "1", "2025-01-01")):
        folder.mkdir(parents=True)
        (folder / "edition.yaml").write_text(f'name: "{name}"\ndate: {date}\n', encoding="utf-8")
        (folder / "tabla.yaml").write_text(f"valor: {name}\n", encoding="utf-8")
    assert [e.name for e in editions.installed("juego", home)] == ["2", "1"]
    assert editions.catalog_files(home) == [home / "tabla.yaml"]  # the edition's own file is no catalog
    (home / "editions" / "otra").mkdir()
    (home / "editions" / "otra" / "edition.yaml").write_text('name: "2"\ndate: 2024-01-01\n', encoding="utf-8")
    editions._installed.cache_clear()  # a process sees the editions installed when it first looked
    with pytest.raises(InputError) as refused:
        editions.installed("juego", home)
    assert refused.value.code == "edition-twice" and refused.value.file == str(home / "editions" / "otra" / "edition.yaml")


def test_the_oldest_own_edition_is_one_builder_ships_however_old_those_installed_beside_it(tmp_path, monkeypatch):
    home, elsewhere = tmp_path / "juego-viejo", tmp_path / "instaladas" / "juego-viejo"
    for folder, name, date in ((home, "3", "2026-01-01"), (home / "editions" / "dos", "2", "2025-01-01"),
                               (elsewhere / "uno", "1", "2024-01-01"), (elsewhere / "cuatro", "4", "2027-01-01")):
        folder.mkdir(parents=True)
        (folder / "edition.yaml").write_text(f'name: "{name}"\ndate: {date}\n', encoding="utf-8")
    monkeypatch.setenv(editions.ENVIRONMENT, str(tmp_path / "instaladas"))
    found = editions.installed("juego-viejo", home)
    assert [e.name for e in found] == ["4", "3", "2", "1"]
    assert editions.oldest_own(found, home).name == "2"  # «1» is older, but installed from elsewhere
    assert editions.oldest_own(found[:1], home).name == "4"  # none shipped: the oldest there is


@pytest.mark.parametrize("text", ["name: sin fecha\n", "date: 2030-01-01\n", "name: '  '\ndate: 2030-01-01\n",
                                  "name: x\ndate: mañana\n", "{[\n", "- una lista\n"])
def test_an_edition_file_without_its_name_or_date_is_refused(tmp_path, text):
    (tmp_path / "edition.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        editions.installed(f"juego-{abs(hash(text))}", tmp_path)
    assert refused.value.code == "invalid-edition-file"


def test_the_rules_in_force_are_one_per_game_and_end_with_their_block(made_up):
    wartime = registry.get("wartime")
    old, new = wartime.editions()[1], wartime.editions()[0]
    assert editions.in_force("wartime") is None
    with editions.using(editions.Rules(old)):
        assert wartime.catalog_folder == ROOT / "catalogs" / "wartime"
        with editions.using(editions.Rules(new)):
            assert wartime.catalog_folder == new.folder
        assert editions.in_force("wartime").edition == old
    assert editions.in_force("wartime") is None
    with editions.using(None):
        assert editions.in_force("wartime") is None


def test_a_catalog_function_caches_one_value_per_rules_in_force(made_up):
    from builder.systems.wartime import costs

    wartime = registry.get("wartime")
    old, new = wartime.editions()[1], wartime.editions()[0]
    with editions.using(editions.Rules(old)):
        assert costs.tables().attribute[4] == 4  # the book: an attribute of 5 costs 4
    with editions.using(editions.Rules(new)):
        assert costs.tables().attribute[4] == 5  # the made-up edition: 5
    with editions.using(editions.Rules(old)):
        assert costs.tables().attribute[4] == 4  # and the book's again, not the last one built
