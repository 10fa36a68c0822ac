"""Rosters the command-line tests share, and the small helpers that write them and read the output."""

import re
import textwrap
from pathlib import Path


# A small Wartime list, priced by hand from README.md's tables:
#   attributes 1..10 cost 0, 1, 2, 3, 4, 6, 10, 17, 28, 45;
#   energy / damage / protection 1..10 cost 5, 10, 15, 20, 25, ...
#
#   Recluta   (body):       CON 3 (2) + AGI 5 (4) + INT 2 (1) + REA 4 (3) + VOL 3 (2)     = 12
#   Pistola   (weapon):     damage 3 (15) + range 3 × 10 K × 0.1 = 3 − energy 1 (5)       = 13
#   Casco     (protection): protection 2 (10) − energy 1 (5)                              = 5
#   Tirador   (character):  12 + 13 + 5                                                   = 30
#             level 3+5+2+4+3 = 17 · energy REA 4 + 5 = 9 · vitality CON = 3
#             defense = Casco's protection = 2 · movement = base 3 cm = 3
#   the list: 3 × Tirador = 3 × 30                                                        = 90
LIST = """\
system: wartime
name: Piquete
points_limit: {limit}
warbook:
  bodies:
    - {{name: Recluta, con: 3, agi: 5, int: 2, rea: 4, vol: 3}}
  weapons:
    - {{name: Pistola, energy: 1, damage: 3, range: 10}}
  protections:
    - {{name: Casco, energy: 1, protection: 2}}
  characters:
    - name: Tirador
      body: Recluta
      weapons: [Pistola]
      protections: [Casco]
      base_diameter_cm: 3
squads:
  - name: Alfa
    members:
      - {{character: Tirador, count: 3}}
"""


POINTS = 90  # 3 × 30, see above


LEGAL = LIST.format(limit=100)  # 90 ≤ 100


ILLEGAL = LIST.format(limit=80)  # 90 > 80: over-points-limit, on line 3 (points_limit)


FINGERPRINT = re.compile(r"^WT-[0-9A-F]{4}-[0-9A-F]{4}$")


def put(folder, name, text):
    (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return name


def line_with(output: str, needle: str) -> str:
    """The one line of output that contains ``needle``."""
    found = [line for line in output.splitlines() if needle in line]
    assert len(found) == 1, output
    return found[0]


# A ¡Por Crom! warband, legal; the same warband made to hit a bug (by the `buggy` fixture, conftest.py),
# and broken YAML; and a Cripmaquión team that used to crash builder (two runners of one name).
LEGAL_WARBAND = """\
system: porcrom
name: Los Lobos
characters:
  - {name: Conan, dice: 14, weapons: [espada]}
"""


# The same warband; the test makes checking it hit a bug (a name the monkeypatched rule chokes on).
CRASHING = LEGAL_WARBAND.replace("Los Lobos", "Los Rotos")


BROKEN = "system: porcrom\nname: [sin cerrar\n"


# Two runners with one name: a crash until the message table was made whole; now illegal.
TWIN_RUNNERS = """\
system: cripmaquion
team: Gemelos
runners:
  - {name: Ana, race: humano, specialties: []}
  - {name: Ana, race: humano, specialties: []}
lineup: [Ana, Ana]
"""


def write_lists(folder: Path, files: dict[str, str]) -> None:
    (folder / "listas").mkdir()
    for name, text in files.items():
        (folder / "listas" / name).write_text(text, encoding="utf-8")
