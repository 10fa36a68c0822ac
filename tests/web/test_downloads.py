"""Files the page downloads: the spreadsheet and the PDF of the roster as typed, a draft when illegal."""

import io

import openpyxl
from pypdf import PdfReader

from builder.core.pipeline import evaluate
from builder.web.downloads import attachment, download_stem, file_stem
from tests.web.test_reading import EXAMPLES
from tests.serve.conftest import BROKEN


def test_downloads_are_the_same_files_as_the_command_line_writes(client):
    text = client.get("/api/file", params={"path": "compania-fenix.yaml"}).json()["text"]
    xlsx = client.post("/api/export", json={"path": "compania-fenix.yaml", "text": text, "kind": "xlsx"})
    assert xlsx.status_code == 200 and "compania-fenix.xlsx" in xlsx.headers["content-disposition"]
    book = openpyxl.load_workbook(io.BytesIO(xlsx.content))
    assert any("Alfa" in str(cell) for ws in book.worksheets for row in ws.iter_rows(values_only=True) for cell in row)
    pdf = client.post("/api/export", json={"path": "compania-fenix.yaml", "text": text, "kind": "pdf"})
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages]
    assert "Compañía Fénix" in pages[0] and "BORRADOR" not in "".join(pages)
    # An illegal roster downloads as a draft, marked as the command line marks it.
    draft = client.post("/api/export", json={"path": "x.yaml", "text": BROKEN, "kind": "pdf"})
    assert "BORRADOR" in PdfReader(io.BytesIO(draft.content)).pages[0].extract_text()


def test_the_ascii_name_replaces_what_a_header_cannot_hold():
    assert attachment('a"b;c\\\\d🐉.pdf') == "attachment; filename=\"a_b_c__d_.pdf\"; filename*=UTF-8''" \
        "a%22b%3Bc%5C%5Cd%F0%9F%90%89.pdf"


def test_a_download_is_named_after_its_list_accents_kept_and_what_no_file_name_holds_left_out():
    # Issue 55: every YAML the builder gave was lista.yaml.
    assert file_stem("Compañía Fénix", "lista") == "Compañía-Fénix"                      # spaces a dash, accents kept
    assert file_stem("  Patrulla\tAlfa  ", "lista") == "Patrulla-Alfa"
    assert file_stem('a/b: c?*"<x>|\\', "lista") == "a-b-c-x"                             # what Windows refuses
    assert file_stem("Los\u202e Lobos\x00", "lista") == "Los-Lobos"                       # invisible and control characters
    assert file_stem("Grupetto.verde", "lista") == "Grupetto.verde"
    assert file_stem("x" * 100, "lista") == "x" * 60                                      # bounded
    assert file_stem("..", "lista") == "lista" and file_stem("", "lista") == "lista" and file_stem(None, "l") == "l"
    assert file_stem("Nul", "lista") == "lista" and file_stem("com1.b", "lista") == "lista"  # Windows' devices


def test_a_list_downloads_as_its_name_and_a_warbook_as_the_file_its_lists_name():
    folder = EXAMPLES / "wartime"
    assert download_stem(evaluate(folder / "compania-fenix.yaml"), "lista.yaml") == "Compañía-Fénix"
    assert download_stem(evaluate(folder / "fenix-warbook.yaml"), "fenix-warbook.yaml") == "fenix-warbook"
    assert download_stem(None, "lista.yaml") == "lista"
