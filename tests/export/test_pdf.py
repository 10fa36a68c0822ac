"""PDFs read back by content (pypdf) and checked against a real WeasyPrint layout."""

import re
import shutil
import struct
import subprocess
import zlib
from datetime import date
from pathlib import Path

import openpyxl
import pypdf
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from builder.cli.main import cli
from builder.core import registry
from builder.core.pipeline import evaluate
from builder.core.printout import pack
from tests.book_cases import all_cells, fingerprint_of, fold, pdf_text_pages, run
from tests.programs import program
from tests.support import EDITIONS, catalogs_hash

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def export(*args) -> object:
    return CliRunner().invoke(cli, ["export", *map(str, args)])


def pdf_text(path: Path) -> list[str]:
    # Words in their order, one space between them on a line: how wide a gap pypdf reads as
    # one space or two is its own (it changed across releases), not what builder printed.
    return [re.sub(r"[^\S\n]+", " ", page.extract_text()) for page in PdfReader(path).pages]


def fingerprint(path: Path) -> str:
    import json

    return json.loads(CliRunner().invoke(cli, ["check", str(path), "--format", "json"]).output)["results"][0]["fingerprint"]


def test_wartime_sheet_and_cards(printed):
    out = printed(EXAMPLES / "wartime" / "compania-fenix.yaml")
    reader = PdfReader(out)
    pages = pdf_text(out)
    size = reader.pages[0].mediabox
    assert (round(float(size.width), 2), round(float(size.height), 2)) == A4
    sheet, cards = pages[0], "\n".join(pages[1:])
    assert "Compañía Fénix" in sheet and "283 / 300" in sheet
    assert fingerprint(EXAMPLES / "wartime" / "compania-fenix.yaml") in sheet
    # A card per recruited character (Sargento, Fusilero, Granadero, Explorador) and the checks card.
    for name, cost in (("Sargento", 58), ("Fusilero", 40), ("Granadero", 42), ("Explorador", 23)):
        assert name in cards and f"{cost} puntos" in cards
    assert "Chequeos" in cards
    # Worked values on the cards: the Sargento's level 5+6+4+5+5 = 25; squad structure 2 × 3 = 6 cm.
    assert "Veterano · Nivel 25" in cards
    assert "6 cm" in cards
    # The fingerprint is on every card page too.
    assert all(fingerprint(EXAMPLES / "wartime" / "compania-fenix.yaml") in page for page in pages[1:])


def test_metadata(printed):
    out = printed(EXAMPLES / "wartime" / "compania-fenix.yaml")
    reader = PdfReader(out)
    assert reader.metadata.title == "Compañía Fénix"
    assert reader.metadata.creator.startswith("builder")
    assert reader.trailer["/Root"]["/Lang"] == "es"


def test_letter_paper_and_english(tmp_path):
    out = tmp_path / "fenix.pdf"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--pdf", out, "--paper", "letter", "--lang", "en").exit_code == 0
    reader = PdfReader(out)
    size = reader.pages[0].mediabox
    assert (round(float(size.width), 2), round(float(size.height), 2)) == LETTER
    assert all((round(float(p.mediabox.width)), round(float(p.mediabox.height))) == (612, 792) for p in reader.pages)
    assert "Checked points" in pdf_text(out)[0]
    assert reader.trailer["/Root"]["/Lang"] == "en"


def test_the_sheet_says_which_edition_of_the_catalogs_it_was_checked_under(tmp_path, monkeypatch):
    out = tmp_path / "fenix.pdf"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--pdf", out).exit_code == 0
    first = pdf_text(out)[0]
    # Sargento 58 + 3 × Fusilero 40 + Granadero 42 + Fusilero 40 + Explorador 23 = 283, under 2026.
    assert "Puntos comprobados 283 / 300" in first
    assert f"catálogos 2026 · {catalogs_hash(ROOT / 'catalogs' / 'wartime')[:12]}" in first  # in its foot
    # The made-up 2027-prueba installed, the newest: a Sargento 59, a Fusilero 38 (worked out in
    # tests/events/test_store.py), a Granadero 13 + 24 + Chaleco 3 = 40, an Explorador 13 + Moto
    # (12 - 5 = 7) + Cuchillo 7 = 27: 59 + 3 × 38 + 40 + 38 + 27 = 278.
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    newer = tmp_path / "fenix-2027.pdf"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--pdf", newer, "--lang", "en").exit_code == 0
    first = pdf_text(newer)[0]
    assert "Checked points 278 / 300" in first
    assert f"catalogs 2027-prueba · {catalogs_hash(EDITIONS / 'wartime' / '2027-prueba')[:12]}" in first


