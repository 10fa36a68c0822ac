"""The whole event as one JSON file: its teams with their latest lists (files and all), the rounds
with their tables and results, the standings, and a race day's campaign, so nothing an organiser ran
on the desk is locked in builder.

Its shape is :class:`EventExport` (strict models: every field documented in the organisers' guides,
its JSON Schema in ``docs/event-export.schema.json``, made from these models by
:func:`export_schema`). It is written a team at a time (:func:`write_event_json`): the teams' lists
are read from the store a batch at a time, never the whole event at once.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Literal

from pydantic import BaseModel, ConfigDict

from builder.core.pack import Pack, RoundsFormat
from builder.events.bounds import check_stop
from builder.events.rounds import Day, Entrant, Standing
from builder.events.schema import Event, Submission
from builder.events.showing import seats, standings

FORMAT = "builder-event"
VERSION = 1
"""The version of the file's shape: a field added keeps it, a field changed or removed moves it on."""


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, use_attribute_docstrings=True)


class Points(Model):
    win: int
    draw: int
    loss: int
    bye: int


class Format(Model):
    count: int
    points: Points
    bye_score: int
    score: str | None
    """What the game's own score is called: in Spanish when the pack names it in both languages."""
    tie_breakers: list[str]
    score_en: str | None = None
    """The score's name in English when the pack names it in both languages, else null."""


class EventPart(Model):
    """The event as the desk keeps it."""

    name: str
    """The event's name as the desk stores it."""
    system: str
    """The game's key (the lists' ``system:``)."""
    pack: str
    """The event's name in its pack."""
    deadline: str | None
    """When submissions close (ISO 8601, UTC), or null."""
    locked: bool
    """Whether the organiser closed the event."""
    published_lists: bool
    """Whether the lists are shown to everyone once the event is closed."""
    exported_at: str
    """When this file was written (ISO 8601, UTC)."""
    rounds: Format | None
    """The pack's rounds: block, or null for an event that only takes lists."""


class EditionPart(Model):
    """The edition of its game's catalogs a list was checked under."""

    name: str
    hash: str
    """Its content hash (sha256 of its catalog files, in hex): what tells two editions of one name apart."""


class ListPart(Model):
    version: int
    submitted_at: str
    system: str | None
    points: int | None
    points_limit: int | None
    legal: bool
    fingerprint: str | None
    edition: EditionPart | None
    """The edition it was checked under when stored; null when the desk that stored it could not say."""
    files: dict[str, str]


class TeamPart(Model):
    """A team, in the order they registered."""

    id: int
    """The desk's number for the team: what rounds and standings name it by."""
    name: str
    club: str | None
    checked_in: bool
    dropped_after: int | None
    """The last round it played before dropping (0: before the first); null while it plays on."""
    fixed_table: int | None
    """The table it keeps every round, or null."""
    list: ListPart | None
    """Its latest version, with its files as sent."""


class ResultPart(Model):
    winner: Literal["a", "b", "draw"]
    score_a: int
    score_b: int


class TablePart(Model):
    """A table of a round and the result that stands for it."""

    table: int
    a: int
    """The first team's id."""
    b: int | None
    """The second team's id; null for the bye."""
    result: ResultPart | None
    """The result that stands, or null while none does (not reported, or disputed)."""
    disputed: bool
    """Whether the two teams' reports differ (the organiser settles it)."""


class RoundPart(Model):
    number: int
    seed: str
    published: bool
    tables: list[TablePart]


class StandingPart(Model):
    rank: int
    team: int
    name: str
    club: str | None
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    points: int
    score_for: int
    score_against: int
    tie_breakers: dict[str, int | float]
    """Each of the pack's tie-breakers by its name, with the team's value: whole values as integers."""
    dropped: bool


class RaceDayPart(Model):
    """A race day as the organiser entered it."""

    number: int
    entered_at: str
    stage: dict[str, Any]
    """The day as one stage of the campaign's file (name, finish, kos, summits)."""


class RacePart(Model):
    """An event whose rounds are a campaign's race days."""

    system: str
    """The campaign's key."""
    days: list[RaceDayPart]
    classifications: dict[str, Any]
    """general, dureza and honor as the campaign's command gives them (--format json)."""


class EventExport(Model):
    """The whole event as one file: builder's event export."""

    format: Literal["builder-event"]
    format_version: int
    """1; a field added keeps it, a field changed or removed moves it on."""
    event: EventPart
    teams: list[TeamPart]
    rounds: list[RoundPart]
    standings: list[StandingPart]
    race: RacePart | None


