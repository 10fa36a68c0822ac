"""The two families of failure: the user's (a message, exit 2) and ours (a traceback)."""

from __future__ import annotations

from typing import Any


class InputError(Exception):
    """Input that cannot be read as a roster: a missing file, broken YAML, an unknown system...

    It carries a stable ``code`` and the parameters of its message, which is
    rendered in the user's language by :mod:`builder.messages`.
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
