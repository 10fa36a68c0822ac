"""``builder export``: check a roster, then write the files asked for, atomically."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from builder.core import registry
from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.export.outputs import check_output, write_all_atomically
from builder.core.pipeline import evaluate
from builder.core.printout import PrintSpec
from builder.core.system import Evaluation
from builder.core.workbook import WorkbookSpec


@dataclass
class Export:
    evaluation: Evaluation
    written: list[Path] = field(default_factory=list)
    refused: bool = False
    """True when the roster is illegal and no draft was asked for: nothing was written."""


def _spreadsheet(evaluation: Evaluation, lang: str, paper: str) -> Callable[[Path], None]:
    from builder.export.xlsx import write_workbook  # openpyxl, only when a spreadsheet is written

    # A draft of a roster that couldn't be modelled has no units: the summary and its problems.
    spec = WorkbookSpec() if evaluation.details is None else registry.get(evaluation.system).workbook(evaluation, lang)
    return lambda tmp: write_workbook(evaluation, spec, tmp, lang, draft=not evaluation.legal)


def _printout(evaluation: Evaluation, lang: str, paper: str) -> Callable[[Path], None]:
    from builder.export.pdf import write_pdf  # Jinja2 and WeasyPrint, only when a PDF is written

    spec = PrintSpec() if evaluation.details is None else registry.get(evaluation.system).print_spec(evaluation, lang)
    return lambda tmp: write_pdf(evaluation, spec, tmp, lang, paper, draft=not evaluation.legal)


WRITERS = {"xlsx": _spreadsheet, "pdf": _printout}
"""What each output kind needs: given the checked roster, a function that writes a file."""


def export(file: str, xlsx: str | None = None, pdf: str | None = None, lang: str = "es", draft: bool = False,
           paper: str = "a4", accept: Callable[[Evaluation], None] | None = None, pack: Pack | None = None) -> Export:
    """Check ``file`` (under an event's ``pack``, its house rules too, if given) and write each
    requested output; raise InputError for unreadable input or bad paths.

    ``accept`` may refuse the checked file (by raising InputError) before anything is written:
    a command that exports one kind of file only."""
    source = Path(file)
    read = [source] + ([pack.doc.path] if pack is not None else [])
    targets = {kind: check_output(path, read) for kind, path in (("xlsx", xlsx), ("pdf", pdf)) if path}
    if xlsx and pdf and targets["xlsx"].resolve() == targets["pdf"].resolve():
        raise InputError("output-twice", str(targets["pdf"]))
    evaluation = evaluate(file, file, pack)
    if accept is not None:
        accept(evaluation)
    for path in targets.values():
        check_output(path, evaluation.inputs)
    result = Export(evaluation)
    if not evaluation.legal and not draft:
        result.refused = True
        return result
    # Every output is described before any is written, and they are written together:
    # asking for a spreadsheet and a PDF gives both or neither.
    jobs = [(out, WRITERS[kind](evaluation, lang, paper)) for kind, out in targets.items()]
    write_all_atomically(jobs)
    result.written = [out for out, _ in jobs]
    return result
