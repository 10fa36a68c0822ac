"""The tournament day in the store: check-in, drops, fixed tables, the rounds paired and published,
the results the teams report and the organiser enters, the log of the organiser's changes, and the
day as one value (:class:`builder.events.rounds.Day`) for every page and export to read.

:class:`DayKeeping` is a part of :class:`builder.events.store.Store`, as :class:`Roll` is: every
write is one transaction, answered only once committed. What a team may make the store keep is
bounded: its reports of one game (:data:`REPORTS_MOST`; the same report again stores nothing), one
drop, one check-in; the organiser's entries and the log are bounded too (:data:`ENTRIES_MOST`,
:data:`LOG_MOST`). Two desks pairing one round at once pair it once: the event's row is locked
while a round is paired, and a round's number is unique in its event (the other is refused
``already-paired``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from builder.core.pack import RoundsFormat
from builder.events.bounds import StoreRefused, club_name
from builder.events.pairing import pair_round
from builder.events.roll import live
from builder.events.results import Claims, claims_of, game_of, result_in, result_of, standing_result
from builder.events.rounds import Day, Entrant, Game, Round, Table
from builder.events.rows import aware, utc
from builder.events.schema import events, games, reports, round_changes, rounds, teams
from builder.events.standings import standings_of

REPORTS_MOST = 20
"""The reports one team keeps of one game: a few corrections, never a flood."""
ENTRIES_MOST = 100
"""The organiser's entries of one game's result."""
LOG_MOST = 20_000
"""The log's rows in one event: a change of the organiser's, a drop or a check-in each."""
TABLES_MOST = 1_000
ORGANISER = "organiser"
"""Who the log names for the organiser (a team is named by its name)."""


@dataclass(frozen=True)
class Change:
    """One row of the day's log: who changed what, when (``round``: the round it touched, or None)."""

    at: datetime
    who: str
    what: str
    detail: str
    round: int | None


