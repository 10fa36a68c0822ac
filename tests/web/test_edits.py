"""The page's changes land in the YAML text where they belong, and nowhere else."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.web.edits import Edit, EditRefused, apply, change, render

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

GRUPETTO = """\
# A team for the page's tests.
system: cripmaquion
team: El Grupetto verde   # the team's name
runners:
  - {name: Gnatte Franzs, race: goblin, specialties: [cripmaqueta]}
  # the big one
  - {name: Arcada, race: troll, specialties: []}
lineup: [Gnatte Franzs,
         Arcada]
"""


def test_a_value_changes_in_its_place_and_every_comment_stays():
    out = apply(GRUPETTO, Edit("set", ("runners", 1, "race"), "ogro"))
    assert out == GRUPETTO.replace("race: troll", "race: ogro")


def test_an_item_joins_a_block_list_at_its_indentation():
    out = apply(GRUPETTO, Edit("append", ("runners",), {"name": "Gorko", "race": "orco", "specialties": []}))
    assert out == GRUPETTO.replace("specialties: []}\n", "specialties: []}\n  - {name: Gorko, race: orco, specialties: []}\n")


def test_an_item_joins_a_flow_list_that_spans_two_lines():
    out = apply(GRUPETTO, Edit("append", ("lineup",), "Gorko"))
    assert out.endswith("lineup: [Gnatte Franzs,\n         Arcada, Gorko]\n")


def test_an_item_goes_with_its_own_line_and_the_comment_above_the_next_stays():
    out = apply(GRUPETTO, Edit("remove", ("runners", 0)))
    assert "Gnatte Franzs, race" not in out
    assert "  # the big one\n  - {name: Arcada" in out
    assert out.startswith("# A team for the page's tests.\n")


def test_a_missing_key_is_added_after_the_mapping_it_belongs_to():
    out = apply(GRUPETTO, Edit("set", ("player",), "Ana"))
    assert out == GRUPETTO + "player: Ana\n"
    wartime = "system: wartime\nsquads:\n  - name: Alfa\n    members: []\n  - name: Bravo\n    members: []\n"
    out = apply(wartime, Edit("set", ("squads", 0, "transport"), "Moto"))
    assert out == wartime.replace("members: []\n  - name: Bravo", "members: []\n    transport: Moto\n  - name: Bravo")


def test_the_last_item_leaves_an_empty_list_not_a_missing_one():
    text = "system: x\nrunners:\n  - a\nteam: t\n"
    assert yaml.safe_load(apply(text, Edit("remove", ("runners", 0))))["runners"] == []


def test_a_text_that_yaml_would_read_as_something_else_is_quoted():
    for value in ("12", "true", "a: b", "#1", " x", "null", "Ana María «la Roja»", "line\nbreak", "2-2-0", ""):
        assert yaml.safe_load(f"k: {render(value)}")["k"] == value, value


def test_anchors_are_refused_rather_than_changing_every_place_they_are_used():
    with pytest.raises(EditRefused) as refused:
        apply("system: x\na: &n 1\nb: *n\n", Edit("set", ("a",), 2))
    assert refused.value.code == "edit-anchors"


def test_a_path_that_is_not_there_is_refused():
    for edit in (Edit("set", ("runners", 9, "race"), "x"), Edit("remove", ("nothing",)),
                 Edit("append", ("team",), "x"), Edit("move", ("team",))):
        with pytest.raises(EditRefused):
            apply(GRUPETTO, edit)


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.yaml")), ids=lambda p: p.name)
def test_every_example_takes_a_change_to_its_first_list_and_keeps_the_rest_byte_for_byte(path):
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        with pytest.raises(EditRefused):  # the event's broken example
            apply(text, Edit("set", ("name",), "x"))
        return
    lists = [k for k, v in data.items() if isinstance(v, list) and v]
    # The last item of its first list goes; a file with no list at its top (a Warbook) is renamed.
    edit = Edit("remove", (lists[0], len(data[lists[0]]) - 1)) if lists else Edit("set", ("name",), "Otro")
    out = apply(text, edit)
    assert yaml.safe_load(out) == change(data, edit)
    # Every comment line of the file is still there.
    assert [line for line in text.splitlines() if line.lstrip().startswith("#")][:3] == \
        [line for line in out.splitlines() if line.lstrip().startswith("#")][:3]


# -- the law: the edited text reads as the old data with the change made ---------------------------

names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=8)
scalars = st.one_of(names, st.integers(-1000, 1000), st.booleans(), st.none())
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(names, inner, max_size=3)), max_leaves=8)
documents = st.dictionaries(names, values, min_size=1, max_size=4)


def places(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from places(v, path + (i,))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.sampled_from([False, True, None]), st.data())
def test_any_change_reads_back_as_the_change(data, flow, draw):
    text = "# kept\n" + yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True, sort_keys=False)
    where = [p for p in places(data) if p]
    path = draw.draw(st.sampled_from(where))
    op = draw.draw(st.sampled_from(["set", "remove", "append"]))
    edit = Edit(op, path, draw.draw(values))
    try:
        expected = change(data, edit)
    except EditRefused:
        with pytest.raises(EditRefused):
            apply(text, edit)
        return
    try:
        out = apply(text, edit)
    except EditRefused as refused:
        # A list item on its parent item's line (`- - a`): no roster is written so, and the page
        # sends such a file to the YAML tab rather than guess.
        assert refused.code == "edit-shared-line"
        return
    assert yaml.safe_load(out) == expected
    assert out.startswith("# kept\n")


def test_a_block_replaced_whole_takes_its_last_lines_comment_with_it():
    text = "system: x\nwarbook:\n  bodies:\n    - {name: A}   # about A\nsquads: []   # kept\n"
    out = apply(text, Edit("set", ("warbook",), "libro.yaml"))
    assert out == "system: x\nwarbook: libro.yaml\nsquads: []   # kept\n"


def test_a_block_replaced_by_a_value_keeps_its_keys_comment_on_the_keys_line():
    # The starting list's `warbook:` explains itself in a comment; choosing a Warbook's file keeps
    # it beside the key, where it was, not under the new value.
    text = ("name: Mi compañía        # el nombre\n"
            "warbook:                 # tus arquetipos; o la ruta de un archivo con ellos\n"
            "  bodies:                # de 1 a 10\n"
            "    - {name: A}          # la peana\n"
            "squads: []               # kept\n")
    out = apply(text, Edit("set", ("warbook",), "fenix-warbook.yaml"))
    assert out == ("name: Mi compañía        # el nombre\n"
                   "warbook: fenix-warbook.yaml # tus arquetipos; o la ruta de un archivo con ellos\n"
                   "squads: []               # kept\n")
    inner = apply("a:\n  warbook:   # c\n    - x\n  b: 1\n", Edit("set", ("a", "warbook"), "w.yaml"))
    assert inner == "a:\n  warbook: w.yaml # c\n  b: 1\n"


@pytest.mark.parametrize("name", ["new-roster.es.yaml", "new-roster.en.yaml"])
def test_choosing_a_warbook_file_in_the_starting_list_moves_no_comment(name):
    text = (EXAMPLES.parent / "templates" / "wartime" / name).read_text(encoding="utf-8")
    out = apply(text, Edit("set", ("warbook",), "fenix-warbook.yaml"))
    warbook_line = next(line for line in out.splitlines() if line.startswith("warbook:"))
    assert warbook_line.startswith("warbook: fenix-warbook.yaml ") and "#" in warbook_line
    original = next(line for line in text.splitlines() if line.startswith("warbook:"))
    assert warbook_line.index("#") == original.index("#")  # the comment keeps its column
    assert [line for line in out.splitlines() if line.lstrip().startswith("#")] == \
        [line for line in text.splitlines() if line.lstrip().startswith("#")]


@pytest.mark.parametrize("edit", [Edit("set", ("team",), "a\ud800"), Edit("append", ("runners",), {"name": "\udfff"}),
                                  Edit("set", ("extra\ud800",), 1)])
def test_half_a_surrogate_pair_is_refused_as_a_value_no_file_can_hold(edit):
    with pytest.raises(EditRefused) as refused:
        apply(GRUPETTO, edit)
    assert refused.value.code == "edit-bad-value"