def test_an_illegal_roster_is_not_printed(tmp_path):
    out = tmp_path / "asalto.pdf"
    result = export(EXAMPLES / "wartime" / "asalto-ilegal.yaml", "--pdf", out)
    assert result.exit_code == 1 and not out.exists()


@pytest.mark.parametrize("lang, mark", [("es", "BORRADOR — NO LEGAL"), ("en", "DRAFT — NOT LEGAL")])
def test_every_page_of_a_draft_is_marked(printed, lang, mark):
    out = printed(EXAMPLES / "wartime" / "asalto-ilegal.yaml", "--draft", "--lang", lang)
    pages = pdf_text(out)
    assert len(pages) >= 2
    assert all(mark in page for page in pages)


@pytest.mark.parametrize("example, expected", [
    # Cripmaquión: Sven (minotaur) rolls 2D4+2 downhill; Lizardo (martillo) needs 2+ 2+ 3+ 4+ 5+ and KOs on 5+.
    ("cripmaquion/saqueadores-rio-lobo.yaml", ["Lizardo Rodríguez", "Martillo", "2D4+2", "5+", "Referencia rápida"]),
    # The Grupetto lines up a brujo, so the spells are printed too.
    ("cripmaquion/grupetto-verde.yaml", ["Burujo Potingue", "Aliento del dragón", "Teletransportar"]),
    # Confrontation: PE 8 marks −1/−2/−3; Impacto/3 with MOV 20 reaches 12; 8 − 2 × 3 = 2 for the servants.
    ("confrontation/artilleria-no-dan-kar.yaml", ["Carro de guerra", "−1", "−3", "12", "Destroza-Montañas",
                                                  "Daños a máquinas", "Parada del ingenio"]),
    # ¡Por Crom!: Conan jumps 14 / 2 = 7"; the priests' track ends dead.
    ("porcrom/lobos-de-zamora.yaml", ["Conan", "7\"", "Sacerdotes", "muerto", "pistola 4\""]),
    # Dungeon Universalis: PV 65, reserve 59, decks 21 / 7 / 20.
    ("dungeon-universalis/criptas.yaml", ["Expedición", "65", "59", "21 / 7 / 20", "Aldric", "15 PV"]),
])
def test_every_system_prints(printed, example, expected):
    out = printed(EXAMPLES / example)
    text = "\n".join(pdf_text(out))
    for fragment in expected:
        assert fragment in text, fragment
    assert fingerprint(EXAMPLES / example) in text


def test_spells_are_printed_only_with_a_caster(printed):
    out = printed(EXAMPLES / "cripmaquion" / "saqueadores-rio-lobo.yaml")   # Geldian the elf is benched
    assert "Teletransportar" not in "\n".join(pdf_text(out))


def test_html_and_urls_in_names_are_text_and_fetch_nothing(tmp_path):
    from builder.export.pdf import ProjectOnlyFetcher, write_pdf
    from builder.core.pipeline import evaluate
    from builder.export.templating import TEMPLATES_URL
    from builder.core.registry import get

    roster = tmp_path / "lista.yaml"
    roster.write_text("""\
system: porcrom
name: '<img src="file:///etc/passwd">'
characters:
  - {name: '<link rel=attachment href="file:///etc/hostname">', dice: 12}
  - {name: '<style>@import url(http://example.invalid/x.css)</style>', dice: 12}
  - {name: 'url(http://example.invalid/y.png)', dice: 12}
""", encoding="utf-8")
    ev = evaluate(roster, "lista.yaml")
    out = tmp_path / "x.pdf"
    fetcher = write_pdf(ev, get("porcrom").print_spec(ev, "es"), out, "es", "a4", draft=False,
                        fetcher=ProjectOnlyFetcher())
    root = TEMPLATES_URL
    assert fetcher.requested, "the templates' own CSS is fetched"
    assert all(url.startswith(root) for url in fetcher.requested), fetcher.requested
    text = "\n".join(pdf_text(out))
    assert '<img src="file:///etc/passwd">' in text
    assert "url(http://example.invalid/y.png)" in text
    reader = PdfReader(out)
    assert "/EmbeddedFiles" not in str(reader.trailer["/Root"].get("/Names", {}))


