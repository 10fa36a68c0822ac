"""The one pipeline: read a file, pick its system, model and check it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from pathlib import Path

from builder.core import registry
from builder.core.errors import Crash, InputError, os_reason
from builder.core.messages import Localised
from builder.core.reader import Document, read_document
from builder.core.system import Evaluation

if TYPE_CHECKING:
    from builder.events.packs import Pack


@dataclass
class Outcome:
    """One file's result: an evaluation, the reason it could not be read, or the bug it met."""

    file: str
    evaluation: Evaluation | None = None
    unreadable: InputError | None = None
    crash: Crash | None = None


def open_roster(path: Path | str, label: str | None = None) -> Document:
    """Read a roster and make sure it is a mapping that names a known system."""
    return as_roster(read_document(path, label))


def as_roster(doc: Document) -> Document:
    """The document, if it is a mapping (a roster names its system at its top); else InputError."""
    if not isinstance(doc.data, dict):
        raise InputError("not-a-mapping", doc.label, doc.line_of(()), found=shape_of(doc.data))
    return doc


def shape_of(data: object) -> Localised:
    """What a document is instead of a mapping, in words ("a list", "a single value")."""
    kind = "list" if isinstance(data, list) else "null" if data is None else "scalar"
    return Localised(f"found.{kind}")


def system_of(doc: Document) -> registry.System:
    known = ", ".join(registry.keys())
    if "system" not in doc.data:
        raise InputError("missing-system", doc.label, 1, known=known)
    system = registry.find(doc.data["system"])
    if system is None:
        line = doc.line_of(("system",))
        raise InputError("unknown-system", doc.label, line, system=doc.data["system"], known=known)
    return system


def evaluate(path: Path | str, label: str | None = None, pack: "Pack | None" = None) -> Evaluation:
    """Check one roster file, under an event pack if given; raise InputError if it can't be read."""
    doc = open_roster(path, label)
    return evaluate_document(doc, system_of(doc), pack)


def evaluate_document(doc: Document, system: registry.System, pack: "Pack | None" = None) -> Evaluation:
    """Check a roster already read, as ``system`` (the one its ``system:`` names)."""
    evaluation = system.evaluate(doc, pack if pack is not None and pack.system == system.key else None)
    evaluation.findings.in_reading_order()
    evaluation.source = doc
    return evaluation


def evaluate_one(path: str, pack: "Pack | None" = None) -> Outcome:
    """Check one file inside its own boundary: an unreadable file, or a bug met while checking
    it, becomes that file's outcome, never an exception that stops the others."""
    try:
        return Outcome(path, evaluation=evaluate(path, path, pack))
    except InputError as exc:
        return Outcome(path, unreadable=exc)
    except Exception as exc:  # noqa: BLE001 - the boundary: any bug is reported for this file
        return Outcome(path, crash=Crash(path, exc))


def event_outcome(path: str, pack: "Pack | None" = None) -> Outcome:
    """A list's outcome as an event keeps it: without the resolved view ``inspect`` shows,
    which a check doesn't, and which would keep every list's records in memory to the end."""
    outcome = outcome_of(path, pack)
    if outcome.evaluation is not None:
        outcome.evaluation.details = None
    return outcome


def outcome_of(path: str, pack: "Pack | None" = None) -> Outcome:
    """One path's outcome: a folder given among the files is reported, a file is checked."""
    outcome = evaluate_one(path, pack)
    if outcome.unreadable is not None and outcome.unreadable.code == "file-is-folder":
        return Outcome(path, unreadable=_folder_problem(path))
    return outcome


def _folder_problem(path: str) -> InputError:
    """Why a folder given to check yielded no lists: it has none, or it can't be listed."""
    try:
        next(iter(Path(path).iterdir()), None)
    except OSError as exc:
        return InputError("file-unreadable", path, reason=os_reason(exc))
    return InputError("empty-folder", path)
