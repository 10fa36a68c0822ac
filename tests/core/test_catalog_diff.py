"""What changed from one edition of a game's catalogs to another, as records: the comparison is of
the data (never of comments or layout), entries are matched by what names them, positions count
as the books' tables are read."""

import datetime as dt
from pathlib import Path

import pytest

from builder.core import registry
from builder.core.catalog_diff import Change, Step, compare, differences
from builder.core.editions import Edition

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = ROOT / "tests" / "core" / "data" / "editions"


@pytest.fixture
def wartime(monkeypatch):
    """Wartime's editions with the made-up 2027-prueba installed: (2026, 2027-prueba)."""
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    installed = {e.name: e for e in registry.get("wartime").editions()}
    return installed["2026"], installed["2027-prueba"]


def edition(folder: Path, name: str, files: dict[str, str]) -> Edition:
    folder.mkdir(parents=True)
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    return Edition("juego", name, dt.date(2030, 1, 1), folder)


def changed(*path, before, after) -> tuple:
    return ("changed", "costs.yaml", list(path), before, after)


def test_the_made_up_edition_changes_four_numbers_and_nothing_else(wartime):
    old, new = wartime
    found = [(c.kind, c.file, c.path, c.before, c.after) for c in compare(old, new)]
    # The attribute table's 5th and 6th values (positions 4 and 5 counted from 0) cost 4 and 6 in
    # 2026 and 5 and 8 in 2027-prueba; grade's 2nd (position 1) 10 and then 12; a weapon reaches
    # at most 5 times its damage, then 4. Nothing else differs: the comments that do are no data.
    assert found == [changed("tables", "attribute", "costs", 4, before=4, after=5),
                     changed("tables", "attribute", "costs", 5, before=6, after=8),
                     changed("tables", "grade", "costs", 1, before=10, after=12),
                     changed("rates", "max_range_per_damage", before=5, after=4)]
    assert [c.steps[-1] for c in compare(old, new)][:3] == [Step("value", 4), Step("value", 5), Step("value", 1)]


def test_the_other_way_round_each_change_is_undone(wartime):
    old, new = wartime
    there = [(c.path, c.before, c.after) for c in compare(old, new)]
    back = [(c.path, c.before, c.after) for c in compare(new, old)]
    assert back == [(path, after, before) for path, before, after in there]


def test_an_edition_against_itself_has_no_change(wartime):
    assert compare(wartime[0], wartime[0]) == []


def test_comments_and_layout_are_no_change(tmp_path):
    old = edition(tmp_path / "a", "a", {"t.yaml": "# old\nrates: {k: 5}   # five\nlist: [1, 2]\n"})
    new = edition(tmp_path / "b", "b", {"t.yaml": "rates:\n  k: 5\nlist:\n  - 1  # one\n  - 2\n"})
    assert compare(old, new) == []


def test_files_added_and_removed_are_named(tmp_path):
    old = edition(tmp_path / "a", "a", {"one.yaml": "x: 1\n", "two.yaml": "y: 2\n"})
    new = edition(tmp_path / "b", "b", {"one.yaml": "x: 1\n", "three.yml": "z: 3\n", "edition.yaml": "name: b\n"})
    assert compare(old, new) == [Change("added", "three.yml", ()), Change("removed", "two.yaml", ())]


def test_entries_are_matched_by_their_key_and_named_by_their_name():
    before = {"races": [{"key": "elfo", "name": "Elfo", "fue": 3, "res": 2},
                        {"key": "enano", "name": "Enano", "fue": 3, "res": 5},
                        {"key": "goblin", "name": "Goblin", "fue": 2, "res": 1}]}
    after = {"races": [{"key": "orco", "name": "Orco", "fue": 3, "res": 3},
                       {"key": "elfo", "name": "Elfo", "fue": 4, "res": 2},
                       {"key": "enano", "name": "Enano", "fue": 3, "res": 5}]}
    found = differences("races.yaml", before, after)
    elfo, races = Step("entry", "elfo", "Elfo"), Step("field", "races")
    # The orco comes first now, but the elfo and the enano keep their order: no order changed.
    assert found == [Change("changed", "races.yaml", (races, elfo, Step("field", "fue")), 3, 4),
                     Change("removed", "races.yaml", (races, Step("entry", "goblin", "Goblin")), before["races"][2]),
                     Change("added", "races.yaml", (races, Step("entry", "orco", "Orco")), after=after["races"][0])]
    assert found[0].path == ["races", "elfo", "fue"]


def test_without_a_key_an_entry_is_named_by_its_name_or_its_kind():
    by_name = differences("f.yaml", [{"name": "Pesada", "range": 3}], [{"name": "Pesada", "range": 4}])
    assert by_name == [Change("changed", "f.yaml", (Step("entry", "Pesada", "Pesada"), Step("field", "range")), 3, 4)]
    by_kind = differences("f.yaml", [{"kind": "pistola", "range": 6}], [{"kind": "pistola", "range": 8}])
    assert by_kind[0].path == ["pistola", "range"] and by_kind[0].steps[0].label == "pistola"
    # Two entries with one name name neither: they are compared by position.
    twice = differences("f.yaml", [{"name": "A", "v": 1}, {"name": "A", "v": 2}], [{"name": "A", "v": 1}, {"name": "A", "v": 3}])
    assert twice == [Change("changed", "f.yaml", (Step("item", 1), Step("field", "v")), 2, 3)]


def test_a_list_of_texts_gains_and_loses_members_and_may_change_order():
    found = differences("f.yaml", {"skills": ["prisa", "rodar"]}, {"skills": ["rodar", "zancadilla"]})
    skills = Step("field", "skills")
    assert found == [Change("removed", "f.yaml", (skills, Step("member", "prisa")), before="prisa"),
                     Change("added", "f.yaml", (skills, Step("member", "zancadilla")), after="zancadilla")]
    swapped = differences("f.yaml", {"skills": ["a", "b"]}, {"skills": ["b", "a"]})
    assert swapped == [Change("changed", "f.yaml", (skills,), ["a", "b"], ["b", "a"], order=True)]


def test_a_table_of_numbers_is_read_by_position_and_may_grow_or_shrink():
    grown = differences("f.yaml", {"costs": [1, 2]}, {"costs": [1, 3, 5]})
    costs = Step("field", "costs")
    assert grown == [Change("changed", "f.yaml", (costs, Step("value", 1)), 2, 3),
                     Change("added", "f.yaml", (costs, Step("value", 2)), after=5)]
    shrunk = differences("f.yaml", {"costs": [1, 3, 5]}, {"costs": [1, 3]})
    assert shrunk == [Change("removed", "f.yaml", (costs, Step("value", 2)), before=5)]


def test_keys_added_and_removed_and_a_value_of_another_type():
    found = differences("f.yaml", {"a": 1, "b": 2, "c": True}, {"a": 1.0, "c": 1, "d": {"x": 1}})
    assert found == [Change("changed", "f.yaml", (Step("field", "a"),), 1, 1.0),
                     Change("removed", "f.yaml", (Step("field", "b"),), before=2),
                     Change("changed", "f.yaml", (Step("field", "c"),), True, 1),
                     Change("added", "f.yaml", (Step("field", "d"),), after={"x": 1})]
    assert differences("f.yaml", {"t": [1, 2]}, {"t": {"x": 1}}) == [
        Change("changed", "f.yaml", (Step("field", "t"),), [1, 2], {"x": 1})]