class DayKeeping:
    engine: sa.Engine

    def _reading(self) -> sa.Connection:
        raise NotImplementedError

    def _event(self, conn: sa.Connection, event_id: int, for_update: bool = False) -> Any:
        raise NotImplementedError

    def _team(self, conn: sa.Connection, team_id: int, for_update: bool = False) -> Any:
        raise NotImplementedError

    def code_is(self, team_id: int, edit_code: str) -> bool:
        raise NotImplementedError

    # The teams

    def set_club(self, team_id: int, club: str | None) -> str | None:
        """The team's club (None: none), as :func:`club_name` keeps it."""
        kept = club_name(club)
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            conn.execute(teams.update().where(teams.c.id == team_id).values(club=kept))
            _changed(conn, team.event_id)
        return kept

    def open_checkin(self, event_id: int, open: bool = True) -> None:
        """Let the teams check themselves in (or, ``open=False``, stop them: the organiser still can)."""
        with self.engine.begin() as conn:
            self._event(conn, event_id, for_update=True)
            conn.execute(events.update().where(events.c.id == event_id).values(checkin_open=open))
            _changed(conn, event_id)

    def close_checkin(self, event_id: int) -> None:
        self.open_checkin(event_id, open=False)

    def check_in(self, team_id: int, code: str | None = None, organiser: bool = False,
                 now: datetime | None = None) -> None:
        """The team is here: by its edit ``code`` while check-in is open (``checkin-closed``), or by
        the organiser (logged) at any time. Again: nothing changes. Refused ``team-dropped``."""
        self._owner(team_id, code, organiser)
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            event = self._event(conn, team.event_id)
            if team.checked_in_at is not None:
                return
            if team.dropped_after is not None:
                raise StoreRefused("team-dropped")
            if not organiser and not event.checkin_open:
                raise StoreRefused("checkin-closed")
            conn.execute(teams.update().where(teams.c.id == team_id).values(checked_in_at=utc(now)))
            if organiser:
                _log(conn, team.event_id, None, ORGANISER, "check-in", team.name, now)
            _changed(conn, team.event_id)

    def drop(self, team_id: int, code: str | None = None, organiser: bool = False,
             now: datetime | None = None) -> int:
        """The team leaves the event after the last round paired (it plays that one out if it is in
        it): never paired again, its results kept. By its edit ``code`` or by the organiser; logged.
        Again: nothing changes. The last round it plays (0: none)."""
        self._owner(team_id, code, organiser)
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            if team.dropped_after is not None:
                return team.dropped_after
            self._event(conn, team.event_id, for_update=True)  # no round paired meanwhile
            last = conn.execute(sa.select(sa.func.max(rounds.c.number)).where(
                rounds.c.event_id == team.event_id)).scalar() or 0
            conn.execute(teams.update().where(teams.c.id == team_id).values(dropped_after=last))
            _log(conn, team.event_id, None, ORGANISER if organiser else team.name, "drop",
                 f"{team.name} ({last})", now)
            _changed(conn, team.event_id)
        return last

    def check_out(self, team_id: int, now: datetime | None = None) -> None:
        """The organiser's check-in undone (the wrong team checked in): only for a team seated in no
        round yet (refused ``team-paired``); logged. A team not checked in: nothing changes."""
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            self._event(conn, team.event_id, for_update=True)  # no round paired meanwhile
            if team.checked_in_at is None:
                return
            seated = conn.execute(sa.select(games.c.id).join(rounds, rounds.c.id == games.c.round_id).where(
                rounds.c.event_id == team.event_id, sa.or_(games.c.team_a == team_id, games.c.team_b == team_id))
                .limit(1)).first()
            if seated is not None:
                raise StoreRefused("team-paired")
            conn.execute(teams.update().where(teams.c.id == team_id).values(checked_in_at=None))
            _log(conn, team.event_id, None, ORGANISER, "check-out", team.name, now)
            _changed(conn, team.event_id)

    def set_fixed_table(self, team_id: int, table: int | None, now: datetime | None = None) -> None:
        """The table the team keeps every round from the next one paired (None: any); logged.
        Refused ``bad-table``: not from 1 to :data:`TABLES_MOST`."""
        if table is not None and (isinstance(table, bool) or not isinstance(table, int)
                                  or not 1 <= table <= TABLES_MOST):
            raise StoreRefused("bad-table", f"1 to {TABLES_MOST}")
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)
            conn.execute(teams.update().where(teams.c.id == team_id).values(fixed_table=table))
            _log(conn, team.event_id, None, ORGANISER, "fixed-table", f"{team.name}: {table or '-'}", now)
            _changed(conn, team.event_id)

    # The rounds

    def pair_next_round(self, event_id: int, fmt: RoundsFormat, number: int | None = None,
                        seed: str | None = None, now: datetime | None = None) -> Round:
        """Pair the next round (``number``: the one the organiser meant, refused ``already-paired``
        once another desk paired it), drafted: not yet shown to the players. Refused ``rounds-done``
        past the pack's count, ``round-unsettled`` while the last round is unpublished or a game of it
        has no standing result, ``too-few-teams`` with fewer than two teams to play it. The seed:
        ``seed``, else the first round's, else drawn here."""
        try:
            with self.engine.begin() as conn:
                self._event(conn, event_id, for_update=True)  # one desk pairs at a time
                day = self._day(conn, event_id)
                next_number = len(day.rounds) + 1
                if number is not None and number != next_number:
                    raise StoreRefused("already-paired", str(number))
                if next_number > fmt.count:
                    raise StoreRefused("rounds-done", str(fmt.count))
                last = day.rounds[-1] if day.rounds else None
                if last is not None:  # a report of it waits, and is then refused round-closed
                    self._round(conn, event_id, last.number, for_update=True)
                    day = self._day(conn, event_id)
                if last is not None and (not last.published or any(
                        g.result is None for g in day.games_of(last.number))):
                    raise StoreRefused("round-unsettled", str(last.number))
                entrants = list(day.entrants)
                if sum(e.plays_in(next_number) for e in entrants) < 2:
                    raise StoreRefused("too-few-teams")
                drawn = (seed or (day.rounds[0].seed if day.rounds else secrets.token_hex(4)))[:64]
                played = list(day.games)
                tables = pair_round(next_number, entrants, played, standings_of(fmt, entrants, played), drawn)
                _check_pairing(next_number, entrants, tables)
                at = utc(now)
                round_id = conn.execute(rounds.insert().values(
                    event_id=event_id, number=next_number, seed=drawn, published_at=None,
                    created_at=at)).inserted_primary_key[0]
                conn.execute(games.insert(), [{"round_id": round_id, "table_no": t.number, "team_a": t.a,
                                               "team_b": t.b} for t in tables])
                _log(conn, event_id, round_id, ORGANISER, "pair", f"{next_number} ({drawn})", now)
                _changed(conn, event_id)
        except sa.exc.IntegrityError:
            raise StoreRefused("already-paired", str(number or "")) from None
        return Round(next_number, drawn, False, tuple(sorted(tables, key=lambda t: t.number)))

    def swap(self, event_id: int, number: int, first: int, second: int, now: datetime | None = None) -> None:
        """Swap two teams' places in a drafted round (two of one table change sides); logged.
        Refused ``no-such-round``, ``round-published``, ``not-in-round`` (a team not in it, or the
        same team twice)."""
        with self.engine.begin() as conn:
            found = self._round(conn, event_id, number, for_update=True)
            if found.published_at is not None:
                raise StoreRefused("round-published", str(number))
            rows = conn.execute(sa.select(games).where(games.c.round_id == found.id)).all()
            places = {}
            for row in rows:
                places[row.team_a] = (row.id, "team_a")
                if row.team_b is not None:
                    places[row.team_b] = (row.id, "team_b")
            if first == second or first not in places or second not in places:
                raise StoreRefused("not-in-round", f"{first}, {second}")
            for team, (game_id, side) in ((second, places[first]), (first, places[second])):
                conn.execute(games.update().where(games.c.id == game_id).values({side: team}))
            names = dict(conn.execute(sa.select(teams.c.id, teams.c.name).where(teams.c.id.in_([first, second]))).all())
            _log(conn, event_id, found.id, ORGANISER, "swap", f"{names[first]} ↔ {names[second]}", now)
            _changed(conn, event_id)

    def publish(self, event_id: int, number: int, now: datetime | None = None) -> None:
        """Show a drafted round to the players: their tables, their opponents' lists, the report
        form. Again: nothing changes."""
        with self.engine.begin() as conn:
            found = self._round(conn, event_id, number, for_update=True)
            if found.published_at is not None:
                return
            conn.execute(rounds.update().where(rounds.c.id == found.id).values(published_at=utc(now)))
            _log(conn, event_id, found.id, ORGANISER, "publish", str(number), now)
            _changed(conn, event_id)

    # The results

    def report(self, team_id: int, code: str, number: int, winner: str, score_a: Any = 0, score_b: Any = 0,
               now: datetime | None = None) -> Game:
        """A team's report of its game in round ``number`` (``winner`` and scores as the table names
        its teams: ``a`` its first), by its edit code; the game as it stands after it. The same report
        again stores nothing. Refused ``bad-result``, ``no-such-round``, ``round-not-published``,
        ``round-closed`` (the next round is paired: the organiser corrects it), ``not-in-round``,
        ``bye-no-report``, ``too-many-reports``."""
        given = result_of(winner, score_a, score_b)
        self._owner(team_id, code, False)
        with self.engine.begin() as conn:
            team = self._team(conn, team_id, for_update=True)  # one team's reports one at a time
            found = self._round(conn, team.event_id, number, sharing=True)  # no pairing after it meanwhile
            if found.published_at is None:
                raise StoreRefused("round-not-published", str(number))
            if conn.execute(sa.select(rounds.c.id).where(rounds.c.event_id == team.event_id,
                                                         rounds.c.number == number + 1)).first():
                raise StoreRefused("round-closed", str(number))
            game = conn.execute(sa.select(games).where(games.c.round_id == found.id, sa.or_(
                games.c.team_a == team_id, games.c.team_b == team_id))).first()
            if game is None:
                raise StoreRefused("not-in-round", str(number))
            if game.team_b is None:
                raise StoreRefused("bye-no-report", str(number))
            mine = conn.execute(sa.select(reports).where(reports.c.game_id == game.id, reports.c.by_team == team_id)
                                .order_by(reports.c.id.desc())).all()
            if not mine or result_in(mine[0]) != given:
                if len(mine) >= REPORTS_MOST:
                    raise StoreRefused("too-many-reports", str(REPORTS_MOST))
                conn.execute(reports.insert().values(game_id=game.id, by_team=team_id, winner=given.winner,
                                                     score_a=given.score_a, score_b=given.score_b, at=utc(now)))
                _changed(conn, team.event_id)
            return game_of(number, game, claims_of(conn, [game])[game.id])

    def enter_result(self, event_id: int, number: int, table: int, winner: str, score_a: Any = 0,
                     score_b: Any = 0, now: datetime | None = None) -> Game:
        """The organiser's result of a table of a published round: it stands whatever the teams
        said (a dispute settled, a result corrected, one entered for them); logged. Refused
        ``bad-result``, ``no-such-round``, ``round-not-published``, ``no-such-table``,
        ``bye-no-report``, ``too-many-reports``."""
        given = result_of(winner, score_a, score_b)
        with self.engine.begin() as conn:
            found = self._round(conn, event_id, number, for_update=True)
            if found.published_at is None:
                raise StoreRefused("round-not-published", str(number))
            game = conn.execute(sa.select(games).where(games.c.round_id == found.id, games.c.table_no == table)).first()
            if game is None:
                raise StoreRefused("no-such-table", str(table))
            if game.team_b is None:
                raise StoreRefused("bye-no-report", str(table))
            said = claims_of(conn, [game])[game.id]
            entries = conn.execute(sa.select(sa.func.count()).select_from(reports).where(
                reports.c.game_id == game.id, reports.c.by_team.is_(None))).scalar()
            if entries >= ENTRIES_MOST:
                raise StoreRefused("too-many-reports", str(ENTRIES_MOST))
            standing, disputed = standing_result(said)
            what = "settle" if disputed else "correct" if standing is not None else "result"
            conn.execute(reports.insert().values(game_id=game.id, by_team=None, winner=given.winner,
                                                 score_a=given.score_a, score_b=given.score_b, at=utc(now)))
            _log(conn, event_id, found.id, ORGANISER, what,
                 f"{number}.{table}: {given.winner} {given.score_a}-{given.score_b}", now)
            _changed(conn, event_id)
            return game_of(number, game, Claims(said.a, said.b, given))

    def settle(self, event_id: int, number: int, table: int, winner: str, score_a: Any = 0, score_b: Any = 0,
               now: datetime | None = None) -> Game:
        """A dispute settled: the organiser's result (:meth:`enter_result`)."""
        return self.enter_result(event_id, number, table, winner, score_a, score_b, now)

    # Reading

    def day(self, event_id: int) -> Day:
        """The event's day as it stands: every team in it, every round paired, every game's result."""
        with self._reading() as conn:
            self._event(conn, event_id)
            return self._day(conn, event_id)

    def claims(self, event_id: int, number: int) -> dict[int, Claims]:
        """What was said of each table of round ``number``, by table (the disputes' both sides)."""
        with self._reading() as conn:
            found = self._round(conn, event_id, number)
            rows = conn.execute(sa.select(games).where(games.c.round_id == found.id)).all()
            said = claims_of(conn, rows)
        return {row.table_no: said[row.id] for row in rows}

    def clubs(self, event_id: int) -> dict[int, str]:
        """The clubs the event's teams named, by team."""
        with self._reading() as conn:
            return dict(conn.execute(sa.select(teams.c.id, teams.c.club).where(
                live(event_id), teams.c.club.is_not(None))).all())

    def round_changes(self, event_id: int, most: int = 200) -> list[Change]:
        """The day's log, the newest first, at most ``most`` rows."""
        with self._reading() as conn:
            rows = conn.execute(sa.select(round_changes, rounds.c.number)
                                .outerjoin(rounds, rounds.c.id == round_changes.c.round_id)
                                .where(round_changes.c.event_id == event_id)
                                .order_by(round_changes.c.id.desc()).limit(most)).all()
        return [Change(aware(r.at), r.who, r.what, r.detail, r.number) for r in rows]

    # Within a transaction

    def _owner(self, team_id: int, code: str | None, organiser: bool) -> None:
        if not organiser and not self.code_is(team_id, code or ""):
            raise StoreRefused("wrong-edit-code")

    def _round(self, conn: sa.Connection, event_id: int, number: int, for_update: bool = False,
               sharing: bool = False) -> Any:
        query = sa.select(rounds).where(rounds.c.event_id == event_id, rounds.c.number == number)
        if for_update or sharing:
            query = query.with_for_update(read=sharing and not for_update)
        row = conn.execute(query).first()
        if row is None:
            raise StoreRefused("no-such-round", str(number))
        return row

    def _day(self, conn: sa.Connection, event_id: int) -> Day:
        event = self._event(conn, event_id)
        entrants = tuple(Entrant(r.id, r.name, r.club, r.checked_in_at is not None, r.dropped_after, r.fixed_table)
                         for r in conn.execute(sa.select(teams).where(live(event_id)).order_by(teams.c.id)))
        found = conn.execute(sa.select(rounds).where(rounds.c.event_id == event_id).order_by(rounds.c.number)).all()
        numbers = {r.id: r.number for r in found}
        rows = conn.execute(sa.select(games).where(games.c.round_id.in_(list(numbers)))
                            .order_by(games.c.round_id, games.c.table_no)).all() if numbers else []
        said = claims_of(conn, rows)
        played = tuple(game_of(numbers[g.round_id], g, said[g.id]) for g in rows)
        tables = {n: tuple(g.table for g in played if g.round == n) for n in numbers.values()}
        paired = tuple(Round(r.number, r.seed, r.published_at is not None, tables[r.number]) for r in found)
        return Day(entrants, paired, played, bool(event.checkin_open))


def _check_pairing(number: int, entrants: list[Entrant], tables: list[Table]) -> None:
    """A pairing the store keeps: every team that plays the round at one table, no other team."""
    seated = [team for table in tables for team in table.teams()]
    playing = {e.team_id for e in entrants if e.plays_in(number)}
    if len(seated) != len(set(seated)) or set(seated) != playing or len({t.number for t in tables}) != len(tables):
        raise RuntimeError(f"round {number}: a pairing that seats {sorted(seated)} for {sorted(playing)}")


def _log(conn: sa.Connection, event_id: int, round_id: int | None, who: str, what: str, detail: str,
         now: datetime | None) -> None:
    kept = conn.execute(sa.select(sa.func.count()).select_from(round_changes)
                        .where(round_changes.c.event_id == event_id)).scalar()
    if kept >= LOG_MOST:
        raise StoreRefused("log-full", str(LOG_MOST))
    conn.execute(round_changes.insert().values(event_id=event_id, round_id=round_id, who=who[:200], what=what,
                                               detail=detail[:2000], at=utc(now)))


def _changed(conn: sa.Connection, event_id: int) -> None:
    conn.execute(events.update().where(events.c.id == event_id).values(changes=events.c.changes + 1))
