"""The event's print: one PDF with every team's sheet and cards, for the organiser's table.

Each team's latest list is checked again from its stored files, under the edition it was checked
under when stored (:func:`builder.events.submitted.kept_under`), and printed by the same code as
``builder export --pdf`` (an illegal list as a marked draft), each page footed with the list's
fingerprint so ``builder verify`` matches paper to submission, and dated the day its version was
stored. The teams are rendered in worker processes, several at once, and their PDFs joined behind a
cover page that lists them all. Given a shelf (:mod:`builder.events.sheets`: the desk's, where it
draws each version's sheet when it is stored), the print takes the sheets it finds there and draws
only the others, putting them on it.

The teams' lists come one at a time (the desk reads them from its store a batch at a time): each is
written to a folder of its own and let go, so the print holds their paths, never their texts. Asked
to ``stop`` (the desk's organiser closed the page), it stops between teams and its workers are
ended at once, whatever they were printing.
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
from collections import deque
from itertools import islice
import os
import signal
import tempfile
from dataclasses import dataclass, replace
from datetime import tzinfo
from pathlib import Path
from typing import Any, Callable, Iterable

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.core.messages import text
from builder.core.pack import Pack
from builder.core.pipeline import evaluate
from builder.core.printout import PrintSpec
from builder.core.reader import read_document
from builder.events.bounds import check_stop
from builder.events.schema import Submission
from builder.events.sheets import Shelf, said_of, sheet_of
from builder.events.submitted import written_out

JOBS_MOST = 8
TEAMS_A_WORKER = 50
"""Teams a worker process draws before another takes its place: each leaves some memory behind (about
half a megabyte, in the fonts' and templates' caches), which a print of 1,500 teams would pile up."""
STOP_EVERY = 0.25
"""Seconds between two looks at whether a print's client has gone, while a team is printed."""

messages.register({
    "print.title": {"es": "Listas del evento", "en": "The event's lists"},
    "print.subtitle": {"es": "{count} equipos · impreso el {date} · cada hoja lleva su huella al pie",
                       "en": "{count} teams · printed on {date} · each sheet carries its fingerprint at the foot"},
    "print.team": {"es": "Equipo", "en": "Team"},
    "print.points": {"es": "Puntos", "en": "Points"},
    "print.state": {"es": "Estado", "en": "State"},
    "print.no-sheet": {"es": "ILEGIBLE (sin hoja)", "en": "UNREADABLE (no sheet)"},
})


@dataclass(frozen=True)
class Printed:
    """One team's part of the print: its PDF, or why it has none (an unreadable list)."""

    team: str
    system: str
    points: str
    legal: bool | None
    fingerprint: str | None
    pdf: str | None
    edition: str | None = None
    """The edition it was printed under, as people read it: its name and its hash's first 12 digits."""


def default_jobs() -> int:
    return max(1, min(JOBS_MOST, os.cpu_count() or 1))


