"""Render a team sheet and reference cards to PDF with Jinja2 and WeasyPrint.

This is the only module that imports them. User text is escaped by Jinja2's
autoescaping, and WeasyPrint may fetch nothing but the print templates (see
:mod:`builder.export.templating`): :class:`ProjectOnlyFetcher` refuses every other URL, file://
and http:// alike.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import markupsafe
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from builder import __version__
from builder.core import registry
from builder.core.messages import text
from builder.core.printout import CARD_BODY_MM, Card, PrintSpec, Ruler, Section, certain, pack_all
from builder.core.system import Evaluation
from builder.core.terminal import printable
from builder.export.charts import svg, swatch
from builder.export.templating import TEMPLATES_URL, has_style, template_file

CARD_MM = (63, 88)
CARD_PADDING_MM = (2.5, 2.0, 3.0)
"""Top, bottom and side padding of a card (templates/base/base.css)."""
FOOT_MM = 3.2
SAFETY_MM = 1.0
ROOM_MM = CARD_MM[1] - CARD_PADDING_MM[0] - CARD_PADDING_MM[1] - FOOT_MM - SAFETY_MM
"""What a card's head and body may take above its foot, with a margin for what measuring misses."""
PX_PER_MM = 96 / 25.4
GRID = (3, 3)
PAPERS_MM = {"a4": (210, 297), "letter": (215.9, 279.4)}


