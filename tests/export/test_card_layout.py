"""Cards fit their 63 × 88 mm, checked on WeasyPrint's real layout, and long cards continue."""

from pathlib import Path

import pytest

from builder.core import registry
from builder.core.printout import Card, Section, pack
from builder.core.pipeline import evaluate

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))

LONG = """\
system: wartime
name: Lista con un nombre bastante largo para el pie de las cartas
warbook:
  bodies: [{name: Cuerpo, con: 5, agi: 5, int: 5, rea: 5, vol: 5}]
  weapons: [{name: 'Arma número {n} con un nombre largo', energy: 1, damage: 3, range: 5}]
  characters:
    - name: Comandante con un nombre tan largo que ocupa tres líneas de título
      body: Cuerpo
      weapons: [{weapons}]
      bonus: [{bonus}]
squads: [{name: Mando, members: [{character: Comandante con un nombre tan largo que ocupa tres líneas de título}]}]
"""


WEAPONS = 12
"""As many weapons as a character may carry (docs/rulings.md, upper bounds), with long names."""


def long_roster(tmp_path: Path) -> Path:
    weapons = "\n".join(f"    - {{name: 'Arma número {n} con un nombre largo', energy: 1, damage: 3, range: 5}}"
                        for n in range(WEAPONS))
    text = LONG.replace("  weapons: [{name: 'Arma número {n} con un nombre largo', energy: 1, damage: 3, range: 5}]",
                        "  weapons:\n" + weapons)
    text = text.replace("[{weapons}]", "[" + ", ".join(f"'Arma número {n} con un nombre largo'" for n in range(WEAPONS)) + "]")
    text = text.replace("[{bonus}]", "[" + ", ".join(f"{{name: 'Bonus con nombre largo {n}', cost: 1}}" for n in range(WEAPONS)) + "]")
    path = tmp_path / "larga.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def walk(box):
    yield box
    inner = getattr(box, "_box", None)   # absolutely placed boxes sit behind a placeholder
    for child in ([inner] if inner is not None else []) + list(getattr(box, "children", None) or []):
        yield from walk(child)


def classes(box) -> list[str]:
    element = getattr(box, "element", None)
    return (element.get("class") or "").split() if element is not None else []


def printed_pages(path: Path, lang: str = "es"):
    """The page boxes of a roster's printout, as builder prints it."""
    from weasyprint import HTML

    from builder.export.pdf import ProjectOnlyFetcher, printed_html
    from builder.export.templating import TEMPLATES_URL

    ev = evaluate(path, path.name)
    spec = registry.get(ev.system).print_spec(ev, lang)
    fetcher = ProjectOnlyFetcher()
    html = printed_html(ev, spec, lang, "a4", False, fetcher)
    document = HTML(string=html, base_url=TEMPLATES_URL, url_fetcher=fetcher).render()
    boxes = [getattr(page, "_page_box", None) for page in document.pages]
    if None in boxes:
        pytest.skip("this WeasyPrint does not expose its page boxes")
    return boxes


def card_overflows(path: Path, ruler_override=None) -> list[str]:
    """Cards whose body content reaches past its box, on the real layout (WeasyPrint's page boxes)."""
    from weasyprint import HTML

    from builder.export.pdf import ProjectOnlyFetcher, printed_html, render_html
    from builder.export.templating import TEMPLATES_URL

    ev = evaluate(path, path.name)
    spec = registry.get(ev.system).print_spec(ev, "es")
    fetcher = ProjectOnlyFetcher()
    if ruler_override is not None:
        from builder.core import printout as cards

        spec.cards = [cards.pack(c, ruler_override)[0] for c in spec.cards]   # no splitting at all
        html = render_html(ev, spec, "es", "a4", False, ruler=ruler_override)
    else:  # as builder prints it: the estimate where it is sure, measured heights elsewhere
        html = printed_html(ev, spec, "es", "a4", False, fetcher)
    document = HTML(string=html, base_url=TEMPLATES_URL, url_fetcher=fetcher).render()
    bad = []
    for page in document.pages:
        page_box = getattr(page, "_page_box", None)
        if page_box is None:
            pytest.skip("this WeasyPrint does not expose its page boxes")
        cards = [b for b in walk(page_box) if getattr(b, "element", None) is not None and b.element_tag == "div"
                 and "card" in (b.element.get("class") or "").split()]
        for card in cards:
            # The body and the foot, wherever the layout put them (the card's anchors wrap its
            # children in anonymous boxes).
            parts: dict = {}
            for b in walk(card):
                for name in classes(b):
                    parts.setdefault(name, b)
            if "card-body" not in parts or "card-foot" not in parts:
                continue  # an anonymous box around an anchor, not the card
            box, foot = parts["card-body"], next(iter(walk(parts["card-foot"])), None)
            foot = foot._box if hasattr(foot, "_box") else foot
            # The body must end above the footer and stay inside the card's width.
            bottom = foot.position_y + foot.margin_top
            right = box.content_box_x() + box.width
            element = card.element
            for child in box.children:
                if (child.position_y + child.margin_top + child.border_height() > bottom + 0.5
                        or child.position_x + child.margin_left + child.border_width() > right + 0.5):
                    bad.append(str(element.get("style")))
    return bad


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_example_cards_fit(example):
    assert card_overflows(example) == []


