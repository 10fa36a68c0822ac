"""Make tests/events/fixtures/schema-N.sql: an event database as the builder that released schema N left
it, for tests/events/test_schema.py to open with today's code.

For each released schema, the code of the commit that released it (``git archive``, into a temporary
folder) fills a SQLite file through its own Store: two events, teams with several versions of their
lists, reviews, a locked team and, from schema 4 on, an edit code changed by the organiser. The file is
written out as SQL (``sqlite3``'s dump: text, so a change to it reads in a diff) beside a JSON of what
was stored, the teams' edit codes among it, which the test expects to read back.

Run it from the checkout's root, with its .venv: ``.venv/bin/python tools/schema_fixtures.py``.
A schema released later is added to RELEASES (its number and the mainline commit that brought it),
never made again for an old one: the old files are what old desks left behind.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "events" / "fixtures"

RELEASES = {
    1: "1fe8c10",  # Merge branch 'event-store': the store, its first tables
    2: "224fab3",  # Merge i39-fairness: events.changes and submissions.bytes
    3: "2eab5b5",  # Merge i39-deploy: rate_hits
    4: "ac9e370",  # Merge i40-desk40: events.publish and code_changes
    9: "c0cb6d9",  # Merge h48-day: with h48-show's race_days, schema 9 whole (the last before editions)
}

ALFA = """# Patrulla Alfa, de la Compañía Fénix
system: wartime
name: Patrulla Alfa
warbook: fenix-warbook.yaml
points_limit: 250
squads:
  - name: Escuadra «Ñu»
    troopers: 5
"""
WARBOOK = "system: wartime\nkind: warbook\nname: Compañía Fénix\n"

# Each team: its name, the versions it sends (each its files and whether it is legal), then the
# organiser's reviews (after which version, its verdict and note), and whether it ends locked.
EVENTS = [
    {"name": "Torneo de otoño", "system": "wartime", "deadline": "2026-12-01T18:00:00", "teams": [
        {"name": "Patrulla Alfa", "versions": [
            {"files": {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}, "legal": False, "points": 262},
            {"files": {"alfa.yaml": ALFA.replace("troopers: 5", "troopers: 4"), "fenix-warbook.yaml": WARBOOK},
             "legal": True, "points": 248}],
         "reviews": [[1, "sent-back", "Sobran puntos: 262 de 250."], [2, "approved", "¡Suerte!"]], "locked": False},
        {"name": "Ñandú Éxodo", "versions": [
            {"files": {"nandu.yaml": ALFA.replace("Patrulla Alfa", "Ñandú Éxodo")}, "legal": True, "points": 240},
            {"files": {"nandu.yaml": ALFA.replace("Patrulla Alfa", "Ñandú Éxodo") + "# v2\n"}, "legal": True,
             "points": 240},
            {"files": {"nandu.yaml": ALFA.replace("Patrulla Alfa", "Ñandú Éxodo") + "# v3 — última\n"},
             "legal": True, "points": 244}],
         "reviews": [[3, "approved", ""]], "locked": True},
        {"name": "Compañía Fénix", "versions": [
            {"files": {"fenix.yml": "system: wartime\nname: 'Compañía Fénix'\n"}, "legal": True, "points": 100}],
         "reviews": [], "locked": False, "new_code": True}]},
    {"name": "Liga Cripmaquión", "system": "cripmaquion", "deadline": None, "teams": [
        {"name": "Los de Siempre", "versions": [
            {"files": {"siempre.yaml": "system: cripmaquion\nname: Los de Siempre\n"}, "legal": True, "points": None}],
         "reviews": [[1, "sent-back", "Falta el líder."]], "locked": False}]},
]

FILL = r'''
import json, sys
from datetime import datetime, timedelta
from builder.events.store import Checked, Store

url, plan = sys.argv[1], json.loads(sys.argv[2])
store = Store.open(url)
now = datetime(2026, 11, 20, 10, 0)
made = []
for event in plan:
    deadline = datetime.fromisoformat(event["deadline"]) if event["deadline"] else None
    event_id = store.create_event(event["name"], event["system"], deadline)
    teams = []
    for team in event["teams"]:
        code, team_id, versions = None, None, []
        for number, version in enumerate(team["versions"], start=1):
            now += timedelta(minutes=7)
            checked = Checked(event["system"], version["points"], 250 if version["points"] else None,
                              version["legal"], 0 if version["legal"] else 1, f"{number:040x}", "es")
            if team_id is None:
                receipt = store.register(event_id, team["name"], version["files"], checked, now=now)
                team_id, code = receipt.team_id, receipt.edit_code
            else:
                store.submit(team_id, code, version["files"], checked, now=now)
            for after, verdict, note in team["reviews"]:
                if after == number:
                    now += timedelta(minutes=3)
                    store.review(team_id, verdict, note, now=now)
        changed = False
        if team.get("new_code") and hasattr(store, "new_code"):
            code, changed = store.new_code(team_id), True
        if team["locked"]:
            store.lock_team(team_id)
        teams.append({"name": team["name"], "code": code, "locked": team["locked"], "code_changed": changed,
                      "versions": team["versions"], "reviews": team["reviews"]})
    if hasattr(store, "set_publish"):
        store.set_publish(event_id, True)
    made.append({"name": event["name"], "system": event["system"], "deadline": event["deadline"],
                 "published": hasattr(store, "set_publish"), "teams": teams})
print(json.dumps({"schema": store.schema_version(), "events": made}, ensure_ascii=False))
store.close()
'''


def made_by(commit: str, folder: Path) -> dict:
    """The database the code of ``commit`` fills, in ``folder``, and what it stored."""
    code = folder / "code"
    code.mkdir()
    archive = subprocess.run(["git", "archive", commit, "builder"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(code)], input=archive, check=True)
    database = folder / "event.sqlite"
    filled = subprocess.run([sys.executable, "-c", FILL, f"sqlite:///{database}", json.dumps(EVENTS)],
                            env={**os.environ, "PYTHONPATH": str(code)}, cwd=folder, check=True,
                            capture_output=True, text=True)
    with sqlite3.connect(database) as conn:
        dump = "\n".join(conn.iterdump()) + "\n"
    return {"dump": dump, "stored": json.loads(filled.stdout)}


def main() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for number, commit in RELEASES.items():
        sql, expected = FIXTURES / f"schema-{number}.sql", FIXTURES / f"schema-{number}.json"
        if sql.exists() and "--again" not in sys.argv:
            continue
        with tempfile.TemporaryDirectory() as folder:
            made = made_by(commit, Path(folder))
        if made["stored"]["schema"] != number:
            raise SystemExit(f"{commit} made schema {made['stored']['schema']}, not {number}")
        sql.write_text(made["dump"], encoding="utf-8")
        expected.write_text(json.dumps({"commit": commit, **made["stored"]}, ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")
        print(f"schema {number}: {sql.relative_to(ROOT)} from {commit}")


if __name__ == "__main__":
    main()
