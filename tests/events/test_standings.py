"""The standings: points by the pack's scoring, ties split by its tie-breakers in order; every value
below worked out by hand, its arithmetic written beside it."""

from builder.core.pack import RoundsFormat
from builder.events.rounds import Entrant, Game, Result, Table
from builder.events.standings import standings_of

ANA, BEA, CARLOS, DANI, EVA = 1, 2, 3, 4, 5
FIVE = [Entrant(ANA, "Ana", "Club Norte", True), Entrant(BEA, "Bea", None, True), Entrant(CARLOS, "Carlos", None, True),
        Entrant(DANI, "Dani", None, True), Entrant(EVA, "Eva", None, True)]
FORMAT = RoundsFormat(3, bye_score=10, tie_breakers=("opponents-points", "score-difference", "head-to-head"))


def game(round_number, table, a, b, winner=None, score_a=0, score_b=0, disputed=False):
    result = Result(winner, score_a, score_b) if winner else None
    return Game(round_number, Table(table, a, b), result, disputed)


# Five teams, three rounds, a bye each round (bye_score 10).
FIVE_GAMES = [
    game(1, 1, ANA, BEA, "a", 15, 5), game(1, 2, CARLOS, DANI, "draw", 10, 10), game(1, 3, EVA, None),
    game(2, 1, ANA, EVA, "b", 8, 12), game(2, 2, BEA, CARLOS, "a", 9, 3), game(2, 3, DANI, None),
    game(3, 1, EVA, BEA, "draw", 7, 7), game(3, 2, ANA, DANI, "a", 11, 6), game(3, 3, CARLOS, None),
]


def by_name(table):
    return {row.name: row for row in table}


def test_points_record_and_scores_of_each_team():
    rows = by_name(standings_of(FORMAT, FIVE, FIVE_GAMES))
    # Eva: bye 3 + win 3 + draw 1 = 7; score 10 (bye) + 12 + 7 = 29 for, 8 + 7 = 15 against.
    eva = rows["Eva"]
    assert (eva.played, eva.wins, eva.draws, eva.losses, eva.byes, eva.points) == (2, 1, 1, 0, 1, 7)
    assert (eva.score_for, eva.score_against) == (29, 15)
    # Ana: win 3 + loss 0 + win 3 = 6; 15 + 8 + 11 = 34 for, 5 + 12 + 6 = 23 against.
    ana = rows["Ana"]
    assert (ana.played, ana.wins, ana.draws, ana.losses, ana.byes, ana.points) == (3, 2, 0, 1, 0, 6)
    assert (ana.score_for, ana.score_against, ana.club) == (34, 23, "Club Norte")
    # Bea: loss 0 + win 3 + draw 1 = 4; 5 + 9 + 7 = 21 for, 15 + 3 + 7 = 25 against.
    assert (rows["Bea"].points, rows["Bea"].score_for, rows["Bea"].score_against) == (4, 21, 25)
    # Carlos: draw 1 + loss 0 + bye 3 = 4; 10 + 3 + 10 (bye) = 23 for, 10 + 9 = 19 against.
    assert (rows["Carlos"].points, rows["Carlos"].score_for, rows["Carlos"].score_against) == (4, 23, 19)
    # Dani: draw 1 + bye 3 + loss 0 = 4; 10 + 10 (bye) + 6 = 26 for, 10 + 11 = 21 against.
    assert (rows["Dani"].points, rows["Dani"].score_for, rows["Dani"].score_against) == (4, 26, 21)


