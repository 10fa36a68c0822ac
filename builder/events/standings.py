"""The event's standings from its games and the pack's scoring and tie-breakers."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from builder.core.pack import RoundsFormat
from builder.events.rounds import Entrant, Game, Standing


@dataclass
class _Line:
    """A team's tally while the games are counted."""

    entrant: Entrant
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    score_for: int = 0
    score_against: int = 0
    opponents: list[int] = field(default_factory=list)
    """Every opponent faced in a game with a standing result, once per game (byes add none)."""

    def points(self, rounds: RoundsFormat) -> int:
        return (self.wins * rounds.win + self.draws * rounds.draw + self.losses * rounds.loss
                + self.byes * rounds.bye)


def counted(games: list[Game], through: int | None = None) -> list[Game]:
    """The games that count in the standings: those of rounds 1 to ``through`` (None: all) with a
    standing result, and every bye of them (a bye needs no report)."""
    return [game for game in games if (through is None or game.round <= through)
            and (game.table.bye or (game.result is not None and not game.disputed))]


def standings_of(rounds: RoundsFormat, entrants: list[Entrant], games: list[Game],
                 through: int | None = None) -> list[Standing]:
    """Every entrant that checked in or played (a dropped team too, marked), best first, from the
    games with a standing result of rounds 1 to ``through`` (None: all). Points by the pack's win,
    draw, loss and bye; ties split by the pack's tie-breakers in order; teams equal on all of them
    share a rank (and are listed by name)."""
    games = counted(games, through)
    tally = {entrant.team_id: _Line(entrant) for entrant in entrants}
    for game in games:
        for team in game.table.teams():
            # A team the event no longer holds: its opponents keep their games against it.
            tally.setdefault(team, _Line(Entrant(team, "")))
        _tally(rounds, tally, game)
    playing = {team for game in games for team in game.table.teams()}
    points = {team: line.points(rounds) for team, line in tally.items()}
    known = {entrant.team_id for entrant in entrants}
    lines = {team: line for team, line in tally.items()
             if team in known and (line.entrant.checked_in or team in playing)}
    values: dict[int, dict[str, float]] = {team: {"head-to-head": 0.0} for team in lines}
    for team, line in lines.items():
        for name in rounds.tie_breakers:
            if name != "head-to-head":
                values[team][name] = float(_tie_breaker(name, line, tally, points))
    groups = [sorted(lines, key=lambda team: (-points[team], lines[team].entrant.name, team))]
    groups = _split(groups, lambda group: {team: points[team] for team in group})
    for name in rounds.tie_breakers:
        if name == "head-to-head":
            # Again among those it leaves tied, until it splits no more: of three tied teams, the two
            # still level after it are then ordered by their own game.
            while True:
                split = _split(groups, lambda group: _head_to_head(rounds, group, games, values))
                if len(split) == len(groups):
                    break
                groups = split
        else:
            groups = _split(groups, lambda group, name=name: {team: values[team][name] for team in group})
    table, rank = [], 1
    for group in groups:
        for team in sorted(group, key=lambda team: (lines[team].entrant.name, team)):
            line = lines[team]
            entrant = line.entrant
            table.append(Standing(rank, team, entrant.name, entrant.club, line.played, line.wins, line.draws,
                                  line.losses, line.byes, points[team], line.score_for, line.score_against,
                                  {name: values[team][name] for name in rounds.tie_breakers},
                                  dropped=entrant.dropped_after is not None))
        rank += len(group)
    return table


def _tally(rounds: RoundsFormat, lines: dict[int, _Line], game: Game) -> None:
    table = game.table
    a = lines[table.a]
    if table.b is None:
        a.byes += 1
        a.score_for += rounds.bye_score
        return
    b, result = lines[table.b], game.result
    assert result is not None
    for line, mine, theirs, won, lost, opponent in ((a, result.score_a, result.score_b, "a", "b", table.b),
                                                    (b, result.score_b, result.score_a, "b", "a", table.a)):
        line.played += 1
        line.score_for += mine
        line.score_against += theirs
        line.opponents.append(opponent)
        if result.winner == won:
            line.wins += 1
        elif result.winner == lost:
            line.losses += 1
        else:
            line.draws += 1


def _tie_breaker(name: str, line: _Line, lines: dict[int, _Line], points: dict[int, int]) -> int:
    if name == "opponents-points":
        return sum(points[opponent] for opponent in line.opponents)
    if name == "score":
        return line.score_for
    if name == "score-difference":
        return line.score_for - line.score_against
    if name == "opponents-score":
        return sum(lines[opponent].score_for for opponent in line.opponents)
    if name == "wins":
        return line.wins
    raise ValueError(name)


def _head_to_head(rounds: RoundsFormat, group: list[int], games: list[Game],
                  values: dict[int, dict[str, float]]) -> dict[int, float]:
    """The points each team of ``group`` (teams still tied) took in the games between them; each
    team's value is kept as its head-to-head tie-breaker."""
    among = set(group)
    taken: dict[int, int] = defaultdict(int)
    for game in games:
        a, b = game.table.a, game.table.b
        if b is None or a not in among or b not in among or game.result is None:
            continue
        winner = game.result.winner
        taken[a] += rounds.win if winner == "a" else rounds.loss if winner == "b" else rounds.draw
        taken[b] += rounds.win if winner == "b" else rounds.loss if winner == "a" else rounds.draw
    for team in group:
        values[team]["head-to-head"] = float(taken[team])
    return {team: float(taken[team]) for team in group}


def _split(groups: list[list[int]], key) -> list[list[int]]:
    """Each group of tied teams split by ``key`` (a value per team of the group), highest first."""
    out: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        value = key(group)
        by_value: dict[float, list[int]] = defaultdict(list)
        for team in group:
            by_value[value[team]].append(team)
        out.extend(by_value[v] for v in sorted(by_value, reverse=True))
    return out
