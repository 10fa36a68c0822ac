"""Wartime's spreadsheet: squads with live totals, characters and every archetype."""

import openpyxl
import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import floored_roster, write


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
def test_the_sheet_shows_the_two_parts(tmp_path):
    path, out = write(tmp_path, "lista.yaml", floored_roster()), tmp_path / "lista.xlsx"
    assert CliRunner().invoke(cli, ["export", str(path), "--xlsx", str(out), "--lang", "en"]).exit_code == 0
    sheet = openpyxl.load_workbook(out)["Archetypes"]
    header = [c.value for c in sheet[1]]
    rows = {row[1]: dict(zip(header, row)) for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert (rows["Crio"]["Cost"], rows["Crio"]["Archetype"], rows["Crio"]["Magazines"]) == (4, 1, 3)
    assert (rows["Burro"]["Cost"], rows["Burro"]["Archetype"], rows["Burro"]["Magazines"]) == (9, 1, 8)
