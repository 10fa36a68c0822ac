"""Findings: the errors and warnings a check produces, each with a code, a place and a rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from builder.core import messages
from builder.core.messages import Localised, localise
from builder.core.errors import InputError
from builder.core.display import Path_, display_path
from builder.core.reader import Document

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Place:
    """A spot in a document: the file and the path of a value in it."""

    doc: Document | None
    path: Path_ = ()
    overlay: tuple[tuple[Path_, "Place"], ...] = ()
    """Paths whose values came from elsewhere (an event pack): findings there point to it."""
    event: bool = False
    """A place in the event's pack: the organiser's file, whose path and keys players never read
    (:meth:`Finding.plain` says «the event's rule» instead)."""

    def at(self, *more: str | int) -> "Place":
        path = self.path + more
        if not self.overlay:
            return Place(self.doc, path, event=self.event)
        for prefix, source in self.overlay:
            if path[: len(prefix)] == prefix:
                return source.at(*path[len(prefix):])
        return Place(self.doc, path, self.overlay, self.event)

    @property
    def file(self) -> str | None:
        return self.doc.label if self.doc else None

    @property
    def line(self) -> int | None:
        return self.doc.line_of(self.path) if self.doc else None

    @property
    def where(self) -> str:
        head = f"{self.file}:{self.line}" if self.line else (self.file or "")
        tail = display_path(self.path)
        return f"{head} {tail}".strip()


@dataclass(frozen=True)
class Finding:
    code: str
    severity: Severity
    place: Place
    rule: str
    params: dict[str, Any] = field(default_factory=dict)
    variant: str | None = None
    """A sub-message of the code (``invalid-field.missing``), when the code has several."""

    def detail(self, lang: str) -> str:
        """The message without its place."""
        key = f"{self.code}.{self.variant}" if self.variant else self.code
        params = {k: localise(v, lang) for k, v in self.params.items()}
        return messages.text(key, lang, **params)

    def plain(self, lang: str) -> str:
        """The message in words alone, for a page: without its place, nor the places it names
        («the name “A” is already used by the runner “A”», not «… (team.yaml:11 lineup[0])»); a
        finding at the event's pack says so in words, never with the pack's path or keys."""
        said = self._said(lang, _placeless)
        return messages.text("word.by-event", lang, detail=said) if self.place.event else said

    def _said(self, lang: str, worded: Any) -> str:
        key = f"{self.code}.{self.variant}" if self.variant else self.code
        return messages.text(key, lang, **{k: localise(worded(v), lang) for k, v in self.params.items()})

    def message(self, lang: str) -> str:
        where = self.place.where
        return f"{where}: {self.detail(lang)}" if where else self.detail(lang)

    def shown(self, lang: str) -> str:
        """The message as a page or a document shows it: with its place in the player's files
        (:meth:`message`), but in words (:meth:`plain`) where it points into the event's pack."""
        if self.place.event:
            return self.plain(lang)
        where, said = self.place.where, self._said(lang, _eventless)
        return f"{where}: {said}" if where else said

    def as_dict(self, lang: str) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message(lang),
            "rule": self.rule,
            "where": self.place.where,
            "file": self.place.file,
            "line": self.place.line,
            "path": display_path(self.place.path),
        }


@dataclass(frozen=True)
class Problems:
    """Findings quoted inside another message (a bad pack's), rendered in the report's language."""

    findings: tuple[Finding, ...]

    def render(self, lang: str) -> str:
        return "; ".join(f.message(lang) for f in self.findings)


class _BySeverity:
    @property
    def errors(self) -> list[Finding]:
        return [f for f in self if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self if f.severity == "warning"]


class Findings(_BySeverity, list):
    """A list of findings with helpers to add them."""

    def error(self, code: str, place: Place, rule: str, variant: str | None = None, **params: Any) -> None:
        self.append(Finding(code, "error", place, rule, params, variant))

    def warning(self, code: str, place: Place, rule: str, variant: str | None = None, **params: Any) -> None:
        self.append(Finding(code, "warning", place, rule, params, variant))


class FrozenFindings(_BySeverity, tuple):
    """Findings once a check is over: read, never added to (see :class:`Findings`)."""

    def in_reading_order(self) -> "FrozenFindings":
        """Sorted by file, then line (stable: findings on one line keep their order)."""
        return FrozenFindings(sorted(self, key=lambda f: (f.place.file or "", f.place.line or 0)))


def _placeless(value: Any) -> Any:
    """What a repeated name is used by (:func:`used_by`), named without its place; a place in the
    event's pack (:func:`event_place`), as the event's rule."""
    if isinstance(value, Localised) and value.key == "kind.any":
        return Localised("kind.any-short", {k: v for k, v in value.params.items() if k != "where"})
    return _eventless(value)


def _eventless(value: Any) -> Any:
    """A place in the event's pack (:func:`event_place`) named as the event's rule."""
    if isinstance(value, Localised) and value.key == "word.event-place":
        return Localised("word.event-rule")
    return value


def event_place(place: Place) -> Localised:
    """A place in the event's pack named inside a message («… the event asks for 5 ({source})»):
    its path for the organiser and the command line, «the event's rule» on a player's page."""
    return Localised("word.event-place", {"where": place.where})


def used_by(kind: str, name: str, place: Place) -> Localised:
    """What a repeated name is already used by, for ``duplicate-name``: «the runner “A” (file:3)»;
    ``kind`` is a system's ``the-kind.*`` message key."""
    return Localised("kind.any", {"kind": Localised(kind), "name": name, "where": place.where})


def input_error_dict(error: InputError, lang: str) -> dict[str, Any]:
    """An unreadable file reported in the same shape as a finding."""
    return {
        "code": error.code,
        "message": input_error_message(error, lang),
        "rule": None,
        "where": error.where,
        "file": error.file,
        "line": error.line,
        "path": "",
    }


def input_error_message(error: InputError, lang: str) -> str:
    params = {k: localise(v, lang) for k, v in error.params.items() if k != "via"}
    body = messages.text(error.code, lang, **params)
    out = f"{error.where}: {body}" if error.where else body
    if error.params.get("via"):
        out += " " + messages.text("referenced-from", lang, where=error.params["via"])
    return out
