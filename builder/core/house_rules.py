"""An event's house rules: the changes a pack makes to its game's catalogs (a value changed, an
entry banned, an entry added), validated like the catalogs, each with the pack's line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder.core import editions
from builder.core.findings import Finding, Place

if TYPE_CHECKING:
    from builder.core.evaluation import Evaluation
    from builder.core.reader import Document
    from builder.core.system import System


@dataclass(frozen=True)
class HouseRules:
    digest: str

    def applied(self, filename: str, data: Any) -> Any:
        """The catalog file ``filename``'s data with these house rules over it."""
        return data

    def judged(self, system: "System", doc: "Document", evaluation: "Evaluation") -> "Evaluation":
        """The list's evaluation with the findings the house rules make, citing the pack's lines."""
        return evaluation


def read_house_rules(system: "System", edition: editions.Edition, block: Any,
                     place: Place) -> tuple[editions.Rules | None, list[Finding]]:
    """The pack's ``house_rules:`` over ``edition``, and every problem in it at its line."""
    raise NotImplementedError
