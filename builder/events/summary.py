"""An event's summary sheet: one row per list, filterable, in the style of the team sheets.

Each list's status is a word on a fill of its own (a pale one for LEGAL, a dark one with white
letters for the rest), so a black-and-white printout tells them apart as well as a screen does.
The pack is recorded by its file's name, never its folders (ruling 60c).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

from openpyxl.styles import Font, PatternFill

from builder.core import registry
from builder.core.workbook import Column
from builder.export.xlsx import FONT, LABEL_FONT, SIZE, TITLE_FONT, TITLE_SIZE, label_width, sheet_title
from builder.export import fontmetrics as fm
from builder.export.streamed import stream_facts, stream_table, streamed_workbook
from builder.core.reader import Document
from builder.events.day_sheets import DaySheets, write_day_sheets
from builder.events.tournament import with_event_rules
from builder.core.findings import input_error_message
from builder.core.messages import text
from builder.core.names import fold
from builder.events.packs import Pack
from builder.core.pipeline import Outcome
from builder.export.report import crash_message

FIRST_PROBLEMS = 3
GOOD_FILL, GOOD_FONT = PatternFill("solid", fgColor="E2EFDA"), Font(name=FONT, size=SIZE, bold=True)
BAD_FILL, BAD_FONT = PatternFill("solid", fgColor="C00000"), Font(name=FONT, size=SIZE, bold=True, color="FFFFFF")
REPEATS = ("repeated-list", "player-with-two-lists")
"""An event's lists sent twice, and players with two lists (ruling 60b): a column of their own."""


def rows(outcomes: list[Outcome], lang: str) -> list[dict]:
    out = []
    for o in outcomes:
        ev = o.evaluation
        if o.crash is not None:
            out.append({"file": o.file, "status": text("ui.internal", lang), "errors": 1,
                        "problems": f"{o.crash.code}: {crash_message(o.crash, lang)}"})
            continue
        if ev is None:
            out.append({"file": o.file, "status": text("ui.unreadable", lang), "errors": 1,
                        "problems": input_error_message(o.unreadable, lang)})
            continue
        problems = [f"{f.code}: {f.detail(lang)}" for f in ev.findings.errors[:FIRST_PROBLEMS]]
        out.append({
            "file": o.file, "name": ev.name, "player": ev.player, "system": registry.get(ev.system).title,
            "points": ev.points, "limit": ev.points_limit,
            "status": ev.status_text(lang),
            "errors": len(ev.findings.errors), "warnings": len(ev.findings.warnings),
            "fingerprint": ev.fingerprint, "problems": " · ".join(problems),
            "repeated": " · ".join(f"{f.detail(lang)}" for f in ev.findings.warnings if f.code in REPEATS),
        })
    return out


@dataclass(frozen=True)
class Line:
    """One list's row of the summary, and what the cover counts of it: ``kind`` (``legal``,
    ``illegal``, ``unreadable``, ``internal``, ``no_list``), over its points, sent by another team
    too, its player's name folded when that player sent another list."""

    row: dict[str, Any]
    kind: str
    over: bool = False
    repeated: bool = False
    player_twice: str | None = None


def line_of(outcome: Outcome, lang: str) -> Line:
    row = rows([outcome], lang)[0]
    ev = outcome.evaluation
    if ev is None:
        return Line(row, "internal" if outcome.crash is not None else "unreadable")
    kind = "illegal" if not ev.legal else "legal" if ev.roster else "no_list"
    codes = {f.code for f in ev.findings.warnings}
    return Line(row, kind, over_points(outcome), "repeated-list" in codes,
                fold(ev.player or "") if "player-with-two-lists" in codes else None)


def event_lines(outcomes: Iterable[Outcome], pack: Pack | None, lang: str) -> list[Line]:
    """Each list's line, made as its outcome comes (each checked alone, without the event's rules),
    then the event's rules across them all (a list for another game, the game's own, a list or a
    player twice), added to the lines. Of each outcome only its line and a slim copy for those
    rules are kept (no document, no finding): an event of thousands of lists is held in memory as
    thousands of rows, never as thousands of parsed lists."""
    lines, slims = [], []
    for outcome in outcomes:
        lines.append(line_of(outcome, lang))
        slims.append(slim(outcome))
    ruled = with_event_rules(slims, pack)
    return [with_added(line, after.evaluation, lang) if after.evaluation is not None else line
            for line, after in zip(lines, ruled)]


def slim(outcome: Outcome) -> Outcome:
    """The outcome as the event's rules read it: its evaluation without findings or view, its
    document without its data (its top-level keys and their lines alone)."""
    ev = outcome.evaluation
    if ev is None:
        return Outcome(outcome.file)
    doc = ev.source
    thin = None if doc is None else Document(
        doc.path, doc.label, {key: None for key in doc.data} if isinstance(doc.data, dict) else None,
        {path: line for path, line in doc.lines.items() if len(path) <= 1})
    return Outcome(outcome.file, evaluation=replace(ev, findings=(), source=thin, view=None, inputs=()))