def export_schema() -> dict[str, Any]:
    """The JSON Schema of the file (``docs/event-export.schema.json`` is this, written out)."""
    schema = EventExport.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "builder event export"
    return schema


def moment(value: datetime | None) -> str | None:
    """A moment as ISO 8601 in UTC (a naive one is UTC already: the store keeps UTC)."""
    if value is None:
        return None
    aware = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return aware.astimezone(timezone.utc).isoformat()


def format_part(rounds: RoundsFormat | None) -> dict[str, Any] | None:
    if rounds is None:
        return None
    return {"count": rounds.count, "points": {"win": rounds.win, "draw": rounds.draw, "loss": rounds.loss,
                                              "bye": rounds.bye},
            "bye_score": rounds.bye_score, "score": rounds.score, "tie_breakers": list(rounds.tie_breakers),
            "score_en": rounds.score_en}


def whole_or_not(value: float) -> int | float:
    """A tie-breaker's value as JSON writes it: 9, not 9.0; a value with decimals as it is."""
    return int(value) if float(value).is_integer() else float(value)


def team_part(s: Submission, entrant: Entrant | None) -> dict[str, Any]:
    c = s.checked
    return {"id": s.team_id, "name": s.team, "club": entrant.club if entrant else None,
            "checked_in": entrant.checked_in if entrant else False,
            "dropped_after": entrant.dropped_after if entrant else None,
            "fixed_table": entrant.fixed_table if entrant else None,
            "list": {"version": s.version, "submitted_at": moment(s.submitted_at), "system": c.system,
                     "points": c.points, "points_limit": c.points_limit, "legal": c.legal,
                     "fingerprint": c.fingerprint,
                     "edition": {"name": c.edition, "hash": c.edition_hash} if c.edition and c.edition_hash else None,
                     "files": dict(s.files)}}


def rounds_part(day: Day) -> list[dict[str, Any]]:
    out = []
    for r in sorted(day.rounds, key=lambda r: r.number):
        tables = [{"table": s.number, "a": s.a.team_id, "b": s.b.team_id if s.b else None,
                   "result": None if s.winner is None else {"winner": s.winner, "score_a": s.score_a or 0,
                                                            "score_b": s.score_b or 0},
                   "disputed": s.disputed} for s in seats(day, r.number, {})]
        out.append({"number": r.number, "seed": r.seed, "published": r.published, "tables": tables})
    return out


def standing_part(row: Standing) -> dict[str, Any]:
    return {"rank": row.rank, "team": row.team_id, "name": row.name, "club": row.club, "played": row.played,
            "wins": row.wins, "draws": row.draws, "losses": row.losses, "byes": row.byes, "points": row.points,
            "score_for": row.score_for, "score_against": row.score_against,
            "tie_breakers": {k: whole_or_not(v) for k, v in row.tie_breakers.items()}, "dropped": row.dropped}


def write_event_json(target: Path, event: Event, pack: Pack, latest: Iterable[Submission], day: Day | None,
                     race: dict[str, Any] | None = None, stop: Callable[[], bool] = lambda: False,
                     now: datetime | None = None) -> None:
    """Write the event's file to ``target`` (whole or not at all: beside it, then moved): ``latest``
    the teams' latest versions with their files (a batch at a time), ``day`` the tournament day
    (None: the event plays no rounds), ``race`` a race day's campaign (:class:`RacePart`'s fields)."""
    entrants = {e.team_id: e for e in day.entrants} if day is not None else {}
    head = {"format": FORMAT, "format_version": VERSION,
            "event": {"name": event.name, "system": event.system, "pack": pack.name, "deadline": moment(event.deadline),
                      "locked": event.locked, "published_lists": event.publish,
                      "exported_at": moment(now or datetime.now(timezone.utc)), "rounds": format_part(pack.rounds)}}
    tail = {"rounds": rounds_part(day) if day is not None else [],
            "standings": [standing_part(r) for r in standings(pack.rounds, day)]
            if day is not None and pack.rounds is not None else [],
            "race": race}
    partial = target.with_name(f".{target.name}.part")
    try:
        with open(partial, "w", encoding="utf-8") as out:
            out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "teams": [')
            for n, s in enumerate(latest):
                check_stop(stop)
                out.write(("," if n else "") + "\n" + json.dumps(team_part(s, entrants.get(s.team_id)),
                                                                 ensure_ascii=False))
            out.write("\n], " + json.dumps(tail, ensure_ascii=False)[1:] + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
