"""The small interface every game system implements."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core import resources
from builder.core.findings import Findings, Place
from builder.core.display import shorten
from builder.core.reader import Document

if TYPE_CHECKING:
    from builder.events.packs import Pack
    from builder.core.records import Record
    from builder.core.printout import PrintSpec
    from builder.core.workbook import WorkbookSpec


@dataclass
class Evaluation:
    """What checking one roster found: its findings, totals, fingerprint and resolved view."""

    system: str
    name: str | None
    findings: Findings
    points: int | None = None
    points_limit: int | None = None
    fingerprint: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """System-specific keys added to the check result."""
    player: str | None = None
    source: Document | None = None
    """The file that was checked (set by the pipeline), for findings about the file as a whole."""
    inputs: list[Path] = field(default_factory=list)
    """Other files the roster read (a Wartime Warbook): never to be written over."""
    roster: bool = True
    """False for a file that holds no list to play (a Wartime Warbook on its own): reported as
    such, and never counted as a legal list."""
    _details: Any = field(default=None, repr=False)

    @property
    def details(self) -> dict[str, Any] | None:
        """The resolved roster with every derived value (``inspect``), when it could be built.

        A system may set a function instead of a dict: it runs once, when first needed,
        so a plain ``check`` of a thousand lists doesn't build views nobody reads.
        """
        if callable(self._details):
            self._details = self._details()
        return self._details

    @details.setter
    def details(self, value: Any) -> None:
        self._details = value

    @property
    def legal(self) -> bool:
        return not self.findings.errors


class System(ABC):
    key: str
    """The value of the file's ``system:`` key."""
    title: str
    prefix: str
    """Two letters that open this system's fingerprints."""
    file_model: type["Record"]
    """The record a file validates as (generated from the system's models)."""
    pack_model: type["Record"] | None = None
    """What an event pack may set for this system (see builder.events.packs); None: packs don't apply."""
    rule_fields: str
    """The rule cited for a file's structure (missing keys, wrong types)."""
    name_key = "name"
    """The file key that names the roster."""
    cards_module: str
    """The module whose ``print_spec(evaluation, lang)`` describes the printout."""
    sheets_module: str
    """The module whose ``workbook(evaluation, lang)`` describes the spreadsheet."""

    def evaluate(self, doc: Document, pack: "Pack | None" = None) -> Evaluation:
        """Model one parsed roster (under an event's pack if given), then check it."""
        from builder.core.validation import validate
        from builder.core.validators import NAME_MOST

        data, place, overridden = self.prepare(doc, pack)
        file, findings = validate(self.file_model, data, place, self.rule_fields)
        if file is None:
            # The file's own name and limit, as far as they can be shown: a name that failed
            # validation may be of any length.
            name, limit = data.get(self.name_key), data.get("points_limit")
            return Evaluation(self.key, shorten(name, NAME_MOST) if isinstance(name, str) else None, findings,
                              points_limit=limit if type(limit) is int and 0 < limit <= 10**9 else None)
        return self.check(file, doc, place, findings, pack, overridden)

    @abstractmethod
    def check(self, file: Any, doc: Document, place: Place, findings: Findings, pack: "Pack | None",
              overridden: set[str]) -> Evaluation:
        """The system's rules over a validated file; ``overridden`` are the keys the pack replaced."""

    def prepare(self, doc: Document, pack: "Pack | None") -> tuple[dict[str, Any], Place, set[str]]:
        """The data to validate (the pack's values over the list's), where findings point, and
        which top-level keys the pack overrode."""
        data = {**doc.data, "system": self.key}
        if pack is None:
            return data, Place(doc), set()
        overrides = pack.overrides(set(self.file_model.field_keys.values()))
        data.update(overrides)
        overlay = tuple(((key,), pack.place(key)) for key in overrides)
        return data, Place(doc, (), overlay), set(overrides)

    def fingerprint_of(self, content: dict[str, Any], doc: Document, overridden: set[str]) -> str:
        """The fingerprint of the list as written: keys an event overrode count with the list's own values."""
        from builder.core.fingerprint import as_written, fingerprint

        if overridden:
            content = {k: v for k, v in content.items() if k not in overridden}
            content.update(as_written(self.file_model, doc.data, overridden))
        return fingerprint(self.prefix, content)

    def schema(self) -> dict[str, Any]:
        schema = self.file_model.pydantic().model_json_schema(by_alias=True)
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = f"builder · {self.title}"
        return schema

    def catalogs(self) -> list[Path]:
        return resources.catalog_files(self.key)

    def browse(self) -> dict[str, list[tuple[str, str]]]:
        """What names a roster may use, by topic (``races``, ``competencies``…): (name, detail) pairs."""
        return {}

    def starting_roster(self, lang: str) -> str:
        """A commented roster to start from, in ``lang`` (``builder new``)."""
        return (resources.templates_dir() / self.key / f"new-roster.{lang}.yaml").read_text(encoding="utf-8")

    def workbook(self, evaluation: Evaluation, lang: str) -> "WorkbookSpec":
        """The spreadsheet of a checked roster: summary facts and unit tables."""
        return importlib.import_module(self.sheets_module).workbook(evaluation, lang)

    def print_spec(self, evaluation: Evaluation, lang: str) -> "PrintSpec":
        """The team sheet and cards of a checked roster."""
        return importlib.import_module(self.cards_module).print_spec(evaluation, lang)

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        """The resolved roster as text; systems override this with a readable layout."""
        import json

        return json.dumps(evaluation.details, ensure_ascii=False, indent=2)
