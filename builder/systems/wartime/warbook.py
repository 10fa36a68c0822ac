"""Find a list's Warbook: inline, or in another file (itself a Warbook or a whole Wartime file)."""

from __future__ import annotations

from builder.core.errors import InputError
from builder.core.findings import Findings, Place
from builder.core.pipeline import shape_of
from builder.core.reader import Document, read_document
from builder.systems.wartime.records import Warbook, WartimeFile
from builder.systems.wartime.rules import RULE_FIELDS
from builder.core.validation import validate


def resolve(file: WartimeFile, doc: Document) -> tuple[Warbook | None, Place, Findings]:
    """The Warbook a file uses, where it is written, and what is wrong with it.

    A ``warbook:`` path is relative to the file that names it. The file it names
    may hold the Warbook's lists at its top, or be a whole Wartime file whose own
    ``warbook:`` is followed in turn. Unreadable files and loops raise InputError.
    """
    reference: Warbook | str = file.warbook
    source, at = doc, Place(doc, ("warbook",))
    chain = [doc]
    while isinstance(reference, str):
        target, label = source.reference(reference, at.line)
        if any(seen.path == target.resolve() for seen in chain):
            raise InputError("reference-loop", at.file, at.line, target=reference,
                             chain=" → ".join([d.label for d in chain] + [label]))
        try:
            source = read_document(target, label, doc.root)
        except InputError as exc:
            exc.params["via"] = at.where
            raise
        chain.append(source)
        data = source.data
        if not isinstance(data, dict):
            raise InputError("not-a-mapping", source.label, source.line_of(()), found=shape_of(data), via=at.where)
        if "system" not in data:
            book, findings = validate(Warbook, data, Place(source), RULE_FIELDS, past_unknown_keys=True)
            return book, Place(source), findings
        if data.get("system") != "wartime" or "warbook" not in data:
            raise InputError("not-a-warbook", source.label, 1, via=at.where)
        at = Place(source, ("warbook",))
        reference = data["warbook"]
        if not isinstance(reference, str):
            book, findings = validate(Warbook, reference, at, RULE_FIELDS, past_unknown_keys=True)
            return book, at, findings
    return reference, at, Findings()