def test_the_fetcher_refuses_everything_outside_the_templates(tmp_path):
    from builder.export.pdf import ProjectOnlyFetcher
    from builder.export.templating import TEMPLATES_URL

    fetcher = ProjectOnlyFetcher()
    for url in ("file:///etc/passwd", "http://example.invalid/", "https://example.invalid/x.css",
                TEMPLATES_URL + "../pyproject.toml", "data:text/css,body{}"):
        with pytest.raises(ValueError):
            fetcher.fetch(url)
    assert fetcher.fetch(TEMPLATES_URL + "base/base.css").read()


def test_check_does_not_import_weasyprint():
    from tests.support import loaded_after

    assert loaded_after(["check", EXAMPLES / "wartime" / "compania-fenix.yaml"], "weasyprint", "jinja2") == [False, False]


@pytest.mark.parametrize("system, body, bad", [
    ("dungeon-universalis", "heroes: [{name: H, xp: -5}]", "-5"),
    ("wartime", "warbook: {bodies: [{name: B, con: 99}]}", "99"),
    ("confrontation", "machines: [{name: M, kind: volador}]", "volador"),
])
def test_a_draft_of_a_roster_that_cannot_be_modelled(tmp_path, system, body, bad):
    roster = tmp_path / "rota.yaml"
    roster.write_text(f"system: {system}\nname: Rota\n{body}\n", encoding="utf-8")
    result = export(roster, "--pdf", tmp_path / "r.pdf", "--xlsx", tmp_path / "r.xlsx", "--draft")
    assert result.exit_code == 0, result.output
    text = "\n".join(pdf_text(tmp_path / "r.pdf"))
    assert "BORRADOR — NO LEGAL" in text and "Rota" in text
    # Its problem in words, naming the value that breaks it: the code and the file's place only in
    # `builder check`'s report (issue 40), not on the sheet a player reads.
    problems = text.split("Problemas", 1)[1]
    assert bad in problems and "rota.yaml" not in problems
    assert "value-out-of-range" not in text and "invalid-field" not in text


LONG_NAME = "Compañía de asalto con un nombre larguísimo que no cabe en el pie de ninguna carta"


@pytest.mark.parametrize("lang, mark", [("es", "BORRADOR — NO LEGAL"), ("en", "DRAFT — NOT LEGAL")])
def test_every_card_of_a_draft_says_so_and_keeps_its_fingerprint_whole(tmp_path, lang, mark):
    text = (EXAMPLES / "wartime" / "asalto-ilegal.yaml").read_text(encoding="utf-8")
    name_line = next(line for line in text.splitlines() if line.startswith("name:"))
    roster = tmp_path / "asalto.yaml"
    roster.write_text(text.replace(name_line, f"name: {LONG_NAME}"), encoding="utf-8")
    for sibling in (EXAMPLES / "wartime").glob("*warbook*.yaml"):
        (tmp_path / sibling.name).write_bytes(sibling.read_bytes())
    out = tmp_path / "asalto.pdf"
    assert export(roster, "--pdf", out, "--draft", "--lang", lang).exit_code == 0
    code = fingerprint(roster)
    pages = pdf_text(out)
    cards = sum(page.count(code) for page in pages[1:])  # each card's foot carries the fingerprint, whole
    assert cards >= 2
    assert pages[0].count(code) == 2  # the team sheet's facts, and the page's foot
    # Every page's header says it, and so does every card, across its face.
    assert sum(page.count(mark) for page in pages) == len(pages) + cards


