"""The values the event store answers with: a check's outcome as kept, an event, a version of a
team's list, a receipt, a review (the store's rows as the rest of builder reads them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Mapping

from builder.core.system import Evaluation
from builder.events.found import found_in


@dataclass(frozen=True)
class Checked:
    """What checking a submission found, as the store keeps it."""

    system: str | None
    points: int | None
    points_limit: int | None
    legal: bool
    findings: int
    fingerprint: str | None
    language: str = "es"
    found: dict[str, Any] | None = field(default=None, compare=False)
    """Its player and findings as pages show them (:mod:`builder.events.found`); None when not kept
    (a version stored before migration 6), or not read (only a page of one version reads it)."""
    edition: str | None = None
    """The name of the edition of its game's catalogs the list was checked under (None: not known)."""
    edition_hash: str | None = None
    """That edition's content hash (:attr:`builder.core.editions.Edition.hash`)."""

    @classmethod
    def of(cls, evaluation: Evaluation, language: str = "es") -> "Checked":
        edition = evaluation.rules.edition if evaluation.rules is not None else None
        return cls(evaluation.system, evaluation.points, evaluation.points_limit, evaluation.legal,
                   len(evaluation.findings), evaluation.fingerprint, language, found_in(evaluation),
                   edition.name if edition else None, edition.hash if edition else None)

    @property
    def short_hash(self) -> str | None:
        """The edition's hash as people read it (its first 12 digits, as :attr:`Edition.short_hash`)."""
        return self.edition_hash[:12] if self.edition_hash else None


@dataclass(frozen=True)
class Event:
    id: int
    name: str
    system: str
    deadline: datetime | None
    locked: bool
    changes: int = 0
    """How many writes the event has had: a page made from it holds while this stays."""
    publish: bool = False
    """Whether its lists are shown to everyone once it is closed (the organiser's switch)."""


@dataclass(frozen=True)
class Submission:
    """One version of a team's list; ``files`` maps each file's name to its text, in sent order."""

    id: int
    team_id: int
    team: str
    version: int
    checked: Checked
    draft: bool
    submitted_at: datetime
    files: Mapping[str, str]


@dataclass(frozen=True)
class Receipt:
    """What a player is told on a stored submission; ``edit_code`` only on a team's first."""

    team_id: int
    submission_id: int
    version: int
    edit_code: str | None = None


@dataclass(frozen=True)
class Review:
    submission_id: int
    version: int
    verdict: str  # approved | sent-back
    note: str
    at: datetime
