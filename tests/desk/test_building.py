"""The desk's keeper of a click's texts, and the bounds of a click: the texts' names and sizes,
the choices kept by the texts' hash (bounded), the clicks' budget per address (in memory)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.desk import building
from builder.desk.building import Texts, Tried, texts_of
from builder.events.packs import load_pack
from builder.web.keeping import Refused
from tests.desk.support import ALFA, PACK, WARBOOK

PACK_ = load_pack(PACK)
FILES = {"lista.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()}


def test_a_clicks_texts_are_plain_yaml_names_bounded_as_an_uploads_files():
    assert texts_of([("lista.yaml", ALFA), ("warbook.yaml", WARBOOK)]) == {"lista.yaml": ALFA.decode(),
                                                                           "warbook.yaml": WARBOOK.decode()}
    for files, code in (([], "desk-build-files"), ([("../x.yaml", ALFA)], "desk-build-files"),
                        ([("x.txt", ALFA)], "desk-build-files"), ([("a.yaml", ALFA), ("A.yaml", ALFA)], "desk-build-files"),
                        ([(f"{n}.yaml", ALFA) for n in range(6)], "desk-build-files"),
                        ([("a.yaml", b"\xff")], "desk-build-files"), ([("a.yaml", b"#" * (1024 * 1024 + 1))], "desk-too-large")):
        with pytest.raises(Refused) as refused:
            texts_of(files)
        assert refused.value.code == code


def test_the_texts_are_checked_beside_each_other_under_the_pack_and_kept_nowhere(tmp_path):
    texts = Texts(FILES, PACK_, tmp_path)
    ev = texts.check(FILES["lista.yaml"], "lista.yaml")
    assert ev.legal and ev.points == 178 and ev.points_limit == 250  # the pack's limit, not the list's 300
    assert texts.holding("warbook", "es") == [{"path": "fenix-warbook.yaml", "name": "Warbook Fénix", "system": "wartime"}]
    assert texts.related(ev, "lista.yaml", "es") == (["fenix-warbook.yaml"], None)
    book = texts.check(FILES["fenix-warbook.yaml"], "fenix-warbook.yaml")
    assert texts.related(book, "fenix-warbook.yaml", "es") == ([], ["lista.yaml"])
    assert texts.users("fenix-warbook.yaml", "es") == ["lista.yaml"] and texts.read("lista.yaml") == (FILES["lista.yaml"], None)
    version, written = texts.save_begun("lista.yaml", "system: wartime\n", None)
    written()
    assert version is None and texts.files["lista.yaml"] == "system: wartime\n"


def test_a_click_is_made_in_a_folder_of_its_own_gone_once_answered(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    html = building.clicked(PACK_, FILES, "lista.yaml", {"op": "set", "path": '["name"]', "value": "Beta"}, "es")
    assert "name: Beta" in re.search(r'<template id="build-text">(.*?)</template>', html, re.S).group(1)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(Refused):
        building.drawn(PACK_, FILES, "otra.yaml", "[]", "es")


def test_a_renamed_archetype_is_carried_into_the_list_beside_it_and_sent_back_with_the_view():
    """Issue 40's renames on the desk: the Warbook's «Fusilero» renamed, the list recruiting it
    follows, its new text going back with the view for the browser to keep (nothing kept here)."""
    html = building.clicked(PACK_, FILES, "fenix-warbook.yaml",
                            {"op": "set", "path": '["warbook", "characters", 0, "name"]', "value": "Tirador"}, "es")
    after = re.search(r'<template class="carried-text" data-path="lista.yaml" data-after="0">(.*?)</template>', html, re.S)
    assert after is not None and "{character: Tirador, count: 3}" in after.group(1)
    assert "{character: Fusilero" not in after.group(1) and "«Deshacer» los devuelve todos a la vez" in html
    assert FILES["lista.yaml"] == ALFA.decode()  # the texts given are left as they were


def test_the_starting_list_is_the_games_without_a_placeholder_player():
    starts = building.starting(PACK_, "es")
    assert "system: wartime" in starts["roster"] and "player:" not in starts["roster"]
    assert "warbook" in starts
    assert building.kinds(PACK_, "en") == [{"kind": "warbook", "name": "warbook.yaml", "title": "Warbook"}]


def test_the_choices_kept_are_bounded_the_longest_unused_going_first():
    tried = Tried(most=2)
    keys = [Tried.key({"a.yaml": str(n)}, "a.yaml", "[]", "es") for n in range(3)]
    assert len(set(keys)) == 3 and keys[0] == Tried.key({"a.yaml": "0"}, "a.yaml", "[]", "es")
    tried.put(keys[0], 0)
    tried.put(keys[1], 1)
    assert tried.get(keys[0]) == 0  # used: kept over the other
    tried.put(keys[2], 2)
    assert (tried.get(keys[0]), tried.get(keys[1]), tried.get(keys[2]), len(tried)) == (0, None, 2, 2)


HOUSE_PACK = """\
system: cripmaquion
name: Carrera de la casa
house_rules:
  - ban: races/races/elfo
  - add: races/races
    entry: {key: trasgo, name: Trasgo, fue: 2, res: 2, skills: [ligero], section: Casa, summary: Pequeño.}
"""


def test_the_races_a_runner_is_offered_follow_the_events_house_rules(tmp_path):
    """Issue 49: the desk's builder offers what the event's catalogs hold: no banned race, the added one."""
    (tmp_path / "pack.yaml").write_text(HOUSE_PACK, encoding="utf-8")
    pack = load_pack(tmp_path / "pack.yaml")
    files = {"equipo.yaml": "system: cripmaquion\nteam: Casa\nrunners:\n  - {name: Uno, race: orco}\n"}
    html = building.drawn(pack, files, "equipo.yaml", '["runners", 0]', "es")
    select = re.search(r'<select[^>]*>(?:(?!</select>).)*value="orco"(?:(?!</select>).)*</select>', html, re.S).group(0)
    offered = re.findall(r'<option[^>]*value="([^"]*)"', select)
    assert "trasgo" in offered and "elfo" not in offered and "enano" in offered
    book = building.drawn(PACK_, files, "equipo.yaml", '["runners", 0]', "es")  # a pack of another game
    assert 'value="elfo"' in book and 'value="trasgo"' not in book


def test_a_lists_reading_and_its_downloads_say_what_a_page_keeps_of_it():
    """Issue 55: the reading a shared link gets carries the list's check for «Mis listas»; its sheet is
    named after the list (Patrulla Alfa: 178 of the pack's 250 points, legal)."""
    said = building.read_out(PACK_, FILES, "lista.yaml", "es")
    assert said["status"] == {"legal": True, "points": "178", "limit": "250", "measure": "", "text": "LEGAL",
                              "name": "Patrulla Alfa"}
    assert building.exported(PACK_, FILES, "lista.yaml", "xlsx", "es")[2] == "Patrulla-Alfa.xlsx"
    assert building.exported(PACK_, FILES, "fenix-warbook.yaml", "xlsx", "es")[2] == "fenix-warbook.xlsx"
