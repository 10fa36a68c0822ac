"""The Wartime plugin end to end: the bundled examples (what `make demo` shows, worked out by hand), and
the laws a whole roster obeys whatever its numbers."""

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core.pipeline import evaluate
from builder.core.reader import Document
from builder.core.registry import get
from builder.core.yaml_data import parse_text
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
    assert ev.findings == ()


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


# --- laws -----------------------------------------------------------------------------------------
# Laws the arithmetic must obey whatever the numbers: hypothesis searches for exceptions.


def evaluate_text(text: str):
    data, lines = parse_text(text, "mem.yaml")
    return get("wartime").evaluate(Document(Path("mem.yaml"), "mem.yaml", data, lines))


BOOK = {
    "bodies": [{"name": "B", "con": 4, "agi": 5, "int": 3, "rea": 4, "vol": 6}],
    "weapons": [{"name": "W", "energy": 2, "damage": 5, "range": 12}],
    "characters": [{"name": f"C{i}", "body": "B", "weapons": ["W"] * i} for i in range(4)],
}


squads = st.lists(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 6)), min_size=1, max_size=4),
    min_size=1, max_size=5,
)


def roster(squad_list, book=BOOK):
    return {"system": "wartime", "name": "L", "warbook": book,
            "squads": [{"name": f"S{n}", "members": [{"character": f"C{c}", "count": k} for c, k in members]}
                       for n, members in squad_list]}


@settings(max_examples=60)
@given(squad_list=squads, data=st.data())
def test_the_order_of_squads_and_members_does_not_change_the_total(squad_list, data):
    named = list(enumerate(squad_list))
    shuffled = [(n, data.draw(st.permutations(m))) for n, m in data.draw(st.permutations(named))]
    first = evaluate_text(yaml.safe_dump(roster(named), allow_unicode=True))
    second = evaluate_text(yaml.safe_dump(roster(shuffled), allow_unicode=True))
    assert first.points == second.points
    assert first.extra["models"] == second.extra["models"] == sum(k for _, m in named for _, k in m)


@settings(max_examples=40)
@given(squad_list=squads, flow=st.booleans(), data=st.data())
def test_formatting_key_order_and_comments_keep_the_fingerprint(squad_list, flow, data):
    content = roster(list(enumerate(squad_list)))
    plain = evaluate_text(yaml.safe_dump(content, allow_unicode=True, sort_keys=True))
    keys = data.draw(st.permutations(list(content)))
    reordered = {k: content[k] for k in keys}
    restyled = "# a comment\n" + yaml.safe_dump(reordered, allow_unicode=True, sort_keys=False,
                                                 default_flow_style=flow, indent=4)
    assert evaluate_text(restyled).fingerprint == plain.fingerprint


@settings(max_examples=40)
@given(squad_list=squads)
def test_any_change_of_a_count_changes_the_fingerprint(squad_list):
    content = roster(list(enumerate(squad_list)))
    before = evaluate_text(yaml.safe_dump(content)).fingerprint
    content["squads"][0]["members"][0]["count"] += 1
    assert evaluate_text(yaml.safe_dump(content)).fingerprint != before
