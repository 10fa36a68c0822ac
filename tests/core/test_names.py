"""builder.core.names: names compared as people compare them, and the nearest to a misspelt one."""

from __future__ import annotations

import unicodedata

from hypothesis import given, strategies as st

from builder.core.names import closest, fold


def test_fold_ignores_case_accents_spaces_hyphens_and_underscores():
    assert fold("Guardia de Élite") == fold("guardia_de-elite") == "guardiadeelite"
    assert fold("Ñu") == "nu"
    assert fold("ﬁla") == "fila"  # a ligature is its letters
    assert fold("Cabo 2") != fold("Cabo 3")


@given(st.text(max_size=40))
def test_fold_is_the_nfkd_of_the_casefold_without_what_is_not_a_letter_or_digit(name):
    # The definition, written out slowly: the fast path for ASCII names must agree with it.
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    assert fold(name) == "".join(c for c in decomposed if c.isalnum())


def test_the_nearest_name_to_a_typo():
    known = ["Arcabucero", "Ballestero", "Lancero"]
    assert closest("arcabucero", known) == "Arcabucero"        # the same name, written otherwise
    assert closest("Balestero", known) == "Ballestero"          # one letter missing
    assert closest("Caballero de Malta", known) is None         # nothing near enough
    assert closest("x", []) is None


def test_of_two_names_that_fold_alike_the_first_is_suggested():
    assert closest("lancero", ["Lancero", "lan-cero"]) == "Lancero"


def test_the_names_that_exist_are_listed_each_once_and_never_a_page_of_them():
    from builder.core.names import KNOWN_MOST, known

    assert known([]) is None
    assert known(["Ana", "Ana", "Bea"]) == "Ana, Bea"
    assert known(str(n) for n in range(KNOWN_MOST + 3)).endswith(f"{KNOWN_MOST - 1}, …")
