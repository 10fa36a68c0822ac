"""A round on paper: its sheet (every table, both teams, their lists' fingerprints, the result that
stands) and its table slips (one a table: both teams, their fingerprints, boxes for the result and
the players' signatures), for the organiser's table and the players'.

Drawn from the round's :class:`builder.events.showing.Seat` values by the shared print templates
(``templates/base/round-sheet.html.j2``, ``round-slips.html.j2``). ``apart``: in a worker process
of its own, so the process that asks (the desk's server) never loads WeasyPrint, as the event's
print is (:mod:`builder.events.printing`).
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
import os
import signal
from pathlib import Path
from typing import Any, Callable

from builder.core.messages import text
from builder.core.pack import RoundsFormat
from builder.events import show_texts  # noqa: F401 - the round's words join the message table
from builder.events.bounds import check_stop
from builder.events.showing import Seat, result_text

KINDS = ("sheet", "slips")
STOP_EVERY = 0.25
"""Seconds between two looks at whether the client has gone while the worker draws."""


def words_of(rounds: RoundsFormat, lang: str) -> dict[str, str]:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    return {"bye": t("show.bye"), "draw": t("show.draw"), "pending": t("show.pending"),
            "disputed": t("show.disputed"), "won": t("show.won", team="{team}"), "team": t("show.team"),
            "fingerprint": t("show.fingerprint"), "winner": t("show.slip-winner"),
            "score": t("show.slip-score", score=rounds.score_in(lang)) if rounds.score else "",
            "signature": t("show.slip-signature")}


def context_of(kind: str, seats: list[Seat], rounds: RoundsFormat, event: str, number: int, lang: str,
               paper: str, today: dt.date) -> tuple[str, dict[str, Any]]:
    """The template and what it is given, for a round's ``sheet`` or its ``slips``."""
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    words = words_of(rounds, lang)
    title = t("show.sheet-title", event=event, n=number)
    if kind == "sheet":
        rows = [{"table": s.number, "a": s.a.name, "a_print": s.a.fingerprint or "—",
                 "b": s.b.name if s.b else "—", "b_print": (s.b.fingerprint or "—") if s.b else "",
                 "result": result_text(s, rounds, words)} for s in seats]
        head = (t("show.table-head"), t("show.team-a"), t("show.fingerprint"), t("show.team-b"),
                t("show.fingerprint"), t("show.result"))
        return "round-sheet.html.j2", {"title": title, "rows": rows, "head": head, "lang": lang, "paper": paper,
                                       "subtitle": t("show.sheet-subtitle", count=len(seats), date=today.isoformat())}
    slips = [{"title": t("show.slip-title", event=event, n=number, table=s.number), "bye": s.b is None,
              "a": s.a.name, "a_print": s.a.fingerprint or "—",
              "b": s.b.name if s.b else "", "b_print": (s.b.fingerprint or "—") if s.b else ""} for s in seats]
    return "round-slips.html.j2", {"title": title, "slips": slips, "lang": lang, "paper": paper,
                                   "words": {**words, "bye": t("show.slip-bye")}}


def print_round(kind: str, seats: list[Seat], rounds: RoundsFormat, event: str, number: int, target: Path,
                lang: str, paper: str = "a4", today: dt.date | None = None, apart: bool = False,
                stop: Callable[[], bool] = lambda: False) -> None:
    """Write round ``number``'s ``sheet`` or ``slips`` (:data:`KINDS`) to ``target`` (whole or not at
    all: written beside it, then moved). ``stop`` is asked while a worker draws (``apart``): once it
    says so, the worker is ended and :class:`builder.events.bounds.Stopped` raised."""
    if kind not in KINDS:
        raise ValueError(f"no such round print: {kind}")
    template, context = context_of(kind, seats, rounds, event, number, lang, paper, today or dt.date.today())
    partial = target.with_name(f".{target.name}.part")
    try:
        if apart:
            methods = multiprocessing.get_all_start_methods()
            with multiprocessing.get_context("fork" if "fork" in methods else None).Pool(1, _worker_start) as pool:
                drawn = pool.apply_async(_draw, (template, str(partial), context))
                while True:
                    check_stop(stop)
                    try:
                        drawn.get(timeout=STOP_EVERY)
                        break
                    except multiprocessing.TimeoutError:
                        continue
        else:
            _draw(template, str(partial), context)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def _worker_start() -> None:
    # A worker forked from a server inherits its handler of SIGTERM (uvicorn's): here SIGTERM ends it.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _draw(template: str, target: str, context: dict[str, Any]) -> None:
    from builder.export.pdf import shared_pdf  # WeasyPrint: in the process that draws

    shared_pdf(template, Path(target), **context)
    with open(target, "rb+") as out:
        os.fsync(out.fileno())
