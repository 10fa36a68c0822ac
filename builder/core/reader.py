"""Read a roster file safely: bounded file reading, then the YAML turned into located data.

Safety first: the size is checked before reading, from the file's own size and again on the
bytes read; a pipe or device is refused without waiting on it; the text must be UTF-8. The
YAML itself is turned into plain data with the line of every key and item by
:mod:`builder.core.yaml_data`, which bounds nesting, aliases and repeated keys.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from stat import S_ISDIR, S_ISLNK, S_ISREG
from typing import Any, Iterator

from builder.core.display import Path_, relative_label
from builder.core.errors import InputError, os_reason
from builder.core.messages import Localised
from builder.core.yaml_data import parse_text

ROSTER_SUFFIXES = (".yaml", ".yml")
"""What a roster file is called: the files a folder stands for."""
MAX_BYTES = 1024 * 1024
"""A roster is a few kilobytes; anything over 1 MiB is refused unread."""

_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Document:
    """A parsed file: its data, where it came from, and the line of each path in it."""

    path: Path
    label: str
    data: Any
    lines: dict[Path_, int] = field(repr=False, compare=False)
    root: Path | None = field(default=None, compare=False)
    """The folder every file this one refers to must be in (the folder ``builder serve`` serves);
    None on the command line, where a list may name any file its user can read."""

    def reference(self, written: str, line: int | None) -> tuple[Path, str]:
        """The file a reference written in this document (at ``line``) names, and its label: its
        path relative to this file. InputError when it leads out of ``root``: refused before
        anything is read there, so whether such a file exists is never told either."""
        target, label = self.path.parent / written, relative_label(self.label, written)
        if self.root is not None:
            inside = self.root.resolve()
            try:
                real = target.resolve()
            except (OSError, RuntimeError):  # a loop of links
                real = None
            if real is None or inside not in real.parents:
                raise InputError("reference-outside-folder", self.label, line, target=written)
        return target, label

    def line_of(self, path: Path_) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while True:
            line = self.lines.get(path)
            if line is not None or not path:
                return line
            path = path[:-1]


_READ: ContextVar[set[str] | None] = ContextVar("builder_files_read", default=None)


@contextmanager
def files_read() -> Iterator[set[str]]:
    """The real paths of the files :func:`read_document` is asked for within the block (a roster
    and every file it refers to): the event desk stores nothing a submission's list doesn't read."""
    seen: set[str] = set()
    token = _READ.set(seen)
    try:
        yield seen
    finally:
        _READ.reset(token)


def forget_read() -> None:
    """Drop the files read so far from the reader's cache (the desk's checks, each in a folder of its
    own that is gone once checked, keep no big file's parse there)."""
    _read_cached.cache_clear()


def read_document(path: Path | str, label: str | None = None, root: Path | None = None) -> Document:
    """Read and parse one YAML file; raise :class:`InputError` for anything unreadable. Files it
    refers to must be inside ``root`` when one is given (see :meth:`Document.reference`)."""
    seen = _READ.get()
    if seen is not None:
        seen.add(os.path.realpath(path))
    doc = _read_document(path, label)
    return replace(doc, root=root) if root is not None else doc


def _read_document(path: Path | str, label: str | None) -> Document:
    name = os.fspath(path)
    label = label if label is not None else name
    try:
        stat = os.lstat(name)
        if S_ISLNK(stat.st_mode):  # what the link points to is the file
            stat, real = os.stat(name), os.path.realpath(name)
        else:  # its folder's real path, looked up once per folder, and its own name
            where = name if os.path.isabs(name) else os.path.join(os.getcwd(), name)
            real = os.path.join(_real_folder(os.path.dirname(where)), os.path.basename(where))
    except FileNotFoundError:
        raise InputError("file-not-found", label) from None
    except OSError as exc:
        raise InputError("file-unreadable", label, reason=os_reason(exc)) from None
    if S_ISDIR(stat.st_mode):
        raise InputError("file-is-folder", label)
    if not S_ISREG(stat.st_mode):
        # A pipe, a device or a socket: reading one could wait forever (or never end).
        raise InputError("file-unreadable", label, reason=Localised("os.not-regular"))
    file = (stat.st_dev, stat.st_ino)
    try:
        return _read_cached(real, label, stat.st_mtime_ns, stat.st_size, file)
    except _Moved:
        # A folder on the way was re-pointed since its real path was looked up (a link,
        # under a long-running ``builder serve``): look again.
        _real_folder.cache_clear()
        return _read_cached(os.path.realpath(name), label, stat.st_mtime_ns, stat.st_size, None)


