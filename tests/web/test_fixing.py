"""What an event's pack fixes is shown as the event's: the pack's value, read-only, «fijado por el
evento», never the list's own value the check does not use; and a click can't change it."""

import shutil
from pathlib import Path

import pytest

from builder.events.packs import load_pack
from builder.serve.workspace import Refused, Workspace, version_of
from builder.web.building import Builder
from builder.web.pages import render_build

ROOT = Path(__file__).resolve().parents[2]
AUTUMN = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"


def pack_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pack" / "evento.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    return path


def shown(builder: Builder, folder: Path, name: str, lang: str = "es") -> tuple[object, str]:
    text = (folder / name).read_text(encoding="utf-8")
    view = builder.view(name, text, version_of(text.encode()), (), lang)
    return view, render_build(view, lang)


def fields(view) -> dict[str, object]:
    return {node.path: node for node in view.detail.walk()}


def test_a_wartime_list_shows_the_events_limit_and_restrictions_not_its_own(tmp_path):
    folder = tmp_path / "listas"
    folder.mkdir()
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(ROOT / "examples" / "wartime" / name, folder / name)
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    (folder / "compania-fenix.yaml").write_text(text.replace("points_limit: 300", "points_limit: 100"), encoding="utf-8")
    builder = Builder(Workspace(folder, pack=load_pack(AUTUMN)))
    view, page = shown(builder, folder, "compania-fenix.yaml")
    by_path = fields(view)
    limit = by_path[("points_limit",)]
    assert limit.fixed and limit.value == 250
    assert by_path[("restrictions", "max_models")].value == 12 and by_path[("restrictions", "max_models")].fixed
    # Read-only: no control for what the event fixes; its value and the words that say whose it is.
    assert 'id="f-points_limit"' in page and '<input type="number" inputmode="numeric" id="f-points_limit"' not in page
    assert "Límite de puntos</span> <strong class=\"value\">250</strong>" in page and "fijado por el evento" in page
    assert "<dt>Miniaturas como máximo</dt> <dd>12</dd>" in page and "<dt>Nivel máximo</dt> <dd>25</dd>" in page
    assert "<dd>100</dd>" not in page and 'value="100"' not in page
    assert "Restricciones" in page and 'hx-vals=\'{"at": [], "op": "set", "path": ["restrictions"' not in page
    english = render_build(builder.view("compania-fenix.yaml", text, None, (), "en"), "en")
    assert "set by the event" in english and "fijado" not in english


def test_the_list_still_edits_what_the_event_leaves_to_it(tmp_path):
    folder = tmp_path / "listas"
    folder.mkdir()
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(ROOT / "examples" / "wartime" / name, folder / name)
    builder = Builder(Workspace(folder, pack=load_pack(AUTUMN)))
    view, page = shown(builder, folder, "compania-fenix.yaml")
    assert not fields(view)[("name",)].fixed and '<input id="f-name"' in page
    text = (folder / "compania-fenix.yaml").read_text(encoding="utf-8")
    for path in (["points_limit"], ["restrictions", "max_models"], ["restrictions"]):
        with pytest.raises(Refused) as refused:
            builder.edit("compania-fenix.yaml", text, version_of(text.encode()), {"op": "set", "path": path, "value": "999"}, "es")
        assert refused.value.code == "serve-fixed-by-event" and refused.value.status == 422
    assert (folder / "compania-fenix.yaml").read_text(encoding="utf-8") == text
    builder.edit("compania-fenix.yaml", text, version_of(text.encode()), {"op": "set", "path": ["name"], "value": "Otra"}, "es")
    assert "name: Otra" in (folder / "compania-fenix.yaml").read_text(encoding="utf-8")


def test_without_a_pack_every_value_is_the_lists_to_edit(tmp_path):
    folder = tmp_path / "listas"
    folder.mkdir()
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(ROOT / "examples" / "wartime" / name, folder / name)
    view, page = shown(Builder(Workspace(folder)), folder, "compania-fenix.yaml")
    assert not any(node.fixed for node in view.detail.walk()) and "fijado por el evento" not in page
    assert 'id="f-points_limit" name="value"' in page


def test_a_dungeon_universalis_expedition_shows_the_events_leader_pv(tmp_path):
    folder = tmp_path / "listas"
    folder.mkdir()
    text = (ROOT / "examples" / "dungeon-universalis" / "criptas.yaml").read_text(encoding="utf-8")
    (folder / "criptas.yaml").write_text(text.replace("leader_pv: 12", "leader_pv: 10"), encoding="utf-8")
    pack = load_pack(pack_file(tmp_path, "system: dungeon-universalis\nname: Noche de mazmorras\nleader_pv: 12\n"))
    view, page = shown(Builder(Workspace(folder, pack=pack)), folder, "criptas.yaml")
    pv = fields(view)[("leader_pv",)]
    assert pv.fixed and pv.value == 12 and "fijado por el evento" in page
    assert '<strong class="value">12</strong>' in page and '<strong class="value">10</strong>' not in page
    assert not fields(view)[("repeat_scenario",)].fixed  # the pack leaves it to the list


def test_a_cripmaquion_events_runners_per_lineup_is_listed_as_the_events_rule(tmp_path):
    folder = tmp_path / "listas"
    folder.mkdir()
    shutil.copy(ROOT / "examples" / "cripmaquion" / "grupetto-verde.yaml", folder / "grupetto.yaml")
    pack = load_pack(pack_file(tmp_path, "system: cripmaquion\nname: Copa\nrunners_per_team: 6\n"))
    view, page = shown(Builder(Workspace(folder, pack=pack)), folder, "grupetto.yaml")
    assert view.event_rules == [("Corredores por alineación", "6")]
    assert 'id="event-rules"' in page and "Corredores por alineación: <strong>6</strong>" in page
    english = render_build(Builder(Workspace(folder, pack=pack)).view("grupetto.yaml", (folder / "grupetto.yaml").read_text(encoding="utf-8"), None, (), "en"), "en")
    assert "The event sets:" in english and "Runners per lineup: <strong>6</strong>" in english
