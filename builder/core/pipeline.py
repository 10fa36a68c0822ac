"""The one pipeline: read a file, pick its system, model and check it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.core import editions, registry
from builder.core.errors import Crash, InputError, os_reason
from builder.core.messages import Localised
from builder.core.pack import Pack
from builder.core.reader import Document, read_document
from builder.core.system import Evaluation, System


@dataclass(frozen=True)
class Outcome:
    """One file's result: an evaluation, the reason it could not be read, or the bug it met."""

    file: str
    evaluation: Evaluation | None = None
    unreadable: InputError | None = None
    crash: Crash | None = None


def open_roster(path: Path | str, label: str | None = None, root: Path | None = None) -> Document:
    """Read a roster and make sure it is a mapping that names a known system (the files it
    refers to kept inside ``root``, when one is given)."""
    return as_roster(read_document(path, label, root))


def as_roster(doc: Document) -> Document:
    """The document, if it is a mapping (a roster names its system at its top); else InputError."""
    if not isinstance(doc.data, dict):
        raise InputError("not-a-mapping", doc.label, doc.line_of(()), found=shape_of(doc.data))
    return doc


def shape_of(data: object) -> Localised:
    """What a document is instead of a mapping, in words ("a list", "a single value")."""
    kind = "list" if isinstance(data, list) else "null" if data is None else "scalar"
    return Localised(f"found.{kind}")


def system_of(doc: Document) -> System:
    known = ", ".join(registry.keys())
    if "system" not in doc.data:
        raise InputError("missing-system", doc.label, 1, known=known)
    system = registry.find(doc.data["system"])
    if system is None:
        line = doc.line_of(("system",))
        raise InputError("unknown-system", doc.label, line, system=doc.data["system"], known=known)
    return system


def evaluate(source: Path | str | Document, label: str | None = None, pack: Pack | None = None,
             view: bool = True) -> Evaluation:
    """Check one roster, under an event pack if given (a pack for another game is ignored, but for
    the game whose catalogs the roster's reads: its edition and house rules then apply):
    the one way a document is checked. ``source`` is a file's path, or a document already read
    (a page's editor, a campaign's team). Raises InputError if it can't be read as a roster.
    ``view=False`` leaves out the resolved view ``inspect`` shows."""
    doc = as_roster(source) if isinstance(source, Document) else open_roster(source, label)
    system = system_of(doc)
    if pack is not None and pack.system != system.key and pack.system == system.rules_game:
        # A file of a game that reads the pack's game's catalogs (a campaign of its teams): checked,
        # its teams too, under the pack's edition and house rules, and nothing else of it (ruling 93).
        with editions.using(pack.rules):
            return system.evaluate(doc, None, view)
    return system.evaluate(doc, pack if pack is not None and pack.system == system.key else None, view)


def outcome_of(path: str, pack: Pack | None = None) -> Outcome:
    """One path's outcome as an event keeps it, inside the file's own boundary: an unreadable
    file (a folder given among the files too), or a bug met while checking it, becomes that
    file's outcome, never an exception that stops the others. It keeps no resolved view, which
    a check doesn't show and which would keep every list's records in memory to the end."""
    try:
        return Outcome(path, evaluation=evaluate(path, path, pack, view=False))
    except InputError as exc:
        return Outcome(path, unreadable=_folder_problem(path) if exc.code == "file-is-folder" else exc)
    except Exception as exc:  # noqa: BLE001 - the boundary: any bug is reported for this file
        return Outcome(path, crash=Crash(path, exc))


def _folder_problem(path: str) -> InputError:
    """Why a folder given to check yielded no lists: it has none, or it can't be listed."""
    try:
        next(iter(Path(path).iterdir()), None)
    except OSError as exc:
        return InputError("file-unreadable", path, reason=os_reason(exc))
    return InputError("empty-folder", path)
