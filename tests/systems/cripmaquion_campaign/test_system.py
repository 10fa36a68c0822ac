"""The campaign's hooks for the page's forms: the runners a day may name, the notes beside each
team, day, place, KO and summit, and a label for every key of the file."""

from __future__ import annotations

import shutil

import pytest

from builder.core import registry
from builder.core.pipeline import evaluate
from builder.systems.cripmaquion_campaign.system import NOTE_MOST, RUNNER_FIELDS
from tests.book_cases import EXAMPLES
from tests.support import codes

SYSTEM = registry.get("cripmaquion-campaign")
"""The plugin as the page gets it: loaded by the registry, its messages with it."""
AMAUTA = EXAMPLES / "cripmaquion" / "infierno-de-amauta.yaml"


@pytest.fixture(scope="module")
def amauta():
    return evaluate(AMAUTA, AMAUTA.name)


def test_the_runners_offered_are_those_the_teams_line_up(amauta):
    offered = SYSTEM.choices(amauta.source.data, amauta, "es")
    names = [value for value, _ in offered["stages/*/finish/*"]]
    # The Saqueadores line up 6 of their 8 (Geldian and Alcantarillo stay out); the Grupetto, with no
    # lineup, all 8: 6 + 8 = 14.
    assert len(names) == 6 + 8
    assert "Geldian" not in names and "Alcantarillo" not in names
    assert dict(offered["stages/*/kos/*/victim"])["Gnatte Franzs"] == "Gnatte Franzs · El Grupetto verde"
    assert all(offered[field] == offered["stages/*/finish/*"] for field in RUNNER_FIELDS)


def test_every_choice_offered_is_one_a_day_accepts(tmp_path, amauta):
    offered = SYSTEM.choices(amauta.source.data, amauta, "es")
    for team in amauta.source.data["teams"]:
        shutil.copy(AMAUTA.parent / team, tmp_path / team)
    names = [value for value, _ in offered["stages/*/finish/*"]]
    kos = [f"      - {{by: {names[0]}, victim: {names[-1]}, attack: {attack}, turn: {turn}}}"
           for turn, (attack, _) in enumerate(offered["stages/*/kos/*/attack"], start=1)]
    summits = [f"      - {{category: {category}, order: [{', '.join(names)}]}}"
               for category, _ in offered["stages/*/summits/*/category"]]
    path = tmp_path / "campana.yaml"
    path.write_text("system: cripmaquion-campaign\nname: Prueba\n"
                    f"teams: [{', '.join(amauta.source.data['teams'])}]\n"
                    f"stages:\n  - name: J1\n    finish: [{', '.join(names)}]\n    kos:\n"
                    + "\n".join(kos) + "\n    summits:\n" + "\n".join(summits) + "\n", encoding="utf-8")
    ev = evaluate(path, "campana.yaml")
    assert "campaign-unknown-runner" not in codes(ev) and "invalid-field" not in codes(ev)
    assert ev.details is not None


def test_the_kinds_of_ko_and_the_summits_are_labelled_in_the_language():
    es, en = SYSTEM.choices({}, None, "es"), SYSTEM.choices({}, None, "en")
    # §11.3.1 scores «KO por DT» and «otros KO»; §11.3.2 has bronze, silver and gold summits.
    assert [v for v, _ in es["stages/*/kos/*/attack"]] == ["dt", "other"]
    assert dict(es["stages/*/summits/*/category"]) == {"bronce": "cumbre de bronce", "plata": "cumbre de plata",
                                                       "oro": "cumbre de oro"}
    assert dict(en["stages/*/summits/*/category"])["oro"] == "gold summit"


@pytest.mark.parametrize("data", [None, [], "texto", {"teams": 3}])
def test_without_a_check_no_runner_is_offered(data):
    offered = SYSTEM.choices(data, None, "es")
    assert not any(field in offered for field in RUNNER_FIELDS)
    assert "teams/*" not in offered  # files, typed in


