"""The tests mirror the package: ``builder/<path>/<module>.py`` is tested in ``tests/<path>/test_<module>.py``.

Both sides are read from the file trees, so a module added, moved or renamed is seen at once. Every
test file is named after a module of builder/ (the command line has one module per command, so a
command's tests are named after it too), but for the few that test the whole tool; and every module
with behaviour has its test file, but for the few listed with where they are tested instead.

A module has behaviour when it defines a function, or a class with a method of its own. Packages'
``__init__.py``, ``__main__.py`` and the generated ``records.py`` files (tests/core/test_codegen.py
holds them to their models) are left out; so are the message tables (``messages.py``, ``texts.py``),
which define no function.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILDER = ROOT / "builder"
TESTS = ROOT / "tests"

CROSS_CUTTING = {
    "hosted/test_browser.py": "the hosted builder in Chromium on a phone: the start page and its «Mis listas» "
                              "(online and offline), each game's new list clicked and kept through a reload, "
                              "axe-core light and dark",
    "hosted/test_browser_every_day.py": "issue 47's player's day at the hosted builder in Chromium on a phone: five "
                                        "games built, lists kept, moved, shared by a link and used offline",
    "hosted/test_deployment.py": "deploy/'s Caddyfile.hosted run by the real Caddy before two `builder host` processes",
    "hosted/test_load.py": "attacks replayed on `builder host` in its own process: another player's clicks and memory",
    # A test file or folder under tests/ that answers to no single module: why.
    "hostile": "attacks on the whole tool through its command line (hostile files, fuzzing, injection, outputs)",
    "serve/test_browser.py": "the served page driven in Chromium, end to end: its script and templates, not a module",
    "desk/test_browser.py": "the event desk in Chromium, end to end: a player's submission, the organiser's dashboard",
    "desk/test_server.py": "`builder event serve` in its own process, killed with SIGKILL and started again",
    "desk/test_editions.py": "the edition of the catalogs a list is checked under, across the desk: the pack's pin, "
                             "the newest installed, the list's receipt, the dashboard, the stored version, the print",
    "desk/test_load.py": "attacks replayed on `builder event serve` in its own process: pages, checks and memory under load",
    "desk/test_flood.py": "registration spam and a print left behind, replayed on `builder event serve` in its own "
                          "process: the event's bound, the dashboard, the summary, the removal, a print run to its end",
    "desk/test_browser_sharing.py": "a list shared by a link in Chromium on a phone, into a second profile: read-only, "
                                    "checked as `builder check` checks it, saved; the published lists read",
    "desk/test_browser_installing.py": "the builder page installed and opened with no signal in Chromium on a phone: "
                                       "the installability check, the service worker, a click made offline",
    "desk/test_browser_lists.py": "«Mis listas» in Chromium on a phone: three lists kept through a reload and a closed "
                                  "tab, moved to another browser, deleted and brought back by the keyboard alone",
    "desk/test_browser_building.py": "the builder on the desk in Chromium on a phone: each game's list built, kept "
                                     "through a reload and a stopped server, submitted and its receipt checked",
    "desk/test_deployment.py": "deploy/'s Caddyfile run by the real Caddy before two `builder event serve` processes",
    "desk/test_browser_show.py": "the public rounds, the venue's big screen and a race day in Chromium, phone and "
                                 "screen, es and en, light and dark",
    "desk/test_browser_day.py": "the tournament day in Chromium on two phones (es, en) and the organiser's page: "
                                "check-in, a round published, the opponent's list, both reports, a drop, axe-core",
    "desk/test_browser_exports.py": "issue 55's organiser in Chromium: the print asked for, its page left mid-job and "
                                    "come back to, the PDF downloaded",
    "desk/test_browser_tournament.py": "a 15-team, 4-round Swiss day on phones end to end: check-in, pairings, "
                                       "reports, a dispute, a drop, byes; standings against the test's own",
    "serve/test_browser_building.py": "every game's example built by clicking in Chromium: the builder view end to end",
    "serve/test_browser_references.py": "renames and the folder list in Chromium: the builder view, the workspace "
                                        "and the games' rename hooks end to end",
    "serve/test_browser_parts.py": "new parts, the shared text and Warbooks in Chromium, on a desktop and a phone: "
                                   "the builder view, the export and the workspace together",
    "serve/test_browser_page.py": "the page as issue 40's players used it, in Chromium on a desktop and a phone: focus, "
                                  "the status line, what a reload and another list keep, wording and layout",
    "web/test_browser_look.py": "builder's one look in Chromium on a phone, light and dark: the builder's and the "
                                "desk's pages measured for thumbs and audited by axe-core",
    "test_docs.py": "the documentation's Spanish pages and their English twins: the same sections, commands and links",
    "test_install.py": "the locked install: every installed distribution is the lock's release",
    "test_wheel.py": "the built wheel installed outside the checkout: every example checked, exported and printed the same",
    "test_layers.py": "the house's rules across builder/: the import contracts, no game named outside its folder",
    "test_mirror.py": "this test, about the tests themselves",
    "test_suite.py": "the suite on any machine: a missing program skips its tests, no time held to a fixed bound",
}

EVERY_COMMAND = "what every command shares (its options, how it prints and fails): every test of tests/cli/"
WIRING = "the system's plugin, which every test of that system goes through (tests/support.py's Checker)"
PRINTED = "printed in tests/export/test_pdf.py (every system prints, its cards fit)"
SHEET = "laid out and read back in tests/export/test_xlsx.py (every system has its sheets)"
MODELS = ("what records.py is generated from: tests/core/test_records.py holds records and models to the same "
          "answers, tests/core/test_codegen.py to the same schema")

TESTED_ELSEWHERE = {
    # A module with behaviour but no test file of its own: where it is tested instead.
    "hosted/state.py": "what the hosted builder knows, made by tests/hosted/conftest.py's app and read in every "
                       "test of tests/hosted/",
    "cli/support.py": EVERY_COMMAND,
    "events/joining.py": "the print's teams joined behind the cover: tests/events/test_printing.py prints through it "
                         "(pages, bookmarks, metadata, and 1,500 teams within half an export worker's memory)",
    "events/values.py": "the store's rows as values (moved out of schema.py), made and read by every test of "
                        "tests/events/test_store.py",
    "events/pairing_weights.py": "a pairing's weights, brute-forced against networkx's matching in "
                                 "tests/events/test_pairing.py",
    "events/round_format.py": "the pack's rounds: block, read by tests/events/test_packs.py as every pack key is",
    "core/errors.py": "the two families of failure: every refusal (tests/core/test_reader.py) and every internal error "
                      "(tests/cli/test_main.py) raises one",
    "core/fields.py": "the types the models are built from: tests/core/test_validation.py builds its models with them",
    "core/workbook.py": "a spreadsheet described as data: laid out and read back in tests/export/test_xlsx.py",
    "web/keeping.py": "what the builder asks of a keeper, and its refusal: kept by the folder (tests/serve/"
                      "test_workspace.py, tests/web/) and by the desk's texts (tests/desk/test_building.py)",
    "desk/state.py": "what the desk knows of its event, made by create_desk and read by every handler: every test "
                     "of tests/desk/",
    "export/plain.py": "`export --text`: tests/cli/test_export.py",
    "systems/confrontation/models.py": MODELS,
    "systems/wartime/models.py": MODELS,
    "systems/cripmaquion/cards.py": PRINTED,
    "systems/cripmaquion_campaign/cards.py": PRINTED,
    "systems/dungeon_universalis/cards.py": PRINTED,
    "systems/porcrom/cards.py": PRINTED,
    "systems/cripmaquion/sheets.py": SHEET,
    "systems/cripmaquion_campaign/sheets.py": SHEET,
    "systems/dungeon_universalis/sheets.py": SHEET,
    "systems/porcrom/sheets.py": SHEET,
}


def has_behaviour(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if (ast.get_docstring(tree) or "").startswith("Generated by"):
        return False
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    return any(isinstance(node, functions)
               or (isinstance(node, ast.ClassDef) and any(isinstance(item, functions) for item in node.body))
               for node in tree.body)


def modules_with_behaviour() -> list[str]:
    return [path.relative_to(BUILDER).as_posix() for path in sorted(BUILDER.rglob("*.py"))
            if path.name not in ("__init__.py", "__main__.py") and has_behaviour(path)]


def files_of_tests() -> list[str]:
    return [path.relative_to(TESTS).as_posix() for path in sorted(TESTS.rglob("test_*.py"))]


def mirrored_test(module: str) -> Path:
    """builder/core/reader.py -> tests/core/test_reader.py"""
    path = Path(module)
    return TESTS / path.parent / f"test_{path.name}"


def mirrored_module(test_file: str) -> Path:
    """tests/core/test_reader.py -> builder/core/reader.py"""
    path = Path(test_file)
    return BUILDER / path.parent / path.name.removeprefix("test_")


def cross_cutting(test_file: str) -> bool:
    return any(test_file == entry or test_file.startswith(entry + "/") for entry in CROSS_CUTTING)


def test_every_test_file_is_named_after_a_module():
    orphans = [t for t in files_of_tests() if not cross_cutting(t) and not mirrored_module(t).is_file()]
    assert orphans == [], (f"test files named after no module of builder/: {orphans}; name each after the module "
                           "it tests (tests/<path>/test_<module>.py), or say in CROSS_CUTTING why it tests no single one")


def test_every_module_with_behaviour_has_its_tests():
    untested = [m for m in modules_with_behaviour() if m not in TESTED_ELSEWHERE and not mirrored_test(m).is_file()]
    assert untested == [], (f"modules with behaviour and no tests/<path>/test_<module>.py: {untested}; write it (or "
                            "move there the tests that exercise the module), or say in TESTED_ELSEWHERE where they are")


def test_the_exceptions_are_still_exceptions():
    """An entry of either list that no longer applies is taken out, so the lists only shrink."""
    assert [e for e in CROSS_CUTTING if not (TESTS / e).exists()] == []
    behaviour = set(modules_with_behaviour())
    assert [m for m in TESTED_ELSEWHERE if m not in behaviour] == []  # gone, or no behaviour left
    assert [m for m in TESTED_ELSEWHERE if mirrored_test(m).is_file()] == []  # it has its own tests now
