"""The event as one JSON file: its shape is the models' (and docs/event-export.schema.json is their
schema, written out), written whole or not at all, a team at a time."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from builder.core.pack import RoundsFormat
from builder.events.bounds import Stopped
from builder.events.event_json import EventExport, export_schema, moment, write_event_json
from builder.events.rounds import Day, Entrant, Game, Result, Round, Table
from builder.events.schema import Checked, Event, Submission

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 28, 18, 0, tzinfo=timezone.utc)


class Pack:
    name = "Liga"
    rounds = RoundsFormat(count=2, score="PV")


def submission(team_id: int, name: str, edition: str | None = None) -> Submission:
    checked = Checked("wartime", 120, 250, True, 0, f"WT-{team_id}", "es", None, edition, "ab" * 32 if edition else None)
    return Submission(team_id * 10, team_id, name, 2, checked, False,
                      datetime(2026, 11, 1, 9, 30), {"lista.yaml": f"system: wartime\nname: {name}\n"})


def test_the_schema_in_the_docs_is_the_models():
    written = json.loads((ROOT / "docs" / "event-export.schema.json").read_text(encoding="utf-8"))
    assert written == export_schema()


def test_the_file_holds_the_teams_lists_rounds_and_standings(tmp_path):
    day = Day((Entrant(1, "Uno", "Norte", True), Entrant(2, "Dos", None, True, dropped_after=1)),
              (Round(1, "7", True, (Table(1, 1, 2),)),), (Game(1, Table(1, 1, 2), Result("b", 2, 5)),))
    event = Event(3, "Liga", "wartime", None, False, publish=True)
    target = tmp_path / "evento.json"
    write_event_json(target, event, Pack(), iter([submission(1, "Uno", "2026"), submission(2, "Dos")]), day, now=NOW)
    found = EventExport.model_validate_json(target.read_bytes())
    assert found.format == "builder-event" and found.format_version == 1
    # The edition each list was checked under, as the store kept it; none for one it kept none for.
    assert found.teams[0].list.edition.model_dump() == {"name": "2026", "hash": "ab" * 32}
    assert found.teams[1].list.edition is None
    assert found.event.exported_at == "2026-11-28T18:00:00+00:00" and found.event.rounds.points.win == 3
    assert [t.name for t in found.teams] == ["Uno", "Dos"] and found.teams[1].dropped_after == 1
    assert found.teams[0].list.files == {"lista.yaml": "system: wartime\nname: Uno\n"}
    assert found.teams[0].list.submitted_at == "2026-11-01T09:30:00+00:00"
    assert found.rounds[0].tables[0].result.winner == "b" and found.race is None
    assert {s.team for s in found.standings} == {1, 2}


def test_an_event_without_rounds_has_none_and_no_team_empty(tmp_path):
    class NoRounds:
        name, rounds = "Liga", None
    target = tmp_path / "evento.json"
    write_event_json(target, Event(1, "Liga", "wartime", NOW, True), NoRounds(), iter([]), None, now=NOW)
    found = EventExport.model_validate_json(target.read_bytes())
    assert found.teams == [] and found.rounds == [] and found.standings == [] and found.event.rounds is None
    assert found.event.deadline == "2026-11-28T18:00:00+00:00"


def test_stopped_it_leaves_no_file(tmp_path):
    target = tmp_path / "evento.json"
    with pytest.raises(Stopped):
        write_event_json(target, Event(1, "Liga", "wartime", None, False), Pack(), iter([submission(1, "Uno")]),
                         None, stop=lambda: True)
    assert list(tmp_path.iterdir()) == []


def test_moments_are_utc():
    assert moment(None) is None
    assert moment(datetime(2026, 1, 2, 3, 4)) == "2026-01-02T03:04:00+00:00"


def test_whole_tie_breakers_stay_integers_and_the_score_keeps_both_its_names(tmp_path):
    """Issue 55, point 11: ``event.json`` wrote a whole tie-breaker as 9.0. Uno lost to Dos 2–5, a win
    worth 3: Uno's opponents' points are Dos's 3 and its score difference 2 − 5 = −3; Dos's are Uno's
    0 and 5 − 2 = 3, each written as the integer it is."""
    class Named:
        name = "Liga"
        rounds = RoundsFormat(count=2, score="puntos de victoria", score_en="victory points")

    day = Day((Entrant(1, "Uno", None, True), Entrant(2, "Dos", None, True)),
              (Round(1, "7", True, (Table(1, 1, 2),)),), (Game(1, Table(1, 1, 2), Result("b", 2, 5)),))
    target = tmp_path / "evento.json"
    write_event_json(target, Event(3, "Liga", "wartime", None, False), Named(), iter([submission(1, "Uno"),
                                                                                      submission(2, "Dos")]), day,
                     now=NOW)
    raw = json.loads(target.read_bytes())
    by_name = {s["name"]: s["tie_breakers"] for s in raw["standings"]}
    assert by_name == {"Uno": {"opponents-points": 3, "score-difference": -3},
                       "Dos": {"opponents-points": 0, "score-difference": 3}}
    assert all(type(v) is int for values in by_name.values() for v in values.values())
    assert '"opponents-points": 3.0' not in target.read_text(encoding="utf-8")
    assert (raw["event"]["rounds"]["score"], raw["event"]["rounds"]["score_en"]) == ("puntos de victoria",
                                                                                      "victory points")
    EventExport.model_validate_json(target.read_bytes())
