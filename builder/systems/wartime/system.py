"""The Wartime plugin: model, price, check and describe a Wartime file."""

from __future__ import annotations

from typing import Any, Mapping

from builder.core.findings import Findings, Place
from builder.core.fingerprint import content_of
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.system import Evaluation, System
from builder.systems.wartime import costs, inspect_view, page, renames
from builder.systems.wartime.crews import check_crews, pilots
from builder.systems.wartime.floors import FLOORS
from builder.systems.wartime.messages import MESSAGES
from builder.systems.wartime.records import WartimeFile, WartimePack
from builder.systems.wartime.pricing import PricedWarbook
from builder.systems.wartime.rules import RULE_FIELDS, check_list, check_warbook
from builder.systems.wartime.warbook import resolve


class WartimeSystem(System):
    key = "wartime"
    builtin = True
    title = "Wartime"
    prefix = "WT"
    messages = MESSAGES
    file_model = WartimeFile

    rule_fields = RULE_FIELDS
    cards_module = "builder.systems.wartime.cards"
    sheets_module = "builder.systems.wartime.sheets"
    floors = FLOORS
    pack_model = WartimePack

    def check(self, file: WartimeFile, doc: Document, place: Place, findings: Findings, pack: Pack | None,
              overridden: set[str]) -> Evaluation:
        warbook, warbook_place, problems = resolve(file, doc)
        findings.extend(problems)
        if warbook is None:
            return Evaluation(self.key, file.name, findings, points_limit=file.points_limit, player=file.player)
        book = PricedWarbook(warbook, warbook_place)
        check_warbook(book, findings, pilots(file))
        total = check_list(file, book, place, findings)
        check_crews(file, book, total, place, findings)
        # A file without squads is a Warbook on its own: checked, but no list of 0 points.
        roster = bool(file.squads)
        own_book = warbook_place.doc is None or warbook_place.doc is doc
        return Evaluation(self.key, file.name, findings, points_limit=file.points_limit, player=file.player,
                          inputs=() if own_book else (warbook_place.doc.path,),
                          roster=roster, holds=None if roster else "warbook",
                          points=total.points if roster else None,
                          fingerprint=self.fingerprint_of(_canonical(file, warbook), doc, overridden),
                          extra={"models": total.models, "warbook_only": not roster},
                          view=lambda: inspect_view.details(file, book, total, warbook_place))

    def browse(self) -> dict[str, list[tuple[str, str]]]:
        """The cost tables: what each value from 1 to 10 costs (a Warbook names its own archetypes)."""
        tables = costs.tables()
        row = lambda values: " · ".join(f"{n}: {c}" for n, c in enumerate(values, start=1))  # noqa: E731
        return {"costs": [("CON AGI INT REA VOL", row(tables.attribute)),
                          ("Energía / Daño / Protección / Defensa", row(tables.grade)),
                          ("Fortuna", row(tables.fortune))]}

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        return inspect_view.as_text(evaluation, lang)

    def choices(self, data: Mapping[str, Any], evaluation: Evaluation | None, lang: str) -> dict[str, list[tuple[str, str]]]:
        return page.choices(data, evaluation, lang)

    def notes(self, evaluation: Evaluation, lang: str) -> dict[str, str]:
        return page.notes(evaluation, lang)

    def file_fields(self) -> dict[str, str]:
        return {"warbook": "warbook"}

    def renamed(self, data: Mapping[str, Any], path: tuple[str | int, ...], old: Any,
                new: Any) -> list[tuple[tuple[str | int, ...], Any]]:
        return renames.renamed(data, path, old, new)


SYSTEM = WartimeSystem()
"""The plugin, as the registry loads it."""


def _canonical(file: WartimeFile, warbook: Any) -> dict[str, Any]:
    """The resolved content: the list with its Warbook written out, whatever file it came from."""
    content = content_of(file, exclude={"warbook"})  # an inline Warbook is written once, below
    content["warbook"] = content_of(warbook)
    return content