def print_event(latest: Iterable[Submission], pack: Pack | None, target: Path, lang: str, paper: str = "a4",
                jobs: int | None = None, progress: Callable[[Iterable[int]], Iterable[int]] = lambda x: x,
                today: dt.date | None = None, stop: Callable[[], bool] = lambda: False,
                apart: bool = False, shelf: Shelf | None = None, zone: tzinfo | None = None) -> list[Printed]:
    """Write ``target``: a cover listing every team, then each team's sheet and cards in the
    order of the cover (by team name). Returns what each team's part holds. ``stop`` is asked
    between teams: once it says so, :class:`builder.events.bounds.Stopped` is raised, nothing is
    written and no worker is left printing. ``apart``: every PDF, the cover too, is made in a worker
    process, however few the teams, so this process never loads WeasyPrint (the desk's server, whose
    memory would keep what it loaded and drew: some 50 MB a print). ``shelf``: the sheets drawn
    before (:mod:`builder.events.sheets`), taken from it as they are; those it lacks drawn and put
    on it. Each sheet is dated the day its version was stored, on the clock of ``zone``; the cover, ``today``."""
    from builder.events.joining import Join  # pikepdf, only when the print is asked for

    jobs = jobs or default_jobs()
    with tempfile.TemporaryDirectory(prefix="builder-print-") as tmp:
        teams = []
        for submission in latest:
            check_stop(stop)
            teams.append(_part(submission, pack, lang, paper, zone, shelf, Path(tmp)))
        parts = [part for _, _, part in sorted(teams, key=lambda t: t[:2])]
        cover = Path(tmp) / "cover.pdf"

        def joined(printed: list[Printed]) -> Join:
            join = Join()
            for p in printed:
                if p.pdf:
                    check_stop(stop)
                    join.add(p.pdf)
            return join

        printed, join = _render_all(parts, pack, lang, paper, jobs, progress, stop,
                                    (str(cover), today or dt.date.today()), apart, shelf, joined)
        # The cover, drawn while the teams' pages were joined, goes before them.
        join.write(cover, target, pack.name if pack else text("print.title", lang))
    if shelf is not None:
        shelf.tidy()
    return printed


def _part(submission: Submission, pack: Pack | None, lang: str, paper: str, zone: tzinfo | None,
          shelf: Shelf | None, tmp: Path) -> tuple[str, int, Any]:
    """A team's place in the print's order, and its part: its Printed off the shelf, or what to draw
    (its files written out under ``tmp``) with where to shelve it once drawn."""
    its, day, key = sheet_of(submission, pack, lang, paper, zone)
    order = (submission.team.casefold(), submission.team_id)
    out = str(tmp / f"{submission.team_id}.pdf")
    # Its sheet copied off the shelf: another desk process may shelve the team's newer version meanwhile,
    # and remove this one's.
    said = shelf.found(submission, key, Path(out)) if shelf is not None else None
    if said is not None:
        return (*order, Printed(submission.team, **said))
    shelving = (_shelved(submission), key) if shelf is not None else None
    return (*order, ((submission.team, str(written_out(submission, tmp)), out, its, lang, paper, day), shelving))


def _shelved(submission: Submission) -> Submission:
    """The version as a shelf names its sheets (its team's number and its own): its files let go."""
    return replace(submission, files={})


def shelve(submission: Submission, pack: Pack | None, shelf: Shelf, lang: str, paper: str,
           zone: tzinfo | None) -> bool:
    """A version's sheet drawn and put on ``shelf``, unless it is there already: whether it was drawn."""
    its, day, key = sheet_of(submission, pack, lang, paper, zone)
    if shelf.found(submission, key) is not None:
        return False
    with tempfile.TemporaryDirectory(prefix="builder-sheet-") as tmp:
        roster = str(written_out(submission, Path(tmp)))
        printed = _render_team((submission.team, roster, str(Path(tmp) / "sheet.pdf"), its, lang, paper, day))
        shelf.keep(submission, key, said_of(printed))
    return True


