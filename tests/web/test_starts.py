"""A new part's first values: as its game starts one (named by its kind and a number no other part
of its list has), and moved on to the first choices the rules allow where it goes."""

import shutil
from pathlib import Path

import pytest

from builder.web import texts  # noqa: F401 - the page's words
from builder.web.building import Builder
from builder.serve.workspace import Workspace
from tests.web.test_building import EXAMPLES, click, team, wartime_folder  # noqa: F401 - team: a fixture


def test_a_heros_new_companion_starts_as_one_the_rules_allow(tmp_path):
    """A newcomer gave a hero a companion and the expedition turned ILEGAL at once: it started as an
    animal, and the hero can't train one (no «Adiestrar animal», JOA). The first kind offered that
    breaks nothing is chosen instead: a mercenary."""
    file = tmp_path / "expedicion.yaml"
    file.write_text("system: dungeon-universalis\nname: Sur\nheroes:\n  - name: Clériga\n", encoding="utf-8")
    builder = Builder(Workspace(tmp_path))
    text, _, _ = click(builder, file, {"op": "include", "path": ["heroes", 0, "companion"], "at": ["heroes", 0]})
    view = builder.view(file.name, text, None, ("heroes", 0), "es")
    assert "kind: mercenary" in text and view.evaluation.legal


def test_a_new_runner_is_added_and_shown(team):
    builder, file = team
    text, _, at = click(builder, file, {"op": "add", "path": ["runners"]})
    assert at == ("runners", 8)
    view = builder.view(file.name, text, None, at, "es")
    # The ninth runner: «Corredor 9», named by its kind and number. The first race offered is the elf, but an elf can't line up
    # with the team's brujo (Burujo Potingue): the runner starts as the first race the rules allow.
    assert view.detail.title == "Corredor 9"
    races = [o.value for o in view.detail.children[1].options]
    assert races[:2] == ["elfo", "enano"] and view.detail.children[1].value == "enano"
    assert view.evaluation.legal


def _added(builder, file, path, lang="es"):
    text, _, _ = builder.edit(file.name, file.read_text(encoding="utf-8"), None, {"op": "add", "path": path}, lang)
    view = builder.view(file.name, text, None, (), lang)
    part = view.root
    for key in path:
        part = next(c for c in part.children if c.path[-1] == key)
    return part.children[-1].value, view.evaluation


@pytest.mark.parametrize("example, path, lang, name", [
    ("cripmaquion/grupetto-verde.yaml", ["runners"], "en", "Runner 9"),
    ("wartime/fenix-warbook.yaml", ["warbook", "bodies"], "es", "Arquetipo corporal 3"),
    ("wartime/fenix-warbook.yaml", ["warbook", "bodies"], "en", "Body archetype 3"),
    ("confrontation/artilleria-no-dan-kar.yaml", ["machines"], "es", "Máquina 3"),
    ("dungeon-universalis/criptas.yaml", ["heroes"], "es", "Héroe 4"),
    ("porcrom/lobos-de-zamora.yaml", ["minions"], "es", "Grupo de secuaces 3"),
])
def test_a_new_part_is_named_by_its_kind_and_number_and_breaks_no_rule(tmp_path, example, path, lang, name):
    for file in (EXAMPLES / example).parent.glob("*.yaml"):
        shutil.copy(file, tmp_path / file.name)
    file = tmp_path / Path(example).name
    builder = Builder(Workspace(tmp_path))
    before = {(f.code, tuple(f.place.path or ())) for f in builder.view(file.name, file.read_text(encoding="utf-8"),
                                                                         None, (), lang).evaluation.findings}
    part, ev = _added(builder, file, path, lang)
    assert part["name"] == name and "Nuevo" not in str(part) and "New" not in str(part)
    new = {(f.code, tuple(f.place.path or ())) for f in ev.findings} - before
    if example.startswith("confrontation"):
        # Under the force's points limit (200) a machine needs the cost printed on its card, which no
        # start can know (ruling 44a): that, at the new machine, is the one thing to fill in.
        assert new == {("missing-cost", ("machines", 2))}
    else:
        assert not new  # nothing new to mend, not even a warning


def test_a_new_minion_group_starts_as_the_smallest_group_with_the_books_first_track(tmp_path):
    shutil.copy(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml", tmp_path / "banda.yaml")
    part, ev = _added(Builder(Workspace(tmp_path)), tmp_path / "banda.yaml", ["minions"])
    assert part["count"] == 2 and part["track"] == ["2-2-0", "1-1-0", "0-0-0"] and ev.legal


def test_a_new_name_already_taken_takes_the_next_number(team):
    builder, file = team
    file.write_text(file.read_text(encoding="utf-8").replace("Gengis, race", "Corredor 9, race"), encoding="utf-8")
    part, _ = _added(builder, file, ["runners"])
    assert part["name"] == "Corredor 10"


def test_a_new_squad_starts_with_the_member_it_needs_and_the_list_keeps_its_total(tmp_path):
    builder = wartime_folder(tmp_path)
    file = tmp_path / "compania-fenix.yaml"
    text, _, at = click(builder, file, {"op": "add", "path": ["squads"]})
    view = builder.view(file.name, text, None, at, "es")
    # A squad has at least one member (the models' minItems): it starts with the Warbook's first
    # character, Fusilero (40), so the list is still counted: 283 + 40 = 323 points.
    assert view.evaluation.points == 283 + 40
    assert "members: [{character: Fusilero}]" in text


def test_an_event_s_starting_list_names_nothing_its_house_rules_ban(tmp_path):
    from builder.core import registry
    from builder.events.packs import load_pack
    from builder.web.starts import under_house_rules
    from tests.core.test_house_rules import CRIPMAQUION

    (tmp_path / "casa.yaml").write_text(CRIPMAQUION, encoding="utf-8")
    pack = load_pack(tmp_path / "casa.yaml")
    game = registry.get("cripmaquion")
    book = game.starting_roster("es")
    assert "race: elfo" in book  # the book's starting team has an elf; the event bans elves
    started = under_house_rules(game, pack, book)
    assert "race: elfo" not in started and "race: enano" in started  # the first race the page offers instead
    assert started.replace("race: enano, specialties: [cazavictorias]", "race: elfo, specialties: [cazavictorias]") == book
    assert under_house_rules(game, None, book) == book
