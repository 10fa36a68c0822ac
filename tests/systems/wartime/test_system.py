"""The bundled examples: what `make demo` shows, worked out by hand."""

from pathlib import Path

from builder.core.pipeline import evaluate
from tests.systems.wartime.conftest import archetype, codes

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wartime"

# Hand costs (tables: attributes 0,1,2,3,4,6,10,17,28,45; grades 5,10,...,75; fortune 10,15,...):
#   Soldado raso 4/4/3/4/3: 3+3+2+3+2 = 13.   Veterano 5/6/4/5/5: 4+6+3+4+4 = 21.
#   Fusil de asalto: 20 + 4×15×0.1 (6) - 10 = 16.   Cuchillo: 10 - 5 = 5.
#   Lanzagranadas: 25 + 5×20×0.1 (10) + circle 3 K -> 7 K², 5×7×0.1 = 3.5 -> 4, - 15 = 24.
#   Chaleco antibalas: 15 - 10 = 5.   Casco: 5 - 5 = 0 -> 1.   Moto de exploración: 10 - 5 = 5.
#   Radio: bonus 3 - energy 5 = -2 -> 1.
#   Fusilero: 13 + 16 + 5 + 5 + 1 = 40.   Sargento: 21 + 16 + 5 + 1 + fortune 2 (15) = 58.
#   Granadero: 13 + 24 + 5 = 42.   Explorador: 13 + 5 + 5 = 23.
EXPECTED_COSTS = {"Soldado raso": 13, "Veterano": 21, "Fusil de asalto": 16, "Cuchillo": 5, "Lanzagranadas": 24,
                  "Chaleco antibalas": 5, "Casco": 1, "Moto de exploración": 5, "Radio": 1, "Fusilero": 40,
                  "Sargento": 58, "Granadero": 42, "Explorador": 23}


def run(name: str):
    return evaluate(EXAMPLES / name, name)


def test_warbook_costs():
    ev = run("fenix-warbook.yaml")
    assert ev.legal
    for name, cost in EXPECTED_COSTS.items():
        assert archetype(ev, name)["cost"] == cost, name


def test_legal_list():
    ev = run("compania-fenix.yaml")
    # Alfa: 58 + 3 × 40 = 178; Bravo: 42 + 40 = 82; Exploradores: 23. Total 283 of 300.
    assert ev.legal, [f.message("en") for f in ev.findings]
    assert (ev.points, ev.points_limit) == (283, 300)
    assert [(s["name"], s["models"], s["points"]) for s in ev.details["squads"]] == [
        ("Alfa", 4, 178), ("Bravo", 2, 82), ("Exploradores", 1, 23)]
    assert ev.findings == []


def test_illegal_list():
    ev = run("asalto-ilegal.yaml")
    # Alfa: 58 + 4 × 40 = 218; Apoyo: 2 × 42 = 84; Solitario: 23. Total 325 > 250.
    # The lone Explorador costs 23, within 10% of 250 (25). Sargento: level 5+6+4+5+5 = 25 > 20.
    assert not ev.legal
    assert ev.points == 325
    assert sorted(codes(ev)) == ["over-points-limit", "restriction-max-level"]
    # The lone Explorador rides his Moto de exploración (defense 2): as a formation he is hit as the
    # transport, so the formation's defense is 2, not his own 0 (no protections): crew-ruling, 18b.
    assert codes(ev, "warning") == ["formation-too-small", "crew-ruling"]
    assert ev.details["squads"][2]["formation"]["defense"] == 2


def test_armoured_column_with_crews_and_magazines():
    ev = run("columna-blindada.yaml")
    # Tanquista 4/5/4/5/4: 3+4+3+4+3 = 17 (energy 10). Soldado raso: 13 (energy 9).
    # Cañón de 75 mm (E4 D7 30 K): 45 + 7 × 30 × 0.1 (21) − 20 = 46. Ametralladora (E2 D4 20 K): 20 + 8 − 10 = 18.
    # Pistola (E1 D3 10 K): 15 + 3 − 5 = 13. Mono blindado: 5 − 5 = 0 → 1.
    # Carro medio: zones 35 + 20 + 20 + 15 = 90, weapons 46 + 18 = 64, magazines 4 × 7 + 2 × 4 = 36, − 15 = 175.
    # Jefe de carro: 17 + 175 + 13 + 1 + magazines 2 × 3 (6) = 212. Artillero 17 + 1 = 18. Cargador 13 + 1 = 14.
    # Escolta: 13 + 18 + magazines 3 × 4 (12) = 43.
    costs = {"Carro medio": 175, "Jefe de carro": 212, "Artillero": 18, "Cargador": 14, "Escolta": 43}
    for name, cost in costs.items():
        assert archetype(ev, name)["cost"] == cost, name
    # Two tanks, each commander + gunner + loader: 2 × (212 + 18 + 14) = 488, 6 models, 2 members;
    # crew energy 10 + 10 + 9 = 29. Escolta: 4 × 43 = 172. Total 660 of 700.
    assert ev.legal, [f.message("en") for f in ev.findings]
    assert (ev.points, ev.extra["models"]) == (660, 10)
    tanks, escort = ev.details["squads"]
    assert (tanks["models"], tanks["member_count"], tanks["points"], tanks["energy"]) == (6, 2, 488, 29)
    assert (escort["models"], escort["points"]) == (4, 172)
