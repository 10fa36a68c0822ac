"""An organiser's export made in a desk's worker process (:func:`made`), from the event's store: the
print, the summary spreadsheet, the event's JSON, the campaign's files, a round's sheet or slips.

The desk sends the job (:mod:`builder.desk.export_jobs`) and the worker does all of it: it reads the
store itself, writes the file into the job's folder, and says how far it got in the job's row
(:meth:`Progress.__call__`, at most once a second), so any desk process can show it.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass
from datetime import tzinfo
from pathlib import Path
from typing import Any, Iterable, Iterator

from builder.core.pack import Pack
from builder.desk.day_reading import fingerprints
from builder.desk.exports import latest, write_print, write_summary
from builder.desk.race_days import race_export
from builder.desk.sheets import SHEETS
from builder.events.bounds import slug
from builder.events.event_json import write_event_json
from builder.events.race_campaign import campaign_of, write_campaign
from builder.events.rounds import Day
from builder.events.round_print import print_round
from builder.events.sheets import Shelf
from builder.events.showing import seats
from builder.events.store import Store

FILES = {"print": "listas.pdf", "summary": "resumen.xlsx", "event-json": "evento.json", "campaign": "campana.zip",
         "sheet": "ronda.pdf", "slips": "papeletas.pdf"}
"""The file each kind of export makes (a round's sheet and slips: ``sheet-N``, ``slips-N``)."""
SAYS_EVERY = 1.0
"""Seconds between two writes of a job's progress to its row."""


@dataclass(frozen=True)
class Exporting:
    """What the exports read of the desk (:class:`builder.desk.state.Desk`), in the worker."""

    pack: Pack
    store: Store
    event_id: int
    zone: tzinfo | None


class Progress:
    """How far a job got, said in its row now and then."""

    def __init__(self, store: Store, job_id: int):
        self.store, self.job_id, self.said = store, job_id, 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or now - self.said >= SAYS_EVERY:
            self.said = now
            self.store.export_progress(self.job_id, done, total)

    def counted(self, steps: Iterable[int]) -> Iterator[int]:
        """``steps`` given one by one, each counted once the work on it is done."""
        steps = list(steps)
        self(0, len(steps))
        for n in steps:
            yield n
            self(n + 1, len(steps))


def made(pack: Pack, url: str, event_id: int, job_id: int, kind: str, options: dict[str, Any], folder: str,
         zone: tzinfo | None, day: Day | None) -> tuple[str, int]:
    """Export ``kind`` of the event made into ``folder``/job-``job_id``: its file's path and size.
    ``day``: the tournament day as the desk read it when the export was asked for (None: no rounds)."""
    store = Store.open(url)
    try:
        base, _, number = kind.partition("-") if kind.startswith(("sheet-", "slips-")) else (kind, "", "")
        target = Path(folder) / f"job-{job_id}" / FILES[base]
        target.parent.mkdir(parents=True, exist_ok=True)
        desk: Any = Exporting(pack, store, event_id, zone)
        progress = Progress(store, job_id)
        lang, paper = options.get("lang", "es"), options.get("paper", "a4")
        if base == "print":
            write_print(desk, target, lang, paper, never, progress.counted, Shelf(Path(folder) / SHEETS))
        elif base == "summary":
            write_summary(desk, target, lang, never, progress, day)
        elif base == "event-json":
            write_event_json(target, store.event(event_id), pack, latest(desk), day, race_export(desk, lang))
        elif base == "campaign":
            write_campaign_zip(desk, target)
        else:
            write_round(desk, day, base, int(number), target, lang, paper)
        if base not in ("print", "summary"):  # one step, done
            progress(1, 1)
        return str(target), target.stat().st_size
    finally:
        store.close()


def never() -> bool:
    """A job is never asked to stop: it runs to its end whatever the browser does."""
    return False


def write_round(desk: Any, day: Day, kind: str, number: int, target: Path, lang: str, paper: str) -> None:
    shown = seats(day, number, fingerprints(desk))
    print_round(kind, shown, desk.pack.rounds, desk.pack.name, number, target, lang, paper, apart=True)


def write_campaign_zip(desk: Any, target: Path) -> None:
    """The campaign as files: ``campaign.yaml`` and each team's latest list, in a ZIP."""
    with tempfile.TemporaryDirectory(prefix="builder-race-") as tmp:
        folder = Path(tmp) / slug(desk.pack.name)
        write_campaign(folder, campaign_of(desk.pack), desk.pack.name, latest(desk),
                       desk.store.race_days(desk.event_id), desk.pack)
        shutil.make_archive(str(target.with_suffix("")), "zip", tmp)

