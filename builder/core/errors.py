"""The two families of failure: the user's (a message, exit 2) and ours (a traceback)."""

from __future__ import annotations

import errno
from typing import Any

from builder.core.messages import Localised


class InputError(Exception):
    """Input that cannot be read as a roster: a missing file, broken YAML, an unknown system...

    It carries a stable ``code`` and the parameters of its message, which is
    rendered in the user's language by :mod:`builder.core.messages`.
    """

    def __init__(self, code: str, file: str | None = None, line: int | None = None, **params: Any):
        super().__init__(code)
        self.code = code
        self.file = file
        self.line = line
        self.params = params

    @property
    def where(self) -> str:
        if self.file is None:
            return ""
        return f"{self.file}:{self.line}" if self.line else self.file


class BuilderBug(RuntimeError):
    """Something that should never happen whatever the user writes: shown with its traceback."""


class Crash:
    """A bug met while handling one file, caught at that file's boundary so the rest go on.

    It keeps the traceback as text, to be shown with a request to report it.
    """

    code = "internal-error"

    def __init__(self, file: str | None, error: BaseException):
        import traceback  # only when a bug is met

        self.file = file
        self.error = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        self.traceback = "".join(traceback.format_exception(error)).rstrip()


_OS_REASONS = {
    errno.EACCES: "os.denied", errno.EPERM: "os.denied", errno.ENOSPC: "os.no-space", errno.EDQUOT: "os.no-space",
    errno.EROFS: "os.read-only", errno.ENAMETOOLONG: "os.name-too-long", errno.EISDIR: "os.is-folder",
    errno.ENOTDIR: "os.not-folder", errno.ELOOP: "os.link-loop", errno.EIO: "os.io", errno.ENOENT: "os.missing",
}


def os_reason(error: OSError) -> Localised:
    """Why the system refused a file, in the user's language (the system's own words are English)."""
    key = _OS_REASONS.get(error.errno)  # type: ignore[arg-type]
    return Localised(key) if key else Localised("os.other", {"code": errno.errorcode.get(error.errno or 0, "?")})