class ProjectOnlyFetcher(URLFetcher):
    """Serves the print templates; refuses everything else. Records every request."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols={"file"})
        self.requested: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        self.requested.append(url)
        name = url.removeprefix(TEMPLATES_URL).split("?")[0].split("#")[0]
        path = template_file(name) if url.startswith(TEMPLATES_URL) else None
        if path is None:
            raise ValueError(f"builder fetches nothing outside its templates: {url}")
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": _content_type(path)})


class TemplateLoader(jinja2.BaseLoader):
    """Jinja2 finds a template by its name the same way (``base/…``, ``<game>/…``)."""

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Any]:
        path = template_file(template)
        if path is None:
            raise jinja2.TemplateNotFound(template)
        mtime = path.stat().st_mtime
        return path.read_text(encoding="utf-8"), str(path), lambda: path.stat().st_mtime == mtime


def _content_type(path: Path) -> str:
    return {".css": "text/css", ".ttf": "font/ttf", ".otf": "font/otf", ".woff2": "font/woff2",
            ".svg": "image/svg+xml", ".png": "image/png"}.get(path.suffix, "application/octet-stream")


@cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=TemplateLoader(), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              finalize=_printable)


def _printable(value: Any) -> Any:
    """Every value a template prints: control characters shown as escapes, never raw."""
    if isinstance(value, str) and not isinstance(value, markupsafe.Markup):
        return printable(value)
    return value


def cards_layout(paper: str) -> dict[str, float]:
    """Where the 3 × 3 grid of cards sits on the page, centred, in mm."""
    width, height = PAPERS_MM[paper]
    grid_w, grid_h = CARD_MM[0] * GRID[0], CARD_MM[1] * GRID[1]
    return {"page_w": width, "page_h": height, "left": (width - grid_w) / 2, "top": (height - grid_h) / 2,
            "card_w": CARD_MM[0], "card_h": CARD_MM[1], "cols": GRID[0], "rows": GRID[1]}


class MeasuredRuler(Ruler):
    """Heights read from a real WeasyPrint layout of every card head, section and item.

    Everything is drawn once on a tall page as wide as a card's content, between
    anchors; ``Page.anchors`` gives where each starts and ends.
    """

    def __init__(self, cards: list[Card], system_key: str, lang: str, fetcher: "ProjectOnlyFetcher"):
        pieces: list[tuple[str, str, Card | None, Section | None]] = []
        self._keys: dict[str, str] = {}
        for c, card in enumerate(cards):
            for variant, tag in ((card, f"h{c}"), (replace(card, continued=True), f"h{c}c")):
                pieces.append((tag, card.kind, variant, None))
                self._keys[self._card_key(variant)] = tag
            for s, section in enumerate(card.sections):
                for key, piece in self._pieces(section, f"s{c}-{s}"):
                    if key not in self._keys:
                        self._keys[key] = piece[0]
                        pieces.append((piece[0], card.kind, None, piece[1]))
        width = CARD_MM[0] - 2 * CARD_PADDING_MM[2]
        html = environment().get_template("base/measure.html.j2").render(
            t=lambda key, **p: text(key, lang, **p), lang=lang, pieces=pieces, width=width,
            system_folder=system_key, has_system_css=has_style(system_key))
        document = HTML(string=html, base_url=TEMPLATES_URL, url_fetcher=fetcher).render()
        # A piece is measured when it starts and ends on one page; one the tall page cut in
        # two (a very long roster) keeps the estimate.
        self._mm: dict[str, float] = {}
        for page in document.pages:
            anchors = page.anchors
            for name, *_ in pieces:
                if name in anchors and f"{name}-end" in anchors:
                    self._mm[name] = (anchors[f"{name}-end"][1] - anchors[name][1]) / PX_PER_MM

    @staticmethod
    def _card_key(card: Card) -> str:
        return f"card|{card.kind}|{card.title}|{card.subtitle}|{card.badge}|{card.continued}|{card.mark}"

    @staticmethod
    def _section_key(s: Section, items: Any = None) -> str:
        return f"{s.kind}|{s.title}|{s.headers}|{items!r}"

    def _pieces(self, s: Section, prefix: str):
        yield self._section_key(s, s.items), (prefix, s)
        if s.kind in ("stats", "track"):
            return
        yield self._section_key(s, []), (f"{prefix}-head", replace(s, items=[]))
        bare = replace(s, title="", headers=[], items=[])
        yield self._section_key(bare, []), (f"{prefix}-gap", bare)
        for i, item in enumerate(s.items):
            one = replace(bare, items=[item])
            yield self._section_key(one, [item]), (f"{prefix}-{i}", one)

    def _get(self, key: str, fallback: float) -> float:
        name = self._keys.get(key)
        return self._mm.get(name, fallback) if name else fallback

    def head(self, s: Section) -> float:
        return self._get(self._section_key(s, []), super().head(s))

    def item(self, s: Section, item: Any) -> float:
        bare = replace(s, title="", headers=[], items=[])
        gap = self._get(self._section_key(bare, []), 0.0)
        return self._get(self._section_key(bare, [item]), super().item(s, item) + gap) - gap

    def section(self, s: Section) -> float:
        # A whole section as it was measured; a part of one (split between cards), by its pieces,
        # which add up a little higher (each item measured as a table or list of its own).
        parts = (self.head(s) + sum(self.item(s, i) for i in s.items)) if s.kind not in ("stats", "track") else None
        return self._get(self._section_key(s, s.items), super().section(s) if parts is None else parts)

    def body(self, card: Card) -> float:
        # A continuation card's own head (with "(sigue)", which may wrap to one more line) is
        # measured apart: each card has the room its own head leaves.
        return ROOM_MM - self._get(self._card_key(card), 10.0)


def render_html(evaluation: Evaluation, spec: PrintSpec, lang: str, paper: str, draft: bool,
                today: dt.date | None = None, ruler: Ruler | None = None) -> str:
    system = registry.get(evaluation.system)
    cards = pack_all(spec.cards, ruler)
    per_page = GRID[0] * GRID[1]
    template = environment().get_template("base/document.html.j2")
    return template.render(
        t=lambda key, **params: text(key, lang, **params), lang=lang, ev=evaluation, system=system,
        system_folder=system.key, spec=spec, pages=[cards[i:i + per_page] for i in range(0, len(cards), per_page)],
        layout=cards_layout(paper), paper=paper, draft=draft, version=__version__,
        today=(today or dt.date.today()).isoformat(),
        has_system_css=has_style(system.key),
        page_fingerprint=_css_safe_fingerprint(evaluation.fingerprint),
        page_edition=_css_safe_edition(evaluation, lang),
        charts=[{"svg": markupsafe.Markup(svg(chart, str(i))), "note": chart.note,
                 "legend": [(s.name, markupsafe.Markup(swatch(chart, j))) for j, s in enumerate(chart.series)]}
                for i, chart in enumerate(spec.charts)],
    )


_FINGERPRINT = re.compile(r"[A-Z]{2}-[0-9A-F]{4}-[0-9A-F]{4}")


def _css_safe_fingerprint(code: str | None) -> str | None:
    """The fingerprint for the sheet pages' footer, which is written into CSS: only a code of
    the fingerprint's own shape goes there."""
    return code if code is not None and _FINGERPRINT.fullmatch(code) else None


def _css_safe_edition(evaluation: Evaluation, lang: str) -> str | None:
    """The edition the list was checked under and its hash's first digits, for the sheet pages'
    footer, which is written into CSS: letters, digits, spaces, dots, dashes and «·» alone."""
    if evaluation.rules is None:
        return None
    said = f"{text('xl.edition-of', lang, edition=evaluation.rules.edition.name)} · {evaluation.rules.edition.short_hash}"
    if evaluation.rules.house is not None:
        said += f" · {text('xl.house-rules', lang)}"
    return "".join(ch for ch in said if ch.isalnum() or ch in " ·-._")