def test_opponents_points_split_the_tied_and_a_bye_adds_none():
    table = standings_of(FORMAT, FIVE, FIVE_GAMES)
    # Eva 7, Ana 6; Bea, Carlos and Dani at 4, split by their opponents' points:
    # Bea: Ana 6 + Carlos 4 + Eva 7 = 17; Dani: Carlos 4 + Ana 6 = 10; Carlos: Dani 4 + Bea 4 = 8.
    assert [(row.rank, row.name) for row in table] == [(1, "Eva"), (2, "Ana"), (3, "Bea"), (4, "Dani"), (5, "Carlos")]
    rows = by_name(table)
    assert [rows[n].tie_breakers["opponents-points"] for n in ("Bea", "Dani", "Carlos")] == [17, 10, 8]
    # Eva: Ana 6 + Bea 4 = 10 (her bye adds nothing); Ana: Bea 4 + Eva 7 + Dani 4 = 15.
    assert (rows["Eva"].tie_breakers["opponents-points"], rows["Ana"].tie_breakers["opponents-points"]) == (10, 15)
    # Every tie-breaker of the pack is on every line, in the pack's order.
    assert list(rows["Eva"].tie_breakers) == ["opponents-points", "score-difference", "head-to-head"]
    # Eva: 29 - 15 = +14.
    assert rows["Eva"].tie_breakers["score-difference"] == 14


def test_score_difference_and_the_other_tie_breakers():
    format_ = RoundsFormat(3, bye_score=10, tie_breakers=("score-difference", "score", "opponents-score", "wins"))
    table = standings_of(format_, FIVE, FIVE_GAMES)
    # At 4 points: Dani 26 - 21 = +5, Carlos 23 - 19 = +4, Bea 21 - 25 = -4.
    assert [row.name for row in table] == ["Eva", "Ana", "Dani", "Carlos", "Bea"]
    rows = by_name(table)
    assert [rows[n].tie_breakers["score-difference"] for n in ("Dani", "Carlos", "Bea")] == [5, 4, -4]
    assert rows["Dani"].tie_breakers["score"] == 26
    # Bea's opponents' scores: Ana 34 + Carlos 23 + Eva 29 = 86.
    assert rows["Bea"].tie_breakers["opponents-score"] == 86
    assert rows["Ana"].tie_breakers["wins"] == 2


def test_through_counts_only_the_first_rounds():
    table = standings_of(FORMAT, FIVE, FIVE_GAMES, through=1)
    # After round 1: Ana win 3, Eva bye 3; Carlos and Dani draw 1; Bea 0.
    # Ana and Eva at 3: opponents' points Ana: Bea 0 = 0, Eva: none = 0; score difference
    # Ana 15 - 5 = +10, Eva 10 - 0 = +10; head-to-head: they have not met, 0 each: they share rank 1.
    # Carlos and Dani at 1: opponents' points 1 each, difference 0 each, head-to-head 1 each (their draw).
    assert [(row.rank, row.name, row.points) for row in table] == [
        (1, "Ana", 3), (1, "Eva", 3), (3, "Carlos", 1), (3, "Dani", 1), (5, "Bea", 0)]


def test_head_to_head_among_three_or_more_tied_and_again_among_those_still_tied():
    a, b, c, d, e, f = range(1, 7)
    teams = [Entrant(n, name, None, True) for n, name in zip(range(1, 7), ("A", "B", "C", "D", "E", "F"))]
    games = [game(1, 1, a, b, "a"), game(1, 2, c, d, "a"), game(1, 3, e, f, "a"),
             game(2, 1, a, c, "a"), game(2, 2, b, e, "a"), game(2, 3, d, f, "a"),
             game(3, 1, a, d, "b"), game(3, 2, b, f, "a"), game(3, 3, c, e, "a")]
    table = standings_of(RoundsFormat(3, tie_breakers=("head-to-head",)), teams, games)
    # A: W W L = 6; B: L W W = 6; C: W L W = 6; D: L W W = 6; E and F: 0.
    # Among A, B, C, D: A beat B and C (3 + 3 = 6), lost to D (0); C beat D (3); D beat A (3); B: 0.
    # A first, B last of them; C and D still tied at 3, and again between themselves: C beat D.
    # E and F at 0: E beat F.
    assert [(row.rank, row.name) for row in table] == [(1, "A"), (2, "C"), (3, "D"), (4, "B"), (5, "E"), (6, "F")]
    rows = by_name(table)
    assert rows["A"].tie_breakers["head-to-head"] == 6 and rows["B"].tie_breakers["head-to-head"] == 0
    assert (rows["C"].tie_breakers["head-to-head"], rows["D"].tie_breakers["head-to-head"]) == (3, 0)


