"""What the organiser's summary spreadsheet and print hold, written from the event's store (each a
job, made in a worker: :mod:`builder.desk.export_jobs`).

Each is bounded in memory: the teams' lists are read from the store :data:`BATCH` at a time, each
checked (or printed) and let go; the spreadsheet is written row by row (openpyxl's write-only
mode). Each says how far it got (``progress``) and asks ``stop`` between teams.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from builder.core import messages
from builder.core.reader import forget_read
from builder.desk.day_reading import fingerprints
from builder.desk.pages import team_rows, zone_label
from builder.desk.state import Desk
from builder.events.bounds import check_stop, slug
from builder.events.rounds import Day
from builder.events.schema import Submission
from builder.events.submitted import home_name, stored_outcome, version_label

BATCH = 10
"""Teams read from the store at once by an export: what it holds of their lists at any moment."""


def latest(desk: Desk) -> Iterator[Submission]:
    for batch in desk.store.latest_batches(desk.event_id, BATCH):
        while batch:  # each let go once given: the print keeps its files on disk, not here
            yield batch.pop(0)
        del batch


def write_summary(desk: Desk, target: Path, lang: str, stop: Callable[[], bool],
                  progress: Callable[[int, int], None] = lambda done, total: None, day: Day | None = None) -> None:
    """The event's summary: each team's latest list checked again from its files, a batch of teams
    at a time, the event's rules across them all, written row by row; the tournament ``day``'s
    sheets after them (as the organiser's page read it when the summary was asked for)."""
    from builder.events.summary import event_lines, write_lines  # openpyxl, only when a summary is asked for

    slugs = Counter(slug(name) for name in desk.store.teams(desk.event_id).values())
    total = sum(slugs.values())
    teams: list[dict[str, Any]] = []
    t = lambda key: messages.text(key, lang)  # noqa: E731

    def outcomes() -> Iterator[Any]:
        with tempfile.TemporaryDirectory(prefix="builder-desk-") as tmp:
            for batch in desk.store.latest_batches(desk.event_id, BATCH):
                for s, row in zip(batch, team_rows(desk, batch)):
                    check_stop(stop)
                    progress(len(teams), total)
                    label = version_label(s, slugs)
                    standing = row["standing"]
                    teams.append({"team": s.team, "version": s.version, "submitted": row["when"],
                                  "late": t("desk.yes" if row["late"] else "desk.no"),
                                  "review": t(f"desk.{standing.verdict}" if standing else "desk.pending"),
                                  "note": standing.note if standing else "", "file": label})
                    yield stored_outcome(s, label, Path(tmp).resolve(), desk.pack)
                    shutil.rmtree(Path(tmp).resolve() / home_name(s), ignore_errors=True)
                    forget_read()  # its files are gone: the reader's cache would only keep them in memory
                del batch

    lines = event_lines(outcomes(), desk.pack, lang)
    check_stop(stop)
    progress(len(teams), total)
    write_lines(lines, target, lang, desk.pack, teams=teams, zone=zone_label(desk), day=day_sheets_of(desk, day))


def day_sheets_of(desk: Desk, day: Day | None) -> Any:
    """The tournament day's sheets of the summary (the standings, the results), for an event that
    plays rounds and has a day; else None."""
    from builder.events.day_sheets import DaySheets  # with openpyxl, only when a summary is asked for

    return None if day is None or desk.pack.rounds is None else DaySheets(desk.pack.rounds, day, fingerprints(desk))


def write_print(desk: Desk, target: Path, lang: str, paper: str, stop: Callable[[], bool],
                progress: Callable[[Iterable[int]], Iterable[int]] = lambda steps: steps, shelf: Any = None) -> None:
    """The event's print; ``shelf``: its sheets drawn ahead (:class:`builder.events.sheets.Shelf`),
    taken from it, and those it lacks drawn and put on it."""
    from builder.events.printing import print_event  # WeasyPrint and pikepdf, only when printing

    print_event(latest(desk), desk.pack, target, lang, paper, progress=progress, stop=stop, apart=True,
                shelf=shelf, zone=desk.zone)
