"""Helpers for Wartime tests."""

from builder.core.system import Evaluation
from tests.support import codes  # noqa: F401  (re-exported for the Wartime tests)


def archetype(evaluation: Evaluation, name: str) -> dict:
    assert evaluation.details is not None, [f.message("en") for f in evaluation.findings]
    return next(a for a in evaluation.details["archetypes"] if a["name"] == name)


# The Warbook of the ammunition and crews tests: a Jeep with a cannon, riflemen and its drivers.
# Costs, by hand (attributes 0,1,2,3,4,6,10,17,28,45; grades 5,10,15,...,75):
#   Soldado 4/4/3/4/3: 3+3+2+3+2 = 13; energy 4 + 5 = 9.
#   Piloto 4/5/4/6/6: 3+4+3+6+6 = 22; energy 6 + 5 = 11 → 10; VOL 6.
#   Fusil (E2 D4 range 15): 20 + 4 × 15 × 0.1 (6) − 10 = 16.
#   Cañón (E3 D8 range 30): 55 + 8 × 30 × 0.1 (24) − 15 = 64.
#   Jeep (E2, defense 3, weapons [Cañón]): 15 + 64 − 10 = 69.
JEEP_BOOK = """\
warbook:
  bodies:
    - {name: Soldado, con: 4, agi: 4, int: 3, rea: 4, vol: 3}
    - {name: Piloto, con: 4, agi: 5, int: 4, rea: 6, vol: 6}
  weapons:
    - {name: Fusil, energy: 2, damage: 4, range: 15}
    - {name: Cañón, energy: 3, damage: 8, range: 30}
  transports:
    - {name: Jeep, energy: 2, defense: 3, weapons: [Cañón]MAGS_JEEP}
  characters:
    - {name: Fusilero, body: Soldado, weapons: [Fusil]MAGS_FUSILERO}
    - {name: Conductor, body: Piloto, transport: Jeep}
"""


def jeep_roster(squads: str = "", head: str = "", fusilero: str = "", jeep: str = "") -> str:
    book = JEEP_BOOK.replace("MAGS_FUSILERO", fusilero).replace("MAGS_JEEP", jeep)
    return "system: wartime\nname: Prueba\n" + head + book + ("squads:\n" + squads if squads else "")


# Conductor 22 + Jeep 69 = 91; Fusilero 29.
def crew_squad(pilots: int = 2, crew: int = 2, pilot: str = "Conductor", crewman: str = "Fusilero") -> str:
    return (f"  - name: Jeeps\n    members:\n      - character: {pilot}\n        count: {pilots}\n"
            f"        crew: [{{character: {crewman}, count: {crew}}}]\n")