def test_a_long_card_continues_instead_of_overflowing(tmp_path):
    path = long_roster(tmp_path)
    assert card_overflows(path) == []
    ev = evaluate(path, path.name)
    from builder.export.pdf import MeasuredRuler, ProjectOnlyFetcher
    from builder.export.templating import TEMPLATES_URL

    spec = registry.get("wartime").print_spec(ev, "es")
    parts = pack(spec.cards[0], MeasuredRuler(spec.cards, "wartime", "es", ProjectOnlyFetcher()))
    assert len(parts) >= 2
    assert [p.continued for p in parts] == [False] + [True] * (len(parts) - 1)
    # Nothing is lost: every weapon row is on one of the parts.
    rows = [row[0] for p in parts for s in p.sections if s.kind == "table" for row in s.items]
    assert len(rows) == WEAPONS


def test_pack_with_the_estimate_splits_long_lists():
    card = Card("X", [Section("list", "Cosas", items=[(f"Cosa {i}", "detalle " * 8) for i in range(30)])])
    parts = pack(card)
    assert len(parts) > 1
    assert sum(len(p.sections[0].items) for p in parts) == 30
    assert all(p.sections[0].title == "Cosas" for p in parts)


def test_a_short_card_stays_one_card():
    card = Card("X", [Section("stats", items=[("A", 1), ("B", 2)]), Section("text", items=["hola"])])
    assert len(pack(card)) == 1


def test_the_overflow_check_sees_an_overflowing_card(tmp_path):
    from builder.core.printout import Ruler

    class Bottomless(Ruler):
        def body(self, card):
            return 10_000.0

    assert card_overflows(long_roster(tmp_path), ruler_override=Bottomless()) != []


def test_a_long_title_wraps_short_of_the_points_badge(tmp_path):
    # A title long enough to reach the card's right edge, beside a "29 puntos"-wide badge.
    name = "Fusilero Veterano de la Guardia Imperial de las Montañas Nevadas del Norte con Mochila"
    path = tmp_path / "larga.yaml"
    path.write_text("system: wartime\nname: Larga\nwarbook:\n"
                    "  bodies: [{name: Cuerpo, con: 5, agi: 5, int: 5, rea: 5, vol: 5}]\n"
                    f"  characters: [{{name: '{name}', body: Cuerpo}}]\n"
                    f"squads: [{{name: A, members: [{{character: '{name}'}}]}}]\n", encoding="utf-8")
    checked = 0
    for page in printed_pages(path):
        for head in (b for b in walk(page) if "card-head" in classes(b)):
            badge = next((b for b in walk(head) if "badge" in classes(b)), None)
            title = next(b for b in walk(head) if "card-title" in classes(b))
            if badge is None:
                continue
            top, bottom = badge.position_y, badge.position_y + badge.margin_height()
            for line in (b for b in walk(title) if type(b).__name__ == "TextBox"):
                if line.position_y < bottom and line.position_y + line.height > top:   # beside the badge
                    assert line.position_x + line.width <= badge.position_x + 0.5, line.text
            checked += 1
    assert checked >= 1



def test_cards_that_fit_whole_are_laid_out_once_without_measuring(monkeypatch):
    # Compañía Fénix: the Sargento, Fusilero and checks cards are near a card's room by the
    # estimate, and fit whole on the real layout, so no measuring layout is made.
    from builder.export import pdf

    def no_measuring(*args, **kwargs):
        raise AssertionError("measured although every card fits whole")

    monkeypatch.setattr(pdf, "MeasuredRuler", no_measuring)
    assert card_overflows(ROOT / "examples" / "wartime" / "compania-fenix.yaml") == []


def test_a_card_that_does_not_fit_whole_is_measured_and_continued(tmp_path, monkeypatch):
    # Tried whole first (however tall the estimate says it is), the long commander overflows
    # its real layout, so builder measures its pieces and continues it on a second card.
    from builder.export import pdf

    measured = []
    real = pdf.MeasuredRuler

    def measuring(*args, **kwargs):
        measured.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(pdf, "WHOLE_FIRST", 100.0)
    monkeypatch.setattr(pdf, "MeasuredRuler", measuring)
    assert card_overflows(long_roster(tmp_path)) == []
    assert measured
