"""Swiss pairing: properties over random events (hypothesis) checked against brute force, and the
rules shown on small events by hand (the seed's first round, clubs apart, fixed tables)."""

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core.pack import RoundsFormat
from builder.events import pairing
from builder.events.pairing import pair_round
from builder.events.pairing_weights import Weights, met_before, seats_of
from builder.events.rounds import Entrant, Game, Result, Table
from builder.events.standings import standings_of

FORMAT = RoundsFormat(6)
CLUBS = (None, None, "Norte", "Sur")


@st.composite
def events(draw, least=0, most=8):
    """An event part-way: its entrants (some never checked in, some dropped) and the rounds before
    the one to pair, paired at random (not by the Swiss rules: any history may come before)."""
    size = draw(st.integers(least, most))
    played = draw(st.integers(0, 4))
    entrants = []
    for team in range(1, size + 1):
        checked_in = draw(st.integers(0, 9)) > 0
        dropped = draw(st.one_of(st.none(), st.none(), st.integers(0, played)))
        fixed = draw(st.one_of(st.none(), st.none(), st.none(), st.integers(1, 4)))
        entrants.append(Entrant(team, f"Equipo {draw(st.integers(0, 99)):02}", draw(st.sampled_from(CLUBS)),
                                checked_in, dropped, fixed))
    games = []
    for number in range(1, played + 1):
        playing = draw(st.permutations([e.team_id for e in entrants if e.plays_in(number)]))
        for k in range(0, len(playing) - 1, 2):
            result = Result(draw(st.sampled_from(("a", "b", "draw"))), draw(st.integers(0, 20)), draw(st.integers(0, 20)))
            games.append(Game(number, Table(k // 2 + 1, playing[k], playing[k + 1]), result))
        if len(playing) % 2:
            games.append(Game(number, Table(len(playing) // 2 + 1, playing[-1], None)))
    return entrants, games, played + 1, draw(st.text(min_size=0, max_size=8))


def order_of(number, entrants, standings, seed):
    """The order the bye is given in, from the contract alone: the standings' (late arrivals after
    them, by name), or in the first round random.Random(seed)'s shuffle of the teams' ids."""
    playing = {e.team_id: e for e in entrants if e.plays_in(number)}
    ranked = [row.team_id for row in standings if row.team_id in playing]
    if number == 1 or not ranked:
        order = sorted(playing)
        random.Random(seed).shuffle(order)
        return order
    return ranked + sorted((t for t in playing if t not in ranked), key=lambda t: (playing[t].name, t))


def most_pairs(nodes, allowed):
    """The most disjoint allowed pairs among ``nodes``, by trying every way (small cases only)."""
    if len(nodes) < 2:
        return 0
    first, rest = nodes[0], nodes[1:]
    best = most_pairs(rest, allowed)
    for i, other in enumerate(rest):
        if allowed(first, other):
            best = max(best, 1 + most_pairs(rest[:i] + rest[i + 1:], allowed))
    return best


def most_pairs_nx(nodes, allowed):
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((a, b) for i, a in enumerate(nodes) for b in nodes[i + 1:] if allowed(a, b))
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def fewest_rematches_and_bye(order, met, had_bye, pairs_of):
    """The fewest rematches any pairing of ``order`` has, and the team the bye must go to: the
    lowest-ranked without a bye (else the lowest-ranked) of those whose bye allows that fewest."""
    def fresh(a, b):
        return frozenset((a, b)) not in met

    tables = (len(order) + 1) // 2
    if len(order) % 2 == 0:
        return tables - pairs_of(order, fresh), None
    candidates = [t for t in reversed(order) if t not in had_bye] + [t for t in reversed(order) if t in had_bye]
    rematches = {t: tables - 1 - pairs_of([o for o in order if o != t], fresh) for t in candidates}
    fewest = min(rematches.values())
    return fewest, next(t for t in candidates if rematches[t] == fewest)


def best_total(seats, weights):
    """The greatest total weight of any pairing of ``seats`` (with a bye if odd), every way tried."""

    def weight(a, b):
        return weights.bye(a or b) if a is None or b is None else weights.table(a, b)

    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        return max(weight(first, other) + best(others[:i] + others[i + 1:]) for i, other in enumerate(others))

    return best(list(seats) + ([None] if len(seats) % 2 else []))


def check_pairing(entrants, games, number, seed, pairs_of):
    standings = standings_of(FORMAT, entrants, games, through=number - 1)
    tables = pair_round(number, entrants, games, standings, seed)
    playing = [e.team_id for e in entrants if e.plays_in(number)]
    seated = [team for table in tables for team in table.teams()]
    # Every team that plays at exactly one table; a dropped team or one not checked in at none.
    assert sorted(seated) == sorted(playing)
    assert len({table.number for table in tables}) == len(tables)
    assert all(table.number >= 1 for table in tables)
    byes = [table for table in tables if table.bye]
    assert len(byes) == len(playing) % 2
    if byes:
        assert byes[0] is tables[-1] and byes[0].number == max(t.number for t in tables)
    # No rematch while one can be avoided; the bye to the lowest-ranked team without one.
    met = {frozenset(game.table.teams()) for game in games if not game.table.bye}
    had_bye = {game.table.a for game in games if game.table.bye}
    order = order_of(number, entrants, standings, seed)
    fewest, bye = fewest_rematches_and_bye(order, met, had_bye, pairs_of)
    assert sum(1 for table in tables if not table.bye and frozenset(table.teams()) in met) == fewest
    assert (byes[0].a if byes else None) == bye
    return tables, standings


@pytest.mark.parametrize("sparse_above", [24, 0], ids=["full graph", "sparse graph first"])
@given(event=events())
@settings(max_examples=120)
def test_random_small_events_are_paired_by_the_rules_and_at_the_brute_force_optimum(sparse_above, event):
    entrants, games, number, seed = event
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairing, "SPARSE_ABOVE", sparse_above)
        tables, standings = check_pairing(entrants, games, number, seed, most_pairs)
    seats = seats_of(number, entrants, games, standings, seed)
    weights = Weights(seats, met_before(number, games))
    # Up to 8 teams every table of the sparse graph is a near one: it too finds the optimum.
    assert weights.total(tables) == best_total(seats, weights)


@given(events(least=20, most=40))
@settings(max_examples=25)
def test_random_bigger_events_on_the_sparse_graph_keep_the_rules(event):
    entrants, games, number, seed = event
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairing, "SPARSE_ABOVE", 0)  # the sparse graph first, whatever the count
        check_pairing(entrants, games, number, seed, most_pairs_nx)


def teams(count, clubs=None, **fixed):
    clubs = clubs or {}
    return [Entrant(n, f"Equipo {n:02}", clubs.get(n), True, fixed_table=fixed.get(f"t{n}")) for n in range(1, count + 1)]


def pairs_of(tables):
    return {frozenset(table.teams()) for table in tables}


def test_the_first_round_is_drawn_from_the_seed_and_the_same_seed_draws_it_again():
    entrants = teams(12)
    first = pair_round(1, entrants, [], [], "otoño-2026")
    assert pair_round(1, list(reversed(entrants)), [], [], "otoño-2026") == first  # the seed decides, not the order
    draws = {frozenset(pairs_of(pair_round(1, entrants, [], [], f"semilla {n}"))) for n in range(6)}
    assert len(draws) > 1  # other seeds, other draws
    # Not the teams in their order: random.Random(seed)'s shuffle of their ids, neighbours paired.
    order = sorted(e.team_id for e in entrants)
    random.Random("otoño-2026").shuffle(order)
    assert pairs_of(first) == {frozenset(order[k:k + 2]) for k in range(0, 12, 2)}
    assert [table.number for table in first] == list(range(1, 7))


def test_the_first_round_keeps_clubmates_apart_where_it_can():
    # Six of Norte among ten: at most five can face another club, so one table of Norte remains.
    clubs = {n: "Norte" for n in range(1, 7)} | {7: "Sur", 8: "Sur", 9: None, 10: "Este"}
    tables = pair_round(1, teams(10, clubs), [], [], "s")
    assert sum(1 for t in tables if clubs.get(t.a) is not None and clubs.get(t.a) == clubs.get(t.b)) == 1
    # Four of Norte among eight: none need meet, whatever the seed; «norte » typed otherwise is the same club.
    clubs = {1: "Norte", 2: "norte ", 3: "Nórte", 4: "NORTE", 5: "Sur", 6: "Sur", 7: None, 8: None}
    for seed in ("a", "b", "c", "d"):
        tables = pair_round(1, teams(8, clubs), [], [], seed)
        assert not any(t.a <= 4 and t.b <= 4 for t in tables)
        assert frozenset((5, 6)) not in pairs_of(tables)


def played(rounds):
    """Games from ``[(a, b, winner), …]`` per round; b None is a bye."""
    return [Game(n, Table(k + 1, a, b), None if b is None else Result(w))
            for n, tables in enumerate(rounds, 1) for k, (a, b, w) in enumerate(tables)]


def test_later_rounds_pair_equal_points_in_standing_order_without_rematches():
    entrants = teams(8)
    games = played([[(1, 2, "a"), (3, 4, "a"), (5, 6, "a"), (7, 8, "a")]])
    standings = standings_of(FORMAT, entrants, games)
    # Winners 1, 3, 5, 7 at 3 points, losers at 0, each group by name: 1 v 3, 5 v 7, 2 v 4, 6 v 8.
    tables = pair_round(2, entrants, games, standings, "s")
    assert [(t.number, t.a, t.b) for t in tables] == [(1, 1, 3), (2, 5, 7), (3, 2, 4), (4, 6, 8)]
    # Round 3, after 1, 5, 2 and 6 won: 1 and 5 at 3 + 3 = 6; 2, 3, 6 and 7 at 3; 4 and 8 at 0.
    games = played([[(1, 2, "a"), (3, 4, "a"), (5, 6, "a"), (7, 8, "a")], [(1, 3, "a"), (5, 7, "a"), (2, 4, "a"), (6, 8, "a")]])
    standings = standings_of(FORMAT, entrants, games)
    # The 3s are equal on opponents' points (2: 6 + 0, 3: 0 + 6, 6: 6 + 0, 7: 0 + 6) and score: by name.
    assert [row.team_id for row in standings] == [1, 5, 2, 3, 6, 7, 4, 8]
    # None of 1 v 5, 2 v 3, 6 v 7, 4 v 8 has met: each group pairs within itself, neighbours together.
    tables = pair_round(3, entrants, games, standings, "s")
    assert [(t.number, t.a, t.b) for t in tables] == [(1, 1, 5), (2, 2, 3), (3, 6, 7), (4, 4, 8)]
    # With no tie-breakers (equal points by name): after round 1's 2 v 4 and round 2, 1 and 3 at 6;
    # 2, 4, 6, 7 at 3; 5 and 8 at 0. 2 v 4 would be a rematch: 2 v 6 and 4 v 7 (places 2-4 and 3-5,
    # 2² + 2² = 8) rather than 2 v 7 and 4 v 6 (3² + 1² = 10).
    games = played([[(2, 4, "a"), (1, 5, "a"), (3, 7, "a"), (6, 8, "a")], [(1, 2, "a"), (3, 6, "a"), (4, 5, "a"), (7, 8, "a")]])
    standings = standings_of(RoundsFormat(6, tie_breakers=()), entrants, games)
    assert [row.team_id for row in standings] == [1, 3, 2, 4, 6, 7, 5, 8]
    tables = pair_round(3, entrants, games, standings, "s")
    assert [(t.number, t.a, t.b) for t in tables] == [(1, 1, 3), (2, 2, 6), (3, 4, 7), (4, 5, 8)]


def test_an_odd_count_gives_the_bye_to_the_lowest_ranked_team_without_one():
    entrants = teams(5)
    games = played([[(1, 2, "a"), (3, 4, "a"), (5, None, None)]])
    standings = standings_of(FORMAT, entrants, games)
    # 1, 3 and 5 (its bye) at 3; 2 and 4 at 0, equal on opponents' points (3 each), by name: 4 is
    # last and has had no bye. Its table is numbered after the others'.
    tables = pair_round(2, entrants, games, standings, "s")
    assert (tables[-1].a, tables[-1].b, tables[-1].number) == (4, None, 3)
    # A bye worth no points: 5 is last (0 points, opponents' points 0) but has had one; 2 and 4 at 0
    # with opponents' points 3 each, by name: 4 is the lowest-ranked without one.
    no_points = RoundsFormat(6, bye=0)
    standings = standings_of(no_points, entrants, games)
    assert [row.team_id for row in standings] == [1, 3, 2, 4, 5]
    assert pair_round(2, entrants, games, standings, "s")[-1].a == 4
    # After round 2 (4's bye) only 1, 2 and 3 have had none: 1 at 6; 2 and 3 at 3, equal on
    # opponents' points (2: 1's 6 + 5's 0, 3: 4's 0 + 1's 6), by name: 3 is the lowest-ranked of them,
    # below 4 and 5 at 0 who have had theirs.
    games += played([[], [(1, 3, "a"), (2, 5, "a"), (4, None, None)]])
    standings = standings_of(no_points, entrants, games)
    assert [row.team_id for row in standings] == [1, 2, 3, 4, 5]
    assert pair_round(3, entrants, games, standings, "s")[-1].a == 3


def test_dropped_teams_and_those_not_checked_in_are_not_paired_and_late_arrivals_are():
    entrants = teams(6)
    entrants[0] = Entrant(1, "Equipo 01", None, True, dropped_after=1)
    entrants[5] = Entrant(6, "Equipo 06", None, False)
    entrants.append(Entrant(7, "Equipo 07", None, True))  # came after round 1 was paired
    games = played([[(1, 2, "a"), (3, 4, "a"), (5, None, None)]])
    tables = pair_round(2, entrants, games, standings_of(FORMAT, entrants, games), "s")
    assert sorted(team for t in tables for team in t.teams()) == [2, 3, 4, 5, 7]


def test_a_team_with_a_fixed_table_sits_at_it_and_the_better_placed_keeps_a_table_two_claim():
    entrants = teams(8, t7=1, t2=3, t4=3)
    games = played([[(1, 2, "a"), (3, 4, "a"), (5, 6, "a"), (7, 8, "a")]])
    standings = standings_of(FORMAT, entrants, games)
    tables = pair_round(2, entrants, games, standings, "s")
    where = {team: t.number for t in tables for team in t.teams()}
    # 7 keeps table 1; 2 and 4 both claim 3: 2 (ahead by name) keeps it, at one table; the rest fill 2 and 4.
    assert where[7] == 1 and where[2] == 3 and where[4] == 3
    assert sorted(t.number for t in tables) == [1, 2, 3, 4]
    # A fixed table past the round's count is kept (the venue has it); the others number from 1.
    entrants = teams(4, t3=9)
    tables = pair_round(1, entrants, [], [], "s")
    assert {team: t.number for t in tables for team in t.teams()}[3] == 9
    assert sorted(t.number for t in tables) == [1, 9]


def test_no_one_and_one_team_alone():
    assert pair_round(1, [], [], [], "s") == []
    assert pair_round(1, teams(1), [], [], "s") == [Table(1, 1, None)]


def test_a_rematch_only_when_none_can_be_avoided():
    entrants = teams(4)
    games = played([[(1, 2, "a"), (3, 4, "a")], [(1, 3, "a"), (2, 4, "a")], [(1, 4, "a"), (2, 3, "a")]])
    # Every pair has met: round 4 repeats two. 1 at 9 (three wins), 2 at 6, 3 at 3, 4 at 0: by nearest
    # points, 1 v 2 and 3 v 4 (3² + 3² = 18) rather than 1 v 3, 2 v 4 (6² + 6² = 72) or 1 v 4, 2 v 3 (90).
    tables = pair_round(4, entrants, games, standings_of(FORMAT, entrants, games), "s")
    assert [(t.number, t.a, t.b) for t in tables] == [(1, 1, 2), (2, 3, 4)]


def test_the_weight_of_the_sparse_and_the_full_graph_agree_on_a_big_event():
    rng = random.Random(7)
    entrants = [Entrant(n, f"Equipo {n:03}", f"Club {rng.randrange(12)}", True) for n in range(1, 62)]
    games = []
    for number in range(1, 4):
        standings = standings_of(FORMAT, entrants, games)
        seats = seats_of(number, entrants, games, standings, "s")
        met = met_before(number, games)
        weights = Weights(seats, met)
        sparse = pairing.matching(seats, met, sparse_above=0)
        full = pairing.matching(seats, met, sparse_above=10_000)
        assert weights.total(pairing.tables_of(sparse, {})) == weights.total(pairing.tables_of(full, {}))
        for table in pairing.tables_of(sparse, {}):
            games.append(Game(number, table, None if table.bye else Result(rng.choice("ab"))))


@pytest.mark.parametrize("count_", [30, 31])
def test_past_the_full_graphs_bound_a_round_that_must_repeat_games_still_pairs_everyone(count_):
    # A round robin played out (the circle method): every two teams have met, so the sparse graphs,
    # which leave rematches out, pair no one; past FULL_UP_TO the widest of them with its rematches does.
    entrants = teams(count_)
    ids = [e.team_id for e in entrants] + ([None] if count_ % 2 else [])
    games = []
    for number in range(1, len(ids)):
        for k in range(len(ids) // 2):
            a, b = ids[k], ids[-1 - k]
            if a is None or b is None:
                games.append(Game(number, Table(k + 1, a or b, None)))
            else:
                games.append(Game(number, Table(k + 1, a, b), Result("a")))
        ids = [ids[0], ids[-1], *ids[1:-1]]
    assert len(met_before(len(ids), games)) == count_ * (count_ - 1) // 2
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairing, "FULL_UP_TO", 10)
        tables = pair_round(len(ids), entrants, games, standings_of(FORMAT, entrants, games), "s")
    assert sorted(team for t in tables for team in t.teams()) == list(range(1, count_ + 1))
    assert len(tables) == (count_ + 1) // 2
