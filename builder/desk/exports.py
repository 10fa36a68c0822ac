"""The organiser's exports: the summary spreadsheet (``/admin/summary.xlsx``) and the print
(``/admin/print.pdf``).

Each is bounded in memory: the teams' lists are read from the store :data:`BATCH` at a time, each
checked (or printed) and let go; the spreadsheet is written row by row (openpyxl's write-only
mode) and the answer is sent from its file, a piece at a time. Each is given up when its client
leaves: the request's disconnection is watched while the work runs (in a thread of its own), which
asks between teams whether to stop, and a print's worker processes are ended at once. One export
runs at a time in a desk process: another asked meanwhile is told to wait.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import anyio
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import FileResponse, Response

from builder.core import messages
from builder.core.reader import forget_read
from builder.desk.day_reading import day_of, fingerprints
from builder.desk.jobs import give_back
from builder.desk.pages import refusal, team_rows, zone_label
from builder.desk.state import Desk, desk_of
from builder.events.bounds import Stopped, check_stop, slug
from builder.events.schema import Submission
from builder.events.submitted import home_name, stored_outcome, version_label
from builder.web.downloads import attachment
from builder.web.intake import Form

BATCH = 10
"""Teams read from the store at once by an export: what it holds of their lists at any moment."""
EXPORTING = threading.Lock()
"""Held while an export runs in this process: the desk makes one at a time."""
GONE = 499
"""The status of an export given up because its client left (nobody reads it: it is for the log)."""
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

messages.register({
    "desk.error.desk-export-busy": {
        "es": "Ya se está preparando otra exportación (la hoja resumen o la impresión): espera a que termine y "
              "vuelve a intentarlo.",
        "en": "Another export (the summary sheet or the print) is being made: wait for it to finish and try again."},
})


async def summary(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    return await exported(request, lang, "resumen.xlsx", XLSX, f"{desk.pack.name}.xlsx",
                          lambda target, stop: write_summary(desk, target, lang, stop))


async def printout(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    paper = "letter" if request.query_params.get("paper") == "letter" else "a4"
    return await exported(request, lang, "listas.pdf", "application/pdf", f"{desk.pack.name}.pdf",
                          lambda target, stop: write_print(desk, target, lang, paper, stop))


async def exported(request: Request, lang: str, name: str, media: str, download: str,
                   work: Callable[[Path, Callable[[], bool]], Any]) -> Response:
    """``work`` writing ``name`` in a new folder, while the client stays; its file as the answer,
    sent a piece at a time, the folder gone once it is sent."""
    if not EXPORTING.acquire(blocking=False):
        answer = refusal(request, lang, "desk-export-busy", 503)
        answer.headers["Retry-After"] = "10"
        return answer
    folder = Path(tempfile.mkdtemp(prefix="builder-desk-"))
    try:
        await while_connected(request, lambda stop: _then_given_back(work, folder / name, stop))
    except Stopped:
        shutil.rmtree(folder, ignore_errors=True)
        return Response(status_code=GONE)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    finally:
        EXPORTING.release()
    return FileResponse(folder / name, media_type=media, headers={"Content-Disposition": attachment(download)},
                        background=BackgroundTask(shutil.rmtree, folder, ignore_errors=True))


def _then_given_back(work: Callable[[Path, Callable[[], bool]], Any], target: Path, stop: Callable[[], bool]) -> Any:
    # What an export read and joined (a batch of lists, the print's pages) freed, the server's memory
    # is as before it: an organiser's export every few minutes would otherwise leave it bigger each time.
    try:
        return work(target, stop)
    finally:
        give_back()


async def while_connected(request: Request, work: Callable[[Callable[[], bool]], Any]) -> Any:
    """``work(stop)`` in a thread, while the request's disconnection is watched: once the client has
    gone, ``stop()`` says so (the work gives up at its next look, :class:`Stopped`)."""
    gone = threading.Event()

    async def watch() -> None:
        while True:  # a GET's body is empty: what comes next is the client leaving
            if (await request.receive())["type"] == "http.disconnect":
                gone.set()
                return

    async with anyio.create_task_group() as group:
        group.start_soon(watch)
        try:
            return await anyio.to_thread.run_sync(work, gone.is_set)
        finally:
            group.cancel_scope.cancel()


def latest(desk: Desk) -> Iterator[Submission]:
    for batch in desk.store.latest_batches(desk.event_id, BATCH):
        while batch:  # each let go once given: the print keeps its files on disk, not here
            yield batch.pop(0)
        del batch


def write_summary(desk: Desk, target: Path, lang: str, stop: Callable[[], bool]) -> None:
    """The event's summary: each team's latest list checked again from its files, a batch of teams
    at a time, the event's rules across them all, written row by row."""
    from builder.events.summary import event_lines, write_lines  # openpyxl, only when a summary is asked for

    slugs = Counter(slug(name) for name in desk.store.teams(desk.event_id).values())
    teams: list[dict[str, Any]] = []
    t = lambda key: messages.text(key, lang)  # noqa: E731

    def outcomes() -> Iterator[Any]:
        with tempfile.TemporaryDirectory(prefix="builder-desk-") as tmp:
            for batch in desk.store.latest_batches(desk.event_id, BATCH):
                for s, row in zip(batch, team_rows(desk, batch)):
                    check_stop(stop)
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
    write_lines(lines, target, lang, desk.pack, teams=teams, zone=zone_label(desk), day=day_sheets_of(desk))


def day_sheets_of(desk: Desk) -> Any:
    """The tournament day's sheets of the summary (the standings, the results), for an event that
    plays rounds and has a day; else None."""
    from builder.events.day_sheets import DaySheets  # with openpyxl, only when a summary is asked for

    day = day_of(desk)
    return None if day is None or desk.pack.rounds is None else DaySheets(desk.pack.rounds, day, fingerprints(desk))


def write_print(desk: Desk, target: Path, lang: str, paper: str, stop: Callable[[], bool]) -> None:
    from builder.events.printing import print_event  # WeasyPrint and pypdf, only when printing

    print_event(latest(desk), desk.pack, target, lang, paper, stop=stop, apart=True)
