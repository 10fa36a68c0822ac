"""A game's results: one as given (its winner and both scores, bounded), what was said of a game
(each team's latest report and the organiser's latest entry), and the result that stands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from builder.events.bounds import StoreRefused
from builder.events.rounds import Game, Result, Table
from builder.events.schema import reports

SCORE_MOST = 100_000
"""A game's own score at most (victory points, dureza…)."""
WINNERS = ("a", "b", "draw")


@dataclass(frozen=True)
class Claims:
    """What was said of one game: each team's latest report and the organiser's latest entry."""

    a: Result | None = None
    b: Result | None = None
    organiser: Result | None = None


def result_of(winner: str, score_a: Any = 0, score_b: Any = 0) -> Result:
    """A game's result as given; refused ``bad-result``: a winner not a, b or draw, a score not a
    whole number from 0 to :data:`SCORE_MOST`."""
    scores = []
    for score in (score_a, score_b):
        if isinstance(score, str):
            score = score.strip() or "0"
            score = int(score) if score.isascii() and score.isdigit() and len(score) < 9 else -1
        if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= SCORE_MOST:
            raise StoreRefused("bad-result", f"a score from 0 to {SCORE_MOST}")
        scores.append(score)
    if winner not in WINNERS:
        raise StoreRefused("bad-result", "the winner: a, b or draw")
    return Result(winner, *scores)  # type: ignore[arg-type]


def standing_result(said: Claims) -> tuple[Result | None, bool]:
    """The result that stands for a game, and whether it is disputed: the organiser's latest entry;
    else the two teams' latest reports when they agree (disputed when they differ)."""
    if said.organiser is not None:
        return said.organiser, False
    if said.a is not None and said.b is not None:
        return (said.a, False) if said.a == said.b else (None, True)
    return None, False


def result_in(row: Any) -> Result:
    return Result(row.winner, row.score_a, row.score_b)


def claims_of(conn: sa.Connection, rows: list[Any]) -> dict[int, Claims]:
    """Each game's latest report from each of its teams and the organiser's latest entry."""
    ids = [row.id for row in rows]
    said: dict[int, dict[str, Result]] = {game_id: {} for game_id in ids}
    sides = {row.id: {row.team_a: "a", row.team_b: "b"} for row in rows}
    for chunk in range(0, len(ids), 500):
        for r in conn.execute(sa.select(reports).where(reports.c.game_id.in_(ids[chunk:chunk + 500]))
                              .order_by(reports.c.id)):
            side = "organiser" if r.by_team is None else sides[r.game_id].get(r.by_team)
            if side is not None:
                said[r.game_id][side] = result_in(r)
    return {game_id: Claims(**found) for game_id, found in said.items()}


@dataclass(frozen=True)
class Unsettled:
    """A table of a round with no result standing, and why: ``disputed`` (the teams' reports differ),
    ``unreported`` (no one said anything), ``unconfirmed`` (one team reported; ``waiting`` is the other)."""

    table: Table
    why: str
    waiting: int | None = None


def unsettled(games: list[Game], said: dict[int, Claims]) -> list[Unsettled]:
    """The tables of a round (its ``games`` and what was said of each, by table) that keep the next
    round from being paired, in table order."""
    out = []
    for game in sorted(games, key=lambda g: g.table.number):
        if game.result is not None:
            continue
        claims = said.get(game.table.number, Claims())
        if game.disputed:
            out.append(Unsettled(game.table, "disputed"))
        elif claims.a is None and claims.b is None:
            out.append(Unsettled(game.table, "unreported"))
        else:
            out.append(Unsettled(game.table, "unconfirmed", game.table.b if claims.b is None else game.table.a))
    return out


def game_of(number: int, row: Any, said: Claims) -> Game:
    table = Table(row.table_no, row.team_a, row.team_b)
    if table.bye:
        return Game(number, table, Result("a"))  # a bye stands as it is: its points are the standings'
    result, disputed = standing_result(said)
    return Game(number, table, result, disputed)
