"""Shared cases for the by-the-book tests: black-box helpers that run builder's command line, and
rosters written from the rulebooks (../shared/rulebooks) and the command-line contract alone.
Every expected value in the tests that use them is worked out by hand next to the assertion.

A plain helper module, not a test file. Three families of helpers live side by side; where two
did the same job with different bodies they keep distinct names:

- ``run``, ``check_json``, ``check_one``, ``inspect_json``, ``codes``, ``write_yaml``: run with
  the default (Spanish) language whatever the caller's shell says; ``check_one`` gives
  ``(exit code, result)``, ``codes`` takes a list of findings and ``write_yaml`` a folder and a
  file name.
- ``run_argv``, ``check``, ``check_one_result``, ``inspect``, ``result_codes``,
  ``assert_finding_fields``: take an argument list and refuse a traceback; ``check_one_result``
  gives ``(click result, result)``, ``result_codes`` takes a result and ``"errors"`` or
  ``"warnings"``, and ``assert_finding_fields`` doesn't ask for ``where``.
- ``run_args``, ``check_report``, ``write_yaml_at``: the same refusal of a traceback with the
  arguments spread out; ``check_report`` gives the whole JSON report and ``write_yaml_at``
  writes to a full path.

The test modules import the second and third families under their short names
(``from tests.book_cases import run_argv as run``), so each test reads as it was written.
"""

from __future__ import annotations

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
# Wartime and Cripmaquión by the book: run with the default (Spanish) language
# ---------------------------------------------------------------------------

ENV = {"BUILDER_LANG": None}  # Spanish default, whatever the caller's shell says


def run(*args, env=None):
    e = dict(ENV)
    if env:
        e.update(env)
    return CliRunner().invoke(cli, [str(a) for a in args], env=e)


def no_crash(result):
    """No Python traceback: either a clean exit or a SystemExit from click."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"unexpected exception {result.exception!r}\n{result.output}"
    )
    assert "Traceback" not in result.output


def check_json(path, *extra):
    result = run("check", path, "--format", "json", *extra)
    no_crash(result)
    data = json.loads(result.stdout)
    return result.exit_code, data


def check_one(path, *extra):
    code, data = check_json(path, *extra)
    assert len(data["results"]) == 1
    return code, data["results"][0]


def inspect_json(path, *extra):
    result = run("inspect", path, "--format", "json", *extra)
    no_crash(result)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def codes(findings):
    return [f["code"] for f in findings]


def write_yaml(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    path.write_text(
        yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    return path


def write_text(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKD", str(s))
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"[\s\-_]", "", s).lower()


# ---------------------------------------------------------------------------
# Wartime rosters and warbooks
# ---------------------------------------------------------------------------

def wartime(tmp_path, warbook, squads=None, name="lista.yaml", **top):
    data = {"system": "wartime", "name": "Compañía Fénix"}
    data.update(top)
    data["warbook"] = warbook
    if squads is not None:
        data["squads"] = squads
    return write_yaml(tmp_path, name, data)


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


def archetype(inspected, name):
    for a in inspected["archetypes"]:
        if a["name"] == name:
            return a
    raise AssertionError(f"{name} not in inspect archetypes: {inspected['archetypes']}")


def cost_of(tmp_path, book, name, squads=None):
    path = wartime(tmp_path, book, squads)
    return archetype(inspect_json(path), name)["cost"]


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


def assert_finding_shape(f):
    assert set(("code", "message", "rule", "where")) <= set(f)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", f["code"])
    assert isinstance(f["message"], str) and f["message"].strip()
    assert isinstance(f["rule"], str) and f["rule"].strip()
    assert isinstance(f["where"], str) and f["where"].strip()


def assert_error(path, code_name, *, exit_code=1):
    code, r = check_one(path)
    assert code_name in codes(r["errors"]), r
    assert code == exit_code
    assert r["legal"] is False
    for f in r["errors"] + r["warnings"]:
        assert_finding_shape(f)
        # "a message in the user's language that names the place"
        assert Path(path).name in f["message"], f
    return [f for f in r["errors"] if f["code"] == code_name]


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


def fingerprint(path, *extra):
    _, r = check_one(path, *extra)
    fp = r["fingerprint"]
    assert isinstance(fp, str) and fp
    return fp


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
    return write_yaml(tmp_path, name, data)


def runner(name, race="humano", specialties=()):
    return {"name": name, "race": race, "specialties": list(specialties)}


def profile(inspected, name):
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
# Confrontation, ¡Por Crom! and Dungeon Universalis by the book: argument lists, no traceback
# ---------------------------------------------------------------------------

def write(tmp_path: Path, name: str, content) -> Path:
    """Write a roster under tmp_path: a dict is dumped as YAML, a str written verbatim."""
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(
            yaml.safe_dump(content, allow_unicode=True, sort_keys=False), encoding="utf-8"
        )
    return path


def run_argv(args):
    """Invoke builder with a list of arguments; never a Python traceback."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    # no Python traceback for anything a user can write (the command-line contract)
    assert "Traceback" not in result.output, result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def check(*paths, lang=None):
    args = ["check", *paths, "--format", "json"]
    if lang:
        args += ["--lang", lang]
    result = run_argv(args)
    return result, json.loads(result.output)


