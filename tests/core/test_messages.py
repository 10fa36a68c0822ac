"""Every message in both languages, with the same placeholders, and in step with docs/codes.md."""

import re
import string
from pathlib import Path

import pytest

import builder.cli.texts  # noqa: F401 - the command line's words join the table when it runs
import builder.web.texts  # noqa: F401 - the page's words join the table when it is served
import builder.desk.texts  # noqa: F401 - the event desk's words, likewise
import builder.events.printing  # noqa: F401 - the event print's words
import builder.events.backups  # noqa: F401 - the backups' refusals
import builder.events.round_format  # noqa: F401 - the pack's rounds: block's refusals
import builder.desk.board  # noqa: F401 - the organiser's dashboard's words
import builder.desk.exports  # noqa: F401 - the organiser's exports' words
import builder.hosted.texts  # noqa: F401 - the hosted builder's words
from builder.core import messages

from builder.core import registry
from tests.book_cases import (
    FORM, INVALID_FIELD, OUT_OF_RANGE, SAQUEADORES, SIMPLE, SOLDADO, check_one, codes_of, crip, no_crash, run,
    runner, squad, wartime, wb, write,
)

CODES_DOC = Path(__file__).resolve().parents[2] / "docs" / "codes.md"
NOT_CODES = ("ui.", "serve.", "bound.", "hint", "referenced-from", "kind", "kinds.", "the-kind.", "a-kind.", "part.", "wt.", "found.", "cq.", "cc.", "cf.", "pc.", "du.", "xl.", "pdf.", "yaml.", "os.", "word.", "catalog.", "cli.", "form.", "desk.", "hosted.", "print.", "status.", "show.")


@pytest.fixture(scope="module")
def table():
    registry.all_systems()  # each plugin registers its messages on load
    return registry.all_messages()


def placeholders(template: str) -> set[str]:
    """The parameters a message uses; ``{n|one|other}`` (a word agreeing with ``n``) uses ``n``, and
    ``{team's}`` (its possessive) uses ``team``."""
    return {name.split("|")[0].removesuffix("'s") for _, name, _, _ in string.Formatter().parse(template) if name}


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
    # Then the environment's locale, the first of LC_ALL, LC_MESSAGES and LANG that is set.
    monkeypatch.delenv("BUILDER_LANG")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert messages.language() == "en"
    monkeypatch.setenv("BUILDER_LANG", "es")
    assert messages.language() == "es"
    monkeypatch.delenv("BUILDER_LANG")
    monkeypatch.setenv("LC_MESSAGES", "es_ES.UTF-8")
    assert messages.language() == "es"
    monkeypatch.setenv("LC_ALL", "en_GB")
    assert messages.language() == "en"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert messages.language() == "es"


def test_hint_is_appended_in_the_language():
    assert messages.text("invalid-field.extra_forbidden", "es", key="nmae", hint="name") == \
        "clave desconocida «nmae»; ¿quisiste decir «name»?"
    assert messages.text("invalid-field.extra_forbidden", "en", key="nmae", hint=None) == "unknown key “nmae”"


def test_a_code_cannot_be_registered_twice_with_other_text():
    with pytest.raises(ValueError):
        messages.register({"file-not-found": {"es": "otro", "en": "other"}})


# Every key the code can ask for exists in both languages, whichever system's file comes first.

BUILDER = Path(__file__).resolve().parents[2] / "builder"
LOOKUPS = {"text", "t", "Localised", "error", "warning", "InputError", "Finding", "said"}
"""Calls whose first argument is a message key or a finding's code."""


