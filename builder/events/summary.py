"""An event's summary sheet: one row per list, filterable, in the style of the team sheets.

Each list's status is a word on a fill of its own (a pale one for LEGAL, a dark one with white
letters for the rest), so a black-and-white printout tells them apart as well as a screen does.
The pack is recorded by its file's name, never its folders (ruling 60c).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from openpyxl.styles import Alignment, Font, PatternFill

from builder.core import registry
from builder.core.workbook import Column, Table
from builder.export.xlsx import (
    FONT, LABEL_FONT, SIZE, TITLE_FONT, TITLE_SIZE, fit_row, label_width, new_workbook, print_setup, put,
    set_print_areas, sheet_title, write_table,
)
from builder.export import fontmetrics as fm
from builder.core.findings import input_error_message
from builder.core.messages import text
from builder.core.names import fold
from builder.events.packs import Pack
from builder.core.pipeline import Outcome
from builder.export.report import crash_message, tally

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


def write_summary(outcomes: list[Outcome], path: Path, lang: str, pack: Pack | None,
                  today: dt.date | None = None, teams: list[dict] | None = None) -> None:
    """The summary workbook; ``teams`` (the event desk's: one row a team, in the order of
    ``outcomes``) adds a sheet of who sent each list, which version, when, and its review."""
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    wb = new_workbook()
    cover = wb.active
    taken: set[str] = set()
    cover.title = sheet_title(t("xl.event"), taken)
    put(cover, 1, 1, pack.name if pack else t("xl.event")).font = TITLE_FONT
    fit_row(cover, 1, fm.row_height(1, True, TITLE_SIZE))
    counts = tally(outcomes)
    facts = [(t("xl.pack"), pack_label(pack) if pack else "—"),
             (t("xl.system"), registry.get(pack.system).title if pack else "—"),
             (t("xl.date"), (today or dt.date.today()).isoformat()),
             (t("xl.lists"), len(outcomes)),
             (t("ui.legal"), counts["legal"]), (t("ui.illegal"), counts["illegal"]),
             (t("ui.unreadable"), counts["unreadable"]),
             (t("xl.over-points"), sum(1 for o in outcomes if over_points(o)))]
    repeated = [o.evaluation for o in outcomes if o.evaluation is not None]
    facts.append((t("xl.repeated-lists"), sum(1 for ev in repeated if any(f.code == "repeated-list" for f in ev.findings))))
    facts.append((t("xl.players-two-lists"), len({fold(ev.player or "") for ev in repeated
                                                  if any(f.code == "player-with-two-lists" for f in ev.findings)})))
    if counts["no_list"]:
        facts.append((t("ui.no-list"), counts["no_list"]))
    if counts["internal"]:
        facts.append((t("ui.internal"), counts["internal"]))
    for r, (label, value) in enumerate(facts, start=3):
        put(cover, r, 1, label).font = LABEL_FONT
        put(cover, r, 2, value).alignment = Alignment(horizontal="left")  # beside its label, as on a team's summary
    cover.column_dimensions["A"].width = label_width([label for label, _ in facts])
    cover.column_dimensions["B"].width = 40
    print_setup(cover, header_rows=None)
    lists = wb.create_sheet(sheet_title(t("xl.lists"), taken))
    columns = [Column("file", t("xl.file"), width=34), Column("name", t("xl.name"), width=28),
               Column("player", t("xl.player"), width=20), Column("system", t("xl.system"), width=18),
               Column("points", t("xl.points"), kind="int", width=9), Column("limit", t("xl.points-limit"), kind="int", width=9),
               Column("status", t("xl.legal"), width=12), Column("errors", t("xl.errors"), kind="int", width=9),
               Column("warnings", t("xl.warnings"), kind="int", width=9),
               Column("fingerprint", t("xl.fingerprint"), width=16), Column("problems", t("xl.first-problems"), width=90),
               Column("repeated", t("xl.repeated"), width=60)]
    table_rows = rows(outcomes, lang)
    write_table(lists, Table("lists", lists.title, columns, table_rows))
    last = len(table_rows) + 1
    lists.auto_filter.ref = f"A1:L{max(last, 1)}"
    # Red for every status but a legal list's and a legal file's that holds none (a Warbook).
    passed = {o.evaluation.status_text(lang) for o in outcomes if o.evaluation is not None and o.evaluation.legal}
    for row in lists.iter_rows(min_row=2, max_row=last, min_col=7, max_col=7):
        for cell in row:
            good = cell.value in passed
            cell.font, cell.fill = (GOOD_FONT, GOOD_FILL) if good else (BAD_FONT, BAD_FILL)
    if teams is not None:
        desk = wb.create_sheet(sheet_title(t("xl.desk-teams"), taken), 1)
        columns = [Column("team", t("xl.desk-team"), width=28), Column("version", t("xl.desk-version"), kind="int", width=9),
                   Column("submitted", t("xl.desk-submitted"), width=17), Column("late", t("xl.desk-late"), width=9),
                   Column("review", t("xl.desk-review"), width=14), Column("note", t("xl.desk-note"), width=50),
                   Column("file", t("xl.file"), width=34)]
        write_table(desk, Table("teams", desk.title, columns, teams))
        desk.auto_filter.ref = f"A1:G{len(teams) + 1}"
    set_print_areas(wb)
    wb.save(path)


def pack_label(pack: Pack) -> str:
    """The pack as the sheet names it: its file's name and the event's, the same wherever the sheet
    is opened (a relative path means nothing away from the folder it was typed in, an absolute one
    names the organiser's folders)."""
    return f"{Path(pack.doc.label).name} ({pack.name})"


def over_points(outcome: Outcome) -> bool:
    ev = outcome.evaluation
    return ev is not None and ev.points is not None and ev.points_limit is not None and ev.points > ev.points_limit