def check_one_result(path, lang=None):
    """``(click result, the one file's result)`` of ``check --format json``."""
    result, doc = check(path, lang=lang)
    assert len(doc["results"]) == 1
    return result, doc["results"][0]


def inspect(path):
    result = run_argv(["inspect", path, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def result_codes(res, kind="errors"):
    """The codes of one result's errors (or warnings)."""
    return [f["code"] for f in res[kind]]


def assert_finding_fields(finding):
    # the command-line contract: error objects carry code, message, rule, where
    for key in ("code", "message", "rule", "where"):
        assert key in finding, finding
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", finding["code"])  # kebab-case
    assert isinstance(finding["message"], str) and finding["message"].strip()
    assert isinstance(finding["rule"], str) and finding["rule"].strip()


def assert_illegal_with(path, code):
    result, res = check_one_result(path)
    assert result.exit_code == 1, result.output
    assert res["legal"] is False
    assert code in result_codes(res), res["errors"]
    for f in res["errors"]:
        assert_finding_fields(f)
    return res


def assert_legal(path):
    result, res = check_one_result(path)
    assert res["errors"] == [], res["errors"]
    assert res["legal"] is True
    assert result.exit_code == 0, result.output
    return res


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
# Exports and events by the book: the bundled examples, spreadsheets and PDFs
# ---------------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
WARTIME = EXAMPLES / "wartime"
CRIP = EXAMPLES / "cripmaquion"

A4 = (595.28, 841.89)  # 210 × 297 mm in points
LETTER = (612.0, 792.0)  # 8.5 × 11 in in points

YES = {"sí", "si", "yes", "legal", "✓", "true", "ok"}


def run_args(*args: str):
    """Invoke builder with its arguments spread out; never a Python traceback."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    # never a Python traceback for anything a user can type (the command-line contract)
    assert "Traceback" not in result.output, result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def stdout_json(result) -> dict:
    # JSON output is one JSON object on stdout, with no progress bar mixed in (the batch-check contract)
    return json.loads(result.stdout)


def check_report(*args: str) -> dict:
    """The JSON report of ``check ARGS --format json``."""
    return stdout_json(run_args("check", *args, "--format", "json"))


def fingerprint_of(path: Path) -> str:
    return check_report(path)["results"][0]["fingerprint"]


def fold(text) -> str:
    """Lower case, no accents: 'Cripmaquión' -> 'cripmaquion'."""
    text = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


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


def write_yaml_at(path: Path, data: dict) -> Path:
    """Dump ``data`` as YAML to ``path``."""
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def wartime_list(path: Path, name: str, members: list[tuple[str, int]], *, warbook: str,
                 points_limit: int | None = None, player: str | None = None, **extra) -> Path:
    data: dict = {"system": "wartime", "name": name}
    if player:
        data["player"] = player
    if points_limit is not None:
        data["points_limit"] = points_limit
    data.update(extra)
    data["warbook"] = warbook
    data["squads"] = [{"name": "Alfa", "members": [{"character": c, "count": n} for c, n in members]}]
    return write_yaml_at(path, data)