@pytest.mark.book
def test_the_notes_of_el_infierno_de_amauta(amauta):
    notes = SYSTEM.notes(amauta, "es")
    assert notes["teams/0"] == f"6 corredores alineados · {amauta.details['teams'][0]['fingerprint']}"
    assert notes["teams/1"].startswith("8 corredores alineados · CQ-")
    # Day 1: 12 of the 14 runners arrive; Ram Amón and Burujo Potingue are eliminated.
    assert notes["stages/0"] == "12 en meta · 2 eliminados"
    # §11.1.1: 1º 25 Cq., 2º 18 Cq., 10º 1 Cq.; the 11th scores nothing.
    assert notes["stages/0/finish/0"] == "25 cripmaquiazos"
    assert notes["stages/0/finish/1"] == "18 cripmaquiazos"
    assert notes["stages/0/finish/9"] == "1 cripmaquiazo"
    assert notes["stages/0/finish/10"] == "0 cripmaquiazos"
    # §11.3.1: Gurtlutz knocks out Ram Amón (momia, RES 4) by DT: 4 p.; in the same TP Sangrefría
    # (esqueleto, RES 1) by DT, 1 p., and «únicamente se puntuará un KO por TP (el de mayor valor)».
    assert notes["stages/0/kos/0"] == "4 puntos de dureza"
    assert notes["stages/0/kos/1"] == "1 punto, no cuenta: ya puntúa otro KO de ese TP"
    # Sven Astanson knocks out Burujo Potingue (brujo, RES 1) another way: 2 p.
    assert notes["stages/0/kos/2"] == "2 puntos de dureza"
    # §11.3.2: bronze pays 5, 4, 3 to the first three.
    assert [notes[f"stages/0/summits/0/order/{i}"] for i in range(3)] == \
        ["5 puntos de honor", "4 puntos de honor", "3 puntos de honor"]
    # Day 2: gold pays 30 to the first and «los 10 primeros» only: the 11th scores nothing (ruling 36a).
    assert notes["stages/1/summits/0/order/0"] == "30 puntos de honor"
    assert notes["stages/1/summits/0/order/10"] == "0 puntos de honor"
    # Gurtlutz's zancadilla on Charles Watson (humano, RES 3), another KO: 6 p.
    assert SYSTEM.notes(amauta, "en")["stages/1/kos/0"] == "6 dureza points"
    assert all(len(n) <= NOTE_MOST for n in notes.values())


def test_a_teammate_knocked_out_and_a_team_listed_twice(campaign):
    ev = campaign("  - name: J1\n    finish: [Ana]\n    kos:\n      - {by: Ana, victim: Bea, attack: dt, turn: 1}\n",
                  teams="[rojos.yaml, azules.yaml, rojos.yaml]")
    notes = SYSTEM.notes(ev, "en")
    assert notes["stages/0/kos/0"] == "a teammate: it doesn't score"
    assert notes["teams/0"].startswith("3 runners lined up · CQ-")
    assert notes["teams/1"].startswith("3 runners lined up · CQ-")
    assert "teams/2" not in notes  # the same file again is no team of its own
    # Day 1: Ana arrives; the other five racers (3 + 3 − 1) are eliminated.
    assert notes["stages/0"] == "1 finished · 5 eliminated"


def test_no_notes_without_a_resolved_campaign(campaign):
    ev = campaign("  - name: J1\n    finish: nadie\n")
    assert ev.details is None and SYSTEM.notes(ev, "es") == {}


def test_a_runner_renamed_in_a_team_is_named_still_by_every_day_of_the_campaign():
    system = SYSTEM
    data = {"stages": [{"finish": ["Ram", "Otro"], "kos": [{"by": "Ram", "victim": "Otro", "tp": "Ram"}],
                        "summits": [{"order": ["Otro", "Ram"]}]}]}
    assert system.renamed(data, ("runners", 2, "name"), "Ram", "Ramsés") == [
        (("stages", 0, "finish", 0), "Ramsés"), (("stages", 0, "kos", 0, "by"), "Ramsés"),
        (("stages", 0, "kos", 0, "tp"), "Ramsés"), (("stages", 0, "summits", 0, "order", 1), "Ramsés")]
    assert system.renamed(data, ("runners", 2, "race"), "Ram", "Ramsés") == []
    assert system.renamed(data, ("runners", 2, "name"), "Ram", " ") == []
