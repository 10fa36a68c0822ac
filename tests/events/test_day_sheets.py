"""The tournament day in the event's spreadsheet: the standings and every result, a sheet each,
after the lists; none for an event that plays no rounds."""

from __future__ import annotations

from openpyxl import load_workbook

from builder.core.pack import RoundsFormat
from builder.events.day_sheets import DaySheets, results_sheet, standings_sheet
from builder.events.rounds import Day, Entrant, Game, Result, Round, Table
from builder.events.summary import write_lines

ROUNDS = RoundsFormat(count=2, score="PV", tie_breakers=("opponents-points", "wins"))


def day() -> Day:
    first = Round(1, "s", True, (Table(1, 1, 2), Table(2, 3)))
    return Day((Entrant(1, "Uno", "Norte", True), Entrant(2, "Dos", None, True, dropped_after=1),
                Entrant(3, "Tres", None, True)), (first,),
               (Game(1, first.tables[0], Result("a", 10, 4)), Game(1, first.tables[1], Result("a"))))


def test_the_results_one_row_a_table_with_fingerprints_and_scores():
    columns, rows = results_sheet(ROUNDS, day(), {1: "WT-1", 2: None}, "es")
    assert [c.key for c in columns][-2:] == ["score_a", "score_b"]
    assert rows[0] == {"round": 1, "table": 1, "a": "Uno", "a_print": "WT-1", "b": "Dos", "b_print": "",
                       "state": "Gana Uno · 10–4", "score_a": 10, "score_b": 4}
    assert rows[1]["state"] == "Descansa (bye)" and rows[1]["b"] == ""
    plain, _ = results_sheet(RoundsFormat(count=2), day(), {}, "en")
    assert "score_a" not in [c.key for c in plain]


def test_the_standings_with_the_packs_tie_breakers():
    columns, rows = standings_sheet(ROUNDS, day(), "en")
    headers = [c.header for c in columns]
    assert "Opponents' points" in headers and "Wins" in headers and "PV for" in headers
    assert {r["team"] for r in rows} == {"Uno", "Dos", "Tres"}
    assert next(r for r in rows if r["team"] == "Dos")["dropped"] == "yes"


def test_the_workbook_has_both_sheets_after_the_lists(tmp_path):
    target = tmp_path / "resumen.xlsx"
    write_lines([], target, "es", None, day=DaySheets(ROUNDS, day(), {1: "WT-1"}))
    book = load_workbook(target)
    assert book.sheetnames[-2:] == ["Clasificación", "Resultados"]
    results = [[c.value for c in row] for row in book["Resultados"].iter_rows()]
    assert results[0][:3] == ["Ronda", "Mesa", "Equipo A"] and results[1][:4] == [1, 1, "Uno", "WT-1"]
    write_lines([], tmp_path / "sin.xlsx", "es", None)
    assert "Clasificación" not in load_workbook(tmp_path / "sin.xlsx").sheetnames


def test_every_header_is_capitalised_and_the_score_named_in_the_sheets_language():
    """Issue 55, point 11: «dropped» was the one lower-case header, and a score named in Spanish
    headed the English sheet."""
    named = RoundsFormat(count=2, score="puntos de victoria", score_en="victory points")
    for lang, score in (("es", "puntos de victoria"), ("en", "victory points")):
        headers = [c.header for c in standings_sheet(named, day(), lang)[0]]
        assert all(h[0].isupper() for h in headers), headers
        assert f"{score[0].upper()}{score[1:]}" in " ".join(headers), headers
    english = " ".join(c.header for c in standings_sheet(named, day(), "en")[0])
    assert "puntos" not in english and "Dropped" in english
