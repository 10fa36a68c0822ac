"""Writing output files safely: never over an input, never half-written."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

from builder.errors import InputError, os_reason


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
    try:
        handle, temporary = tempfile.mkstemp(prefix=".builder-", suffix=out.suffix, dir=out.parent)
    except OSError as exc:
        raise InputError("output-unwritable", str(out), reason=os_reason(exc)) from None
    os.close(handle)
    try:
        write(Path(temporary))
        os.replace(temporary, out)
    except OSError as exc:
        _discard(temporary)
        raise InputError("output-unwritable", str(out), reason=os_reason(exc)) from None
    except BaseException:
        _discard(temporary)
        raise


def _discard(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