def _call_name(node) -> str:
    import ast

    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def asked_for() -> tuple[set[str], set[str]]:
    """Keys written literally in the package, and patterns of keys built with f-strings."""
    import ast

    literal, patterns = set(), set()
    for path in BUILDER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or _call_name(node) not in LOOKUPS or not node.args:
                continue
            first = node.args[0]
            variant = next((k.value.value for k in node.keywords if k.arg == "variant"
                            and isinstance(k.value, ast.Constant)), None)
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                literal.add(first.value if variant is None else f"{first.value}.{variant}")
            elif isinstance(first, ast.JoinedStr):
                patterns.add("".join(re.escape(p.value) if isinstance(p, ast.Constant) else ".+" for p in first.values))
    return literal, patterns


def test_every_key_the_code_asks_for_is_in_the_table_in_both_languages():
    # A fresh table, as a process that has loaded no system yet would build it.
    table = registry.all_messages()
    literal, patterns = asked_for()
    assert len(literal) > 150  # the scan sees the package's calls
    missing = sorted(k for k in literal if k not in table and k[:1].isalpha() and " " not in k)
    assert missing == []
    for pattern in patterns:
        assert any(re.fullmatch(pattern, key) for key in table), pattern
    for key in literal & set(table):
        assert set(table[key]) == set(messages.LANGUAGES), key


def test_a_games_messages_arrive_with_the_game(monkeypatch):
    from builder.core.texts import MESSAGES as CORE

    monkeypatch.setattr(messages, "_TABLE", {k: dict(v) for k, v in CORE.items()})
    assert messages.text("kind.any", "en", kind="the runner", name="A", where="x.yaml:3") == \
        "the runner “A” (x.yaml:3)"
    assert "brujo-limit" not in messages.table()
    registry.get.cache_clear()
    try:
        registry.get("cripmaquion")
        assert messages.text("brujo-limit", "es", name="B", number=2).startswith("«B» es el brujo")
    finally:
        registry.get.cache_clear()


