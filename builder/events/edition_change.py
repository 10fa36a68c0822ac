"""What another edition does to a set of lists: those whose points or legality change
(``builder check --edition``), so an organiser sees what an update does before moving to it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.core.messages import text
from builder.core.pipeline import Outcome


@dataclass(frozen=True)
class Standing:
    """A list's points and status under one edition."""

    edition: str | None
    points: int | None
    status: str

    @classmethod
    def of(cls, outcome: Outcome) -> "Standing":
        ev = outcome.evaluation
        if ev is None:
            return cls(None, None, "internal-error" if outcome.crash else "unreadable")
        return cls(ev.rules.edition.name if ev.rules else None, ev.points, ev.status)

    def as_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "points": self.points, "status": self.status}


@dataclass(frozen=True)
class Change:
    file: str
    name: str | None
    before: Standing
    after: Standing

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "name": self.name, "before": self.before.as_dict(), "after": self.after.as_dict()}

    def line(self, lang: str) -> str:
        """The change in words: «Compañía Fénix: 283 → 278 puntos; LEGAL → ILEGAL (2026 → 2027)»."""
        parts = []
        if self.before.points != self.after.points:
            parts.append(text("ui.edition-points-change", lang, before=_shown(self.before.points),
                              after=_shown(self.after.points)))
        if self.before.status != self.after.status:
            parts.append(f"{_status(self.before.status, lang)} → {_status(self.after.status, lang)}")
        editions = text("ui.edition-editions-change", lang, before=self.before.edition or "—",
                        after=self.after.edition or "—")
        return f"  {self.file} — {self.name or '—'}: {'; '.join(parts)} ({editions})"


def changes(before: list[Outcome], after: list[Outcome]) -> list[Change]:
    """The lists (same files, same order) whose points or status differ between the two checks."""
    found = []
    for old, new in zip(before, after, strict=True):
        was, now = Standing.of(old), Standing.of(new)
        if (was.points, was.status) != (now.points, now.status):
            named = new.evaluation or old.evaluation
            found.append(Change(new.file, named.name if named else None, was, now))
    return found


def report(found: list[Change], total: int, edition: str, lang: str) -> str:
    """The changes as the command prints them, after the check under ``edition``."""
    if not found:
        return text("ui.edition-no-change", lang, edition=edition, total=total)
    lines = [text("ui.edition-changed", lang, edition=edition, count=len(found), total=total)]
    lines += [change.line(lang) for change in found]
    return "\n".join(lines)


def _shown(points: int | None) -> str:
    return "—" if points is None else str(points)


def _status(status: str, lang: str) -> str:
    special = {"unreadable": "ui.unreadable", "internal-error": "ui.internal"}
    return text(special.get(status, f"status.{status}"), lang)
