"""Each stored version's sheet drawn ahead, for the organiser's print (:class:`Ahead`).

A version stored by the desk (a team's submission) has its sheet and cards drawn a while later
(:data:`SETTLE_SECONDS`, once the desk's other work has left it idle a moment: a team that sends
again meanwhile has only its newest drawn) and put on
the event's shelf (:class:`builder.events.sheets.Shelf`, in the event's exports folder), so the
print joins sheets instead of drawing them (:mod:`builder.events.printing`). The player's request
only notes the version: the drawing is a job of the desk's own kind (:class:`builder.desk.workers.Workers`),
in a process of its own at the lowest priority (never a worker a check or a click is waiting for, and
only the processor time every other process leaves), one sheet at a time, gone once there is none to
draw. Nothing of it is needed: what is waiting is lost when the desk stops (a while after it starts
again, every team's latest is looked at), and a sheet the shelf lacks is drawn by the print itself. Each sheet is drawn in the language and on the paper of the
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
from typing import Callable

import anyio

from builder.core.pack import Pack
from builder.desk.workers import Workers
from builder.events.bounds import StoreRefused
from builder.events.printing import shelve
from builder.events.sheets import Shelf, sheet_of
from builder.events.store import Store
from builder.events.values import Submission

SHEETS = "sheets"
"""The shelf's folder, in the event's exports folder (:func:`builder.desk.export_jobs.exports_folder`)."""
SETTLE_SECONDS = 60.0
"""How long after a version is stored its sheet is drawn (a team that sends again meanwhile has only
its newest version's drawn); and after the desk starts, when every team's latest is looked at."""
QUIET_SECONDS = 5.0
"""How long the desk's checks, clicks and exports must have left it idle before a sheet is begun: a rush
of submissions draws none till it is over."""
LOOK_SECONDS = 1.0
"""How often the desk looks for sheets due."""
WAITING_MOST = 10_000
"""Teams whose sheet may wait to be drawn at once (beyond, a version is left to the print)."""
SHEETS_A_WORKER = 50
"""Sheets one worker process draws before it is replaced: each leaves some memory behind (about half a
megabyte, in the fonts' and templates' caches), and a worker's memory is bounded."""
CPU_SECONDS = 120
"""A sheet's own CPU time at most (a real list's: under a second)."""
BACKSTOP = 600

log = logging.getLogger("builder.desk")


class Ahead:
    """A desk process's sheets drawn ahead: the versions it stored, each due a while after, and, a
    while after it starts, every team's latest (a sheet a desk stopped before drawing, or one whose
    pack, editions or builder changed since: each drawn again). ``busy``: whether the desk's other work
    is at hand (its checks and clicks, its exports): no sheet is begun until it has been idle for
    :data:`QUIET_SECONDS`."""

    def __init__(self, pack: Pack, store: Store, event_id: int, folder: Path, zone: tzinfo | None = None,
                 busy: Callable[[], bool] = lambda: False):
        self.pack, self.store, self.event_id, self.zone, self.busy = pack, store, event_id, zone, busy
        self.shelf = Shelf(folder / SHEETS)
        self.workers = Workers(pack, count=1, spare=0, backstop=BACKSTOP)
        self.due: dict[int, tuple[int, float]] = {}
        """Each team's version to draw, and when (monotonic): the newest one it stored."""
        self.lock = threading.Lock()
        self.task: asyncio.Task[None] | None = None
        self.drawn = 0
        """Sheets drawn by the worker process of now."""

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
        sweep, busy_at = time.monotonic() + SETTLE_SECONDS, time.monotonic()
        while True:
            if self.busy():
                busy_at = time.monotonic()
            quiet = time.monotonic() - busy_at >= QUIET_SECONDS
            if quiet and sweep is not None and time.monotonic() >= sweep:
                sweep = None
                await anyio.to_thread.run_sync(self._sweep)
            submission_id = self._next() if quiet else None
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

    def _sweep(self) -> None:
        """Every team's latest version due now (those on the shelf already are passed over when read)."""
        now = time.monotonic()
        for batch in self.store.latest_batches(self.event_id, 100, files=False):
            with self.lock:
                for s in batch:
                    if s.team_id not in self.due and len(self.due) < WAITING_MOST:
                        self.due[s.team_id] = (s.id, now)

    async def draw(self, submission_id: int) -> None:
        """A version's sheet drawn and shelved, unless it is on the shelf already, another desk process
        is drawing it, or it is gone from the store."""
        found = await anyio.to_thread.run_sync(self._claimed, submission_id)
        if found is None:
            return
        submission, key, lang, paper = found
        if self.drawn >= SHEETS_A_WORKER:
            self.workers.close()  # a new process for the next ones
        if self.workers.pool is None:
            self.drawn = 0
        try:
            self.drawn += 1
            await self.workers.run(drawn_ahead, (submission, lang, paper, self.zone, str(self.shelf.folder)),
                                   CPU_SECONDS)
        finally:
            self.shelf.release(submission, key)

    def _claimed(self, submission_id: int) -> tuple[Submission, str, str, str] | None:
        """The version to draw, its sheet's key, the language and paper: None if there is none to draw."""
        try:
            submission = self.store.submission(submission_id)
        except StoreRefused:  # its team removed meanwhile
            return None
        last = self.store.last_export(self.event_id, "print")
        options = last.options if last is not None else {}
        lang, paper = options.get("lang", "es"), options.get("paper", "a4")
        _, _, key = sheet_of(submission, self.pack, lang, paper, self.zone)
        if self.shelf.found(submission, key) is not None or not self.shelf.claim(submission, key):
            return None
        return submission, key, lang, paper

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
