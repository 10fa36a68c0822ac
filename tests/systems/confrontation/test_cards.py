"""Confrontation's printed cards: what the table needs, worked by hand (Confrontation: Fortification)."""

from builder.systems.confrontation.cards import print_spec


def card_of(check, machine: str, lang: str = "es"):
    ev = check("system: confrontation\nname: F\nmachines:\n  - " + machine + "\n")
    return print_spec(ev, lang).cards[0]


def section(card, title: str):
    return next(s for s in card.sections if s.title == title)


def test_the_impact_table_ends_at_twice_the_movement(check):
    # MOV 12, Impacto/7: 2 × 12 = 24 cm (l. 110); bands begun ≤10, ≤20, ≤24 → FUE 7, 14, 21 (l. 373).
    card = card_of(check, "{name: Carro, kind: movil, movement: 12, competencies: [{name: impacto, x: 7}]}")
    table = section(card, "impacto por tramo de 10 cm")
    assert table.headers == ["cm", "≤10", "≤20", "≤24"]
    assert table.items == [["FUE", 7, 14, 21]]


def test_mecanico_1_prints_the_roll_it_needs(check):
    # Ruling 42a: a 1 never repairs (l. 437), so Mecánico/1 repairs on 2+; Mecánico/4 prints as written.
    card = card_of(check, "{name: Cañón, kind: inmovil, weight: 8, structure_points: 6, "
                          "servants: [{name: A, competencies: [{name: mecanico, x: 1}]}, "
                          "{name: B, competencies: [{name: mecanico, x: 4}]}]}")
    servants = dict(section(card, "Sirvientes").items)
    # Peso 8 pushed by both servants: 8 − 2 × (2 − 1) = 6 (l. 120).
    assert servants == {"A": "Mecánico/1 (2+)", "B": "Mecánico/4", "penalizador de movimiento de los sirvientes": "−6"}