def printed_html(evaluation: Evaluation, spec: PrintSpec, lang: str, paper: str, draft: bool,
                 fetcher: ProjectOnlyFetcher) -> str:
    """The document as it is printed: a draft's cards marked, and every card whole or continued
    as its real height needs (see :func:`_printed`)."""
    return _printed(evaluation, spec, lang, paper, draft, fetcher)[0]


def _printed(evaluation: Evaluation, spec: PrintSpec, lang: str, paper: str, draft: bool,
             fetcher: ProjectOnlyFetcher, today: dt.date | None = None) -> tuple[str, Any]:
    """The printed document's HTML, and its layout where it was already made.

    Where the cards the estimate isn't sure of are each estimated near one card's room, the
    document is laid out once with each of them whole, and kept if each ends above its foot on
    that real layout (the common case: the estimate errs high by a tenth or a fifth). Otherwise
    those cards' pieces are measured first and the cards packed by their measured heights: a
    layout more, a third of an export's time."""
    if draft:
        # Every card of a draft says so (its head is measured with the mark).
        spec = replace(spec, cards=[replace(card, mark=text("xl.draft", lang)) for card in spec.cards])
    doubtful = [card for card in spec.cards if not certain(card)]
    if not doubtful:
        return render_html(evaluation, spec, lang, paper, draft, today), None
    if all(sum(s.height() for s in card.sections) <= WHOLE_FIRST * CARD_BODY_MM for card in doubtful):
        html = render_html(evaluation, spec, lang, paper, draft, today, ruler=_WHOLE)
        document = _layout(html, fetcher)
        if _cards_fit(document):
            return html, document
    ruler = MeasuredRuler(doubtful, evaluation.system, lang, fetcher)
    return render_html(evaluation, spec, lang, paper, draft, today, ruler=ruler), None


WHOLE_FIRST = 1.25
"""Cards estimated at most this share of a card's room are first laid out whole: the estimate
errs high, so most of them fit; a card estimated taller surely continues, and is measured."""


class _Whole(Ruler):
    """Places a card whole, however tall: its real layout then says whether it fits."""

    def body(self, card: Card) -> float:
        return float("inf")


_WHOLE = _Whole()


def _layout(html: str, fetcher: ProjectOnlyFetcher) -> Any:
    return HTML(string=html, base_url=TEMPLATES_URL, url_fetcher=fetcher).render()


_CARD_ANCHOR = re.compile(r"card-\d+-\d+")


def _cards_fit(document: Any) -> bool:
    """Whether every card's head and body end above its foot, with the measured packing's own
    margin: read from the anchors the document sets at each card's top and its body's end."""
    for page in document.pages:
        anchors = page.anchors
        for name, box in anchors.items():
            if _CARD_ANCHOR.fullmatch(name):
                end = anchors.get(f"{name}-end")
                if end is None or (end[1] - box[1]) / PX_PER_MM > ROOM_MM:
                    return False
    return True


def write_pdf(evaluation: Evaluation, spec: PrintSpec, path: Path, lang: str, paper: str, draft: bool,
              fetcher: ProjectOnlyFetcher | None = None, today: dt.date | None = None) -> ProjectOnlyFetcher:
    """The list's sheet and cards written to ``path``, dated ``today`` (None: the day it is drawn)."""
    fetcher = fetcher or ProjectOnlyFetcher()
    # WeasyPrint warns through logging about what it refused to fetch; that is the point, not news.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    html, document = _printed(evaluation, spec, lang, paper, draft, fetcher, today)
    # Fonts are embedded as subsets of the glyphs used: a page is tens of KiB instead of a
    # megabyte of whole fonts, for about a tenth of a second more.
    (document or _layout(html, fetcher)).write_pdf(str(path))
    return fetcher


def cover_pdf(title: str, subtitle: str, head: tuple[str, ...], rows: list[tuple[str, ...]], target: Path,
              lang: str, paper: str) -> None:
    """A one-table page (an event print's cover) written to ``target``."""
    html = environment().get_template("base/cover.html.j2").render(
        title=title, subtitle=subtitle, head=head, rows=rows, lang=lang, paper=paper)
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    _layout(html, ProjectOnlyFetcher()).write_pdf(str(target))


def shared_pdf(template: str, target: Path, **context: Any) -> None:
    """One of the shared print templates (``base/<template>``: a round's sheet, its table slips)
    rendered with ``context`` and written to ``target``."""
    html = environment().get_template(f"base/{template}").render(**context)
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    _layout(html, ProjectOnlyFetcher()).write_pdf(str(target))
