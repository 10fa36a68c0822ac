"""What ``builder inspect`` shows of a Wartime file: every archetype priced, every squad totalled."""

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import floored_roster, write
from tests.systems.wartime.conftest import crew_squad, jeep_roster


# --- ammunition and crews -------------------------------------------------------------------------
# The optional ammunition rule (magazines: Munición [opcional], l. 320) and vehicle crews (Creación
# de listas de juego, l. 403; Tripulación, l. 639), worked out by hand from the book, on JEEP_BOOK
# (conftest.py).


def test_crew_lines_print_as_whose_crew_they_are(check):
    from builder.systems.wartime.inspect_view import as_text

    ev = check(jeep_roster(crew_squad()))
    out = as_text(ev, "es")
    assert "4 × Fusilero (tripulación de Conductor) (29) = 116" in out
    assert "vehículo de Conductor" in out and "energía 28" in out
    assert "4 × Fusilero (Conductor's crew) (29) = 116" in as_text(ev, "en")


# --- by the book: issue 28, magazines and vehicles ------------------------------------------------
# Issue 28: magazines on top of a floored archetype, who buys them, vehicles in formations, the
# energy a vehicle is used with, and the rulings that say where the book is silent — priced by hand.
#
# Sources: shared/rulebooks/wartime.txt — REDONDEO (l. 49–50), DEFENSA DE TRANSPORTES (l. 287–288),
# MUNICIÓN [OPCIONAL] (l. 319–320), FASE DE REACCIÓN (l. 340), FORMACIONES (l. 372), CHEQUEOS DE
# VOLUNTAD CONTRA ESCUADRAS (l. 392), CREACIÓN DE LISTAS (l. 403), COSTE (l. 428), FORTUNA (l. 456),
# ÁREA (l. 559), the cost steps (l. 576, 607, 653, 687), transports' ENERGÍA (l. 623), DEFENSA (l.
# 631) and TRIPULACIÓN (l. 639).
#
# The shared Warbook is ``CREWS_WARBOOK`` in tests/book_cases.py, beside every one of its costs worked
# out by hand; the ones used here:
#   Soldado 13 (energy 9, REA 4, VOL 3); Tanquista 17 (energy 10, REA 5, VOL 4);
#   Recluta 7 (energy 7, REA 2, VOL 2); Veterano 21 (energy 9, VOL 7).
#   Cuchillo: damage 1 (5) − energy 1 (5) = 0 → 1. Fusil 16 (damage 4). Cañón 46 (damage 7).
#   Mono: 5 − 5 = 0 → 1 (protection 1). Chaleco 5 (protection 3).
#   Carro: zones 35 + 20 + 20 + 15 = 90 + weapons 46 + 18 = 64 − energy 15 = 139 (its archetype),
#          + magazines Cañón 2 × 7 + Ametralladora 3 × 4 = 26 → 165. Zones front 6, left 4, right 4, rear 3.
#   Jefe: Tanquista 17 + Carro 139 + Pistola 13 + Mono 1 = 170, + the Carro's magazines 26 = 196.
#   Artillero 18 (defense 1, REA 5); Cargador 8 (Recluta + Mono: defense 1, REA 2, energy 7);
#   Observador 36 (defense 0, fortune 2); Infante 34 (defense 3).


@pytest.mark.book
def test_inspect_text_shows_the_two_parts_and_the_ruling(tmp_path):
    path = write(tmp_path, "lista.yaml", floored_roster())
    out = CliRunner().invoke(cli, ["inspect", str(path), "--lang", "en"]).stdout
    assert "Crio: cost 4 (archetype 1, its minimum, + magazines 3, paid on top: builder's ruling 5a)" in out
    # A character above the minimum shows the split without the ruling: Jefe 170 + 26.
    assert "Jefe: cost 196 (archetype 170 + magazines 26)" in out
