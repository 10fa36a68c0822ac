"""builder.events.rounds: who plays in a round, a table's teams, a round's games."""

from builder.events.rounds import Day, Entrant, Game, Result, Round, Table


def test_a_team_plays_once_checked_in_and_until_the_round_it_dropped_after():
    assert not Entrant(1, "Ana").plays_in(1)  # never checked in
    assert Entrant(1, "Ana", checked_in=True).plays_in(4)
    dropped = Entrant(1, "Ana", checked_in=True, dropped_after=2)  # played rounds 1 and 2
    assert [dropped.plays_in(n) for n in (1, 2, 3)] == [True, True, False]
    assert not Entrant(1, "Ana", checked_in=True, dropped_after=0).plays_in(1)  # left before the first


def test_a_bye_is_a_table_of_one_team():
    assert Table(3, 7).bye and Table(3, 7).teams() == (7,)
    assert not Table(1, 7, 9).bye and Table(1, 7, 9).teams() == (7, 9)


def test_a_days_games_of_one_round():
    first, second = Game(1, Table(1, 1, 2), Result("a", 10, 4)), Game(2, Table(1, 1, 3))
    day = Day((), (Round(1, "s", True, (first.table,)), Round(2, "s", False, (second.table,))), (first, second))
    assert day.games_of(1) == [first] and day.games_of(2) == [second] and day.games_of(3) == []
