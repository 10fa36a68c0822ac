"""The folder ``builder serve`` works on: rosters listed, read, checked as typed, saved safely.

Nothing here knows about HTTP. Every path a page sends is relative to the folder and is
refused if it would lead outside it (``..``, an absolute path, a link that points out).
"""

from __future__ import annotations

import contextvars
import hashlib
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from builder.core import registry
from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.core.pipeline import as_roster, evaluate
from builder.core.reader import MAX_BYTES, ROSTER_SUFFIXES, Document, document_from_bytes, read_bytes
from builder.core.system import Evaluation
from builder.export.outputs import rename_new, write_atomically, write_new
from builder.web import timing
from builder.web.keeping import Refused

__all__ = ["Refused", "Workspace", "catalog", "version_of"]


def version_of(data: bytes) -> str:
    """What a page remembers of the file it opened, to notice a change on disk before saving."""
    return hashlib.sha256(data).hexdigest()


@dataclass
class Workspace:
    folder: Path
    pack: Pack | None = None
    """The event pack every roster is checked under (``builder serve --pack``), if any."""

    def __post_init__(self) -> None:
        self.folder = self.folder.resolve()
        self._rows: dict[tuple[str, str], tuple[Any, tuple[Path, ...], dict[str, Any]]] = {}
        """The folder list's rows as last checked, by file and language, with the stamps of the
        files each was checked from."""

    def path(self, relative: str) -> Path:
        """The file ``relative`` names inside the folder; Refused when it would lead outside it,
        is no roster's name, or names a folder."""
        if not relative or "\x00" in relative or Path(relative).is_absolute() or ".." in Path(relative).parts:
            raise Refused("serve-outside-folder", 403)
        try:
            _encoded(relative, relative)
        except InputError:
            raise Refused("serve-bad-text", 400) from None  # half a surrogate pair: no name a file takes
        if len(relative) > NAME_MOST or any(len(part.encode("utf-8", "replace")) > PART_MOST
                                            for part in Path(relative).parts):
            raise Refused("serve-bad-name", 400)
        try:
            target = (self.folder / relative).resolve()
        except (OSError, RuntimeError):  # a name the system refuses, a loop of links
            raise Refused("serve-bad-name", 400) from None
        if self.folder not in target.parents:
            raise Refused("serve-outside-folder", 403)  # a link pointing out of the folder
        if target.suffix.lower() not in ROSTER_SUFFIXES or target.is_dir():
            raise Refused("serve-not-a-roster", 400)
        return target

    def rosters(self, lang: str) -> list[dict[str, Any]]:
        """Every roster in the folder (not its subfolders), checked: name, system, points, legal,
        what a file that holds no list holds (``holds``) and the folder's files it reads
        (``uses``: a list's Warbook). A row is checked again whenever its file, or a file it
        reads, changed on disk since it was last checked; otherwise it is the row kept."""
        out = []
        # A hidden file is none of the player's: a save's temporary file (.builder-…) among them.
        for path in sorted(p for p in self.folder.iterdir()
                           if p.suffix.lower() in ROSTER_SUFFIXES and not p.name.startswith(".") and p.is_file()):
            try:
                self.path(path.name)
            except Refused:
                continue  # a link pointing out of the folder is not the folder's
            kept = self._rows.get((path.name, lang))
            if kept is not None and kept[0] == _stamps((path, *kept[1])):
                out.append(kept[2])
                continue
            row: dict[str, Any] = {"path": path.name, "system": None, "name": None, "points": None,
                                   "points_limit": None, "measure": None, "legal": False, "readable": True,
                                   "roster": True, "status": "unreadable", "status_text": None,
                                   "holds": None, "uses": []}
            inputs: tuple[Path, ...] = ()
            try:
                ev = self.check(read_bytes(path, path.name), path.name)
                inputs = ev.inputs
                row.update(system=ev.system, name=ev.name, points=ev.points, points_limit=ev.points_limit,
                           legal=ev.legal, roster=ev.roster, measure=ev.measure and ev.measure.render(lang),
                           status=ev.status, status_text=ev.status_text(lang), holds=ev.holds,
                           uses=[p.name for p in inputs if p.parent == self.folder])
            except (InputError, OSError):
                row["readable"] = False
            # An unreadable file is checked again each time: what it lacked (its Warbook) may come.
            if row["readable"]:
                self._rows[(path.name, lang)] = (_stamps((path, *inputs)), inputs, row)
            out.append(row)
        return out

    def holding(self, word: str, lang: str) -> list[dict[str, Any]]:
        """The folder's files that hold no list but ``word`` (``warbook``), legal or not."""
        return [row for row in self.rosters(lang) if row["holds"] == word]

    def users(self, relative: str, lang: str) -> list[str]:
        """The folder's files that read ``relative`` (the lists whose Warbook it is)."""
        return [row["path"] for row in self.rosters(lang) if relative in row["uses"]]

    def related(self, evaluation: Evaluation, relative: str, lang: str) -> tuple[list[str], list[str] | None]:
        """The folder's files ``relative`` reads (its Warbook), and for a file that holds no list,
        the folder's lists that read it."""
        reads = [p.name for p in evaluation.inputs if p.resolve().parent == self.folder and p.name != relative]
        if evaluation.holds is None:
            return reads, None
        return reads, [path for path in self.users(relative, lang) if path != relative]

    def read(self, relative: str) -> tuple[str, str]:
        """The file's text and its version."""
        data = self._on_disk(self.path(relative), relative)
        if data is None:
            raise Refused("serve-no-such-file", 404)
        try:
            # Never guessed: a page that showed a Latin-1 file's letters replaced would save them so.
            return data.decode("utf-8"), version_of(data)
        except UnicodeDecodeError:
            raise Refused("serve-not-utf8", 422) from None

    @staticmethod
    def _on_disk(target: Path, relative: str) -> bytes | None:
        """The file's bytes as they are now (None: there is none); Refused when it can't be read
        (a pipe, a device, over the size limit)."""
        try:
            data = read_bytes(target, relative)
        except InputError as exc:
            if exc.code == "file-not-found":
                return None
            raise Refused("serve-unreadable", 422) from None
        if len(data) > MAX_BYTES:
            raise Refused("serve-too-large", 413)
        return data

    def document(self, text: str, relative: str) -> Document:
        """The roster as typed, read (not checked) as if saved at ``relative``; InputError when
        it can't be read as a roster."""
        return as_roster(document_from_bytes(_encoded(text, relative), self.folder / relative, relative,
                                             root=self.folder))

    def check(self, text: str | bytes, relative: str) -> Evaluation:
        """Check a roster as typed, as if it were saved at ``relative`` (its Warbook and teams are
        found beside it); InputError when it can't be read."""
        data = _encoded(text, relative) if isinstance(text, str) else text
        with timing.part("check"):
            return evaluate(document_from_bytes(data, self.folder / relative, relative, root=self.folder), pack=self.pack)

    def save(self, relative: str, text: str, version: str | None) -> str:
        """Write ``text`` atomically; Refused (409) with the file as it is on disk when it changed
        since the page opened it (``version``), or exists and the page thought it new."""
        version, written = self.save_begun(relative, text, version)
        written()
        return version

    def save_begun(self, relative: str, text: str, version: str | None) -> tuple[str, Callable[[], None]]:
        """:meth:`save` in two steps: the conflicts refused now, the file written (and on the disk)
        in the writer's thread meanwhile. The function returned waits until it is, Refused if it
        could not be: a click's view is drawn while its file reaches the disk, and the answer
        still leaves only once it has."""
        target = self.path(relative)
        try:
            data = _encoded(text, relative)
        except InputError:
            raise Refused("serve-bad-text", 400) from None
        if len(data) > MAX_BYTES:
            raise Refused("serve-too-large", 413)
        on_disk = self._on_disk(target, relative)
        if on_disk is not None:
            if version != version_of(on_disk):
                raise Refused("serve-changed-on-disk", 409, disk=on_disk.decode("utf-8", errors="replace"),
                              disk_version=version_of(on_disk))
        elif version is not None:
            raise Refused("serve-changed-on-disk", 409, disk=None, disk_version=None)  # removed meanwhile
        if not target.parent.is_dir():
            raise Refused("serve-outside-folder", 403)
        pending = _WRITER.submit(contextvars.copy_context().run, _write, target, data)

        def written() -> None:
            try:
                pending.result()
            except (InputError, OSError):
                raise Refused("serve-cannot-write", 500) from None

        return version_of(data), written

    def create(self, relative: str, text: str) -> str:
        """A new roster file; Refused (409) when one of that name exists. Its version."""
        data = _encoded(text, relative)
        self._place_new(self.path(relative), lambda target: write_new(target, lambda tmp: tmp.write_bytes(data)))
        return version_of(data)

    def copy(self, source: str, target: str, move: bool = False) -> str:
        """Duplicate the roster ``source`` as ``target`` (rename it, with ``move``); never over a
        file that exists. The version of the file at its new name."""
        origin, destination = self.path(source), self.path(target)
        data = self._on_disk(origin, source)
        if data is None:
            raise Refused("serve-no-such-file", 404)
        self._place_new(destination, (lambda target: rename_new(origin, target)) if move else
                        (lambda target: write_new(target, lambda tmp: tmp.write_bytes(data))))
        return version_of(data)

    @staticmethod
    def _place_new(target: Path, write: Callable[[Path], object]) -> None:
        """``write(target)`` for a file that must not exist yet: Refused (409) if it does, or
        appears meanwhile; never over it."""
        if os.path.lexists(target):
            raise Refused("serve-target-exists", 409)
        if not target.parent.is_dir():
            raise Refused("serve-outside-folder", 403)
        try:
            write(target)
        except FileExistsError:
            raise Refused("serve-target-exists", 409) from None
        except (InputError, OSError):
            raise Refused("serve-cannot-write", 500) from None


def _stamps(paths: tuple[Path, ...]) -> tuple[Any, ...]:
    """What tells a file changed on disk: its size, time and identity (None: it is gone)."""
    out = []
    for path in paths:
        try:
            st = path.stat()
            out.append((st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
        except OSError:
            out.append(None)
    return tuple(out)


NAME_MOST = 1024
"""A path the page may name, in characters; each of its parts at most PART_MOST bytes (as file systems allow)."""
PART_MOST = 255


def _write(target: Path, data: bytes) -> None:
    with timing.part("save"):
        write_atomically(target, lambda tmp: tmp.write_bytes(data))


_WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="builder-serve-save")
"""One thread writes the page's files, one after another, in the order they were asked for."""


def _encoded(text: str, relative: str) -> bytes:
    """Typed text as UTF-8; a lone surrogate (which a page may send) is no text a file can hold."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError("invalid-encoding", relative, text.count("\n", 0, exc.start) + 1) from None


def catalog(system_key: str) -> dict[str, list[dict[str, str]]]:
    system = registry.find(system_key)
    if system is None:
        raise Refused("unknown-system", 404)
    return {topic: [{"name": n, "detail": d} for n, d in rows] for topic, rows in system.browse().items()}

