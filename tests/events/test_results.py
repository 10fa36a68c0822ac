"""A game's results (builder/events/results.py): one as given, bounded, and the one that stands from
what the two teams and the organiser said."""

from __future__ import annotations

import pytest

from builder.events.bounds import StoreRefused
from builder.events.results import SCORE_MOST, Claims, result_of, standing_result
from builder.events.rounds import Result

WON = Result("a", 10, 4)
LOST = Result("b", 4, 10)


def test_a_result_is_read_from_a_forms_text_or_numbers():
    assert result_of("a", "10", " 4 ") == WON and result_of("draw", 0, 0) == Result("draw")
    assert result_of("b", "", "") == Result("b", 0, 0)  # a pack that keeps no score sends none
    assert result_of("a", SCORE_MOST, 0).score_a == SCORE_MOST


@pytest.mark.parametrize("winner, score_a, score_b", [
    ("A", 1, 0), ("", 1, 0), ("a", -1, 0), ("a", SCORE_MOST + 1, 0), ("a", "1.5", 0), ("a", "1e3", 0),
    ("a", "٣", 0), ("a", True, 0), ("a", None, 0), ("a", "9" * 50, 0), ("a", 1.0, 0)])
def test_a_hostile_result_is_refused(winner, score_a, score_b):
    with pytest.raises(StoreRefused, match="bad-result"):
        result_of(winner, score_a, score_b)


def test_the_organisers_entry_stands_else_the_teams_when_they_agree():
    assert standing_result(Claims()) == (None, False)
    assert standing_result(Claims(a=WON)) == (None, False)  # the other team has not said
    assert standing_result(Claims(a=WON, b=WON)) == (WON, False)
    assert standing_result(Claims(a=WON, b=LOST)) == (None, True)  # disputed
    assert standing_result(Claims(a=WON, b=LOST, organiser=LOST)) == (LOST, False)
    assert standing_result(Claims(organiser=WON)) == (WON, False)


def test_the_tables_that_keep_the_next_round_waiting_and_why():
    """Issue 55, point 7: a round's tables without a standing result, each with why: disputed, no one
    reported, or one team reported (the other named); a table whose result stands, and a bye, wait for
    nothing."""
    from builder.events.results import Unsettled, unsettled
    from builder.events.rounds import Game, Table

    tables = [Table(1, 1, 2), Table(2, 3, 4), Table(3, 5, 6), Table(4, 7, 8), Table(5, 9)]
    games = [Game(1, tables[0], None, disputed=True), Game(1, tables[1]), Game(1, tables[2]),
             Game(1, tables[3], WON), Game(1, tables[4], Result("a"))]
    said = {1: Claims(WON, LOST), 2: Claims(), 3: Claims(None, LOST), 4: Claims(WON, WON)}
    assert unsettled(games, said) == [Unsettled(tables[0], "disputed"), Unsettled(tables[1], "unreported"),
                                      Unsettled(tables[2], "unconfirmed", 5)]
