"""The value checking one roster gives: its findings, totals, fingerprint, resolved view and
the rules it was checked under."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from builder.core import editions
from builder.core.findings import Finding, FrozenFindings
from builder.core.messages import Localised, text
from builder.core.reader import Document


@dataclass(frozen=True)
class Evaluation:
    """What checking one roster found: its findings, totals, fingerprint and resolved view.

    Built once, by the game's ``check``, and never changed: the pipeline and an event's rules
    make new values from it (``dataclasses.replace``, :meth:`with_findings`)."""

    system: str
    name: str | None
    findings: FrozenFindings
    """Its findings, in reading order (file, then line)."""
    points: int | None = None
    points_limit: int | None = None
    fingerprint: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    """System-specific keys added to the check result."""
    player: str | None = None
    source: Document | None = None
    """The file that was checked, for findings about the file as a whole."""
    inputs: tuple[Path, ...] = ()
    """Other files the roster read (a Warbook of its own): never to be written over."""
    roster: bool = True
    """False for a file that holds no list to play (a book of archetypes on its own): reported as
    such, and never counted as a legal list."""
    holds: str | None = None
    """For a file that holds no list to play, what it is instead, as one word of its game
    (``warbook``): its status in reports, said by the game's message ``status.<word>``."""
    measure: Localised | None = None
    """What the legal line shows beside the status of a list that has no points: a lineup's
    specialty slots used of those allowed («4/4 plazas de especialista»)."""
    view: Callable[[], dict[str, Any]] | dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """The resolved roster, or a function that builds it when first asked (see ``details``)."""
    rules: editions.Rules | None = field(default=None, compare=False)
    """The edition (and an event's house rules) the roster was checked under."""

    def __post_init__(self) -> None:
        if type(self.findings) is not FrozenFindings:
            object.__setattr__(self, "findings", FrozenFindings(self.findings))
        if type(self.inputs) is not tuple:
            object.__setattr__(self, "inputs", tuple(self.inputs))

    @cached_property
    def details(self) -> dict[str, Any] | None:
        """The resolved roster with every derived value (``inspect``), when it could be built.

        A game may give a function instead of a dict: it runs once, when first needed, so a
        plain ``check`` of a thousand lists doesn't build views nobody reads.
        """
        if not callable(self.view):
            return self.view
        with editions.using(self.rules), editions.house_rules_blamed(self.rules):
            return self.view()

    @property
    def legal(self) -> bool:
        return not self.findings.errors

    @property
    def status(self) -> str:
        """One word for reports: ``legal``, ``illegal``, or, for a legal file with no list to
        play, what it is (``warbook``; ``no-list`` when its game doesn't say)."""
        if not self.legal:
            return "illegal"
        return "legal" if self.roster else self.holds or "no-list"

    def status_text(self, lang: str) -> str:
        """The status as reports print it (LEGAL, ILEGAL, WARBOOK)."""
        return text(f"status.{self.status}", lang)

    def with_findings(self, more: Iterable[Finding]) -> "Evaluation":
        """This evaluation with findings an event adds (after the list's own)."""
        added = tuple(more)
        return replace(self, findings=FrozenFindings(self.findings + added)) if added else self
