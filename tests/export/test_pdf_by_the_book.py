"""PDF export by the book (`builder export --pdf`).

Black-box, written from the PDF-export specification only (plus the shared command-line
contract and file formats): paper size, the team sheet then the cards, names, fingerprint,
derived numbers and metadata, and drafts marked on every page. Inputs are the bundled example
rosters, copied into tmp_path. Every expected number is worked out by hand below from the
Wartime cost tables, not copied from the tool's output.

The Fénix examples' costs are worked out by hand beside the `wt` fixture (tests/conftest.py).

Open points (the specification leaves them to the implementer, so they are not asserted here):
  how the date is written (ISO or day first); the exit code of `export --draft` on an illegal
  roster.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import openpyxl
import pypdf

from tests.book_cases import A4, LETTER, all_cells, fingerprint_of, fold, pdf_text_pages, run, squash


def assert_page_size(path: Path, size: tuple[float, float]) -> None:
    pages = pypdf.PdfReader(str(path)).pages
    assert pages
    for page in pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - size[0]) < 1.5 and abs(h - size[1]) < 1.5, (w, h)


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


def test_pdf_illegal_not_exported(wt):
    out = wt / "asalto.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out)
    assert result.exit_code == 1, result.output
    assert "over-points-limit" in result.output
    assert not out.exists()
    assert not [p for p in wt.iterdir() if p.suffix not in (".yaml",)]


def test_pdf_draft_marks_every_page(wt):
    out = wt / "borrador.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out, "--draft")
    assert result.exit_code in (0, 1), result.output
    pages = pdf_text_pages(out)
    assert len(pages) >= 2  # a team sheet and at least one page of cards
    for i, page in enumerate(pages):
        assert squash("BORRADOR — NO LEGAL") in squash(page), f"page {i + 1} not marked"


def test_pdf_draft_marks_every_page_in_english(wt):
    out = wt / "draft.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out, "--draft", "--lang", "en")
    assert result.exit_code in (0, 1), result.output
    pages = pdf_text_pages(out)
    assert pages
    for i, page in enumerate(pages):
        assert squash("DRAFT — NOT LEGAL") in squash(page), f"page {i + 1} not marked"