def test_dungeon_universalis_prints_its_items_and_full_hero_cards(printed):
    out = printed(EXAMPLES / "dungeon-universalis" / "criptas.yaml")
    cards = "\n".join(pdf_text(out)[1:])
    # The items, each with its PV and their total: Espada rúnica 3 + Amuleto de protección 5 = 8.
    assert "Espada rúnica 3 PV" in cards and "Amuleto de protección 5 PV" in cards
    assert "2 objetos · 8 PV en total" in cards
    # A hero's PV is worked out on its card: Brenna, 10 + 12 = 22; her companion in Spanish.
    assert "10 base + 12 de experiencia = 22 PV" in cards
    assert "Escudero mercenario · 6 PV" in cards and "mercenary" not in cards


def test_an_immobile_machines_pe_track_says_it_brings_no_penalty(tmp_path):
    roster = tmp_path / "fuerte.yaml"
    roster.write_text("system: confrontation\nname: Fuerte\nmachines:\n"
                      "  - {name: Balista, kind: inmovil, weight: 8, structure_points: 6}\n", encoding="utf-8")
    out = tmp_path / "fuerte.pdf"
    assert export(roster, "--pdf", out, "--lang", "en").exit_code == 0
    machine = pdf_text(out)[1].split("Balista", 1)[1].split("CF-", 1)[0]   # the machine's card, to its foot
    assert "PE LOST (IMMOBILE: DAMAGE BRINGS NO PENALTY)" in " ".join(machine.split())
    assert "−1" not in machine  # no box marks a penalty that never comes


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*/*.yaml")), ids=lambda p: p.stem)
def test_a_pdf_is_small_and_its_text_extracts_the_same_with_pypdf_and_pdftotext(printed, example):
    from collections import Counter

    out = printed(example, "--draft", "--lang", "es")
    pages = pdf_text(out)
    assert out.stat().st_size < 100_000 * len(pages)  # fonts embedded as subsets, not whole
    program("pdftotext")
    other = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    # The same words, headings in capitals included (no letter-spacing splits them).
    assert Counter(" ".join(pages).split()) == Counter(other.split())


def pdf_image_sizes(path: Path) -> set[tuple[int, int]]:
    sizes = set()
    for page in PdfReader(str(path)).pages:
        resources = page.get("/Resources")
        if resources is None:
            continue
        xobjects = resources.get_object().get("/XObject")
        if xobjects is None:
            continue
        stack = list(xobjects.get_object().values())
        while stack:
            obj = stack.pop().get_object()
            if obj.get("/Subtype") == "/Image":
                sizes.add((int(obj["/Width"]), int(obj["/Height"])))
            elif obj.get("/Subtype") == "/Form":
                inner = obj.get("/Resources")
                if inner is not None and inner.get_object().get("/XObject") is not None:
                    stack.extend(inner.get_object()["/XObject"].get_object().values())
    return sizes


def tiny_png(path: Path, width: int = 37, height: int = 23) -> None:
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    path.write_bytes(b"\x89PNG\r\n\x1a\n"
                     + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_html_and_a_file_url_in_names_print_as_text_and_the_image_is_never_fetched(tmp_path, monkeypatch):
    for name in ("fenix-warbook.yaml", "compania-fenix.yaml"):
        shutil.copy(EXAMPLES / "wartime" / name, tmp_path / name)
    wt = tmp_path
    png = wt / "probe.png"
    tiny_png(png)  # 37 × 23 px: if it shows up in the PDF, a file:// URL was fetched
    evil = '<img src="file:///etc/passwd">'
    # The probe's URL through the working directory keeps the name within 100 characters
    # however long the temporary folder's path is.
    monkeypatch.chdir(wt)
    assert Path("/proc/self/cwd/probe.png").read_bytes() == png.read_bytes()
    probe = '<img src="file:///proc/self/cwd/probe.png">'
    text = (wt / "compania-fenix.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Compañía Fénix", "name: '" + evil + "'")
    text = text.replace("- name: Bravo", "- name: '" + probe + "'")
    (wt / "evil.yaml").write_text(text, encoding="utf-8")
    out = wt / "evil.pdf"
    result = export(wt / "evil.yaml", "--pdf", out)
    assert result.exit_code == 0, result.output
    content = squash("\n".join(pdf_text(out)))
    assert squash(evil) in content
    assert squash(probe) in content
    assert "root:" not in content
    assert (37, 23) not in pdf_image_sizes(out)
    assert PdfReader(str(out)).metadata.title == evil


def test_every_page_of_a_long_team_sheet_carries_the_fingerprint(tmp_path):
    # 16 squads of 3 lines: 48 rows, more than one page of team sheet.
    squads = "".join(f"  - {{name: Escuadra {k}, members: [{{character: Raso, count: 2}}, {{character: Raso}}, "
                     f"{{character: Raso, count: 3}}]}}\n" for k in range(16))
    roster = tmp_path / "larga.yaml"
    roster.write_text("system: wartime\nname: Larga\nwarbook:\n"
                      "  bodies: [{name: Soldado, con: 4, agi: 4, int: 3, rea: 4, vol: 3}]\n"
                      "  characters: [{name: Raso, body: Soldado}]\nsquads:\n" + squads, encoding="utf-8")
    out = tmp_path / "larga.pdf"
    assert export(roster, "--pdf", out).exit_code == 0
    code = fingerprint(roster)
    sheet_pages = [page for page in pdf_text(out) if "Coste por miniatura" in page]   # the units table's header
    assert len(sheet_pages) >= 2
    assert all(code in page for page in sheet_pages)


def test_a_one_point_card_says_punto_and_a_draft_with_no_fingerprint_shows_a_dash(tmp_path):
    # A body of all 1s costs 0 + 0 + 0 + 0 + 0 = 0, raised to the minimum of 1 point.
    roster = tmp_path / "uno.yaml"
    roster.write_text("system: wartime\nname: Uno\nwarbook:\n"
                      "  bodies: [{name: Mínimo, con: 1, agi: 1, int: 1, rea: 1, vol: 1}]\n"
                      "  characters: [{name: Recluta, body: Mínimo}]\n"
                      "squads: [{name: A, members: [{character: Recluta}]}]\n", encoding="utf-8")
    out = tmp_path / "uno.pdf"
    for lang, one, many in (("es", "1 punto", "1 puntos"), ("en", "1 point", "1 points")):
        assert export(roster, "--pdf", out, "--lang", lang).exit_code == 0
        cards = "\n".join(pdf_text(out)[1:])
        assert one in cards and many not in cards
    # A file that can't be modelled (31 squads, past the bound) has no fingerprint: a dash, never "None".
    broken = tmp_path / "rota.yaml"
    broken.write_text(roster.read_text(encoding="utf-8").replace(
        "squads: [{name: A, members: [{character: Recluta}]}]\n",
        "squads:\n" + "".join(f"  - {{name: S{k}, members: [{{character: Recluta}}]}}\n" for k in range(31))),
        encoding="utf-8")
    out = tmp_path / "rota.pdf"
    assert export(broken, "--pdf", out, "--draft").exit_code == 0
    first = pdf_text(out)[0]
    assert "None" not in first and re.search(r"Huella\s*—", first)


def test_a_transports_defense_zones_are_named_as_the_book_names_them(printed):
    # Carro medio: frontal 6, izquierda 4, derecha 4, posterior 3 (the line may wrap anywhere).
    cards = " ".join(" ".join(pdf_text(printed(EXAMPLES / "wartime" / "columna-blindada.yaml"))[1:]).split())
    assert "Defensa front. 6 izq. 4 der. 4 post. 3" in cards


# --- the card layout, on WeasyPrint's real pages -----------------------------------------------------
# Cards fit their 63 × 88 mm, checked on WeasyPrint's real layout, and long cards continue.


EXAMPLE_ROSTERS = sorted((ROOT / "examples").glob("*/*.yaml"))


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


