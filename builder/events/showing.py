"""The tournament day as people look at it: each round's tables with the teams' names, their lists'
fingerprints and the results that stand, and the standings. Made from a :class:`Day` alone (and the
teams' fingerprints), the same for the desk's pages, the round's PDFs, the event's spreadsheet and
its JSON file, so what one shows is what every other shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from builder.core.pack import RoundsFormat
from builder.events.rounds import Day, Game, Round, Standing
from builder.events.standings import standings_of


@dataclass(frozen=True)
class Side:
    """One team at a table: its id, its name and its latest list's fingerprint (None: none kept)."""

    team_id: int
    name: str
    fingerprint: str | None


@dataclass(frozen=True)
class Seat:
    """A table of a round as shown: its teams (``b`` None for the bye) and the game's standing."""

    number: int
    a: Side
    b: Side | None
    winner: str | None
    """``a``, ``b``, ``draw``, or None while no result stands (or it is disputed)."""
    score_a: int | None
    score_b: int | None
    disputed: bool

    @property
    def bye(self) -> bool:
        return self.b is None


def seats(day: Day, number: int, fingerprints: Mapping[int, str | None]) -> list[Seat]:
    """Round ``number``'s tables, by table number, each with the result that stands for it."""
    names = {e.team_id: e.name for e in day.entrants}
    side = lambda team: Side(team, names.get(team, f"#{team}"), fingerprints.get(team))  # noqa: E731
    games = {game.table.number: game for game in day.games_of(number)}
    found = next((r for r in day.rounds if r.number == number), None)
    out = []
    for table in sorted(found.tables if found else (), key=lambda t: t.number):
        game = games.get(table.number, Game(number, table))
        result = game.result
        out.append(Seat(table.number, side(table.a), None if table.b is None else side(table.b),
                        None if table.b is None or result is None else result.winner,
                        None if table.b is None or result is None else result.score_a,
                        None if table.b is None or result is None else result.score_b,
                        game.disputed))
    return out


def published(day: Day) -> list[Round]:
    """The rounds players may see (published), in order."""
    return sorted((r for r in day.rounds if r.published), key=lambda r: r.number)


def public_day(day: Day) -> Day:
    """The day as the public pages see it: rounds not yet published (and their games) left out."""
    shown = {r.number for r in published(day)}
    return Day(day.entrants, tuple(r for r in day.rounds if r.number in shown),
               tuple(g for g in day.games if g.round in shown), day.checkin_open)


def standings(rounds: RoundsFormat, day: Day) -> list[Standing]:
    """The standings of every checked-in team from the games that have a standing result (the
    pack's scoring and tie-breakers: :func:`builder.events.standings.standings_of`)."""
    return standings_of(rounds, list(day.entrants), list(day.games))


def result_text(seat: Seat, rounds: RoundsFormat, words: Mapping[str, str]) -> str:
    """A table's result in a few characters: the winner's name and, where the pack keeps a score,
    the scores (``words``: ``bye``, ``draw``, ``pending``, ``disputed``, ``won``; ``won`` has {team})."""
    if seat.b is None:
        return words["bye"]
    if seat.disputed:
        return words["disputed"]
    if seat.winner is None:
        return words["pending"]
    said = words["draw"] if seat.winner == "draw" else \
        words["won"].format(team=seat.a.name if seat.winner == "a" else seat.b.name)
    return f"{said} · {seat.score_a}–{seat.score_b}" if rounds.score else said
