"""The day as people look at it: a round's tables with names, fingerprints and results; what the
public pages may see; a result in words."""

from __future__ import annotations

from builder.core.pack import RoundsFormat
from builder.events.rounds import Day, Entrant, Game, Result, Round, Table
from builder.events.showing import Seat, Side, public_day, published, result_text, seats

WORDS = {"bye": "bye", "draw": "draw", "pending": "pending", "disputed": "disputed", "won": "{team} wins"}


def day() -> Day:
    entrants = tuple(Entrant(n, name, checked_in=True) for n, name in ((1, "Uno"), (2, "Dos"), (3, "Tres")))
    first = Round(1, "s", True, (Table(2, 3, 1), Table(1, 2)))  # tables out of order: shown by number
    second = Round(2, "s", False, (Table(1, 1, 2), Table(2, 3)))
    return Day(entrants, (first, second), (Game(1, first.tables[0], Result("b", 3, 5)), Game(1, first.tables[1],
               Result("a")), Game(2, second.tables[0], None, disputed=True)))


def test_a_rounds_tables_by_number_with_names_fingerprints_and_results():
    shown = seats(day(), 1, {1: "WT-AAAA", 3: None})
    assert [s.number for s in shown] == [1, 2]
    assert shown[0] == Seat(1, Side(2, "Dos", None), None, None, None, None, False)  # a bye: no result
    assert shown[1] == Seat(2, Side(3, "Tres", None), Side(1, "Uno", "WT-AAAA"), "b", 3, 5, False)
    assert seats(day(), 2, {})[0].disputed and seats(day(), 2, {})[0].winner is None
    assert seats(day(), 7, {}) == []


def test_the_public_day_leaves_out_the_rounds_not_published():
    public = public_day(day())
    assert [r.number for r in public.rounds] == [1] == [r.number for r in published(day())]
    assert {g.round for g in public.games} == {1} and public.entrants == day().entrants


def test_a_result_in_words():
    scored, plain = RoundsFormat(count=3, score="PV"), RoundsFormat(count=3)
    bye, won = seats(day(), 1, {})
    assert result_text(bye, plain, WORDS) == "bye"
    assert result_text(won, scored, WORDS) == "Uno wins · 3–5" and result_text(won, plain, WORDS) == "Uno wins"
    disputed = seats(day(), 2, {})[0]
    assert result_text(disputed, plain, WORDS) == "disputed"
    pending = Seat(1, Side(1, "Uno", None), Side(2, "Dos", None), None, None, None, False)
    assert result_text(pending, plain, WORDS) == "pending"
    drawn = Seat(1, Side(1, "Uno", None), Side(2, "Dos", None), "draw", 4, 4, False)
    assert result_text(drawn, scored, WORDS) == "draw · 4–4"
