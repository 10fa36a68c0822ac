"""A click becomes an edit of the roster's file, checked again as `builder check` checks it."""

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.web import texts  # noqa: F401 - the page's words
from builder.web.building import Builder, path_of
from builder.serve.workspace import Refused, Workspace, version_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def team(tmp_path):
    shutil.copy(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", tmp_path / "grupetto.yaml")
    return Builder(Workspace(tmp_path)), tmp_path / "grupetto.yaml"


def click(builder, file, action):
    text = file.read_text(encoding="utf-8")
    return builder.edit(file.name, text, version_of(text.encode()), action, "es")


def test_a_choice_is_written_into_the_file_in_place_and_saved(team):
    builder, file = team
    before = file.read_text(encoding="utf-8")
    text, version, at = click(builder, file, {"op": "set", "path": ["runners", 4, "race"], "value": "troll",
                                              "at": ["runners", 4]})
    assert file.read_text(encoding="utf-8") == text == before.replace("Gengis, race: ogro", "Gengis, race: troll")
    assert version == version_of(text.encode()) and at == ("runners", 4)
    assert text.startswith("# El Grupetto verde")   # the comment at its head stays


def test_removing_a_runner_shows_the_same_part_one_place_up(team):
    builder, file = team
    text, _, at = click(builder, file, {"op": "remove", "path": ["runners", 0], "at": ["runners", 5]})
    assert at == ("runners", 4) and "Gnatte Franzs, race" not in text
    _, _, at = click(builder, file, {"op": "remove", "path": ["runners", 4], "at": ["runners", 4]})
    assert at == ()


def test_numbers_are_written_as_numbers_and_an_empty_optional_field_is_left_out(tmp_path):
    shutil.copy(EXAMPLES / "wartime" / "compania-fenix.yaml", tmp_path / "lista.yaml")
    shutil.copy(EXAMPLES / "wartime" / "fenix-warbook.yaml", tmp_path / "fenix-warbook.yaml")
    builder, file = Builder(Workspace(tmp_path)), tmp_path / "lista.yaml"
    text, _, _ = click(builder, file, {"op": "set", "path": ["points_limit"], "value": "250"})
    assert "points_limit: 250\n" in text
    text, _, _ = click(builder, file, {"op": "set", "path": ["points_limit"], "value": ""})
    assert "points_limit" not in text
    text, _, _ = click(builder, file, {"op": "set", "path": ["formations"], "value": "true"})
    assert "formations: true" in text


def test_a_file_changed_on_disk_is_never_overwritten(team):
    builder, file = team
    text = file.read_text(encoding="utf-8")
    file.write_text(text + "# otro\n", encoding="utf-8")
    with pytest.raises(Refused) as refused:
        builder.edit(file.name, text, version_of(text.encode()), {"op": "add", "path": ["runners"]}, "es")
    assert refused.value.status == 409 and file.read_text(encoding="utf-8").endswith("# otro\n")


def test_a_roster_that_cannot_be_read_is_shown_as_such_and_not_edited(team):
    builder, file = team
    view = builder.view(file.name, "system: cripmaquion\nrunners: [\n", None, (), "es")
    assert view.unreadable is not None and view.detail is None
    with pytest.raises(Refused):
        builder.edit(file.name, "runners: [\n", None, {"op": "add", "path": ["runners"]}, "es")


@pytest.mark.parametrize("raw", [["runners"] * 13, [None], [True], ["x" * 201], "not json", {"a": 1}])
def test_a_path_the_page_sends_is_held_to_keys_and_positions(raw):
    with pytest.raises(Refused):
        path_of(raw)


def test_a_path_may_come_written_as_json():
    assert path_of('["runners", 2]') == ("runners", 2) and path_of("") == ()


# Keys and positions the team has, mostly, and some it hasn't.
keys = st.one_of(st.sampled_from(["runners", "lineup", "team", "race", "name", "specialties", "player", "x"]),
                 st.integers(-2, 12), st.text(max_size=5))
paths = st.one_of(st.tuples(st.just("runners"), st.integers(-1, 9), st.sampled_from(["race", "name", "specialties"]))
                  .map(list), st.lists(keys, max_size=5))
values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(), st.text(max_size=30)),
                      lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                      max_leaves=6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(op=st.sampled_from(["set", "add", "remove", "variant", "include", "move", ""]),
       path=paths, value=values, at=st.lists(keys, max_size=4))
def test_whatever_a_page_sends_is_made_or_refused_never_a_bug(team, op, path, value, at):
    builder, file = team
    text = file.read_text(encoding="utf-8")
    try:
        new, _, shown = builder.edit(file.name, text, None, {"op": op, "path": path, "value": value, "at": at}, "es")
    except Refused:
        return
    builder.view(file.name, new, None, shown, "es")   # and the page can show what it made


def wartime_folder(tmp_path):
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(EXAMPLES / "wartime" / name, tmp_path / name)
    return Builder(Workspace(tmp_path))


