"""What a system prints, as plain data: a team sheet and reference cards (no Jinja2 or WeasyPrint here).

A card is a title and a list of sections. Sections come in a few shapes that the
shared templates know how to draw. Cards are 63 × 88 mm, so a long card is split:
:func:`pack` moves whatever does not fit onto a continuation card rather than let
it overflow. Heights are estimated in millimetres from the shared CSS.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from builder.core.charts import LineChart

SectionKind = Literal["stats", "table", "list", "track", "text"]

CARD_BODY_MM = 68.0
"""Height a card body may fill under its title and above its footer (88 mm card, with a safety margin)."""
LINE_MM = 3.1
"""One line of 7 pt text at line-height 1.25."""
LINE_CHARS = 42
"""Characters of 7 pt text that fit a 57 mm line, allowing for word wrapping."""
STATS_PER_ROW = 4
STATS_ROW_MM = 8.8
TITLE_MM = 3.3
SECTION_GAP_MM = 1.2
TABLE_HEAD_MM = 2.9
TABLE_ROW_MM = 3.4
TRACK_PER_ROW = 11
TRACK_ROW_MM = 5.0
ITEM_GAP_MM = 0.5


@dataclass
class Section:
    kind: SectionKind
    title: str = ""
    items: list[Any] = field(default_factory=list)
    """stats: (label, value); table: rows (lists); list: (name, detail); track: (label, marked); text: strings."""
    headers: list[str] = field(default_factory=list)
    unbroken: bool = False
    """Never split between cards: it moves whole (a runner's two rows of dice read together)."""
    keep_with_previous: bool = False
    """Printed on the card of the section before it: where it would start a continuation card
    alone, that section goes along with it (a runner's attack table stays with its dice)."""

    def item_height(self, item: Any) -> float:
        """Millimetres one item takes, from the shared CSS (templates/base/base.css)."""
        if self.kind == "list":
            name, detail = item
            chars = len(str(name)) + len(str(detail or "")) + 1
            return math.ceil(max(chars, 1) / LINE_CHARS) * LINE_MM + ITEM_GAP_MM
        if self.kind == "text":
            return math.ceil(max(len(str(item)), 1) / LINE_CHARS) * LINE_MM + ITEM_GAP_MM
        if self.kind == "table":
            widest = max((len(str(c)) for c in item), default=1)
            return TABLE_ROW_MM * max(1, math.ceil(widest / (LINE_CHARS // max(len(item), 1) + 4)))
        return LINE_MM

    def _head(self) -> float:
        return (TITLE_MM if self.title else 0) + (TABLE_HEAD_MM if self.kind == "table" and self.headers else 0)

    def height(self) -> float:
        if self.kind == "stats":
            body = STATS_ROW_MM * math.ceil(len(self.items) / STATS_PER_ROW)
        elif self.kind == "track":
            body = TRACK_ROW_MM * math.ceil(len(self.items) / TRACK_PER_ROW)
        else:
            body = sum(self.item_height(i) for i in self.items)
        return self._head() + body + SECTION_GAP_MM

    def split(self, room: float, ruler: "Ruler | None" = None) -> tuple["Section | None", "Section | None"]:
        """The part of this section that fits in ``room`` mm, and the rest."""
        ruler = ruler or ESTIMATE
        if ruler.section(self) <= room:
            return self, None
        if self.kind in ("stats", "track") or self.unbroken:
            return None, self
        used, taken = ruler.head(self), 0
        for item in self.items:
            if used + ruler.item(self, item) > room:
                break
            used += ruler.item(self, item)
            taken += 1
        if taken == 0:
            return None, self
        return replace(self, items=self.items[:taken]), replace(self, items=self.items[taken:])


class Ruler:
    """How tall things print, in mm. This one estimates from the CSS; the PDF writer measures."""

    def section(self, s: Section) -> float:
        return s.height()

    def head(self, s: Section) -> float:
        """A section's title, table header and gap: what it costs before its first item."""
        return s._head() + SECTION_GAP_MM

    def item(self, s: Section, item: Any) -> float:
        return s.item_height(item)

    def body(self, card: "Card") -> float:
        """Room for sections on this card."""
        return CARD_BODY_MM


ESTIMATE = Ruler()

CERTAIN_SHARE = 0.8
"""Below this share of a card the estimate is trusted without measuring (it errs high)."""
ONE_LINE_TITLE = 24
ONE_LINE_SUBTITLE = 50


def certain(card: Card) -> bool:
    """Whether a card surely fits as estimated: short head, no mark, body well under the limit."""
    return (not card.mark and len(card.title) <= ONE_LINE_TITLE and len(card.subtitle) <= ONE_LINE_SUBTITLE
            and sum(s.height() for s in card.sections) <= CERTAIN_SHARE * CARD_BODY_MM)


@dataclass
class Card:
    title: str
    sections: list[Section]
    subtitle: str = ""
    badge: str = ""
    kind: str = "unit"
    """A CSS hook: "unit", "rules", "spell"... Templates may style each kind."""
    continued: bool = False
    mark: str = ""
    """A warning printed in red at the top of the card (a draft's BORRADOR — NO LEGAL)."""


@dataclass
class PrintSpec:
    facts: list[tuple[str, Any]] = field(default_factory=list)
    """System-specific lines for the team sheet's header (after name, points, legality)."""
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    """The team sheet's table: one row per unit."""
    bar_column: int | None = None
    """The column of ``rows`` whose numbers are drawn as a small grey bar beside them, each as
    its share of the column's total: where a list's points go."""
    bar_values: list[Any] | None = None
    """What each row's bar counts, where that isn't the column's own number (a benched runner's
    slots are shown but count for nothing): None for no bar."""
    cards: list[Card] = field(default_factory=list)
    pages: list["TablePage"] = field(default_factory=list)
    """Whole pages of one table each, after the sheet (a campaign's classifications and days)."""
    charts: list[LineChart] = field(default_factory=list)
    """Charts on the sheet, beside its facts."""
    sheet_tables: list["TablePage"] = field(default_factory=list)
    """More tables on the sheet itself, each under its title, after the units (a campaign's standings)."""

    def bars(self) -> list[float | None]:
        """Each row's share (0 to 1) of the bar column's total, or None where it has no number."""
        if self.bar_column is None:
            return [None] * len(self.rows)
        values = self.bar_values if self.bar_values is not None else [
            row[self.bar_column] if self.bar_column < len(row) else None for row in self.rows]
        numbers = [v if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 else None for v in values]
        total = sum(v for v in numbers if v is not None)
        return [v / total if total and v is not None else None for v in numbers]


@dataclass
class TablePage:
    title: str
    columns: list[str]
    rows: list[list[Any]]
    note: str = ""


def pack(card: Card, ruler: Ruler | None = None) -> list[Card]:
    """Split a card into as many cards as its sections need; the later ones are marked as continued."""
    ruler = ruler or ESTIMATE
    out: list[Card] = []
    pending = list(card.sections)
    current: list[Section] = []
    # A continuation card's head says "(sigue)" and may wrap to one line more: each has its own room.
    room = ruler.body(card)
    while pending:
        section = pending.pop(0)
        fits, rest = section.split(room, ruler)
        if fits is not None:
            current.append(fits)
            room -= ruler.section(fits)
        if rest is not None:
            if not current:
                # Even an empty card can't hold it: place it anyway (drawn clipped, never spilled).
                current.append(rest)
                room = 0
            else:
                if fits is None and section.keep_with_previous and len(current) > 1:
                    # Never alone on a continuation card: the section before it goes along.
                    pending.insert(0, current.pop())
                    pending.insert(1, rest)
                else:
                    pending.insert(0, rest)
                out.append(replace(card, sections=current, continued=bool(out)))
                current, room = [], ruler.body(replace(card, continued=True))
    if current or not out:
        out.append(replace(card, sections=current, continued=bool(out)))
    return out


def pack_all(cards: list[Card], ruler: Ruler | None = None) -> list[Card]:
    """Pack every card; the ruler (if any) is used for the cards the estimate isn't sure of."""
    return [part for card in cards for part in pack(card, None if certain(card) else ruler)]
