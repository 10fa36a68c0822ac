"""A file that holds no list (a Warbook on its own) is shown as what it holds: its own fields only."""

from pathlib import Path

from builder.serve.workspace import Workspace
from builder.web import texts  # noqa: F401 - the page's words
from builder.web.building import Builder
from builder.web.pages import render_build

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_warbooks_form_shows_the_warbooks_own_fields_not_a_lists(tmp_path):
    (tmp_path / "libro.yaml").write_text((EXAMPLES / "wartime" / "fenix-warbook.yaml").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    text = (tmp_path / "libro.yaml").read_text(encoding="utf-8")
    for lang in ("es", "en"):
        view = Builder(Workspace(tmp_path)).view("libro.yaml", text, None, (), lang)
        page = render_build(view, lang)
        for field in ("f-player", "f-points_limit", "f-formations", "f-restrictions", "f-warbook-form", "f-squads"):
            assert f'id="{field}"' not in page, (lang, field)
        assert 'id="f-name"' in page
        assert [s.path for s in view.sections][:1] == [("warbook", "bodies")]
        assert ("squads",) not in [s.path for s in view.sections]
        assert 'aria-current="true"\n                  hx-post="/fragments/build" hx-vals=\'{"at": []}\'>Warbook</button>' in page
    # A list that writes its Warbook in itself still has every field of a list.
    start = (EXAMPLES.parent / "templates" / "wartime" / "new-roster.es.yaml").read_text(encoding="utf-8")
    (tmp_path / "lista.yaml").write_text(start, encoding="utf-8")
    page = render_build(Builder(Workspace(tmp_path)).view("lista.yaml", start, None, (), "es"), "es")
    assert 'id="f-points_limit"' in page and 'id="f-warbook-form"' in page and ">La lista</button>" in page

