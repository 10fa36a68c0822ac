"""Shared cases for the black-box tests: helpers that run builder's command line as a user does,
and rosters written from the rulebooks (../shared/rulebooks) and the command-line contract alone.
Every expected value in the tests that use them is worked out by hand next to the assertion; the
tests whose expected values come from the rulebooks are marked ``@pytest.mark.book``.

A plain helper module, not a test file: one family of helpers, imported under their own names.

Running builder (the command-line contract):

- ``run(*args, env=None)``: builder with these arguments (each made a string), in its default
  language (Spanish) whatever the caller's shell says, unless ``env`` sets ``BUILDER_LANG``; it
  refuses a Python traceback (``no_crash`` says the same of any click result).
- ``check_json(*args)``: ``(exit code, report)`` of ``check ARGS --format json``, the report being
  the one JSON object on stdout with nothing on stderr; ``check_one(path, *extra)``: ``(exit code,
  the one file's result)``; ``inspect_json(path, *extra, exit_code=None)``: the JSON of ``inspect``
  (exit ``exit_code`` when given, else 0 or 1); ``fingerprint_of(path, *extra)``; ``codes_of(findings)``:
  the codes of a list of findings (``result["errors"]``, ``result["warnings"]``).
- ``assert_finding_shape``, ``assert_error`` (with the file named in every message),
  ``assert_illegal_with``, ``assert_legal``: the contract's checks of one result.

Writing rosters: ``write(folder, name, content)`` dumps a dict as YAML or writes a str as it is.
Then the rosters of each system, finders in the JSON (``archetype_in``, ``squad_in``, ``runner_in``,
``find_named``, ``leaves``...) and readers of the spreadsheets and PDFs builder writes.
"""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from datetime import date, datetime
from pathlib import Path

import pypdf
import yaml
from click.testing import CliRunner
from openpyxl.utils import column_index_from_string, range_boundaries

from builder.cli.main import cli


# ---------------------------------------------------------------------------
# Running builder, as the command-line contract describes it
# ---------------------------------------------------------------------------

ENV = {"BUILDER_LANG": None}  # Spanish default, whatever the caller's shell says


def no_crash(result):
    """No Python traceback: either a clean exit or a SystemExit from click."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"unexpected exception {result.exception!r}\n{result.output}"
    )
    assert "Traceback" not in result.output


def run(*args, env=None):
    """Invoke builder with its arguments spread out; never a Python traceback."""
    e = dict(ENV)
    if env:
        e.update(env)
    result = CliRunner().invoke(cli, [str(a) for a in args], env=e)
    # no Python traceback for anything a user can write (the command-line contract)
    no_crash(result)
    return result


def stdout_json(result) -> dict:
    # JSON output is one JSON object on stdout, with no progress bar mixed in (the batch-check contract)
    return json.loads(result.stdout)


def check_json(*args):
    """``(exit code, report)`` of ``check ARGS --format json``."""
    result = run("check", *args, "--format", "json")
    assert result.stderr == "", result.stderr
    return result.exit_code, stdout_json(result)


def check_one(path, *extra):
    """``(exit code, the one file's result)`` of ``check PATH EXTRA --format json``."""
    code, data = check_json(path, *extra)
    assert len(data["results"]) == 1
    return code, data["results"][0]


def inspect_json(path, *extra, exit_code=None):
    """The JSON of ``inspect PATH EXTRA``: its exit code is ``exit_code`` when given, else 0 or 1."""
    result = run("inspect", path, "--format", "json", *extra)
    if exit_code is None:
        assert result.exit_code in (0, 1), result.output
    else:
        assert result.exit_code == exit_code, result.output
    assert result.stderr == "", result.stderr
    return stdout_json(result)


def fingerprint_of(path, *extra):
    _, r = check_one(path, *extra)
    fp = r["fingerprint"]
    assert isinstance(fp, str) and fp
    return fp


def codes_of(findings):
    return [f["code"] for f in findings]


def by_file(report: dict) -> dict[str, dict]:
    """A report's results by their file's name."""
    return {Path(r["file"]).name: r for r in report["results"]}


def assert_finding_shape(f):
    # the command-line contract: error objects carry code, message, rule, where
    assert set(("code", "message", "rule", "where")) <= set(f)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", f["code"])  # kebab-case
    assert isinstance(f["message"], str) and f["message"].strip()
    assert isinstance(f["rule"], str) and f["rule"].strip()
    assert isinstance(f["where"], str) and f["where"].strip()


def assert_error(path, code_name, *, exit_code=1):
    code, r = check_one(path)
    assert code_name in codes_of(r["errors"]), r
    assert code == exit_code
    assert r["legal"] is False
    for f in r["errors"] + r["warnings"]:
        assert_finding_shape(f)
        # "a message in the user's language that names the place"
        assert Path(path).name in f["message"], f
    return [f for f in r["errors"] if f["code"] == code_name]


def assert_illegal_with(path, code):
    exit_code, res = check_one(path)
    assert exit_code == 1, res
    assert res["legal"] is False
    assert code in codes_of(res["errors"]), res["errors"]
    for f in res["errors"]:
        assert_finding_shape(f)
    return res


def assert_legal(path):
    exit_code, res = check_one(path)
    assert res["errors"] == [], res["errors"]
    assert res["legal"] is True
    assert exit_code == 0, res
    return res


# ---------------------------------------------------------------------------
# Writing rosters, and reading what builder says about them
# ---------------------------------------------------------------------------

def write(folder: Path, name: str, content) -> Path:
    """Write a roster into ``folder``: a dict is dumped as YAML, a str written verbatim."""
    path = folder / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(
            yaml.safe_dump(content, allow_unicode=True, sort_keys=False), encoding="utf-8"
        )
    return path


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKD", str(s))
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"[\s\-_]", "", s).lower()