def with_added(line: Line, after: Any, lang: str) -> Line:
    """``line`` with the findings the event's rules added (all of ``after``'s: it had none before)."""
    added = list(after.findings)
    if not added or line.kind in ("unreadable", "internal"):
        return line
    errors = [f for f in added if f.severity == "error"]
    row = dict(line.row)
    shown = [p for p in row.get("problems", "").split(" · ") if p]
    row["problems"] = " · ".join(shown + [f"{f.code}: {f.detail(lang)}" for f in errors][:max(0, FIRST_PROBLEMS - len(shown))])
    row["errors"] = row.get("errors", 0) + len(errors)
    row["warnings"] = row.get("warnings", 0) + len(added) - len(errors)
    row["repeated"] = " · ".join(f.detail(lang) for f in added if f.code in REPEATS)
    kind = "illegal" if errors else line.kind
    if errors:
        row["status"] = after.status_text(lang)
    codes = {f.code for f in added}
    return Line(row, kind, line.over, line.repeated or "repeated-list" in codes,
                line.player_twice or (fold(after.player or "") if "player-with-two-lists" in codes else None))


def write_summary(outcomes: list[Outcome], path: Path, lang: str, pack: Pack | None,
                  today: dt.date | None = None, teams: list[dict] | None = None, zone: str | None = None) -> None:
    """The summary workbook of checked ``outcomes`` (the event's rules applied): see :func:`write_lines`."""
    write_lines([line_of(o, lang) for o in outcomes], path, lang, pack, today, teams, zone)


def write_lines(lines: list[Line], path: Path, lang: str, pack: Pack | None, today: dt.date | None = None,
                teams: list[dict] | None = None, zone: str | None = None, day: DaySheets | None = None) -> None:
    """The summary workbook, written row by row (openpyxl's write-only mode): a cover of the
    event's counts, then ``teams`` (the event desk's: one row a team, in the order of ``lines``: who
    sent each list, which version, when, in ``zone``, and its review), then a row a list; then, for
    an event that plays rounds (``day``), the standings and every result."""
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    wb = streamed_workbook()
    taken: set[str] = set()
    cover = wb.create_sheet(sheet_title(t("xl.event"), taken))
    kinds = Counter(line.kind for line in lines)
    facts = [(t("xl.pack"), pack_label(pack) if pack else "—"),
             (t("xl.system"), registry.get(pack.system).title if pack else "—"),
             (t("xl.date"), (today or dt.date.today()).isoformat()),
             (t("xl.lists"), len(lines)),
             (t("ui.legal"), kinds["legal"]), (t("ui.illegal"), kinds["illegal"]),
             (t("ui.unreadable"), kinds["unreadable"]),
             (t("xl.over-points"), sum(1 for line in lines if line.over)),
             (t("xl.repeated-lists"), sum(1 for line in lines if line.repeated)),
             (t("xl.players-two-lists"), len({line.player_twice for line in lines if line.player_twice is not None}))]
    if kinds["no_list"]:
        facts.append((t("ui.no-list"), kinds["no_list"]))
    if kinds["internal"]:
        facts.append((t("ui.internal"), kinds["internal"]))
    stream_facts(cover, pack.name if pack else t("xl.event"), facts, TITLE_FONT, LABEL_FONT,
                 label_width([label for label, _ in facts]), fm.row_height(1, True, TITLE_SIZE))
    if teams is not None:
        desk = wb.create_sheet(sheet_title(t("xl.desk-teams"), taken))
        submitted = t("xl.desk-submitted-in", zone=zone) if zone else t("xl.desk-submitted")
        stream_table(desk, [Column("team", t("xl.desk-team"), width=28),
                            Column("version", t("xl.desk-version"), kind="int", width=9),
                            Column("submitted", submitted, width=17), Column("late", t("xl.desk-late"), width=9),
                            Column("review", t("xl.desk-review"), width=14), Column("note", t("xl.desk-note"), width=50),
                            Column("file", t("xl.file"), width=34)], teams)
    lists = wb.create_sheet(sheet_title(t("xl.lists"), taken))
    columns = [Column("file", t("xl.file"), width=34), Column("name", t("xl.name"), width=28),
               Column("player", t("xl.player"), width=20), Column("system", t("xl.system"), width=18),
               Column("points", t("xl.points"), kind="int", width=9), Column("limit", t("xl.points-limit"), kind="int", width=9),
               Column("status", t("xl.legal"), width=12), Column("errors", t("xl.errors"), kind="int", width=9),
               Column("warnings", t("xl.warnings"), kind="int", width=9),
               Column("fingerprint", t("xl.fingerprint"), width=16), Column("problems", t("xl.first-problems"), width=90),
               Column("repeated", t("xl.repeated"), width=60)]
    # Red for every status but a legal list's and a legal file's that holds none (a Warbook).
    passed = {line.row["status"] for line in lines if line.kind in ("legal", "no_list")}
    stream_table(lists, columns, [line.row for line in lines], lambda key, value: None if key != "status" else
                 (GOOD_FONT, GOOD_FILL) if value in passed else (BAD_FONT, BAD_FILL))
    if day is not None:
        write_day_sheets(wb, taken, day, lang)
    wb.save(path)


def pack_label(pack: Pack) -> str:
    """The pack as the sheet names it: its file's name and the event's, the same wherever the sheet
    is opened (a relative path means nothing away from the folder it was typed in, an absolute one
    names the organiser's folders)."""
    return f"{Path(pack.doc.label).name} ({pack.name})"


def over_points(outcome: Outcome) -> bool:
    ev = outcome.evaluation
    return ev is not None and ev.points is not None and ev.points_limit is not None and ev.points > ev.points_limit
