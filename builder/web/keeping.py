"""What the builder asks of whoever keeps a roster's text: a folder of files (``builder serve``'s
workspace) or the texts a browser sends with each click (the event desk). Nothing here knows
about HTTP."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.system import Evaluation


class Refused(Exception):
    """A request the builder or its keeper won't serve: a path outside the folder, a stale save,
    a change that can't be made…"""

    def __init__(self, code: str, status: int = 400, **extra: Any):
        super().__init__(code)
        self.code, self.status, self.extra = code, status, extra


class Keeper(Protocol):
    """Where a roster's text lives, and the files beside it (its Warbook)."""

    pack: Pack | None
    """The event pack every roster is checked under, if any."""

    def check(self, text: str | bytes, relative: str) -> Evaluation:
        """The roster as typed, checked as if kept at ``relative`` (its Warbook found beside it);
        InputError when it can't be read."""

    def document(self, text: str, relative: str) -> Document:
        """The roster as typed, read (not checked) as if kept at ``relative``."""

    def holding(self, word: str, lang: str) -> list[dict[str, Any]]:
        """The files kept beside it that hold no list but ``word`` (``warbook``): rows with their
        ``path``, ``name`` and ``system``."""

    def related(self, evaluation: Evaluation, relative: str, lang: str) -> tuple[list[str], list[str] | None]:
        """The kept files ``relative`` reads (its Warbook), and, for a file that holds no list,
        the kept files that read it (None for a list)."""

    def users(self, relative: str, lang: str) -> list[str]:
        """The kept files that read ``relative`` (the lists whose Warbook it is)."""

    def read(self, relative: str) -> tuple[str, str | None]:
        """A kept file's text and its version."""

    def save(self, relative: str, text: str, version: str | None) -> str | None:
        """Keep ``text`` as ``relative``'s new text (a rename carried into a file that reads the one
        changed, :meth:`Builder.carry`, only where a click saves: ``builder serve``'s folder)."""

    def save_begun(self, relative: str, text: str, version: str | None) -> tuple[str | None, Callable[[], None]]:
        """Keep ``text`` as ``relative``'s new text: its new version, and a function that waits
        until it is kept (Refused if it could not be)."""
