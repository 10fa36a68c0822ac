"""The small interface every game system implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from builder import resources
from builder.findings import Findings
from builder.reader import Document

if TYPE_CHECKING:
    from builder.export.cards import PrintSpec
    from builder.export.tables import WorkbookSpec


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
    details: dict[str, Any] | None = None
    """The resolved roster with every derived value (``inspect``), when it could be built."""

    @property
    def legal(self) -> bool:
        return not self.findings.errors


class System(ABC):
    key: str
    """The value of the file's ``system:`` key."""
    title: str
    prefix: str
    """Two letters that open this system's fingerprints."""
    file_model: type[BaseModel]

    @abstractmethod
    def evaluate(self, doc: Document) -> Evaluation:
        """Model and check one parsed roster; raise InputError for input that can't be read."""

    def schema(self) -> dict[str, Any]:
        schema = self.file_model.model_json_schema(by_alias=True)
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = f"builder · {self.title}"
        return schema

    def catalogs(self) -> list[Path]:
        return resources.catalog_files(self.key)

    def workbook(self, evaluation: Evaluation, lang: str) -> "WorkbookSpec":
        """The spreadsheet of a checked roster: summary facts and unit tables."""
        raise NotImplementedError(f"{self.key} has no spreadsheet yet")

    def print_spec(self, evaluation: Evaluation, lang: str) -> "PrintSpec":
        """The team sheet and cards of a checked roster."""
        raise NotImplementedError(f"{self.key} has no printout yet")

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        """The resolved roster as text; systems override this with a readable layout."""
        import json

        return json.dumps(evaluation.details, ensure_ascii=False, indent=2)
