"""Confrontation's spreadsheet rows, worked by hand (Confrontation: Fortification)."""

from builder.systems.confrontation.sheets import workbook


def test_the_impact_column_labels_each_band(check):
    # MOV 12, Impacto/7: 2 × 12 = 24 cm, so the bands begun end at 10, 20 and 24 cm (l. 110, 373):
    # FUE 7 × 1 = 7, 7 × 2 = 14, 7 × 3 = 21.
    ev = check("system: confrontation\nname: F\nmachines:\n"
               "  - {name: Carro, kind: movil, movement: 12, competencies: [{name: impacto, x: 7}]}\n")
    (machines,) = [t for t in workbook(ev, "es").tables if t.key == "machines"]
    assert machines.rows[0]["impact"] == "≤10 cm: 7, ≤20 cm: 14, ≤24 cm: 21"
