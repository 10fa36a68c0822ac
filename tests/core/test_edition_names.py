"""Editions as commands and reports name them."""

from __future__ import annotations

import pytest

from builder.core import editions
from builder.core.edition_check import asking
from builder.core.edition_names import as_usual, known_anywhere
from builder.core.errors import InputError
from builder.core.pipeline import evaluate
from tests.core.test_edition_check import MADE_UP, VETERANS


def test_an_edition_one_of_the_games_has_is_known(monkeypatch):
    monkeypatch.setenv(editions.ENVIRONMENT, str(MADE_UP))
    known_anywhere("2027-PRUEBA", {"wartime", "porcrom"})
    with pytest.raises(InputError) as refused:
        known_anywhere("2027-prueba", {"porcrom"})
    assert refused.value.code == "unknown-edition-asked"


def test_a_list_checked_under_its_game_s_newest_edition_is_checked_as_usual(tmp_path, monkeypatch):
    monkeypatch.setenv(editions.ENVIRONMENT, str(MADE_UP))
    path = tmp_path / "lista.yaml"
    path.write_text(VETERANS.format(edition=""), encoding="utf-8")
    assert as_usual(evaluate(path))
    with asking("2026"):
        assert not as_usual(evaluate(path))
