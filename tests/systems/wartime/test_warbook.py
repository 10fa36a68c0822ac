"""Finding a list's Warbook: inline, in a file beside it, or in a chain of Wartime files."""

import pytest

from builder.core.errors import InputError
from tests.book_cases import check_one, full_book, no_crash, run, squad, write
from tests.systems.wartime.conftest import archetype

BOOK_LISTS = """\
bodies:
  - {name: Soldado, con: 4, agi: 4, int: 3, rea: 4, vol: 3}
characters:
  - {name: Soldado raso, body: Soldado}
"""

LIST = """\
system: wartime
name: Lista
warbook: {path}
squads:
  - name: Alfa
    members: [{{character: Soldado raso, count: 2}}]
"""


def test_warbook_file_with_lists_at_the_top(check):
    check.write("libros/base.yaml", BOOK_LISTS)
    ev = check(LIST.format(path="libros/base.yaml"))
    # Soldado raso = body 13 (3 + 3 + 2 + 3 + 2); 2 × 13 = 26.
    assert ev.points == 26
    assert ev.details["warbook"] == "libros/base.yaml"


def test_warbook_given_as_a_whole_wartime_file(check):
    check.write("book.yaml", "system: wartime\nname: Libro\nwarbook:\n" + "".join("  " + l + "\n" for l in BOOK_LISTS.splitlines()))
    ev = check(LIST.format(path="book.yaml"))
    assert ev.points == 26


def test_warbook_path_is_relative_to_the_list(check):
    check.write("event/books/base.yaml", BOOK_LISTS)
    ev = check(LIST.format(path="books/base.yaml"), name="event/lista.yaml")
    assert ev.points == 26


def test_a_chain_of_wartime_files_is_followed(check):
    check.write("real.yaml", BOOK_LISTS)
    check.write("alias.yaml", "system: wartime\nname: Alias\nwarbook: real.yaml\n")
    assert check(LIST.format(path="alias.yaml")).points == 26


def test_errors_in_the_warbook_name_its_file_and_line(check):
    check.write("book.yaml", BOOK_LISTS.replace("con: 4", "con: 14"))
    ev = check(LIST.format(path="book.yaml"))
    finding = next(f for f in ev.findings if f.code == "value-out-of-range")
    assert finding.place.where == "book.yaml:2 bodies[0].con"


def test_missing_warbook_file_is_unreadable_and_says_who_points_to_it(check):
    with pytest.raises(InputError) as caught:
        check(LIST.format(path="nada.yaml"))
    assert caught.value.code == "file-not-found"
    assert caught.value.file == "nada.yaml"
    assert caught.value.params["via"] == "lista.yaml:3 warbook"


def test_warbook_that_is_a_folder(check):
    (check.folder / "carpeta").mkdir()
    with pytest.raises(InputError) as caught:
        check(LIST.format(path="carpeta"))
    assert caught.value.code == "file-is-folder"


def test_warbook_pointing_to_itself(check):
    with pytest.raises(InputError) as caught:
        check("system: wartime\nname: Bucle\nwarbook: lista.yaml\n")
    assert caught.value.code == "reference-loop"


def test_warbook_loop_through_two_files(check):
    check.write("a.yaml", "system: wartime\nname: A\nwarbook: b.yaml\n")
    check.write("b.yaml", "system: wartime\nname: B\nwarbook: a.yaml\n")
    with pytest.raises(InputError) as caught:
        check(LIST.format(path="a.yaml"))
    assert caught.value.code == "reference-loop"


def test_warbook_of_another_system_is_refused(check):
    check.write("otro.yaml", "system: cripmaquion\nteam: X\n")
    with pytest.raises(InputError) as caught:
        check(LIST.format(path="otro.yaml"))
    assert caught.value.code == "not-a-warbook"


def test_inline_and_file_warbooks_give_the_same_fingerprint(check):
    check.write("book.yaml", BOOK_LISTS)
    from_file = check(LIST.format(path="book.yaml"))
    indented = "".join("  " + line + "\n" for line in BOOK_LISTS.splitlines())
    inline_text = LIST.format(path="book.yaml").replace("warbook: book.yaml\n", "warbook:\n" + indented)
    written_out = check(inline_text, name="inline.yaml")
    assert written_out.details["warbook"] == "inline.yaml"
    assert from_file.fingerprint == written_out.fingerprint
    assert archetype(from_file, "Soldado raso")["cost"] == 13


def test_editing_the_warbook_changes_the_lists_fingerprint(check):
    check.write("book.yaml", BOOK_LISTS)
    before = check(LIST.format(path="book.yaml")).fingerprint
    check.write("book.yaml", BOOK_LISTS.replace("vol: 3", "vol: 4"))
    after = check(LIST.format(path="book.yaml")).fingerprint
    assert before != after


# --- by the book: a warbook given by a path -------------------------------------------------------
# Wartime lists by the book: list and squad points, the shape of `check --format json` and of
# `builder inspect`, and a warbook given by a path relative to the list (or missing).
#
# Black-box, from the Wartime specification and the shared command-line contract; the points are
# worked out by hand next to each assertion (the warbook is ``full_book()`` in tests/book_cases.py).


@pytest.mark.book
def test_warbook_from_relative_path(tmp_path):
    # the warbook path is relative to the list file, not to the cwd
    sub = tmp_path / "libros"
    sub.mkdir()
    write(sub, "fenix-warbook.yaml", full_book())
    lists = tmp_path / "listas"
    lists.mkdir()
    path = write(lists, "lista.yaml", {
        "system": "wartime", "name": "Relativa", "warbook": "../libros/fenix-warbook.yaml",
        "squads": [{"name": "Alfa", "members": [{"character": "Recluta", "count": 2}]}],
    })
    code, r = check_one(path)
    assert code == 0
    assert r["points"] == 52  # Recluta 26 x 2


@pytest.mark.book
def test_missing_warbook_file_is_unreadable(tmp_path):
    path = write(tmp_path, "lista.yaml", {"system": "wartime", "name": "P", "warbook": "no-existe.yaml",
                                          "squads": [squad()]})
    r = run("check", path)
    no_crash(r)
    assert r.exit_code == 2
    assert "no-existe.yaml" in r.output
