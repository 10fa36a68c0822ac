"""The cards' preview both apps show: the printed document, a draft when illegal, its stylesheets
linked under /templates/, and only stylesheets served there."""

from pathlib import Path

from builder.core.pipeline import evaluate
from builder.web.previews import preview_file, preview_html

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_preview_is_the_printed_document_a_draft_when_illegal():
    legal = preview_html(evaluate(EXAMPLES / "wartime" / "compania-fenix.yaml"), "es")
    illegal = preview_html(evaluate(EXAMPLES / "wartime" / "asalto-ilegal.yaml"), "es")
    assert "Compañía Fénix" in legal and 'href="/templates/base/base.css"' in legal and "BORRADOR" not in legal
    assert "BORRADOR" in illegal


def test_only_the_print_templates_stylesheets_are_served():
    assert preview_file("base/base.css") is not None
    assert [preview_file(name) for name in ("base/document.html.j2", "../pyproject.toml", "/etc/passwd",
                                            "base/../../pyproject.toml", "wartime/new-roster.es.yaml")] == [None] * 5