def test_a_roster_of_any_system_checked_first_has_all_its_messages(tmp_path):
    """A fresh process, checking a Cripmaquión roster with two runners of one name first."""
    import subprocess
    import sys

    roster = tmp_path / "equipo.yaml"
    roster.write_text("system: cripmaquion\nteam: T\nrunners:\n"
                      "  - {name: A, race: humano}\n  - {name: A, race: humano}\nlineup: [A, A]\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "builder", "check", str(roster), "--lang", "en"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "is already used by the runner “A”" in done.stdout


@pytest.mark.parametrize("lang, counts, expected", [
    ("es", (1, 0, 2), "Total: 1 legal, 0 ilegales, 2 ilegibles"),
    ("es", (2, 1, 1), "Total: 2 legales, 1 ilegal, 1 ilegible"),
    ("en", (1, 2, 0), "Total: 1 legal, 2 illegal, 0 unreadable"),
])
def test_words_agree_with_their_numbers(table, lang, counts, expected):  # table: every game's words loaded
    legal, illegal, unreadable = counts
    assert messages.text("ui.tally", lang, legal=legal, illegal=illegal, unreadable=unreadable) == expected
    assert messages.text("wt.models", "es", models=1) == "1 miniatura"
    assert messages.text("wt.models", "es", models=7) == "7 miniaturas"
    assert messages.text("wt.models", "en", models=1) == "1 model"


def test_decimals_are_written_as_the_language_writes_them():
    assert messages.number(5.5, "es") == "5,5" and messages.number(5.5, "en") == "5.5"
    assert messages.number(3.67, "es") == "3,67" and messages.number(7.0, "es") == "7" and messages.number(4, "es") == "4"


def test_a_message_writes_its_decimals_as_the_language_does(tmp_path):
    # 10 % of a 129-point limit is 12.9 points; a 20.5 K range is over 5 × damage 4 = 20 K.
    roster = tmp_path / "lista.yaml"
    roster.write_text("system: wartime\nname: Prueba\npoints_limit: 129\nformations: true\nwarbook:\n"
                      "  bodies: [{name: Soldado, con: 4, agi: 4, int: 3, rea: 4, vol: 3}]\n"
                      "  weapons: [{name: Rifle, energy: 1, damage: 4, range: 20.5}]\n"
                      "  characters: [{name: Raso, body: Soldado}]\n"
                      "squads:\n  - {name: Línea, members: [{character: Raso, count: 4}]}\n"
                      "  - {name: Solo, members: [{character: Raso}]}\n", encoding="utf-8")
    from builder.core.pipeline import evaluate

    found = {f.code: f for f in evaluate(roster).findings}
    assert "como máximo pueden costar 12,9 (10 % de 129)" in found["formation-solo-limit"].message("es")
    assert "they may cost at most 12.9 (10% of 129)" in found["formation-solo-limit"].message("en")
    assert "tiene alcance 20,5 K" in found["range-too-long"].message("es")
    assert "has range 20.5 K" in found["range-too-long"].message("en")


def test_the_singular_rule_for_whole_numbers_is_babels():
    # builder decides "1 miniatura" / "2 miniaturas" without loading Babel; Babel's CLDR rule
    # must agree for every whole number a roster can hold.
    from babel import Locale

    for lang in messages.ONE_ONLY:
        rule = Locale.parse(lang).plural_form
        for count in list(range(0, 2001)) + [10_000, 100_000, 1_000_000, 2_000_000]:
            assert messages.is_one(count, lang) == (rule(count) == "one"), (lang, count)


# --- by the book ----------------------------------------------------------------------------------
# Every message by the book, in both languages.
#
# Each finding code of Wartime and Cripmaquión, and each kind of bad input, reads differently in
# Spanish and in English (`--lang en`) while the codes and the places they name stay the same.


ALL_CODE_CASES = {
    "over-points-limit": lambda t: wartime(t, SIMPLE, [squad()], points_limit=99),
    "duplicate-name": lambda t: wartime(t, wb(bodies=[SOLDADO], weapons=[{"name": "Soldado", "energy": 1, "damage": 3}])),
    "duplicate-squad": lambda t: wartime(t, SIMPLE, [squad("Alfa", 1), squad("Alfa", 2)]),
    "unknown-reference": lambda t: wartime(t, SIMPLE, [squad(character="Fusilro")]),
    "value-out-of-range": lambda t: wartime(t, OUT_OF_RANGE["con-0"]),
    "range-too-long": lambda t: wartime(t, wb(weapons=[{"name": "W", "energy": 1, "damage": 2, "range": 11}])),
    "transport-defense-zones": lambda t: wartime(t, wb(transports=[{"name": "T", "energy": 1, "large": True, "defense": 5}])),
    "restriction-max-level": lambda t: wartime(t, SIMPLE, [squad()], restrictions={"max_level": 24}),
    "restriction-max-models": lambda t: wartime(t, SIMPLE, [squad()], restrictions={"max_models": 3}),
    "restriction-max-weapon-damage": lambda t: wartime(
        t, wb(bodies=[SOLDADO], weapons=[{"name": "Canon", "energy": 1, "damage": 6}],
              characters=[{"name": "Fusilero", "body": "Soldado", "weapons": ["Canon"]}]),
        [squad()], restrictions={"max_weapon_damage": 5}),
    "invalid-field": lambda t: write(t, "lista.yaml", INVALID_FIELD["body-missing-agi"]),
    "formation-solo-limit": lambda t: wartime(t, FORM, [squad("Solo", 1, "Vet"), squad("B", 4, "Vet")], formations=True),
    "formation-too-small": lambda t: wartime(t, FORM, [squad("Par", 2, "Vet")], formations=True),
    "defense-over-constitution": lambda t: wartime(
        t, wb(bodies=[{"name": "Flaco", "con": 2, "agi": 5, "int": 5, "rea": 5, "vol": 5}],
              protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Flaco", "protections": ["Chaleco"]}])),
    "weapon-energy-over-character": lambda t: wartime(
        t, wb(bodies=[{"name": "Lento", "con": 5, "agi": 5, "int": 5, "rea": 2, "vol": 5}],
              weapons=[{"name": "Misil", "energy": 8, "damage": 10}],
              characters=[{"name": "C", "body": "Lento", "weapons": ["Misil"]}])),
    "specialty-limit": lambda t: crip(t, SAQUEADORES),
    "lineup-below-table": lambda t: crip(t, [runner("A", "orco"), runner("B", "orco")]),
    "too-many-specialties": lambda t: crip(t, [runner("A", "orco", ["brincamontes", "cazavictorias", "rompehuesos"])]
                                           + [runner(f"G{i}", "orco") for i in range(8)]),
    "brujo-specialty": lambda t: crip(t, [runner("Mago", "brujo", ["brincamontes"]), runner("B", "orco"), runner("C", "orco")]),
    "brujo-limit": lambda t: crip(t, [runner("M1", "brujo"), runner("M2", "brujo"), runner("C", "orco")]),
    "brujo-with-elf": lambda t: crip(t, [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco")]),
    "crip-duplicate-name": lambda t: crip(t, [runner("G", "orco"), runner("G", "ogro"), runner("C", "orco")]),
    "crip-unknown-reference": lambda t: crip(t, [runner("A", "humanno"), runner("B", "orco"), runner("C", "orco")]),
}


@pytest.mark.book
@pytest.mark.parametrize("case", sorted(ALL_CODE_CASES))
def test_every_code_in_both_languages(tmp_path, case):
    path = ALL_CODE_CASES[case](tmp_path)
    code_name = case.removeprefix("crip-")
    _, es = check_one(path)
    _, en = check_one(path, "--lang", "en")
    es_f, en_f = es["errors"] + es["warnings"], en["errors"] + en["warnings"]
    assert code_name in codes_of(es_f)
    assert codes_of(es_f) == codes_of(en_f)
    for a, b in zip(es_f, en_f):
        assert a["message"] != b["message"], (a, b)
        assert a["where"] == b["where"]


@pytest.mark.book
@pytest.mark.parametrize("text", [None, "system: wartime\nname: A\nname: B\n", "- a\n",
                                  "system: warhammer\n", "system: wartime\nname: [\n"],
                         ids=["missing", "repeated-key", "not-mapping", "unknown-system", "invalid-yaml"])
def test_bad_input_messages_in_both_languages(tmp_path, text):
    path = tmp_path / "lista.yaml"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    es = run("check", path)
    en = run("check", path, "--lang", "en")
    no_crash(es)
    no_crash(en)
    assert es.exit_code == en.exit_code == 2
    assert es.output != en.output


def test_an_english_possessive_takes_an_apostrophe_alone_after_a_final_s(monkeypatch):
    """Issue 55, point 11: «Halcones's puntos de victoria» on an English page. A name ending in s takes
    the apostrophe alone (Halcones'), any other 's (Patrulla Alfa's)."""
    monkeypatch.setitem(messages._TABLE, "test.possessive", {"es": "la lista de {team}", "en": "{team's} list"})
    assert messages.text("test.possessive", "en", team="Halcones") == "Halcones' list"
    assert messages.text("test.possessive", "en", team="Patrulla Alfa") == "Patrulla Alfa's list"
    assert messages.text("test.possessive", "es", team="Halcones") == "la lista de Halcones"


def test_no_message_is_written_twice_in_a_catalog():
    """A key written twice in one of the catalogs' dicts is silently the later one's: the desk's
    «desk-busy» once had two texts, the first never shown, and the command line's EDITION two alike."""
    import ast

    twice = []
    for module in sorted((Path(__file__).resolve().parents[2] / "builder").rglob("texts.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = [key.value for key in node.keys if isinstance(key, ast.Constant)]
                twice += [(module.name, key) for key in sorted({k for k in keys if keys.count(k) > 1})]
    assert twice == []
