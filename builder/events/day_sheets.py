"""The tournament day in the event's spreadsheet: the standings and every result, a sheet each,
written after the lists by :func:`builder.events.summary.write_lines`. Their rows are made from the
same values as the desk's pages (:mod:`builder.events.showing`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from builder.core.messages import text
from builder.core.pack import RoundsFormat
from builder.core.workbook import Column
from builder.events import show_texts  # noqa: F401 - the sheets' words join the message table
from builder.events.rounds import Day
from builder.events.showing import result_text, seats, standings
from builder.export.streamed import stream_table
from builder.export.xlsx import sheet_title


@dataclass(frozen=True)
class DaySheets:
    """What the day's sheets are made of: the pack's rounds, the day, each team's fingerprint."""

    rounds: RoundsFormat
    day: Day
    fingerprints: Mapping[int, str | None]


def headed(words: str) -> str:
    """A column's header as every other reads: its first letter a capital («puntos de victoria a favor»
    heads its column as «Puntos de victoria a favor»)."""
    return words[:1].upper() + words[1:]


def standings_sheet(rounds: RoundsFormat, day: Day, lang: str) -> tuple[list[Column], list[dict[str, Any]]]:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    columns = [Column("rank", t("show.rank"), kind="int", width=6), Column("team", t("show.team"), width=28),
               Column("club", t("show.club"), width=20), Column("played", t("show.played"), kind="int", width=8),
               Column("wins", t("show.wins"), kind="int", width=8), Column("draws", t("show.draws"), kind="int", width=8),
               Column("losses", t("show.losses"), kind="int", width=8), Column("byes", t("show.byes"), kind="int", width=8),
               Column("points", t("show.points"), kind="int", width=8)]
    if rounds.score:
        columns += [Column("score_for", headed(t("show.score-for", score=rounds.score_in(lang))), kind="int",
                           width=10),
                    Column("score_against", headed(t("show.score-against", score=rounds.score_in(lang))), kind="int",
                           width=10)]
    columns += [Column(f"tb:{b}", t(f"show.tb.{b}"), kind="number", width=12) for b in rounds.tie_breakers]
    columns.append(Column("dropped", t("xl.dropped"), width=10))
    rows = [{"rank": r.rank, "team": r.name, "club": r.club or "", "played": r.played, "wins": r.wins,
             "draws": r.draws, "losses": r.losses, "byes": r.byes, "points": r.points, "score_for": r.score_for,
             "score_against": r.score_against, **{f"tb:{b}": r.tie_breakers.get(b, 0) for b in rounds.tie_breakers},
             "dropped": t("show.yes") if r.dropped else ""} for r in standings(rounds, day)]
    return columns, rows


def results_sheet(rounds: RoundsFormat, day: Day, fingerprints: Mapping[int, str | None],
                  lang: str) -> tuple[list[Column], list[dict[str, Any]]]:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    words = {"bye": t("show.bye"), "draw": t("show.draw"), "pending": t("show.pending"),
             "disputed": t("show.disputed"), "won": t("show.won", team="{team}")}
    columns = [Column("round", t("xl.round"), kind="int", width=7), Column("table", t("xl.table"), kind="int", width=7),
               Column("a", t("show.team-a"), width=26), Column("a_print", t("show.fingerprint"), width=16),
               Column("b", t("show.team-b"), width=26), Column("b_print", t("show.fingerprint"), width=16),
               Column("state", t("show.result"), width=34)]
    if rounds.score:
        columns += [Column("score_a", t("xl.score-a"), kind="int", width=10),
                    Column("score_b", t("xl.score-b"), kind="int", width=10)]
    rows = []
    for r in sorted(day.rounds, key=lambda r: r.number):
        for s in seats(day, r.number, fingerprints):
            rows.append({"round": r.number, "table": s.number, "a": s.a.name, "a_print": s.a.fingerprint or "",
                         "b": s.b.name if s.b else "", "b_print": (s.b.fingerprint or "") if s.b else "",
                         "state": result_text(s, rounds, words), "score_a": s.score_a, "score_b": s.score_b})
    return columns, rows


def write_day_sheets(wb: Any, taken: set[str], sheets: DaySheets, lang: str) -> None:
    """The standings' sheet and the results' sheet, added to the write-only workbook ``wb``."""
    for key, (columns, rows) in (("xl.standings", standings_sheet(sheets.rounds, sheets.day, lang)),
                                 ("xl.results", results_sheet(sheets.rounds, sheets.day, sheets.fingerprints, lang))):
        stream_table(wb.create_sheet(sheet_title(text(key, lang), taken)), columns, rows)
