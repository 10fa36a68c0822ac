"""What the desk's tests share: the example tournament's pack and lists, and a player's and the
organiser's moves over a test client (the fixtures are in conftest.py)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import sqlalchemy as sa

from builder.core.pack import RoundsFormat
from builder.events import schema

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
BASE = "http://127.0.0.1:8080"
TOKEN = "la-clave-de-la-organizacion"
# Patrulla Alfa (178 of 250, legal) with its Warbook beside it, as the example tournament keeps it.
ALFA = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes()
OVER = ALFA.replace(b"count: 3", b"count: 5")  # 58 + 5 × 40 = 258 of 250: illegal


def csrf(client) -> str:
    return client.cookies["desk_csrf"]


def submit(client, team: str, files=(("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK)), code: str = "",
           lang: str = "es", pasted: str = "", follow_redirects: bool = True, **headers):
    """A submission as the form sends it; stored, it is followed to its receipt (303, then GET)."""
    return client.post("/submit", data={"csrf": csrf(client), "team": team, "code": code, "lang": lang,
                                        "pasted": pasted},
                       files=[("files", (name, data, "application/x-yaml")) for name, data in files], headers=headers,
                       follow_redirects=follow_redirects)


def edit_code(response) -> str:
    return re.search(r'id="edit-code">([A-Z0-9-]+)<', response.text).group(1)


def stored(db: str) -> tuple[int, int]:
    engine = sa.create_engine(db)
    with engine.connect() as conn:
        counts = tuple(conn.execute(sa.select(sa.func.count()).select_from(t)).scalar()
                       for t in (schema.teams, schema.submissions))
    engine.dispose()
    return counts


def admin(client, token: str = TOKEN):
    """The organiser logs in, by POST as the login form sends it."""
    response = client.post("/admin/login", data={"csrf": csrf(client), "token": token}, follow_redirects=False)
    assert response.status_code == 303
    return response


def kept_unchecked(db: str) -> None:
    """Every stored list as a builder before migration 6 kept it: without what its check found."""
    engine = sa.create_engine(db)
    with engine.begin() as conn:
        if "found" in {c["name"] for c in sa.inspect(conn).get_columns("submissions")}:
            conn.execute(sa.text("UPDATE submissions SET found = NULL"))
    engine.dispose()


ROUNDS = RoundsFormat(count=3, score="puntos de victoria", score_en="victory points")
"""The example tournament played as a day of three rounds, victory points kept beside the points (named
in both languages)."""


def day_pack(rounds: RoundsFormat | None = ROUNDS):
    """The example tournament's pack with a ``rounds:`` block (or none)."""
    from dataclasses import replace

    from builder.events.packs import load_pack

    return replace(load_pack(PACK), rounds=rounds)


def look_up(client, team: str, code: str, lang: str = "es"):
    """A team's phone opens its day with its name and code (the page keeps them)."""
    return client.post("/day", data={"csrf": csrf(client), "action": "look", "team": team, "code": code,
                                     "lang": lang}, follow_redirects=False)


def on_day(client, action: str, **fields):
    """A POST of the team's day page, as its forms send it."""
    return client.post("/day", data={"csrf": csrf(client), "action": action, "lang": "es", **fields},
                       follow_redirects=False)


def on_day_admin(client, action: str, **fields):
    """A POST of the organiser's day page, as its forms send it."""
    return client.post("/admin/day", data={"csrf": csrf(client), "action": action, "lang": "es", **fields},
                       follow_redirects=False)


EXPORT_STATE = re.compile(r'data-state="(\w+)"')
EXPORT_FILE = re.compile(r'href="(/admin/exports/[^"?]+)[^"]*" id="export-download"')


def export_state(page) -> str:
    return EXPORT_STATE.search(page.text).group(1)


def exported(client, path: str, seconds: float = 240.0):
    """An organiser's export as a browser gets it: its address asked (the job started, 303 to its page),
    the page looked at until the job has ended, then its file downloaded (or, if it was not made, the page)."""
    asked = client.get(path, follow_redirects=False)
    if asked.status_code != 303:
        return asked
    return export_file(client, asked.headers["location"], seconds)


def export_file(client, where: str, seconds: float = 240.0):
    """The export whose page is ``where``, once its job has ended: its file, or the page if none was made."""
    until = time.monotonic() + seconds
    page = client.get(where)
    while export_state(page) == "running":
        assert time.monotonic() < until, f"{where} still running after {seconds} s"
        time.sleep(0.1)
        page = client.get(where)
    link = EXPORT_FILE.search(page.text)
    return client.get(link.group(1)) if link else page
