"""Every message in both languages, with the same placeholders, and in step with docs/codes.md."""

import re
import string
from pathlib import Path

import pytest

from builder import messages, systems

CODES_DOC = Path(__file__).resolve().parents[1] / "docs" / "codes.md"
NOT_CODES = ("ui.", "bound.", "hint", "referenced-from", "kind", "kinds.", "the-kind.", "a-kind.", "part.", "wt.", "found.", "cq.", "cf.", "pc.", "du.", "xl.", "pdf.", "yaml.", "os.", "word.")


@pytest.fixture(scope="module")
def table():
    systems.all_systems()  # each plugin registers its messages on load
    return messages.all_messages()


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_message_exists_in_every_language_with_the_same_placeholders(table):
    for key, texts in table.items():
        assert set(texts) == set(messages.LANGUAGES), key
        assert placeholders(texts["es"]) == placeholders(texts["en"]), key
        assert all(t.strip() for t in texts.values()), key


def test_codes_are_kebab_case(table):
    for key in table:
        code = key.split(".")[0]
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", code), key


def test_docs_list_every_code_and_nothing_else(table):
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", CODES_DOC.read_text(encoding="utf-8"), re.M))
    codes = {k.split(".")[0] for k in table if not k.startswith(NOT_CODES)}
    assert documented == codes


def test_language_choice(monkeypatch):
    monkeypatch.delenv("BUILDER_LANG", raising=False)
    assert messages.language() == "es"
    assert messages.language("en") == "en"
    monkeypatch.setenv("BUILDER_LANG", "en_GB.UTF-8")
    assert messages.language() == "en"
    assert messages.language("es") == "es"
    monkeypatch.setenv("BUILDER_LANG", "fr")
    assert messages.language() == "es"


def test_hint_is_appended_in_the_language():
    assert messages.text("invalid-field.extra_forbidden", "es", key="nmae", hint="name") == \
        "clave desconocida «nmae»; ¿quisiste decir «name»?"
    assert messages.text("invalid-field.extra_forbidden", "en", key="nmae", hint=None) == "unknown key “nmae”"


def test_a_code_cannot_be_registered_twice_with_other_text():
    with pytest.raises(ValueError):
        messages.register({"file-not-found": {"es": "otro", "en": "other"}})
