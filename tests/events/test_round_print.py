"""A round on paper: its sheet and its slips, their text read back by pdftotext, drawn here and in a
worker process (as the desk draws them), and given up when asked to stop."""

from __future__ import annotations

import datetime as dt
import subprocess

import pytest

from builder.core.pack import RoundsFormat
from builder.events.bounds import Stopped
from builder.events.round_print import context_of, print_round
from builder.events.showing import Seat, Side
from tests.programs import needs

SEATS = [Seat(1, Side(1, "Los <i>Verdes</i>", "WT-1111-AAAA"), Side(2, "Fénix", None), "b", 3, 9, False),
         Seat(2, Side(3, "Lobos", "WT-2222-BBBB"), None, None, None, None, False)]
ROUNDS = RoundsFormat(count=3, score="PV")
DAY = dt.date(2026, 11, 28)


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@needs("pdftotext")
def test_the_sheet_names_every_table_team_fingerprint_and_result(tmp_path):
    target = tmp_path / "sheet.pdf"
    print_round("sheet", SEATS, ROUNDS, "Liga", 2, target, "es", today=DAY)
    text = pdf_text(target)
    assert "Liga · ronda 2" in text and "2 mesas · impreso el 2026-11-28" in text
    assert "Los <i>Verdes</i>" in text and "WT-1111-AAAA" in text and "WT-2222-BBBB" in text
    assert "Gana Fénix · 3–9" in text and "Descansa (bye)" in text
    assert not list(tmp_path.glob(".*.part"))


@needs("pdftotext")
def test_the_slips_in_a_worker_one_a_table(tmp_path):
    target = tmp_path / "slips.pdf"
    print_round("slips", SEATS, RoundsFormat(count=3), "League", 2, target, "en", apart=True)
    text = pdf_text(target)
    assert "League · round 2 · table 1" in text and "League · round 2 · table 2" in text
    assert "Mark who wins" in text and "Signature" in text and "Score (" not in text  # no score kept
    assert "Has a bye this round" in text and "WT-2222-BBBB" in text


def test_asked_to_stop_it_writes_nothing(tmp_path):
    target = tmp_path / "slips.pdf"
    with pytest.raises(Stopped):
        print_round("slips", SEATS, ROUNDS, "Liga", 1, target, "es", apart=True, stop=lambda: True)
    assert list(tmp_path.iterdir()) == []


def test_only_a_sheet_or_slips():
    with pytest.raises(ValueError):
        print_round("cards", SEATS, ROUNDS, "Liga", 1, None, "es")  # type: ignore[arg-type]


def test_a_slip_without_a_score_kept_has_no_score_box():
    template, context = context_of("slips", SEATS, RoundsFormat(count=2), "Liga", 1, "es", "a4", DAY)
    assert template == "round-slips.html.j2" and context["words"]["score"] == ""
    assert [s["bye"] for s in context["slips"]] == [False, True]


def test_a_slip_names_the_score_in_its_language():
    """Issue 55, point 11: the score named in both languages; English slips say it in English."""
    from builder.events.round_print import words_of

    named = RoundsFormat(count=3, score="puntos de victoria", score_en="victory points")
    assert words_of(named, "en")["score"] == "Score (victory points)"
    assert words_of(named, "es")["score"] == "Puntuación (puntos de victoria)"