def fold(text) -> str:
    """Lower case, no accents: 'Cripmaquión' -> 'cripmaquion'."""
    text = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def leaves(obj, path=()):
    """Yield (path, value) for every scalar in a JSON tree."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves(v, path + (str(k),))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from leaves(v, path + (str(i),))
    else:
        yield path, obj


def numbers(obj):
    return {v for _, v in leaves(obj) if isinstance(v, (int, float)) and not isinstance(v, bool)}


def find_named(obj, name):
    """First dict anywhere in the tree whose `name` is `name`."""
    if isinstance(obj, dict):
        if obj.get("name") == name:
            return obj
        children = obj.values()
    elif isinstance(obj, list):
        children = obj
    else:
        return None
    for child in children:
        found = find_named(child, name)
        if found is not None:
            return found
    return None


def keyed_leaves(obj, pattern):
    """Scalars whose path contains a key matching `pattern` (case-insensitive)."""
    rx = re.compile(pattern, re.I)
    return [(p, v) for p, v in leaves(obj) if any(rx.search(part) for part in p)]


# ---------------------------------------------------------------------------
# Wartime rosters and warbooks
# ---------------------------------------------------------------------------

def wartime(tmp_path, warbook, squads=None, name="lista.yaml", **top):
    data = {"system": "wartime", "name": "Compañía Fénix"}
    data.update(top)
    data["warbook"] = warbook
    if squads is not None:
        data["squads"] = squads
    return write(tmp_path, name, data)


def wb(**lists):
    book = {
        k: []
        for k in (
            "bodies",
            "weapons",
            "protections",
            "transports",
            "objects",
            "characters",
            "zones",
        )
    }
    book.update(lists)
    return book


# Soldado: con 5 (4) + agi 6 (6) + int 4 (3) + rea 7 (10) + vol 3 (2) = 25
#   level 5+6+4+7+3 = 25; energy min(7+5, 10) = 10; vitality 5
SOLDADO = {"name": "Soldado", "con": 5, "agi": 6, "int": 4, "rea": 7, "vol": 3}
# Veterano: 5 x attribute 6 (6) = 30; level 30
VETERANO = {"name": "Veterano", "con": 6, "agi": 6, "int": 6, "rea": 6, "vol": 6}


def archetype_in(inspected, name):
    for a in inspected["archetypes"]:
        if a["name"] == name:
            return a
    raise AssertionError(f"{name} not in inspect archetypes: {inspected['archetypes']}")


def cost_of(tmp_path, book, name, squads=None):
    path = wartime(tmp_path, book, squads)
    return archetype_in(inspect_json(path), name)["cost"]


def full_book():
    """A warbook exercising every part of a character."""
    return wb(
        bodies=[SOLDADO],
        weapons=[
            # Fusil: 20 + 5 (4.8 up) - 10 = 15
            {"name": "Fusil", "energy": 2, "damage": 4, "range": 12},
            # Cuchillo: 5 - 5 = 0 -> 1
            {"name": "Cuchillo", "energy": 1, "damage": 1},
        ],
        protections=[
            # Chaleco: 15 - 5 = 10
            {"name": "Chaleco", "energy": 1, "protection": 3},
            # Casco: 5 - 15 = -10 -> 1
            {"name": "Casco", "energy": 3, "protection": 1},
        ],
        objects=[
            # Radio: -5 -> 1
            {"name": "Radio", "energy": 1},
        ],
        transports=[
            # Moto: 15 (defense 3) - 5 (energy 1) = 10
            {"name": "Moto", "energy": 1, "defense": 3},
        ],
        characters=[
            # Fusilero: Soldado 25 + Fusil 15 + Cuchillo 1 + Chaleco 10 + Casco 1
            #   + Radio 1 + Moto 10 + fortune 2 (15) + bonus 4 - malus 1 = 81
            {"name": "Fusilero", "body": "Soldado", "transport": "Moto",
             "weapons": ["Fusil", "Cuchillo"], "protections": ["Chaleco", "Casco"],
             "objects": ["Radio"], "fortune": 2, "base_diameter_cm": 2.5,
             "bonus": [{"name": "Tirador", "cost": 4}], "malus": [{"name": "Miope", "cost": 1}]},
            # Recluta: Soldado 25 + Casco 1 (floored, not -10) = 26
            {"name": "Recluta", "body": "Soldado", "protections": ["Casco"]},
        ],
    )


SIMPLE = wb(bodies=[SOLDADO], characters=[{"name": "Fusilero", "body": "Soldado"}])  # 25 pts


def squad(name="Alfa", count=4, character="Fusilero"):
    return {"name": name, "members": [{"character": character, "count": count}]}


OUT_OF_RANGE = {
    "con-0": wb(bodies=[dict(SOLDADO, con=0)]),
    "vol-11": wb(bodies=[dict(SOLDADO, vol=11)]),
    "weapon-energy-0": wb(weapons=[{"name": "W", "energy": 0, "damage": 3}]),
    "weapon-damage-11": wb(weapons=[{"name": "W", "energy": 1, "damage": 11}]),
    "weapon-range-negative": wb(weapons=[{"name": "W", "energy": 1, "damage": 3, "range": -1}]),
    "weapon-area-negative": wb(weapons=[{"name": "W", "energy": 1, "damage": 3, "area": -2}]),
    "protection-11": wb(protections=[{"name": "P", "energy": 1, "protection": 11}]),
    "protection-energy-11": wb(protections=[{"name": "P", "energy": 11, "protection": 2}]),
    "transport-defense-11": wb(transports=[{"name": "T", "energy": 1, "defense": 11}]),
    "transport-zone-0": wb(transports=[{"name": "T", "energy": 1, "large": True,
                                        "defense": {"front": 0, "left": 3, "right": 3, "rear": 3}}]),
    "transport-capacity-negative": wb(transports=[{"name": "T", "energy": 1, "defense": 2, "capacity": -5}]),
    "object-capacity-negative": wb(objects=[{"name": "O", "energy": 1, "capacity": -1}]),
    "object-area-negative": wb(objects=[{"name": "O", "energy": 1, "area": -1}]),
    "fortune-11": wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado", "fortune": 11}]),
    "fortune-negative": wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado", "fortune": -1}]),
}


INVALID_FIELD = {
    "body-missing-agi": {"system": "wartime", "name": "X", "warbook": {"bodies": [
        {"name": "B", "con": 5, "int": 4, "rea": 7, "vol": 3}]}},
    "body-con-string": {"system": "wartime", "name": "X", "warbook": {"bodies": [
        dict(SOLDADO, con="alto")]}},
    "member-missing-character": {"system": "wartime", "name": "X", "warbook": SIMPLE,
                                 "squads": [{"name": "A", "members": [{"count": 2}]}]},
    "squads-not-list": {"system": "wartime", "name": "X", "warbook": SIMPLE, "squads": "Alfa"},
    "weapon-missing-damage": {"system": "wartime", "name": "X", "warbook": {"weapons": [
        {"name": "W", "energy": 1}]}},
}


# Veterano-only character costs 30 (5 x attribute 6).
FORM = wb(bodies=[VETERANO], characters=[{"name": "Vet", "body": "Veterano"}])


# ---------------------------------------------------------------------------
# Wartime: the Warbook of the ammunition and crews cases
# ---------------------------------------------------------------------------

# Sources: shared/rulebooks/wartime.txt — MUNICIÓN [OPCIONAL] (l. 319–320), TRIPULACIÓN (l. 638–639)
# and the cost tables.
#
# Cost tables (rulebook):
#   attributes 1..10:                    0, 1, 2, 3, 4, 6, 10, 17, 28, 45
#   energy/damage/protection/defense:    5, 10, 15, 20, 25, 35, 45, 55, 65, 75
#   fortune 1..10:                       10, 15, 20, 25, 30, 35, 40, 45, 50, 55
#   range = damage × K × 0.1 (rounded up); capacity = levels ÷ 5; minimum cost 1.
#   A magazine costs the weapon's damage; holds 10 − damage shots (at least 1); reloading costs
#   the weapon's damage in energy.
#
# Every cost of the shared Warbook, by hand:
#
# Bodies
#   Tanquista:  CON 4 (3) + AGI 5 (4) + INT 4 (3) + REA 5 (4) + VOL 4 (3) = 17; level 22, energy 10
#   Soldado:    CON 4 (3) + AGI 4 (3) + INT 3 (2) + REA 4 (3) + VOL 3 (2) = 13; level 18, energy 9
#   Recluta:    CON 3 (2) + AGI 3 (2) + INT 2 (1) + REA 2 (1) + VOL 2 (1) = 7;  level 12, energy 7
#   Veterano:   CON 4 (3) + AGI 4 (3) + INT 3 (2) + REA 4 (3) + VOL 7 (10) = 21; level 22, energy 9
#
# Weapons                                                          magazine  reload
#   Cuchillo:      damage 1 (5) + range 0 − energy 1 (5) = 0 → minimum 1      9        1
#   Pistola:       damage 3 (15) + 3 × 10 × 0.1 = 3 − energy 1 (5) = 13       7        3
#   Fusil:         damage 4 (20) + 4 × 15 × 0.1 = 6 − energy 2 (10) = 16      6        4
#   Ametralladora: damage 4 (20) + 4 × 20 × 0.1 = 8 − energy 2 (10) = 18      6        4
#   Lanzallamas:   damage 5 (25) + 5 × 5 × 0.1 = 2.5 → 3 − energy 3 (15) = 13 5        5
#   Cañón:         damage 7 (45) + 7 × 30 × 0.1 = 21 − energy 4 (20) = 46     3        7
#   Obús:          damage 9 (65) + 9 × 10 × 0.1 = 9 − energy 5 (25) = 49      1        9
#   Bomba:         damage 10 (75) + range 0 − energy 6 (35) = 40          10−10=0 → 1  10
#
# Protections
#   Mono:     protection 1 (5) − energy 1 (5) = 0 → minimum 1
#   Chaleco:  protection 3 (15) − energy 2 (10) = 5
#
# Transports
#   Carro: defense front 6 (35) + left 4 (20) + right 4 (20) + rear 3 (15) = 90
#          + weapons Cañón 46 + Ametralladora 18 = 64
#          − energy 3 (15)
#          + magazines Cañón 2 × 7 = 14 + Ametralladora 3 × 4 = 12 = 26
#          = 90 + 64 − 15 + 26 = 165
#   Moto:  defense 2 (10) − energy 1 (5) = 5
#
# Characters
#   Fusilero:    Soldado 13 + Fusil 16 + Chaleco 5 + magazines Fusil 3 × 4 = 12 → 46 (energy 9, VOL 3)
#   Infante:     Soldado 13 + Fusil 16 + Chaleco 5 = 34 (no magazines: plays without the rule)
#   Jefe:        Tanquista 17 + Carro 165 + Pistola 13 + Mono 1 = 196 (level 22, energy 10, REA 5,
#                VOL 4, defense 1)
#   Artillero:   Tanquista 17 + Mono 1 = 18 (level 22, energy 10, REA 5, VOL 4, defense 1)
#   Cargador:    Recluta 7 + Mono 1 = 8 (level 12, energy 7, REA 2, VOL 2, defense 1)
#   Observador:  Veterano 21 + fortune 2 (15) = 36 (level 22, energy 9, VOL 7, defense 0)
#   Conductor:   Recluta 7 + Carro 165 = 172 (level 12, energy 7)
#   Artificiero: Soldado 13 + Obús 49 + Bomba 40 + magazines Obús 2 × 9 = 18 + Bomba 1 × 10 = 10
#                = 13 + 49 + 40 + 28 = 130
#   Machetero:   Soldado 13 + Cuchillo 1 + magazines Cuchillo 2 × 1 = 2 → 16
CREWS_WARBOOK = {
    "bodies": [
        {"name": "Tanquista", "con": 4, "agi": 5, "int": 4, "rea": 5, "vol": 4},
        {"name": "Soldado", "con": 4, "agi": 4, "int": 3, "rea": 4, "vol": 3},
        {"name": "Recluta", "con": 3, "agi": 3, "int": 2, "rea": 2, "vol": 2},
        {"name": "Veterano", "con": 4, "agi": 4, "int": 3, "rea": 4, "vol": 7},
    ],
    "weapons": [
        {"name": "Cuchillo", "energy": 1, "damage": 1},
        {"name": "Pistola", "energy": 1, "damage": 3, "range": 10},
        {"name": "Fusil", "energy": 2, "damage": 4, "range": 15},
        {"name": "Ametralladora", "energy": 2, "damage": 4, "range": 20},
        {"name": "Lanzallamas", "energy": 3, "damage": 5, "range": 5},
        {"name": "Cañón", "energy": 4, "damage": 7, "range": 30},
        {"name": "Obús", "energy": 5, "damage": 9, "range": 10},
        {"name": "Bomba", "energy": 6, "damage": 10},
    ],
    "protections": [
        {"name": "Mono", "energy": 1, "protection": 1},
        {"name": "Chaleco", "energy": 2, "protection": 3},
    ],
    "transports": [
        {
            "name": "Carro",
            "energy": 3,
            "large": True,
            "defense": {"front": 6, "left": 4, "right": 4, "rear": 3},
            "weapons": ["Cañón", "Ametralladora"],
            "magazines": {"Cañón": 2, "Ametralladora": 3},
            "base_length_cm": 12,
        },
        {"name": "Moto", "energy": 1, "defense": 2, "base_length_cm": 4},
    ],
    "characters": [
        {"name": "Fusilero", "body": "Soldado", "weapons": ["Fusil"], "protections": ["Chaleco"],
         "magazines": {"Fusil": 3}, "base_diameter_cm": 2.5},
        {"name": "Infante", "body": "Soldado", "weapons": ["Fusil"], "protections": ["Chaleco"],
         "base_diameter_cm": 2.5},
        {"name": "Jefe", "body": "Tanquista", "transport": "Carro", "weapons": ["Pistola"],
         "protections": ["Mono"], "base_diameter_cm": 2.5},
        {"name": "Artillero", "body": "Tanquista", "protections": ["Mono"], "base_diameter_cm": 2.5},
        {"name": "Cargador", "body": "Recluta", "protections": ["Mono"], "base_diameter_cm": 2.5},
        {"name": "Observador", "body": "Veterano", "fortune": 2, "base_diameter_cm": 2.5},
        {"name": "Conductor", "body": "Recluta", "transport": "Carro", "base_diameter_cm": 2.5},
        {"name": "Artificiero", "body": "Soldado", "weapons": ["Obús", "Bomba"],
         "magazines": {"Obús": 2, "Bomba": 1}, "base_diameter_cm": 2.5},
        {"name": "Machetero", "body": "Soldado", "weapons": ["Cuchillo"],
         "magazines": {"Cuchillo": 2}, "base_diameter_cm": 2.5},
    ],
}

# Costs worked out by hand above.
CREWS_WARBOOK_COSTS = {
    "Fusilero": 46, "Infante": 34, "Jefe": 196, "Artillero": 18, "Cargador": 8,
    "Observador": 36, "Conductor": 172, "Artificiero": 130, "Machetero": 16,
    "Carro": 165, "Moto": 5,
}

def crews_roster(squads=None, *, points_limit=None, formations=None, restrictions=None,
                 extra_characters=(), extra_transports=()) -> dict:
    """A Wartime file on ``CREWS_WARBOOK`` (a copy, with the extra characters and transports)."""
    warbook = copy.deepcopy(CREWS_WARBOOK)
    warbook["characters"].extend(copy.deepcopy(list(extra_characters)))
    warbook["transports"].extend(copy.deepcopy(list(extra_transports)))
    data: dict = {"system": "wartime", "name": "Prueba de munición y tripulaciones"}
    if points_limit is not None:
        data["points_limit"] = points_limit
    if formations is not None:
        data["formations"] = formations
    if restrictions is not None:
        data["restrictions"] = restrictions
    data["warbook"] = warbook
    if squads:
        data["squads"] = squads
    return data


def squad_with(name: str, *members: dict) -> dict:
    return {"name": name, "members": list(members)}


def member(character: str, count: int = 1, crew=None) -> dict:
    entry: dict = {"character": character, "count": count}
    if crew is not None:
        entry["crew"] = [{"character": c, "count": n} for c, n in crew]
    return entry


def squad_in(report: dict, name: str) -> dict:
    return next(s for s in report["squads"] if s["name"] == name)


# Issue 28's cases: a character and a transport that cost less than their floor of 1, with magazines.
# Nino: five attributes of 1 cost 0 → a body of 0, floored to 1 (COSTE, l. 428).
NINO = {"name": "Nino", "con": 1, "agi": 1, "int": 1, "rea": 1, "vol": 1}

# Crio: Nino 1 + Cuchillo 1 − malus Torpe 10 = −8 → the archetype costs 1 (l. 428, Paso 8 l. 470);
# 3 magazines for the Cuchillo cost 3 × damage 1 = 3 (l. 320), bought on top: 1 + 3 = 4.
# (Flooring after adding them, as before issue 28, gave max(−8 + 3, 1) = 1: the magazines free.)
CRIO = {"name": "Crio", "body": "Nino", "weapons": ["Cuchillo"], "magazines": {"Cuchillo": 3},
        "malus": [{"name": "Torpe", "cost": 10}]}

# Burro: defense 1 (5) + Fusil 16 − energy 10 (75) = −54 → 1 (Paso 7, l. 653);
# 2 magazines for the Fusil: 2 × 4 = 8 on top → 9. (Before: max(−54 + 8, 1) = 1.)
BURRO = {"name": "Burro", "energy": 10, "defense": 1, "weapons": ["Fusil"], "magazines": {"Fusil": 2}}

# Arriero: Soldado 13 + Burro's archetype 1 = 14, + the Burro's magazines 8 = 22.
ARRIERO = {"name": "Arriero", "body": "Soldado", "transport": "Burro"}


def floored_roster(**extra) -> dict:
    """``crews_roster`` with Crio and the Arriero on his Burro, priced at their floor of 1 (ruling 5a)."""
    data = crews_roster([squad_with("Alfa", member("Crio")), squad_with("Recua", member("Arriero"))],
                        extra_characters=[CRIO, ARRIERO], extra_transports=[BURRO], **extra)
    data["warbook"]["bodies"].append(dict(NINO))
    return data


def wartime_list(path: Path, name: str, members: list[tuple[str, int]], *, warbook: str,
                 points_limit: int | None = None, player: str | None = None, **extra) -> Path:
    """A list for an event, written to ``path``: one squad, Alfa, of ``members``."""
    data: dict = {"system": "wartime", "name": name}
    if player:
        data["player"] = player
    if points_limit is not None:
        data["points_limit"] = points_limit
    data.update(extra)
    data["warbook"] = warbook
    data["squads"] = [{"name": "Alfa", "members": [{"character": c, "count": n} for c, n in members]}]
    return write(path.parent, path.name, data)


# ---------------------------------------------------------------------------
# Cripmaquión teams
# ---------------------------------------------------------------------------

# §5 / §8.2: race -> (FUE, RES, skills)
RACES = {
    "elfo": (3, 2, {"prisa", "empatiamagica"}),
    "enano": (3, 5, {"resistenciamagica", "rodar"}),
    "esqueleto": (1, 1, {"impestilente", "ligero", "zapatazo"}),
    "goblin": (2, 1, {"aterrizar", "ligero", "manejable"}),
    "hombre-lagarto": (3, 2, {"buscahuecos", "coletazo"}),
    "hombre-rata": (2, 3, {"impestilente", "piesligeros"}),
    "humano": (3, 3, {"prisa", "zancadilla"}),
    "mediano": (1, 2, {"buscahuecos", "ligero", "manejable"}),
    "minotauro": (5, 4, {"cornear", "pesado"}),
    "momia": (3, 4, {"constancia", "impestilente"}),
    "ogro": (5, 4, {"manejar", "pesado", "zancadilla"}),
    "orco": (3, 3, {"constancia", "zancadilla"}),
    "troll": (4, 5, {"impestilente", "pesado", "pestilente", "vomito"}),
    "vampiro": (4, 4, {"hipnotizar", "impestilente"}),
    "zombi": (2, 2, {"asqueroso", "impestilente", "pestilente"}),
    "brujo": (1, 1, {"inepto", "hechiceria", "orgullo"}),
}


def crip(tmp_path, runners, lineup=None, name="plantilla.yaml", team="Los Saqueadores de Río Lobo"):
    data = {"system": "cripmaquion", "team": team, "runners": runners}
    if lineup is not None:
        data["lineup"] = lineup
    return write(tmp_path, name, data)


def runner(name, race="humano", specialties=()):
    return {"name": name, "race": race, "specialties": list(specialties)}


def runner_in(inspected, name):
    for r in inspected["runners"]:
        if r["name"] == name:
            return r
    raise AssertionError(f"{name} not among runners")


SAQUEADORES = [
    runner("Lizardo Rodríguez", "hombre-lagarto", ["martillo"]),      # 2
    runner("Ram Amón", "momia", ["brincamontes"]),                     # 1
    runner("Sven Astanson", "minotauro", ["cazavictorias"]),           # 1
    runner("Geldian", "elfo", ["dominorum"]),                          # 2
    runner("Charles Watson", "humano"),                                # 0
    runner("Alcantarillo", "hombre-rata", ["brincamontes"]),           # 1
    runner("Sangrefría", "esqueleto"),                                 # 0
    runner("Ech Pi El", "ogro"),                                       # 0
]


# ---------------------------------------------------------------------------
# Confrontation, ¡Por Crom! and Dungeon Universalis rosters
# ---------------------------------------------------------------------------

def mobile(**over):
    m = {"name": "Carro", "kind": "movil", "movement": 20, "weight": 10}
    m.update(over)
    return m


def immobile(**over):
    m = {"name": "Balista", "kind": "inmovil", "weight": 8, "crew_min": 1,
         "servants": [{"name": "S1", "size": "normal"}]}
    m.update(over)
    return m


def conf(machines, **over):
    doc = {"system": "confrontation", "name": "Fuerza de prueba", "machines": machines}
    doc.update(over)
    return doc


def crom(characters=None, minions=None, **over):
    doc = {"system": "porcrom", "name": "Los Lobos de Zamora"}
    if characters is not None:
        doc["characters"] = characters
    if minions is not None:
        doc["minions"] = minions
    doc.update(over)
    return doc


def hero(**over):
    c = {"name": "Conan", "dice": 14, "heavy_armor": False, "horse": False,
         "weapons": ["espada"], "sorcerer": False}
    c.update(over)
    return c


def guards(**over):
    m = {"name": "Guardias", "count": 4, "track": ["2-2-0", "1-1-0", "0-0-0"], "weapons": ["lanza"]}
    m.update(over)
    return m


def du(heroes, items=None, repeat=False, leader_pv=12, **over):
    doc = {"system": "dungeon-universalis", "name": "Expedición a las Criptas",
           "repeat_scenario": repeat, "leader_pv": leader_pv, "heroes": heroes}
    if items is not None:
        doc["items"] = items
    doc.update(over)
    return doc


def du_hero(name, xp=0, skills=None, companion=None):
    h = {"name": name, "xp": xp, "skills": skills or []}
    if companion is not None:
        h["companion"] = companion
    return h


# ---------------------------------------------------------------------------
# Exports and events: the bundled examples, spreadsheets and PDFs
# ---------------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
WARTIME = EXAMPLES / "wartime"
CRIP = EXAMPLES / "cripmaquion"

A4 = (595.28, 841.89)  # 210 × 297 mm in points
LETTER = (612.0, 792.0)  # 8.5 × 11 in in points

YES = {"sí", "si", "yes", "legal", "✓", "true", "ok"}


def all_cells(ws):
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is not None:
                yield cell


def row_values(ws):
    for row in ws.iter_rows():
        values = [c.value for c in row if c.value is not None]
        if values:
            yield values


def is_formula(cell) -> bool:
    return cell.data_type == "f" or (isinstance(cell.value, str) and cell.value.startswith("=")
                                     and cell.data_type != "s")


def find_cells(ws, predicate):
    return [c for c in all_cells(ws) if predicate(c.value)]


def neighbour_values(ws, cell):
    """The value right of a label, or below it (a key/value sheet laid out either way)."""
    out = []
    right = ws.cell(row=cell.row, column=cell.column + 1).value
    below = ws.cell(row=cell.row + 1, column=cell.column).value
    for v in (right, below):
        if v is not None:
            out.append(v)
    return out


def legal_value(ws):
    """The value beside a label that says 'Legal' on a summary sheet."""
    labels = find_cells(ws, lambda v: isinstance(v, str) and fold(v).strip(" :?¿") in {"legal", "¿legal", "legal?", "es legal", "is legal"})
    assert labels, "no 'Legal' label on the summary sheet"
    values = neighbour_values(ws, labels[0])
    assert values, "no value beside the 'Legal' label"
    return values[0]


def today_on(ws) -> bool:
    today = date.today()
    forms = {today.isoformat(), today.strftime("%d/%m/%Y"), today.strftime("%d-%m-%Y"),
             today.strftime("%m/%d/%Y")}
    for cell in all_cells(ws):
        v = cell.value
        if isinstance(v, datetime) and v.date() == today:
            return True
        if isinstance(v, date) and v == today:
            return True
        if isinstance(v, str) and any(f in v for f in forms):
            return True
    return False


def dv_cells(ws):
    """Every cell covered by a data validation of the sheet, with its validation."""
    out = []
    for dv in ws.data_validations.dataValidation:
        for rng in str(dv.sqref).split():
            min_col, min_row, max_col, max_row = range_boundaries(rng)
            max_row = min(max_row, ws.max_row)
            for r in range(min_row, max_row + 1):
                for c in range(min_col, max_col + 1):
                    out.append((ws.cell(row=r, column=c), dv))
    return out


REF = re.compile(r"(?:'[^']+'!|\b[A-Za-z_][\w.]*!)?\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?")


def formula_refers_to(formula: str, cell) -> bool:
    for m in REF.finditer(formula):
        c1, r1 = column_index_from_string(m.group(1)), int(m.group(2))
        if m.group(3):
            c2, r2 = column_index_from_string(m.group(3)), int(m.group(4))
        else:
            c2, r2 = c1, r1
        if min(c1, c2) <= cell.column <= max(c1, c2) and min(r1, r2) <= cell.row <= max(r1, r2):
            return True
    return False


def pdf_text_pages(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in pypdf.PdfReader(str(path)).pages]
