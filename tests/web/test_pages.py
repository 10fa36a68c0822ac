"""The builder view as HTML: what a roster holds is escaped, every control has its label."""

from html.parser import HTMLParser
from pathlib import Path

from builder.web import texts  # noqa: F401 - the page's words
from builder.web.building import Builder
from builder.web.pages import render_build
from builder.serve.workspace import Workspace

TEAM = ("system: cripmaquion\nteam: '<script>alert(1)</script>'\nrunners:\n"
        "  - {name: '\"><img src=x onerror=alert(2)>', race: orco, specialties: []}\n")


class Controls(HTMLParser):
    """Every control of the page, and the labels that name them."""

    def __init__(self):
        super().__init__()
        self.controls, self.labelled, self.scripts = [], set(), 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("input", "select", "textarea"):
            self.controls.append(attrs)
        if tag == "label" and "for" in attrs:
            self.labelled.add(attrs["for"])
        if tag in ("script", "img"):
            self.scripts += 1


def html(tmp_path: Path, text: str, at=(), lang="es") -> str:
    return render_build(Builder(Workspace(tmp_path)).view("equipo.yaml", text, None, at, lang), lang)


def test_what_a_roster_holds_is_text_never_markup(tmp_path):
    page = html(tmp_path, TEAM, ("runners", 0))
    parsed = Controls()
    parsed.feed(page)
    assert parsed.scripts == 0
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_every_control_has_a_label_in_the_players_language(tmp_path):
    for lang, word in (("es", "Raza"), ("en", "Race")):
        page = html(tmp_path, TEAM, ("runners", 0), lang)
        parsed = Controls()
        parsed.feed(page)
        assert parsed.controls
        unnamed = [c for c in parsed.controls if c.get("id") not in parsed.labelled and not c.get("aria-label")]
        assert unnamed == []
        assert f">{word}</label>" in page


def test_the_view_carries_the_text_and_version_for_the_page(tmp_path):
    page = render_build(Builder(Workspace(tmp_path)).view("equipo.yaml", TEAM, "abc", (), "es"), "es")
    assert 'data-version="abc"' in page and '<template id="build-text">system: cripmaquion' in page


def test_a_roster_that_cannot_be_read_says_where_to_fix_it(tmp_path):
    page = html(tmp_path, "system: cripmaquion\nrunners: [\n")
    assert "pestaña YAML" in page and 'role="alert"' in page


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class Buttons(HTMLParser):
    """Every button that removes something: its accessible name and its own words."""

    def __init__(self):
        super().__init__()
        self.buttons, self.inside = [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "button" and "remove" in (attrs.get("class") or "").split():
            self.inside = {"name": attrs.get("aria-label") or "", "words": ""}

    def handle_data(self, data):
        if self.inside is not None:
            self.inside["words"] += data

    def handle_endtag(self, tag):
        if tag == "button" and self.inside is not None:
            self.buttons.append(self.inside)
            self.inside = None


def test_every_button_that_removes_says_so_in_words_and_names_what_it_removes(tmp_path):
    (tmp_path / "equipo.yaml").write_text((EXAMPLES / "cripmaquion" / "grupetto-verde.yaml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    text = (tmp_path / "equipo.yaml").read_text(encoding="utf-8")
    for lang, word in (("es", "Quitar"), ("en", "Remove")):
        parsed = Buttons()
        parsed.feed(html(tmp_path, text, ("runners", 0), lang))
        assert len(parsed.buttons) >= 2
        for button in parsed.buttons:
            words = button["words"].strip()
            assert words and words in button["name"] and len(button["name"]) > len(words), button
        assert any(b["words"].strip() == word for b in parsed.buttons)


def test_a_yes_or_no_field_is_its_box_inside_its_label(tmp_path):
    page = html(tmp_path, "system: wartime\nname: A\nformations: true\nwarbook: libro.yaml\nsquads: []\n")
    assert '<label for="f-formations" class="check"><input type="checkbox" id="f-formations"' in page
    assert "checked" in page.split('id="f-formations"')[1].split(">")[0]