def _render_all(parts: list[Any], pack: Pack | None, lang: str, paper: str, jobs: int,
                progress: Callable[[Iterable[int]], Iterable[int]], stop: Callable[[], bool],
                cover: tuple[str, dt.date], apart: bool, shelf: Shelf | None,
                joined: Callable[[list[Printed]], Any]) -> tuple[list[Printed], Any]:
    """Each team's part (a Printed off the shelf, or drawn now under its own pack and shelved), then
    the cover (at ``cover[0]``, dated ``cover[1]``), drawn in a worker while the parts are ``joined``
    here: the parts, and what joining them made."""
    todo = [part for part in parts if not isinstance(part, Printed)]
    printed: list[Printed] = []

    def kept(drawn: Printed, shelving: Any) -> Printed:
        if shelf is not None and shelving is not None:
            shelf.keep(*shelving, said_of(drawn))
        return drawn

    if not apart and (jobs <= 1 or len(todo) <= 1):
        for n in progress(range(len(parts))):
            check_stop(stop)
            part = parts[n]
            printed.append(part if isinstance(part, Printed) else kept(_render_team(part[0]), part[1]))
        _write_cover(printed, pack, Path(cover[0]), lang, paper, cover[1])
        return printed, joined(printed)
    # A pool that ends its workers when left (terminate), however far they are: a stopped print
    # leaves none printing on. A few teams are sent ahead at a time (never the whole event into
    # the workers' pipe): stopped, there is little queued to drop.
    jobs = max(1, min(jobs, len(todo)))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(jobs, _worker_start, maxtasksperchild=TEAMS_A_WORKER) as pool:
        waiting = iter(todo)
        sent = deque((pool.apply_async(_render_team, (part[0],)), part[1]) for part in islice(waiting, 2 * jobs))
        for n in progress(range(len(parts))):
            if isinstance(parts[n], Printed):
                check_stop(stop)
                printed.append(parts[n])
                continue
            drawing, shelving = sent.popleft()
            printed.append(kept(_when_done(drawing, stop), shelving))
            sent.extend((pool.apply_async(_render_team, (part[0],)), part[1]) for part in islice(waiting, 1))
        drawing = pool.apply_async(_write_cover, (printed, pack, Path(cover[0]), lang, paper, cover[1]))
        made = joined(printed)
        _when_done(drawing, stop)
    return printed, made


def _worker_start() -> None:
    # A worker forked from a server inherits its handler of SIGTERM (uvicorn's: "finish, then
    # exit"), and would print on when the pool ends it: here SIGTERM ends it.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _when_done(part: Any, stop: Callable[[], bool]) -> Printed:
    """A team's part once printed, asking ``stop`` every moment meanwhile."""
    while True:
        check_stop(stop)
        try:
            return part.get(timeout=STOP_EVERY)
        except multiprocessing.TimeoutError:
            continue


def _render_team(args: tuple[str, str, str, Pack | None, str, str, dt.date | None]) -> Printed:
    from builder.export.pdf import write_pdf  # Jinja2 and WeasyPrint: in the worker that prints

    team, roster, out, pack, lang, paper, day = args
    label = f"{Path(roster).parent.name}/{Path(roster).name}"
    try:
        evaluation = evaluate(read_document(roster, label, root=Path(roster).parent), pack=pack)
    except InputError:
        return Printed(team, "—", "—", None, None, None)
    system = registry.get(evaluation.system)
    spec = PrintSpec() if evaluation.details is None else system.print_spec(evaluation, lang)
    write_pdf(evaluation, spec, Path(out), lang, paper, draft=not evaluation.legal, today=day)
    points = "—" if evaluation.points is None else str(evaluation.points)
    if evaluation.points_limit is not None:
        points += f" / {evaluation.points_limit}"
    edition = evaluation.rules.edition if evaluation.rules is not None else None
    return Printed(team, system.title, points, evaluation.legal, evaluation.fingerprint, out,
                   f"{edition.name} · {edition.short_hash}" if edition is not None else None)


def _write_cover(printed: list[Printed], pack: Pack | None, target: Path, lang: str, paper: str,
                 today: dt.date) -> None:
    from builder.export.pdf import cover_pdf  # WeasyPrint, only when printing

    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    rows = [(p.team, p.system, p.points,
             t("ui.legal") if p.legal else t("ui.illegal") if p.legal is False else t("print.no-sheet"),
             p.edition or "—", p.fingerprint or "—") for p in printed]
    cover_pdf(title=pack.name if pack else t("print.title"),
              subtitle=t("print.subtitle", date=today.isoformat(), count=len(printed)),
              head=(t("print.team"), t("xl.system"), t("print.points"), t("print.state"), t("xl.edition"),
                    t("xl.fingerprint")),
              rows=rows, target=target, lang=lang, paper=paper)
