"""The one pipeline: read a file, pick its system, model and check it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from pathlib import Path

from builder import systems
from builder.errors import InputError
from builder.findings import Localised
from builder.reader import Document, read_document
from builder.systems.base import Evaluation

if TYPE_CHECKING:
    from builder.packs import Pack


@dataclass
class Outcome:
    """One file's result: an evaluation, or the reason it could not be read."""

    file: str
    evaluation: Evaluation | None = None
    unreadable: InputError | None = None


def open_roster(path: Path | str, label: str | None = None) -> Document:
    """Read a roster and make sure it is a mapping that names a known system."""
    doc = read_document(path, label)
    if not isinstance(doc.data, dict):
        raise InputError("not-a-mapping", doc.label, doc.line_of(()), found=shape_of(doc.data))
    return doc


def shape_of(data: object) -> Localised:
    """What a document is instead of a mapping, in words ("a list", "a single value")."""
    kind = "list" if isinstance(data, list) else "null" if data is None else "scalar"
    return Localised(f"found.{kind}")


def system_of(doc: Document) -> systems.System:
    known = ", ".join(systems.keys())
    if "system" not in doc.data:
        raise InputError("missing-system", doc.label, 1, known=known)
    system = systems.find(doc.data["system"])
    if system is None:
        line = doc.line_of(("system",))
        raise InputError("unknown-system", doc.label, line, system=doc.data["system"], known=known)
    return system


def evaluate(path: Path | str, label: str | None = None, pack: "Pack | None" = None) -> Evaluation:
    """Check one roster file, under an event pack if given; raise InputError if it can't be read."""
    doc = open_roster(path, label)
    system = system_of(doc)
    evaluation = system.evaluate(doc, pack if pack is not None and pack.system == system.key else None)
    evaluation.findings.in_reading_order()
    evaluation.source = doc
    return evaluation


def evaluate_one(path: str, pack: "Pack | None" = None) -> Outcome:
    """Check one file; an unreadable one becomes an outcome, not an exception."""
    try:
        return Outcome(path, evaluation=evaluate(path, path, pack))
    except InputError as exc:
        return Outcome(path, unreadable=exc)


def evaluate_all(paths: list[str], pack: "Pack | None" = None) -> list[Outcome]:
    """Check several files; an unreadable one is reported and the rest still checked."""
    return [evaluate_one(path, pack) for path in paths]
