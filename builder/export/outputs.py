"""Writing output files safely: never over an input, never half-written."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Callable

from builder.core.errors import InputError, os_reason


def check_output(out: Path | str, inputs: list[Path]) -> Path:
    """Refuse an output that is an input, a folder, or in a folder that doesn't exist."""
    out = Path(out)
    target = out.resolve()
    if any(target == p.resolve() for p in inputs):
        raise InputError("output-is-input", str(out))
    if target.is_dir():
        raise InputError("output-is-folder", str(out))
    if not target.parent.is_dir():
        raise InputError("output-folder-missing", str(out), folder=str(out.parent))
    return out


def write_atomically(out: Path, write: Callable[[Path], None]) -> None:
    """Write through a temporary file in the target folder, then rename it into place.

    A failure leaves no partial file behind and never touches an existing ``out``.
    """
    write_all_atomically([(out, write)])


def write_all_atomically(jobs: list[tuple[Path, Callable[[Path], None]]]) -> None:
    """Write several files as one: all of them, or none.

    Each is written to a temporary file beside its target first (the slow part, where a
    problem is most likely); only when every one is written are they renamed into place.
    Should a rename still fail, the files already placed are taken back and any file they
    replaced is put back as it was. Each file reaches the disk before its rename, and each
    folder's new entries after them: a power cut leaves the old file or the new one, whole,
    never an empty one.
    """
    temporaries: list[tuple[Path, str]] = []
    mode = _new_file_mode()
    try:
        for out, write in jobs:
            temporaries.append((out, _temporary(out)))
            try:
                write(Path(temporaries[-1][1]))
                # A temporary file is private (0600); the output gets the mode any new file would.
                os.chmod(temporaries[-1][1], mode)
                _sync(temporaries[-1][1])
            except OSError as exc:
                raise InputError("output-unwritable", str(out), reason=os_reason(exc)) from None
        _place_all(temporaries)
        for folder in dict.fromkeys(out.parent for out, _ in jobs):
            _sync_folder(folder)
    finally:
        for _, temporary in temporaries:
            _discard(temporary)


def write_new(out: Path, write: Callable[[Path], None]) -> None:
    """Write a file that must not exist yet: whole and on the disk, or not at all.

    Written and synced beside it first, then linked into place, which fails if a file of that
    name appeared meanwhile (FileExistsError): nothing is ever written over."""
    temporary = _temporary(out)
    try:
        write(Path(temporary))
        os.chmod(temporary, _new_file_mode())
        _sync(temporary)
        os.link(temporary, out)
    finally:
        _discard(temporary)
    _sync_folder(out.parent)


def rename_new(source: Path, out: Path) -> None:
    """Give the file ``source`` the name ``out``, which must not exist yet (FileExistsError)."""
    os.link(source, out)
    os.unlink(source)
    _sync_folder(out.parent)


def _sync(path: str) -> None:
    """The file's bytes on the disk, not only in the system's cache."""
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _sync_folder(folder: Path) -> None:
    """The folder's entries on the disk: the renames that put the files in place."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # a system that opens no folders (Windows) keeps renames in order itself
    try:
        os.fsync(handle)
    except OSError:
        pass  # a file system that syncs no folders
    finally:
        os.close(handle)


def _new_file_mode() -> int:
    """The mode a newly created file gets here: 0666 less the process's umask."""
    return 0o666 & ~_umask()


_UMASK_LOCK = threading.Lock()


def _umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux): the
    page writes from several threads at once, and setting it to read it back would, for that
    moment, give the other threads' new files a mode that isn't the user's."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    with _UMASK_LOCK:  # elsewhere, at least builder's own writers never interleave here
        umask = os.umask(0o022)
        os.umask(umask)
    return umask


def _temporary(out: Path) -> str:
    try:
        handle, temporary = tempfile.mkstemp(prefix=".builder-", suffix=out.suffix, dir=out.parent)
    except OSError as exc:
        raise InputError("output-unwritable", str(out), reason=os_reason(exc)) from None
    os.close(handle)
    return temporary


def _place_all(temporaries: list[tuple[Path, str]]) -> None:
    """Rename each temporary onto its target; on a failure, undo the ones already done."""
    several = len(temporaries) > 1
    done: list[tuple[Path, str | None]] = []
    backups: list[str] = []
    try:
        for out, temporary in temporaries:
            backup = _set_aside(out) if several else None
            if backup is not None:
                backups.append(backup)
            os.replace(temporary, out)
            done.append((out, backup))
    except OSError as exc:
        for out, backup in reversed(done):
            if backup is not None:
                os.replace(backup, out)
            else:
                _discard(str(out))
        failed = temporaries[len(done)][0]
        raise InputError("output-unwritable", str(failed), reason=os_reason(exc)) from None
    finally:
        for backup in backups:
            _discard(backup)


def _set_aside(out: Path) -> str | None:
    """A copy of the file ``out`` would replace, to put back if a later file can't be placed."""
    if not out.exists():
        return None
    backup = _temporary(out)
    os.unlink(backup)
    try:
        os.link(out, backup)  # no bytes copied
    except OSError:
        shutil.copy2(out, backup)
    return backup


def _discard(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