def test_teams_equal_on_every_tie_breaker_share_a_rank_listed_by_name():
    a, b, c, d = 1, 2, 3, 4
    teams = [Entrant(c, "Carla", None, True), Entrant(a, "Ana", None, True), Entrant(d, "Dora", None, True),
             Entrant(b, "Bea", None, True)]
    games = [game(1, 1, a, b, "a"), game(1, 2, c, d, "draw"),
             game(2, 1, b, c, "a"), game(2, 2, a, d, "draw"),
             game(3, 1, c, a, "a"), game(3, 2, b, d, "draw")]
    table = standings_of(RoundsFormat(3, tie_breakers=("head-to-head",)), teams, games)
    # Ana: W D L = 3 + 1 + 0 = 4; Bea: L W D = 4; Carla: D L W = 4; Dora: D D D = 3.
    # Among Ana, Bea and Carla each beat one and lost to one: 3 each, still level: they share rank 1.
    assert [(row.rank, row.name, row.points) for row in table] == [
        (1, "Ana", 4), (1, "Bea", 4), (1, "Carla", 4), (4, "Dora", 3)]


def test_a_dropped_team_keeps_its_results_and_one_that_never_came_is_left_out():
    teams = [Entrant(ANA, "Ana", None, True, dropped_after=1), Entrant(BEA, "Bea", None, True),
             Entrant(CARLOS, "Carlos", None, True), Entrant(DANI, "Dani", None, False)]
    games = [game(1, 1, ANA, BEA, "a", 5, 1), game(1, 2, CARLOS, None), game(2, 1, BEA, CARLOS, "b", 2, 4)]
    table = standings_of(RoundsFormat(2), teams, games)
    # Carlos: bye 3 + win 3 = 6; Ana: win 3 (dropped after round 1); Bea: 0 + 0 = 0. Dani never checked in.
    assert [(row.name, row.points, row.dropped) for row in table] == [
        ("Carlos", 6, False), ("Ana", 3, True), ("Bea", 0, False)]


def test_a_disputed_or_unreported_game_counts_for_nothing_yet():
    teams = FIVE[:4]
    games = [game(1, 1, ANA, BEA, "a"), game(1, 2, CARLOS, DANI, disputed=True), game(2, 1, ANA, CARLOS)]
    rows = by_name(standings_of(RoundsFormat(2), teams, games))
    # Only Ana's win over Bea stands: Ana 3, the others 0 and no game played.
    assert [(rows[n].points, rows[n].played) for n in ("Ana", "Bea", "Carlos", "Dani")] == [(3, 1), (0, 1), (0, 0), (0, 0)]


def test_the_packs_points_and_an_event_before_its_first_round():
    format_ = RoundsFormat(1, win=2, draw=1, loss=1, bye=2, tie_breakers=())
    teams = FIVE[:3]
    assert [(row.rank, row.name, row.points) for row in standings_of(format_, teams, [])] == [
        (1, "Ana", 0), (1, "Bea", 0), (1, "Carlos", 0)]
    rows = by_name(standings_of(format_, teams, [game(1, 1, ANA, BEA, "b"), game(1, 2, CARLOS, None)]))
    # A loss is worth 1 here: Ana 1; Bea's win 2; Carlos's bye 2.
    assert [rows[n].points for n in ("Ana", "Bea", "Carlos")] == [1, 2, 2]


def test_a_team_the_event_no_longer_holds_leaves_its_opponents_their_games():
    teams = [Entrant(ANA, "Ana", None, True), Entrant(BEA, "Bea", None, True)]  # Carlos was removed
    games = [game(1, 1, ANA, CARLOS, "a"), game(2, 1, CARLOS, BEA, "a")]
    table = standings_of(RoundsFormat(2, tie_breakers=("opponents-points",)), teams, games)
    # Ana: her win over Carlos, 3; Bea: her loss, 0. Carlos (win 3 + loss 0 = 3) is no line of his
    # own, but each faced him: 3 opponents' points each.
    assert [(row.name, row.points, row.played, row.tie_breakers["opponents-points"]) for row in table] == [
        ("Ana", 3, 1, 3), ("Bea", 0, 1, 3)]
