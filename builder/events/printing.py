"""The event's print: one PDF with every team's sheet and cards, for the organiser's table.

Each team's latest list is checked again from its stored files and printed by the same code as
``builder export --pdf`` (an illegal list as a marked draft), each page footed with the list's
fingerprint so ``builder verify`` matches paper to submission. The teams are rendered in worker
processes, several at once, and their PDFs joined behind a cover page that lists them all.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.core.messages import text
from builder.core.pack import Pack
from builder.core.pipeline import evaluate
from builder.core.printout import PrintSpec
from builder.core.reader import read_document
from builder.events.schema import Submission
from builder.events.parallel import process_pool
from builder.events.submitted import written_out

JOBS_MOST = 8

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


def default_jobs() -> int:
    return max(1, min(JOBS_MOST, os.cpu_count() or 1))


def print_event(latest: Sequence[Submission], pack: Pack | None, target: Path, lang: str, paper: str = "a4",
                jobs: int | None = None, progress: Callable[[Iterable[int]], Iterable[int]] = lambda x: x,
                today: dt.date | None = None) -> list[Printed]:
    """Write ``target``: a cover listing every team, then each team's sheet and cards in the
    order of the cover (by team name). Returns what each team's part holds."""
    from pypdf import PdfWriter  # joining the teams' PDFs, only when the print is asked for

    teams = sorted(latest, key=lambda s: (s.team.casefold(), s.team_id))
    jobs = jobs or default_jobs()
    with tempfile.TemporaryDirectory(prefix="builder-print-") as tmp:
        work = [(submission.team, str(written_out(submission, Path(tmp))), str(Path(tmp) / f"{n}.pdf"))
                for n, submission in enumerate(teams)]
        printed = _render_all(work, pack, lang, paper, jobs, progress)
        cover = Path(tmp) / "cover.pdf"
        _write_cover(printed, pack, cover, lang, paper, today or dt.date.today())
        writer = PdfWriter()
        for part in [str(cover)] + [p.pdf for p in printed if p.pdf]:
            writer.append(part)
        writer.add_metadata({"/Title": pack.name if pack else text("print.title", lang),
                             "/Creator": "builder"})
        partial = target.with_name(f".{target.name}.part")
        with open(partial, "wb") as out:
            writer.write(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, target)
    return printed


def _render_all(work: list[tuple[str, str, str]], pack: Pack | None, lang: str, paper: str, jobs: int,
                progress: Callable[[Iterable[int]], Iterable[int]]) -> list[Printed]:
    args = [(team, roster, out, pack, lang, paper) for team, roster, out in work]
    if jobs <= 1 or len(work) <= 1:
        found = map(_render_team, args)
        return [next(found) for _ in progress(range(len(args)))]
    with process_pool(min(jobs, len(work))) as pool:
        found = pool.map(_render_team, args)
        return [next(found) for _ in progress(range(len(args)))]


def _render_team(args: tuple[str, str, str, Pack | None, str, str]) -> Printed:
    from builder.export.pdf import write_pdf  # Jinja2 and WeasyPrint: in the worker that prints

    team, roster, out, pack, lang, paper = args
    label = f"{Path(roster).parent.name}/{Path(roster).name}"
    try:
        evaluation = evaluate(read_document(roster, label, root=Path(roster).parent), pack=pack)
    except InputError:
        return Printed(team, "—", "—", None, None, None)
    system = registry.get(evaluation.system)
    spec = PrintSpec() if evaluation.details is None else system.print_spec(evaluation, lang)
    write_pdf(evaluation, spec, Path(out), lang, paper, draft=not evaluation.legal)
    points = "—" if evaluation.points is None else str(evaluation.points)
    if evaluation.points_limit is not None:
        points += f" / {evaluation.points_limit}"
    return Printed(team, system.title, points, evaluation.legal, evaluation.fingerprint, out)


def _write_cover(printed: list[Printed], pack: Pack | None, target: Path, lang: str, paper: str,
                 today: dt.date) -> None:
    from builder.export.pdf import cover_pdf  # WeasyPrint, only when printing

    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    rows = [(p.team, p.system, p.points,
             t("ui.legal") if p.legal else t("ui.illegal") if p.legal is False else t("print.no-sheet"),
             p.fingerprint or "—") for p in printed]
    cover_pdf(title=pack.name if pack else t("print.title"),
              subtitle=t("print.subtitle", date=today.isoformat(), count=len(printed)),
              head=(t("print.team"), t("xl.system"), t("print.points"), t("print.state"), t("xl.fingerprint")),
              rows=rows, target=target, lang=lang, paper=paper)