@pytest.mark.parametrize("example", EXAMPLE_ROSTERS, ids=lambda p: p.stem)
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


# --- by the book ----------------------------------------------------------------------------------
# PDF export by the book (`builder export --pdf`).
#
# Black-box, written from the PDF-export specification only (plus the shared command-line contract
# and file formats): paper size, the team sheet then the cards, names, fingerprint, derived numbers
# and metadata, and drafts marked on every page. Inputs are the bundled example rosters, copied into
# tmp_path. Every expected number is worked out by hand below from the Wartime cost tables, not
# copied from the tool's output.
#
# The Fénix examples' costs are worked out by hand beside the `wt` fixture (tests/conftest.py).
#
# Open points (the specification leaves them to the implementer, so they are not asserted here):
#   how the date is written (ISO or day first); the exit code of `export --draft` on an illegal
#   roster.


def assert_page_size(path: Path, size: tuple[float, float]) -> None:
    pages = pypdf.PdfReader(str(path)).pages
    assert pages
    for page in pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - size[0]) < 1.5 and abs(h - size[1]) < 1.5, (w, h)


@pytest.mark.book
def test_pdf_a4_names_fingerprint_derived_numbers_and_title(wt):
    out = wt / "fenix.pdf"
    result = run("export", wt / "compania-fenix.yaml", "--pdf", out)
    assert result.exit_code == 0, result.output
    assert_page_size(out, A4)
    text = "\n".join(pdf_text_pages(out))
    for name in ("Compañía Fénix", "Sargento", "Fusilero", "Granadero", "Explorador",
                 "Fusil de asalto", "Lanzagranadas", "Chaleco antibalas", "Moto de exploración",
                 "Alfa", "Bravo", "Exploradores"):
        assert name in text, name
    assert fingerprint_of(wt / "compania-fenix.yaml") in text
    numbers = set(re.findall(r"\d+", text))
    # costs 58/40/42/23, total 283 of 300, levels 25/18, energies 10/9 (see the wt fixture in tests/conftest.py)
    for n in ("283", "300", "58", "40", "42", "23", "25", "18", "10", "9"):
        assert n in numbers, n
    # page 1, the team sheet: system, name, points and limit, fingerprint, date
    pages = pdf_text_pages(out)
    first = pages[0]
    assert "wartime" in fold(first) and "Compañía Fénix" in first
    assert {"283", "300"} <= set(re.findall(r"\d+", first))
    assert fingerprint_of(wt / "compania-fenix.yaml") in first
    today = date.today()
    assert any(f in first for f in (today.isoformat(), today.strftime("%d/%m/%Y"), today.strftime("%d-%m-%Y")))
    # the cards follow the sheet: one per character, with its cost
    cards = "\n".join(pages[1:])
    for name in ("Sargento", "Fusilero", "Granadero", "Explorador"):
        assert name in cards, name
    assert {"58", "40", "42", "23"} <= set(re.findall(r"\d+", cards))
    reader = pypdf.PdfReader(str(out))
    assert reader.metadata.title == "Compañía Fénix"
    assert reader.metadata.creator  # "PDF metadata: title (the list's name), language, creator"
    assert str(reader.trailer["/Root"].get("/Lang", "")).lower().startswith("es")
    assert "BORRADOR" not in text


