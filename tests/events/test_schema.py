"""A database made by each released schema opens with today's code, everything in it readable.

tests/events/fixtures/schema-N.sql is what the builder that released schema N left behind (made by
tools/schema_fixtures.py with that commit's own code: two events, teams with several versions, reviews,
a locked team, an organiser's new edit code), and schema-N.json what it stored. Each is opened by
today's Store, brought up to the newest schema whatever it is (a migration appended later is
covered without touching this file), and read back whole: every team, version, file and review, and
every team's edit code still works. A schema released later adds its own pair of files.
"""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from builder.events import schema
from builder.events.store import Checked, Store, StoreRefused
from tests.support import EDITIONS, ROOT, catalogs_hash

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELEASED = sorted(int(path.stem.split("-")[1]) for path in FIXTURES.glob("schema-*.sql"))
LATER = datetime(2026, 11, 21, 9, 0, tzinfo=timezone.utc)  # before the fixtures' deadline


def test_every_released_schema_has_a_database_made_by_its_release():
    assert set(range(1, 5)) <= set(RELEASED) and max(RELEASED) <= schema.LATEST


def opened_fixture(number: int, folder: Path) -> tuple[Store, dict]:
    database = folder / f"schema-{number}.sqlite"
    with sqlite3.connect(database) as conn:
        conn.executescript((FIXTURES / f"schema-{number}.sql").read_text(encoding="utf-8"))
    conn.close()
    stored = json.loads((FIXTURES / f"schema-{number}.json").read_text(encoding="utf-8"))
    assert stored["schema"] == number
    return Store.open(f"sqlite:///{database}"), stored


@pytest.mark.parametrize("number", RELEASED)
def test_a_database_of_an_earlier_schema_opens_upgraded_with_every_team_version_file_and_review(number, tmp_path):
    store, stored = opened_fixture(number, tmp_path)
    try:
        assert store.schema_version() == schema.LATEST
        for event in stored["events"]:
            event_id = store.find_event(event["name"], event["system"])
            assert event_id is not None, event["name"]
            found = store.event(event_id)
            deadline = datetime.fromisoformat(event["deadline"]).replace(tzinfo=timezone.utc) if event["deadline"] else None
            assert (found.deadline, found.locked, found.publish) == (deadline, False, event["published"])
            teams = store.teams(event_id)
            assert sorted(teams.values()) == sorted(team["name"] for team in event["teams"])
            ids = {name: team_id for team_id, name in teams.items()}
            assert store.locked_teams(event_id) == {ids[team["name"]] for team in event["teams"] if team["locked"]}
            for team in event["teams"]:
                team_id = ids[team["name"]]
                versions = store.versions(team_id)
                assert [v.version for v in versions] == list(range(1, len(team["versions"]) + 1))
                for kept, sent in zip(versions, team["versions"]):
                    assert dict(kept.files) == sent["files"]
                    assert (kept.checked.system, kept.checked.points, kept.checked.legal) == \
                        (event["system"], sent["points"], sent["legal"])
                    assert store.submission(kept.id).files == kept.files
                assert [(r.version, r.verdict, r.note) for r in store.reviews(team_id)] == \
                    [tuple(review) for review in team["reviews"]]
                assert store.code_is(team_id, team["code"])
                assert len(store.code_changes(team_id)) == (1 if team["code_changed"] else 0)
                # The same name again is the same team, as the released builder folded it.
                with pytest.raises(StoreRefused) as refused:
                    store.register(event_id, team["name"].upper(), {"otra.yaml": "x: 1\n"},
                                   Checked(event["system"], None, None, True, 0, None), now=LATER)
                assert refused.value.code == "team-exists"
            latest = store.latest(event_id)
            assert sorted((s.team, s.version) for s in latest) == \
                sorted((team["name"], len(team["versions"])) for team in event["teams"])
            assert len(store.export(event_id, tmp_path / f"export-{event_id}")) == \
                sum(len(team["versions"][-1]["files"]) for team in event["teams"])
    finally:
        store.close()


@pytest.mark.parametrize("number", RELEASED)
def test_an_upgraded_database_takes_new_versions_reviews_and_codes(number, tmp_path):
    store, stored = opened_fixture(number, tmp_path)
    try:
        event = stored["events"][0]
        event_id = store.find_event(event["name"], event["system"])
        team = next(team for team in event["teams"] if not team["locked"])
        team_id = {name: team_id for team_id, name in store.teams(event_id).items()}[team["name"]]
        receipt = store.submit(team_id, team["code"], {"nueva.yaml": "system: wartime\n"},
                               Checked("wartime", 200, 250, True, 0, "f" * 40), now=LATER)
        assert receipt.version == len(team["versions"]) + 1
        assert store.approve(team_id, "Vale", now=LATER).version == receipt.version
        code = store.new_code(team_id, now=LATER)
        assert store.code_is(team_id, code) and not store.code_is(team_id, team["code"])
        new = store.register(event_id, "Equipo Nuevo", {"nuevo.yaml": "system: wartime\n"},
                             Checked("wartime", 100, 250, True, 0, None), now=LATER)
        assert store.newest(new.team_id).version == 1
    finally:
        store.close()
    # Opened again: nothing is migrated twice.
    again = Store.open(f"sqlite:///{tmp_path / f'schema-{number}.sqlite'}")
    try:
        assert again.schema_version() == schema.LATEST
    finally:
        again.close()


@pytest.mark.parametrize("number", RELEASED)
def test_an_upgraded_databases_versions_say_they_were_checked_under_the_2026_edition(number, tmp_path, monkeypatch):
    # A newer edition of Wartime installed beside builder's own: the versions stored before were
    # checked under the one edition there was then, 2026, never under the newest.
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    store, stored = opened_fixture(number, tmp_path)
    try:
        for event in stored["events"]:
            event_id = store.find_event(event["name"], event["system"])
            shipped = catalogs_hash(ROOT / "catalogs" / event["system"])
            for team_id in store.teams(event_id):
                for kept in store.versions(team_id):
                    assert (kept.checked.edition, kept.checked.edition_hash) == ("2026", shipped)
                    assert kept.checked.short_hash == shipped[:12]
                    assert store.submission(kept.id).checked.edition == "2026"
            for latest in store.latest(event_id):
                assert latest.checked.edition == "2026"
    finally:
        store.close()


def test_an_older_edition_installed_from_elsewhere_is_not_taken_for_the_one_versions_were_checked_under(
        tmp_path, monkeypatch):
    # Wartime's catalogs as a made-up «2025-vieja», installed from a folder of BUILDER_EDITIONS: older
    # than 2026, but no builder ever checked a list under it; what was stored was checked under 2026.
    older = tmp_path / "editions" / "wartime" / "2025-vieja"
    older.mkdir(parents=True)
    (older / "edition.yaml").write_text('name: "2025-vieja"\ndate: 2025-01-10\n', encoding="utf-8")
    (older / "costs.yaml").write_bytes((ROOT / "catalogs" / "wartime" / "costs.yaml").read_bytes() + b"# vieja\n")
    monkeypatch.setenv("BUILDER_EDITIONS", f"{EDITIONS}{os.pathsep}{tmp_path / 'editions'}")
    store, stored = opened_fixture(max(RELEASED), tmp_path)
    try:
        event = stored["events"][0]
        event_id = store.find_event(event["name"], event["system"])
        assert {(s.checked.edition, s.checked.edition_hash) for s in store.latest(event_id)} == \
            {("2026", catalogs_hash(ROOT / "catalogs" / "wartime"))}
    finally:
        store.close()
