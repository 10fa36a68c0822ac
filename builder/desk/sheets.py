"""Each stored version's sheet drawn ahead, for the organiser's print (:class:`Ahead`).

A version stored by the desk (a team's submission) has its sheet and cards drawn a while later
(:data:`SETTLE_SECONDS`: a team that sends again meanwhile has only its newest drawn) and put on
the event's shelf (:class:`builder.events.sheets.Shelf`, in the event's exports folder), so the
print joins sheets instead of drawing them (:mod:`builder.events.printing`). The player's request
only notes the version: the drawing is a job of the desk's own kind (:class:`builder.desk.workers.Workers`),
in a process of its own at the lowest priority (never a worker a check or a click is waiting for, and
only the processor time every other process leaves), one sheet at a time, gone once there is none to
draw. Nothing of it is needed: what is waiting is lost when the desk stops, and a sheet the shelf
lacks is drawn by the print itself. Each sheet is drawn in the language and on the paper of the
event's last print (Spanish, A4, before the first).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from datetime import tzinfo
from pathlib import Path
from typing import Any

import anyio

from builder.core.pack import Pack
from builder.desk.workers import Workers
from builder.events.bounds import StoreRefused
from builder.events.printing import shelve
from builder.events.sheets import Shelf
from builder.events.store import Store
from builder.events.values import Submission

SHEETS = "sheets"
"""The shelf's folder, in the event's exports folder (:func:`builder.desk.export_jobs.exports_folder`)."""
SETTLE_SECONDS = 60.0
"""How long after a version is stored its sheet is drawn: a team that sends again meanwhile has only
its newest version's drawn."""
LOOK_SECONDS = 1.0
"""How often the desk looks for sheets due."""
WAITING_MOST = 10_000
"""Teams whose sheet may wait to be drawn at once (beyond, a version is left to the print)."""
CPU_SECONDS = 120
"""A sheet's own CPU time at most (a real list's: under a second)."""
BACKSTOP = 600

log = logging.getLogger("builder.desk")


class Ahead:
    """A desk process's sheets drawn ahead: the versions it stored, each due a while after."""

    def __init__(self, pack: Pack, store: Store, event_id: int, folder: Path, zone: tzinfo | None = None):
        self.pack, self.store, self.event_id, self.zone = pack, store, event_id, zone
        self.shelf = Shelf(folder / SHEETS)
        self.workers = Workers(pack, count=1, spare=0, backstop=BACKSTOP)
        self.due: dict[int, tuple[int, float]] = {}
        """Each team's version to draw, and when (monotonic): the newest one it stored."""
        self.lock = threading.Lock()
        self.task: asyncio.Task[None] | None = None

    def stored(self, team_id: int, submission_id: int) -> None:
        """A team's version stored (in any thread): its sheet drawn a while later."""
        with self.lock:
            if team_id in self.due or len(self.due) < WAITING_MOST:
                self.due[team_id] = (submission_id, time.monotonic() + SETTLE_SECONDS)

    def start(self) -> None:
        """The drawing started, on the desk's event loop."""
        self.task = asyncio.get_running_loop().create_task(self._drawing())

    def _next(self) -> int | None:
        """A version due now (the longest due first), taken off the list; None if none is."""
        now = time.monotonic()
        with self.lock:
            ready = [(when, team) for team, (_, when) in self.due.items() if when <= now]
            if not ready:
                return None
            return self.due.pop(min(ready)[1])[0]

    async def _drawing(self) -> None:
        while True:
            submission_id = self._next()
            if submission_id is None:
                if self.workers.pool is not None:  # none to draw: its process gone, and what it drew with it
                    self.workers.close()
                    await anyio.to_thread.run_sync(self.shelf.tidy)
                await asyncio.sleep(LOOK_SECONDS)
                continue
            try:
                await self.draw(submission_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a sheet not drawn ahead is drawn by the print
                log.exception("the sheet of version %d was not drawn ahead", submission_id)

    async def draw(self, submission_id: int) -> None:
        """A version's sheet drawn and shelved, unless it is on the shelf already (or gone from the store)."""
        submission, lang, paper = await anyio.to_thread.run_sync(self._read, submission_id)
        if submission is not None:
            await self.workers.run(drawn_ahead, (submission, lang, paper, self.zone, str(self.shelf.folder)),
                                   CPU_SECONDS)

    def _read(self, submission_id: int) -> tuple[Submission | None, str, str]:
        try:
            submission = self.store.submission(submission_id)
        except StoreRefused:  # its team removed meanwhile
            return None, "", ""
        last = self.store.last_export(self.event_id, "print")
        options = last.options if last is not None else {}
        return submission, options.get("lang", "es"), options.get("paper", "a4")

    def close(self) -> None:
        """The desk stops: what waits is left to the print, the sheet being drawn given up."""
        if self.task is not None:
            self.task.cancel()
        with self.lock:
            self.due.clear()
        self.workers.close()


def drawn_ahead(pack: Pack, submission: Submission, lang: str, paper: str, zone: tzinfo | None, folder: str) -> bool:
    """In the worker: a version's sheet drawn onto the shelf in ``folder``, at the lowest priority
    (this worker draws sheets alone); whether it was drawn (not there already)."""
    lowest = 19 - os.nice(0)
    if lowest > 0:
        os.nice(lowest)
    return shelve(submission, pack, Shelf(Path(folder)), lang, paper, zone)