@pytest.mark.book
def test_pdf_letter_and_xlsx_together(wt):
    pdf, xlsx = wt / "fenix-letter.pdf", wt / "fenix.xlsx"
    result = run("export", wt / "compania-fenix.yaml", "--xlsx", xlsx, "--pdf", pdf, "--paper", "letter",
                 "--lang", "en")
    assert result.exit_code == 0, result.output
    assert_page_size(pdf, LETTER)
    reader = pypdf.PdfReader(str(pdf))
    assert reader.metadata.title == "Compañía Fénix"
    assert str(reader.trailer["/Root"].get("/Lang", "")).lower().startswith("en")
    fp = fingerprint_of(wt / "compania-fenix.yaml")
    assert fp in "\n".join(pdf_text_pages(pdf))
    assert fp in [c.value for c in all_cells(openpyxl.load_workbook(xlsx).worksheets[0])]


@pytest.mark.book
def test_pdf_illegal_not_exported(wt):
    out = wt / "asalto.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out)
    assert result.exit_code == 1, result.output
    assert "over-points-limit" in result.output
    assert not out.exists()
    assert not [p for p in wt.iterdir() if p.suffix not in (".yaml",)]


@pytest.mark.book
def test_pdf_draft_marks_every_page(wt):
    out = wt / "borrador.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out, "--draft")
    assert result.exit_code in (0, 1), result.output
    pages = pdf_text_pages(out)
    assert len(pages) >= 2  # a team sheet and at least one page of cards
    for i, page in enumerate(pages):
        assert squash("BORRADOR — NO LEGAL") in squash(page), f"page {i + 1} not marked"