@lru_cache(maxsize=64)
def _real_folder(folder: str) -> str:
    """A folder's real path (links and ``..`` resolved), looked up once for all the files in it."""
    return os.path.realpath(folder)


class _Moved(Exception):
    """The real path of a file no longer leads to the file that was asked for."""


@lru_cache(maxsize=256)
def _read_cached(real: str, label: str, _mtime: int, size: int, file: tuple[int, int] | None) -> Document:
    # The cache serves a warbook shared by many lists in one run; the mtime and
    # size in the key make an edited file a new entry.
    if size > MAX_BYTES:
        raise InputError("file-too-large", label, size=size, limit=MAX_BYTES)
    return document_from_bytes(read_bytes(real, label, file), Path(real), label)


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_bytes(path: Path | str, label: str, file: tuple[int, int] | None = None) -> bytes:
    """A regular file's bytes, at most one past the limit, without ever waiting on a pipe
    or a device; InputError for anything else (``builder serve`` reads a folder's files so).

    With ``file`` (device and inode, as looked at before), a file that is gone or is another
    one now raises ``_Moved``."""
    try:
        # Without blocking: should a pipe have taken the file's place since it was looked at,
        # opening it must not wait for a writer (it is refused below, by what was opened).
        handle = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        if file is not None:
            raise _Moved(str(path)) from None
        raise InputError("file-not-found", label) from None
    except IsADirectoryError:
        raise InputError("file-is-folder", label) from None
    except OSError as exc:
        raise InputError("file-unreadable", label, reason=os_reason(exc)) from None
    try:
        opened = os.fstat(handle)
        if file is not None and (opened.st_dev, opened.st_ino) != file:
            raise _Moved(str(path))
        if S_ISDIR(opened.st_mode):
            raise InputError("file-is-folder", label)
        if not S_ISREG(opened.st_mode):
            raise InputError("file-unreadable", label, reason=Localised("os.not-regular"))
        return _read_all(handle, opened.st_size)
    except OSError as exc:
        raise InputError("file-unreadable", label, reason=os_reason(exc)) from None
    finally:
        os.close(handle)


def _read_all(handle: int, size: int) -> bytes:
    """A file's bytes, but never more than one past the limit (a file may grow while it is read).

    Read with the file's own size in hand, so a small file costs a small buffer, not one of
    the limit's size."""
    chunks: list[bytes] = []
    total, want = 0, size + 1
    while total <= MAX_BYTES:
        chunk = os.read(handle, min(want, MAX_BYTES + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        want = 1 << 16
    return b"".join(chunks)


def document_from_bytes(raw: bytes, path: Path, label: str, root: Path | None = None) -> Document:
    """A document from a file's bytes (read from disk, or typed in ``builder serve``), held to
    the same size limit and encoding as any file."""
    if len(raw) > MAX_BYTES:
        raise InputError("file-too-large", label, size=len(raw), limit=MAX_BYTES)
    body = raw[len(_BOM):] if raw.startswith(_BOM) else raw  # as "utf-8-sig" would, without its codec
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body[: exc.start].count(b"\n") + 1
        raise InputError("invalid-encoding", label, line) from None
    data, lines = parse_text(text, label)
    return Document(path=path, label=label, data=data, lines=lines, root=root)
