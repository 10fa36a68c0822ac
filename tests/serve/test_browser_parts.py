"""Issue 40's new parts, «Compartir» and Warbooks in a real browser (desktop 1280×800 and a
390×844 phone): a new part starts named by its kind and number with values the rules allow, the
shared text reads words and rules, not codes, and a Warbook is started from the new-file form
and linked from the lists that use it, and back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from builder.systems.wartime.rules import RULE_LIST
from tests.programs import needs
from tests.serve.live import chromium
from tests.serve.test_browser_building import (  # noqa: F401 - empty and served are fixtures
    EXAMPLES, Browser, empty, served, text)
from tests.serve.test_browser_page import SCREENS, screen, tap  # noqa: F401 - screen is a fixture

pytestmark = needs("chromium")


@pytest.fixture
def lists(empty: Path) -> Path:
    for game, name in (("wartime", "fenix-warbook.yaml"), ("wartime", "compania-fenix.yaml"),
                       ("wartime", "asalto-ilegal.yaml"), ("porcrom", "lobos-de-zamora.yaml")):
        (empty / name).write_bytes((EXAMPLES / game / name).read_bytes())
    return empty


def opened(browser, name: str) -> None:
    tap(browser, browser.page.locator(f"#files li[data-path='{name}'] button"))
    browser.page.wait_for_function(f"document.querySelector('#current').textContent === '{name}'")


def summary(page) -> str:
    return page.locator("#build .summary").inner_text()


def test_a_new_part_is_named_by_its_kind_and_number_and_starts_legal(screen, lists):
    page = screen.page
    opened(screen, "fenix-warbook.yaml")
    tap(screen, page.locator("#add-f-warbook-bodies"))
    at = yaml.safe_load(page.evaluate("document.querySelector('#build').dataset.at"))
    assert page.locator(f"#f-warbook-bodies-{at[2]}-name").input_value() == "Arquetipo corporal 3"
    assert "Arquetipo corporal 3" in page.locator("#build .outline").inner_text()
    assert "Nuevo" not in page.locator("#build").inner_text()
    # A ¡Por Crom! group: the book's smallest, with its first damage track, and the warband still legal.
    opened(screen, "lobos-de-zamora.yaml")
    tap(screen, page.locator("#add-f-minions"))
    group = yaml.safe_load((lists / "lobos-de-zamora.yaml").read_text(encoding="utf-8"))["minions"][-1]
    assert group == {"name": "Grupo de secuaces 3", "count": 2, "track": ["2-2-0", "1-1-0", "0-0-0"]}
    assert page.locator("#f-minions-2-count").input_value() == "2"
    assert "ILEGAL" not in summary(page) and "LEGAL" in summary(page)
    assert "Nuevo" not in page.locator("#build").inner_text()
    assert screen.errors == []


def test_a_new_part_is_named_in_english_under_english(screen, lists):
    page = screen.page
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    opened(screen, "fenix-warbook.yaml")
    tap(screen, page.locator("#add-f-warbook-bodies"))
    saved = yaml.safe_load((lists / "fenix-warbook.yaml").read_text(encoding="utf-8"))
    assert saved["warbook"]["bodies"][-1]["name"] == "Body archetype 3"
    assert "Body archetype 3" in page.locator("#build .outline").inner_text()
    assert screen.errors == []


def test_the_shared_text_says_each_problem_and_its_rule_without_its_code(screen):
    page = screen.page
    opened(screen, "compania-fenix.yaml")
    tap(screen, page.locator("#add-f-squads"))                            # 323 points of 300: over the limit
    tap(screen, page.locator("[data-tab=share]"), answered=False)
    page.wait_for_function("document.querySelector('#share').textContent.includes('Compañía Fénix')")
    shared = page.locator("#share").inner_text()
    problems = [line for line in shared.splitlines() if line.startswith("! ")]
    assert f"! la lista suma 323 puntos y el límite es 300 ({RULE_LIST})" in problems
    assert not re.search(r"\[[a-z]+(-[a-z]+)+\]", shared) and "over-points-limit" not in shared
    assert screen.errors == []


def test_a_warbook_is_started_from_the_new_file_form_and_linked_with_its_lists(screen, lists):
    page = screen.page
    assert page.locator("#new-system option[value='wartime/warbook']").inner_text() == "Wartime · Warbook"
    page.select_option("#new-system", "wartime/warbook")
    assert not page.locator("#new-limit").is_visible()                   # a Warbook has no points
    page.fill("#new-roster-name", "Libro de la Fénix")
    page.fill("#new-name", "libro.yaml")
    tap(screen, page.locator("#new-button"))
    page.wait_for_function("document.querySelector('#current').textContent === 'libro.yaml'")
    saved = yaml.safe_load((lists / "libro.yaml").read_text(encoding="utf-8"))
    assert set(saved) == {"system", "name", "warbook"} and saved["name"] == "Libro de la Fénix"
    assert "WARBOOK" in summary(page)
    assert page.locator("#related").inner_text() == "Ninguna lista lo usa"
    # From a list to its Warbook, and back from the Warbook to the lists that use it.
    opened(screen, "compania-fenix.yaml")
    tap(screen, page.locator("#related [data-open='fenix-warbook.yaml']"))
    page.wait_for_function("document.querySelector('#current').textContent === 'fenix-warbook.yaml'")
    assert "Listas que lo usan:" in page.locator("#related").inner_text()
    assert page.locator("#related [data-open]").all_inner_texts() == ["asalto-ilegal.yaml", "compania-fenix.yaml"]
    tap(screen, page.locator("#related [data-open='compania-fenix.yaml']"))
    page.wait_for_function("document.querySelector('#current').textContent === 'compania-fenix.yaml'")
    assert "fenix-warbook.yaml" in text(page)
    assert screen.errors == []


EVERY_GAME = (("wartime", "fenix-warbook.yaml"), ("wartime", "columna-blindada.yaml"),
              ("cripmaquion", "grupetto-verde.yaml"), ("confrontation", "artilleria-no-dan-kar.yaml"),
              ("dungeon-universalis", "criptas.yaml"), ("porcrom", "lobos-de-zamora.yaml"))
CONTROLS = """() => {
  // Each control of the builder view: its accessible name (as a screen reader says it), whether a
  // label is seen beside it, and its choices.
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map((i) => document.getElementById(i)?.textContent || '').join(' ').trim();
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    if (el.labels && el.labels.length) return [...el.labels].map((l) => l.textContent).join(' ').replace(/\\s+/g, ' ').trim();
    if (el.tagName === 'BUTTON') return el.textContent.replace(/\\s+/g, ' ').trim();
    return (el.getAttribute('title') || '').trim();
  };
  return [...document.querySelectorAll('#build :is(input:not([type=hidden]), select, textarea, button)')].map((el) => ({
    id: el.id, tag: el.tagName, name: nameOf(el),
    seen: [...(el.labels || [])].some((l) => l.getBoundingClientRect().height > 0),
    options: el.tagName === 'SELECT' ? [...el.options].map((o) => o.textContent.trim()) : []}));
}"""
TYPE_WORDS = {"texto", "número", "detalle", "lista", "sí o no", "string", "integer", "number", "object", "array",
              "boolean", "null"}


def every_part(browser, name: str):
    """Each part of the list ``name`` shown in turn (the list itself first): its controls."""
    page = browser.page
    opened(browser, name)
    for i in range(page.locator("#build .outline .part").count()):
        tap(browser, page.locator("#build .outline .part").nth(i))
        yield page.evaluate(CONTROLS)


@pytest.mark.parametrize("game, name", EVERY_GAME, ids=[n for _, n in EVERY_GAME])
def test_every_control_of_every_game_is_labelled_in_words_and_no_two_of_a_part_read_alike(served, empty, game, name):
    # «un acompañante | lista», «número | círculo | … | lista»: a dropdown with no label beside it,
    # its choices the schema's types. Each control is named in words, a field's label is seen.
    # Confrontation's «Añadir a Competencias de Ariete» twice (the machine's and a servant's):
    # each add button names whose list it adds to, so no two controls share a name.
    # One walk through every part serves both (each part shown is what either looks at).
    (empty / name).write_bytes((EXAMPLES / game / name).read_bytes())
    if name == "columna-blindada.yaml":
        (empty / "fenix-warbook.yaml").write_bytes((EXAMPLES / game / "fenix-warbook.yaml").read_bytes())
    with chromium() as launched:
        b = Browser(launched, served, **SCREENS["desktop"])
        b.kind = "desktop"
        b.page.wait_for_selector(f"#files li[data-path='{name}']")
        forms, seen = 0, set()
        for controls in every_part(b, name):
            for c in controls:
                assert c["name"] and c["name"].lower() not in TYPE_WORDS, c
                if c["tag"] == "SELECT" and not c["id"].endswith("-new"):
                    assert c["seen"], c                               # a label beside it, not only read aloud
                if c["id"].endswith("-form"):
                    forms += 1
                    assert not {o.lower() for o in c["options"]} & TYPE_WORDS, c
                    assert all(o[:1].islower() or not o.isascii() or " " in o for o in c["options"]), c
            names = [c["name"] for c in controls if c["tag"] == "BUTTON" or c["id"].endswith(("-new", "-other"))]
            twice = sorted({n for n in names if names.count(n) > 1})
            assert twice == [], twice
            seen.update(names)
        assert forms or game in ("cripmaquion", "confrontation", "porcrom")
        if game == "confrontation":       # a servant's list is the servant's own
            assert {"Añadir a Competencias de Destroza-Montañas", "Añadir a Competencias de Guigne"} <= seen
        assert b.errors == []