@pytest.mark.book
def test_pdf_draft_marks_every_page_in_english(wt):
    out = wt / "draft.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out, "--draft", "--lang", "en")
    assert result.exit_code in (0, 1), result.output
    pages = pdf_text_pages(out)
    assert pages
    for i, page in enumerate(pages):
        assert squash("DRAFT — NOT LEGAL") in squash(page), f"page {i + 1} not marked"


def test_a_campaigns_first_page_carries_the_standings_and_the_teams_chart(tmp_path):
    from builder.export.pdf import render_html

    campaign = EXAMPLES / "cripmaquion" / "infierno-de-amauta.yaml"
    ev = evaluate(str(campaign), str(campaign))
    html = render_html(ev, registry.get(ev.system).print_spec(ev, "es"), "es", "a4", draft=False)
    # The HTML handed to WeasyPrint: the chart is an inline SVG, before the general classification.
    chart = html.index('<svg xmlns="http://www.w3.org/2000/svg" id="chart-0"')
    assert chart < html.index("Clasificación general") < html.index("Lizardo Rodríguez")
    assert "<script" not in html
    out = tmp_path / "campana.pdf"
    assert CliRunner().invoke(cli, ["campaign", str(campaign), "--pdf", str(out)]).exit_code == 0
    first = pdf_text(out)[0]
    # WeasyPrint drew the chart's words as text: its title, the days, both teams, on page 1 with the standings.
    for words in ("Cripmaquiazos de cada equipo, jornada a jornada", "Salida", "2ª jornada",
                  "Los Saqueadores de Río Lobo", "El Grupetto verde", "Clasificación general"):
        assert words in first, words
    # The general classification's first and last runners (43 and 0 cripmaquiazos) are on it too.
    assert "Lizardo Rodríguez" in first and "Burujo Potingue" in first


def test_a_campaigns_chart_speaks_english(tmp_path):
    campaign = EXAMPLES / "cripmaquion" / "infierno-de-amauta.yaml"
    out = tmp_path / "campaign.pdf"
    assert CliRunner().invoke(cli, ["campaign", str(campaign), "--pdf", str(out), "--lang", "en"]).exit_code == 0
    first = pdf_text(out)[0]
    assert "Each team's cripmaquiazos, day by day" in first and "Start" in first and "Salida" not in first


def test_a_lists_sheet_shows_where_its_points_go():
    from builder.export.pdf import render_html

    fenix = EXAMPLES / "wartime" / "compania-fenix.yaml"
    ev = evaluate(str(fenix), str(fenix))
    html = render_html(ev, registry.get(ev.system).print_spec(ev, "es"), "es", "a4", draft=False)
    # 283 points: Sargento 58, three Fusileros 120, Granadero 42, Fusilero 40, Explorador 23.
    shares = [round(100 * p / 283, 1) for p in (58, 120, 42, 40, 23)]
    assert shares == [20.5, 42.4, 14.8, 14.1, 8.1]
    bars = [float(w) for w in re.findall(r'<span class="bar"[^>]*><span style="width: ([\d.]+)%">', html)]
    assert bars == shares


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_runner_of_the_examples_continues_onto_a_card_holding_only_its_attack_table(lang):
    from builder.export.pdf import ProjectOnlyFetcher, printed_html

    attack = {"es": "ataque (1D6) contra RES 1–5", "en": "attack (1D6) against RES 1–5"}[lang]
    continued = 0
    for roster in sorted((EXAMPLES / "cripmaquion").glob("*.yaml")):
        ev = evaluate(str(roster), str(roster))
        if ev.system != "cripmaquion":
            continue
        html = printed_html(ev, registry.get(ev.system).print_spec(ev, lang), lang, "a4", not ev.legal,
                            ProjectOnlyFetcher())
        for card in re.findall(r'<span class="cont">.*?<div class="card-foot">', html, re.S):
            titles = re.findall(r'<div class="section-title">([^<]*)</div>', card)
            continued += 1
            assert titles != [attack], (roster.name, titles)
            if attack in titles:  # it continues with the dice it is rolled with
                assert titles[titles.index(attack) - 1] in ("dados", "dice"), (roster.name, titles)
    assert continued  # the examples do have runners that continue (Lizardo Rodríguez, Gnatte Franzs…)