def test_a_name_the_game_offers_no_choice_for_is_typed_in_beside_the_choices(tmp_path):
    shutil.copy(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml", tmp_path / "lobos.yaml")
    builder, file = Builder(Workspace(tmp_path)), tmp_path / "lobos.yaml"
    view = builder.view(file.name, file.read_text(encoding="utf-8"), None, ("characters", 1), "es")
    weapons = next(n for n in view.detail.walk() if n.path == ("characters", 1, "weapons"))
    assert weapons.free and "jabalina" in [o.value for o in weapons.options]
    # «jabalinas», as the book writes it (the game reads it as «jabalina»): typed, it is the one added.
    text, _, _ = click(builder, file, {"op": "add", "path": ["characters", 1, "weapons"], "value": "espada",
                                       "other": "jabalinas"})
    assert "weapons: [lanza, jabalinas, jabalinas]" in text
    text, _, _ = click(builder, file, {"op": "add", "path": ["characters", 1, "weapons"], "value": "espada",
                                       "other": "  "})
    assert "weapons: [lanza, jabalinas, jabalinas, espada]" in text


def test_a_tables_new_name_starts_with_a_value_of_its_own_type(tmp_path):
    shutil.copy(EXAMPLES / "confrontation" / "artilleria-no-dan-kar.yaml", tmp_path / "artilleria.yaml")
    builder, file = Builder(Workspace(tmp_path)), tmp_path / "artilleria.yaml"
    text, _, _ = click(builder, file, {"op": "add", "path": ["machines", 1, "substitutes"], "value": "movimiento"})
    # A new entry of a table starts at one, a number of its own type (not the name «movimiento»).
    assert "substitutes: {tiro: 3, disciplina: 3, movimiento: 1}" in text
    view = builder.view(file.name, text, None, ("machines", 1), "es")
    entry = next(n for n in view.detail.walk() if n.path == ("machines", 1, "substitutes", "movimiento"))
    # The table's names (movimiento, iniciativa…) are no choices for the number it holds.
    assert entry.kind == "number" and entry.options == []


def test_a_roster_whose_warbook_file_is_not_there_yet_is_still_a_form_to_mend(tmp_path):
    builder = wartime_folder(tmp_path)
    file = tmp_path / "compania-fenix.yaml"
    text = file.read_text(encoding="utf-8").replace("warbook: fenix-warbook.yaml", "warbook: Nuevo 1")
    file.write_text(text, encoding="utf-8")
    view = builder.view(file.name, text, None, (), "es")
    assert view.unreadable is not None and view.evaluation is None
    warbook = next(n for n in view.detail.walk() if n.path == ("warbook",))
    # The name written stays shown, beside the folder's Warbooks to choose instead.
    assert warbook.kind == "select" and warbook.value == "Nuevo 1"
    assert [o.value for o in warbook.options] == ["Nuevo 1", "fenix-warbook.yaml"]
    text, _, _ = click(builder, file, {"op": "set", "path": ["warbook"], "value": "fenix-warbook.yaml"})
    view = builder.view(file.name, text, None, (), "es")
    assert view.unreadable is None and view.evaluation.legal


def test_a_runner_renamed_takes_the_lineup_with_it_in_one_change(tmp_path):
    shutil.copy(EXAMPLES / "cripmaquion" / "saqueadores-rio-lobo.yaml", tmp_path / "saqueadores.yaml")
    builder, file = Builder(Workspace(tmp_path)), tmp_path / "saqueadores.yaml"
    before = file.read_text(encoding="utf-8")
    text, _, _ = click(builder, file, {"op": "set", "path": ["runners", 1, "name"], "value": "Ramsés",
                                       "at": ["runners", 1]})
    assert file.read_text(encoding="utf-8") == text == before.replace("Ram Amón", "Ramsés")
    assert builder.view(file.name, text, None, (), "es").evaluation.legal


def test_an_archetype_renamed_is_recruited_by_its_new_name(tmp_path):
    shutil.copy(EXAMPLES / "wartime" / "columna-blindada.yaml", tmp_path / "columna.yaml")
    builder, file = Builder(Workspace(tmp_path)), tmp_path / "columna.yaml"
    before = file.read_text(encoding="utf-8")
    text, _, _ = click(builder, file, {"op": "set", "path": ["warbook", "weapons", 1, "name"], "value": "MG 42"})
    assert text == before.replace("Ametralladora", "MG 42")   # comments and layout as they were
    text, _, _ = click(builder, file, {"op": "set", "path": ["warbook", "characters", 0, "name"], "value": "Jefe"})
    assert text.count("Jefe de carro") == 0 and "character: Jefe\n" in text
    assert builder.view(file.name, text, None, (), "es").evaluation.legal


def test_the_warbook_field_offers_the_folders_warbooks_by_name_or_one_written_in_the_list(tmp_path):
    builder = wartime_folder(tmp_path)
    file = tmp_path / "compania-fenix.yaml"
    view = builder.view(file.name, file.read_text(encoding="utf-8"), None, (), "es")
    warbook = next(n for n in view.detail.walk() if n.path == ("warbook",))
    assert warbook.kind == "select"
    assert [(o.value, o.label) for o in warbook.options] == [("fenix-warbook.yaml", "Warbook Fénix · fenix-warbook.yaml")]
    assert [v.label for v in warbook.variants] == ["un Warbook en otro archivo", "escrito en esta lista"]
    # Written in the list first, then back to a file: the folder's Warbook, never «Nuevo 1».
    text, _, _ = click(builder, file, {"op": "variant", "path": ["warbook"], "value": "1"})
    text, _, _ = click(builder, file, {"op": "variant", "path": ["warbook"], "value": "0"})
    assert "warbook: fenix-warbook.yaml\n" in text
