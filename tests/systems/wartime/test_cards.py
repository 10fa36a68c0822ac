"""Wartime's print: a card per recruited character, with what it costs."""

import pytest
import yaml

from builder.systems.wartime.cards import print_spec
from tests.book_cases import floored_roster
from tests.support import Checker


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
def test_the_card_shows_the_two_parts(tmp_path):
    ev = Checker(tmp_path)(_yaml(floored_roster()))
    cards = {c.title: c for c in print_spec(ev, "en").cards}
    price = next(s for s in cards["Crio"].sections if s.title == "Cost")
    assert price.items == [("Archetype (at least 1)", "1"), ("Magazines", "3")]
    assert cards["Crio"].badge.startswith("4")


def _yaml(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


@pytest.mark.book
@pytest.mark.parametrize("lang, movement, structure", [("es", "Movimiento", "Estructura de escuadra"),
                                                       ("en", "Movement", "Squad structure")])
def test_movement_has_its_unit_and_the_squad_structure_says_what_it_is(lang, movement, structure):
    from pathlib import Path

    from builder.core.pipeline import evaluate

    fenix = Path(__file__).resolve().parents[3] / "examples" / "wartime" / "compania-fenix.yaml"
    card = next(c for c in print_spec(evaluate(str(fenix), str(fenix)), lang).cards if c.title == "Sargento")
    stats = dict(card.sections[0].items)
    # Movimiento is measured in cm (CAPACIDAD DE MOVIMIENTO, l. 216): the Sargento's 3 prints as «3 cm».
    assert stats[movement] == "3 cm" and "Mov." not in stats and "Estructura" not in stats
    # The squad structure is the farthest a member may stand from its squad, twice its Movimiento in cm
    # (ESTRUCTURA DE ESCUADRA, l. 336): 2 × 3 = 6 cm, named in full, with what it is.
    named = dict(card.sections[1].items)
    assert named[structure].startswith("6 cm: ") and ("Movimiento" if lang == "es" else "Movement") in named[structure]
