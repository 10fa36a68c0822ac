"""``builder export``: check a roster, then write the files asked for, atomically."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from builder import systems
from builder.errors import InputError
from builder.export.outputs import check_output, write_atomically
from builder.pipeline import evaluate
from builder.systems.base import Evaluation


@dataclass
class Export:
    evaluation: Evaluation
    written: list[Path] = field(default_factory=list)
    refused: bool = False
    """True when the roster is illegal and no draft was asked for: nothing was written."""


def export(file: str, xlsx: str | None = None, pdf: str | None = None, lang: str = "es", draft: bool = False,
           paper: str = "a4") -> Export:
    """Check ``file`` and write each requested output; raise InputError for unreadable input or bad paths."""
    source = Path(file)
    targets = {kind: check_output(path, [source]) for kind, path in (("xlsx", xlsx), ("pdf", pdf)) if path}
    if xlsx and pdf and targets["xlsx"].resolve() == targets["pdf"].resolve():
        raise InputError("output-twice", str(targets["pdf"]))
    evaluation = evaluate(file, file)
    for path in targets.values():
        check_output(path, evaluation.inputs)
    result = Export(evaluation)
    if not evaluation.legal and not draft:
        result.refused = True
        return result
    if "xlsx" in targets:
        from builder.export.xlsx import write_workbook

        if evaluation.details is None:
            # A draft of a roster that couldn't be modelled: the summary and its problems, no units.
            from builder.export.tables import WorkbookSpec

            spec = WorkbookSpec()
        else:
            spec = systems.get(evaluation.system).workbook(evaluation, lang)
        out = targets["xlsx"]
        write_atomically(out, lambda tmp: write_workbook(evaluation, spec, tmp, lang, draft=not evaluation.legal))
        result.written.append(out)
    if "pdf" in targets:
        from builder.export.pdf import write_pdf

        if evaluation.details is None:
            from builder.export.cards import PrintSpec

            print_spec = PrintSpec()
        else:
            print_spec = systems.get(evaluation.system).print_spec(evaluation, lang)
        out = targets["pdf"]
        write_atomically(out, lambda tmp: write_pdf(evaluation, print_spec, tmp, lang, paper,
                                                     draft=not evaluation.legal))
        result.written.append(out)
    return result
