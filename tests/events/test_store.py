"""The event store on real databases: a SQLite file in tmp_path always, and the PostgreSQL that
BUILDER_TEST_DB names when it is set (.ci/run sets it; each test in a schema of its own:
tests/databases.py); the durability and SQLite pragma tests are SQLite's alone."""

from __future__ import annotations


import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import sqlalchemy as sa

from builder.core.edition_check import asking
from builder.core.pipeline import evaluate
from builder.events import schema
from builder.events.found import found_in, shown
from builder.events.codes import code_matches
from builder.events.bounds import Limits, plain_file_name
from builder.events.store import Checked, Store, StoreRefused
from tests.databases import KINDS, POSTGRES, database
from tests.support import EDITIONS, catalogs_hash

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 5, 1, 10, 0, tzinfo=timezone.utc)
LEGAL = Checked("wartime", 240, 250, True, 0, "WT-AAAA-0001", "es")
ILLEGAL = Checked("wartime", 325, 250, False, 2, "WT-BBBB-0002", "en")
ROSTER = {"lista.yaml": "system: wartime  # ñ, «comillas»\nname: Asalto Fénix\r\npoints_limit: 250\n",
          "warbook.yml": "warbook: {}\n"}


def checked(fingerprint: str, legal: bool = True) -> Checked:
    return Checked("wartime", 200, 250, legal, 0 if legal else 1, fingerprint)


@pytest.fixture(params=KINDS)
def url(request, tmp_path) -> str:
    with database(request.param, tmp_path) as opened:  # on PostgreSQL, a schema of its own
        yield opened


@pytest.fixture
def store(url):
    opened = Store.open(url)
    yield opened
    opened.close()


@pytest.fixture
def event(store) -> int:
    return store.create_event("Torneo de Otoño", "wartime", deadline=T0 + timedelta(days=7))


@pytest.mark.skipif(not POSTGRES, reason="the store on PostgreSQL: set BUILDER_TEST_DB (.ci/run does, with tools/test-postgres.sh)")
def test_every_store_test_also_runs_on_postgresql_when_builder_test_db_names_one(url):
    """One skip in place of one per test: the tests that take ``url`` run on it too when it is set."""
    assert POSTGRES


def count(store: Store, table: sa.Table) -> int:
    with store.engine.connect() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()


def test_desks_starting_at_once_on_one_database_open_one_event(url):
    import threading

    stores = [Store.open(url) for _ in range(4)]
    found: list[int] = []
    start = threading.Barrier(len(stores))

    def opening(store: Store) -> None:
        start.wait()
        found.append(store.open_event("Torneo de Otoño", "wartime"))

    threads = [threading.Thread(target=opening, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for store in stores:
        store.close()
    assert len(found) == 4 and len(set(found)) == 1
    assert count(Store.open(url), schema.events) == 1


def test_desks_opening_a_new_database_at_once_make_its_schema_once(url):
    import threading

    start, opened, failed = threading.Barrier(6), [], []

    def opening() -> None:
        start.wait()
        try:
            opened.append(Store.open(url))
        except Exception as exc:  # noqa: BLE001 - what a desk starting beside another would have died of
            failed.append(exc)

    threads = [threading.Thread(target=opening) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for store in opened:
        store.close()
    assert failed == [] and len(opened) == 6
    again = Store.open(url)
    assert again.schema_version() == schema.LATEST
    again.close()


def test_a_desk_finds_its_event_again_by_name_and_system(store, event):
    assert store.find_event("Torneo de Otoño", "wartime") == event
    assert store.find_event("Torneo de Otoño", "cripmaquion") is None
    assert store.find_event("Otro torneo", "wartime") is None


def test_a_team_registers_then_submits_a_second_version_with_its_edit_code(store, event):
    first = store.register(event, "Patrulla Alfa", ROSTER, LEGAL, now=T0)
    assert (first.version, len(first.edit_code)) == (1, 19) and first.edit_code.count("-") == 3
    changed = {"lista.yaml": "system: wartime\nname: Otra\n"}
    # Case, spaces and dashes in the typed code don't matter.
    second = store.submit(first.team_id, first.edit_code.lower().replace("-", " "), changed, ILLEGAL,
                          now=T0 + timedelta(hours=1))
    assert (second.team_id, second.version, second.edit_code) == (first.team_id, 2, None)

    one, two = store.versions(first.team_id)
    assert (one.version, one.files, one.checked, one.draft) == (1, ROSTER, LEGAL, False)
    assert list(one.files) == ["lista.yaml", "warbook.yml"]  # the order they were sent in
    assert (two.version, two.files, two.checked, two.draft) == (2, changed, ILLEGAL, True)
    assert (one.submitted_at, two.submitted_at) == (T0, T0 + timedelta(hours=1))
    assert [s.version for s in store.latest(event)] == [2]
    assert store.teams(event) == {first.team_id: "Patrulla Alfa"}


def test_only_a_hash_of_the_edit_code_is_kept(store, event):
    receipt = store.register(event, "Patrulla Alfa", ROSTER, LEGAL, now=T0)
    with store.engine.connect() as conn:
        stored = conn.execute(sa.select(schema.teams.c.code_hash)).scalar()
    assert receipt.edit_code not in stored and stored.startswith("sha256$")
    assert code_matches(receipt.edit_code, stored) and not code_matches("AAAA-AAAA-AAAA-AAAA", stored)
    assert code_matches(receipt.edit_code.lower().replace("-", " "), stored)  # as typed from paper


def test_a_wrong_edit_code_is_refused_and_nothing_is_stored(store, event):
    receipt = store.register(event, "Patrulla Alfa", ROSTER, LEGAL, now=T0)
    for wrong in ("", "AAAA-BBBB-CCCC-DDDD", receipt.edit_code[:-1]):
        with pytest.raises(StoreRefused) as refused:
            store.submit(receipt.team_id, wrong, ROSTER, LEGAL, now=T0)
        assert refused.value.code == "wrong-edit-code"
    assert (count(store, schema.submissions), count(store, schema.submission_files)) == (1, 2)
    with pytest.raises(StoreRefused, match="no-such-team"):
        store.submit(999, receipt.edit_code, ROSTER, LEGAL, now=T0)


def test_the_deadline_closes_submissions(store, event):
    deadline = T0 + timedelta(days=7)
    receipt = store.register(event, "Patrulla Alfa", ROSTER, LEGAL, now=T0)
    store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=deadline - timedelta(seconds=1))
    madrid = timezone(timedelta(hours=2))  # the same moment in another zone
    for late in (deadline, deadline.astimezone(madrid), deadline + timedelta(days=1)):
        with pytest.raises(StoreRefused, match="past-deadline"):
            store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=late)
        with pytest.raises(StoreRefused, match="past-deadline"):
            store.register(event, "Tarde", ROSTER, LEGAL, now=late)
    assert count(store, schema.submissions) == 2 and count(store, schema.teams) == 1
    store.set_deadline(event, deadline + timedelta(days=2))  # the organiser extends it
    store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=deadline + timedelta(days=1))
    assert store.event(event).deadline == deadline + timedelta(days=2)


def test_the_organiser_locks_and_unlocks_the_event_or_one_team(store, event):
    alfa = store.register(event, "Patrulla Alfa", ROSTER, LEGAL, now=T0)
    beta = store.register(event, "Patrulla Beta", ROSTER, LEGAL, now=T0)
    store.lock_team(alfa.team_id)
    assert store.locked_teams(event) == {alfa.team_id}
    with pytest.raises(StoreRefused, match="team-locked"):
        store.submit(alfa.team_id, alfa.edit_code, ROSTER, LEGAL, now=T0)
    store.submit(beta.team_id, beta.edit_code, ROSTER, LEGAL, now=T0)  # the other team is open
    store.lock_event(event)
    assert store.event(event).locked
    for team in (alfa, beta):
        with pytest.raises(StoreRefused, match="event-locked"):
            store.submit(team.team_id, team.edit_code, ROSTER, LEGAL, now=T0)
    with pytest.raises(StoreRefused, match="event-locked"):
        store.register(event, "Gamma", ROSTER, LEGAL, now=T0)
    store.lock_event(event, locked=False)
    store.lock_team(alfa.team_id, locked=False)
    assert store.locked_teams(event) == set()
    assert store.submit(alfa.team_id, alfa.edit_code, ROSTER, LEGAL, now=T0).version == 2


def test_teams_whose_latest_versions_share_a_fingerprint_are_flagged(store, event):
    alfa = store.register(event, "Alfa", ROSTER, checked("WT-SAME"), now=T0)
    store.register(event, "Beta", ROSTER, checked("WT-SAME", legal=False), now=T0)
    store.register(event, "Gamma", ROSTER, checked("WT-OTHER"), now=T0)
    store.register(event, "Delta", ROSTER, Checked(None, None, None, False, 1, None), now=T0)  # unreadable
    store.register(event, "Épsilon", ROSTER, Checked(None, None, None, False, 1, None), now=T0)
    assert store.duplicates(event) == {"WT-SAME": ["Alfa", "Beta"]}
    store.submit(alfa.team_id, alfa.edit_code, ROSTER, checked("WT-OTHER"), now=T0)
    assert store.duplicates(event) == {"WT-OTHER": ["Alfa", "Gamma"]}  # only latest versions count


def test_team_names_that_people_would_read_as_one_are_refused(store, event):
    store.register(event, "Los Fénix", ROSTER, LEGAL, now=T0)
    for same in ("los fenix", "LOS-FÉNIX", "  Los   Fénix ", "losfénix"):
        with pytest.raises(StoreRefused) as refused:
            store.register(event, same, ROSTER, LEGAL, now=T0)
        assert refused.value.code == "team-exists"
    for bad in ("", "   ", "---", "x" * 81):
        with pytest.raises(StoreRefused, match="bad-team-name"):
            store.register(event, bad, ROSTER, LEGAL, now=T0)
    other = store.create_event("Otro torneo", "wartime")
    store.register(other, "los fenix", ROSTER, LEGAL, now=T0)  # another event's names are its own
    assert count(store, schema.teams) == 2 and count(store, schema.submissions) == 2


def test_team_names_are_kept_in_their_plain_forms_and_look_alikes_are_one_team(store, event):
    lobos = store.register(event, "Ｌｏｂｏｓ  del\tℌielo", ROSTER, LEGAL, now=T0)  # full-width, black-letter
    assert store.teams(event)[lobos.team_id] == "Lobos del Hielo"  # NFKC, spaces collapsed
    for same in ("Lobos del Hielo", "lobos-del-hielo", "ＬＯＢＯＳ ＤＥＬ ＨＩＥＬＯ"):
        with pytest.raises(StoreRefused, match="team-exists"):
            store.register(event, same, ROSTER, LEGAL, now=T0)


@pytest.mark.parametrize("mark", ["\u202e", "\u202a", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e",
                                  "\u200f", "\u061c", "\x00", "\x07", "\x1b", "\x7f", "\x85"])
def test_a_team_name_with_a_control_or_direction_character_is_refused(store, event, mark):
    with pytest.raises(StoreRefused, match="bad-team-name"):
        store.register(event, f"Lobos{mark}Grises", ROSTER, LEGAL, now=T0)
    assert count(store, schema.teams) == 0


def test_a_review_of_a_version_that_is_no_longer_the_latest_stores_nothing(store, event):
    receipt = store.register(event, "Patrulla Alfa", ROSTER, LEGAL, now=T0)
    store.submit(receipt.team_id, receipt.edit_code, ROSTER, ILLEGAL, now=T0 + timedelta(minutes=1))
    with pytest.raises(StoreRefused) as stale:
        store.review(receipt.team_id, "approved", version=1)
    assert (stale.value.code, stale.value.detail) == ("stale-version", "2")
    assert store.reviews(receipt.team_id) == []
    assert store.review(receipt.team_id, "sent-back", "Sobra", version=2).version == 2


def test_approvals_and_send_backs_are_kept_as_a_history(store, event):
    receipt = store.register(event, "Patrulla Alfa", ROSTER, LEGAL, now=T0)
    assert store.standing(receipt.team_id) is None
    store.send_back(receipt.team_id, "Falta el Warbook", now=T0 + timedelta(minutes=5))
    store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=T0 + timedelta(minutes=10))
    assert store.standing(receipt.team_id) is None  # the new version is not reviewed yet
    store.approve(receipt.team_id, now=T0 + timedelta(minutes=15))
    history = store.reviews(receipt.team_id)
    assert [(r.version, r.verdict, r.note, r.at) for r in history] == [
        (1, "sent-back", "Falta el Warbook", T0 + timedelta(minutes=5)),
        (2, "approved", "", T0 + timedelta(minutes=15))]
    assert store.standing(receipt.team_id) == history[-1]
    with pytest.raises(StoreRefused, match="bad-verdict"):
        store.review(receipt.team_id, "maybe")


def test_export_writes_each_latest_version_back_as_sent(store, event, tmp_path):
    alfa = store.register(event, "Patrulla Alfa", {"old.yaml": "old\n"}, LEGAL, now=T0)
    store.submit(alfa.team_id, alfa.edit_code, ROSTER, LEGAL, now=T0)
    beta = store.register(event, "../../Ñandú / Béta", {"Compañía Fénix.yaml": "name: x\n"}, LEGAL, now=T0)
    out = tmp_path / "out"
    written = store.export(event, out)
    assert [p.relative_to(out).as_posix() for p in written] == [
        f"patrulla-alfa-{alfa.team_id}/lista.yaml", f"patrulla-alfa-{alfa.team_id}/warbook.yml",
        f"nandu-beta-{beta.team_id}/Compañía Fénix.yaml"]
    for path, text in zip(written, [*ROSTER.values(), "name: x\n"]):
        assert path.read_bytes() == text.encode("utf-8")  # byte for byte, \r\n included
    assert not (out / f"patrulla-alfa-{alfa.team_id}" / "old.yaml").exists()


@pytest.mark.parametrize("name", ["../x.yaml", "a/b.yaml", "a\\b.yaml", "/etc/x.yaml", ".hidden.yaml",
                                  "x.yaml/..", "lista.txt", "lista", "..yaml", " x.yaml", "x.yaml\n", "x\0.yaml"])
def test_a_hostile_file_name_never_becomes_a_path(store, event, tmp_path, name):
    assert not plain_file_name(name)
    with pytest.raises(StoreRefused, match="bad-file-name"):
        store.register(event, "Alfa", {name: "x: 1\n"}, LEGAL, now=T0)
    assert count(store, schema.teams) == 0
    if "\0" in name and store.engine.dialect.name == "postgresql":
        return  # PostgreSQL's text holds no NUL: such a name can't be stored there at all
    # One that reached the database some other way is written under a name of the store's own.
    receipt = store.register(event, "Alfa", {"lista.yaml": "x: 1\n"}, LEGAL, now=T0)
    with store.engine.begin() as conn:
        conn.execute(schema.submission_files.update().values(name=name))
    out = tmp_path / "deep" / "out"
    [written] = store.export(event, out)
    assert written == out / f"alfa-{receipt.team_id}" / "_file-1.yaml"
    assert [p for p in tmp_path.rglob("*") if p.is_file() and not p.name.startswith("event.sqlite")] == [written]


def test_an_error_midway_stores_nothing(store, event):
    with pytest.raises(sa.exc.IntegrityError):  # the second file has no text: the insert fails
        store.register(event, "Alfa", {"a.yaml": "x: 1\n", "b.yaml": None}, LEGAL, now=T0)
    assert (count(store, schema.teams), count(store, schema.submissions)) == (0, 0)
    receipt = store.register(event, "Alfa", ROSTER, LEGAL, now=T0)  # the name is still free
    with pytest.raises(sa.exc.IntegrityError):
        store.submit(receipt.team_id, receipt.edit_code, {"a.yaml": None}, LEGAL, now=T0)
    assert [s.version for s in store.versions(receipt.team_id)] == [1]


def test_the_schema_version_is_recorded_and_reopening_changes_nothing(url):
    store = Store.open(url)
    event = store.create_event("Torneo", "wartime")
    store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    assert store.schema_version() == schema.LATEST
    store.close()
    again = Store.open(url)
    with again.engine.connect() as conn:
        rows = conn.execute(sa.select(schema.schema_version.c.version)).scalars().all()
    assert rows == list(range(1, schema.LATEST + 1))
    assert [s.team for s in again.latest(event)] == ["Alfa"]
    again.close()


def test_a_database_from_the_future_is_refused_untouched(url):
    Store.open(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(schema.schema_version.insert().values(version=schema.LATEST + 1, applied_at=T0))
    with pytest.raises(StoreRefused) as refused:
        Store.open(url)
    assert refused.value.code == "newer-database" and f"version {schema.LATEST + 1}" in str(refused.value)
    with engine.connect() as conn:
        assert schema.version_of(conn) == schema.LATEST + 1
    engine.dispose()


def test_a_checked_list_is_kept_with_what_its_evaluation_found(store, event):
    evaluation = evaluate(ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml")
    found = Checked.of(evaluation, "en")
    assert (found.system, found.points, found.fingerprint, found.language) == (
        evaluation.system, evaluation.points, evaluation.fingerprint, "en")
    receipt = store.register(event, "Alfa", ROSTER, found, now=T0)
    assert store.versions(receipt.team_id)[0].checked == found


def test_each_version_keeps_the_edition_and_hash_it_was_checked_under(store, event, monkeypatch):
    # The made-up 2027-prueba installed beside builder's 2026 is the newest: a list is checked under
    # it unless 2026 is asked for. Under 2026, Sargento 58 + 3 × Fusilero 40 = 178; under 2027-prueba
    # (attribute 5 costs 5, 6 costs 8, grade 2 costs 12) the Veterano's body is 5+8+3+5+5 = 26 (was
    # 21), the Fusil 20+6-12 = 14 (16), the Cuchillo 12-5 = 7 (5), the Chaleco 15-12 = 3 (5): a
    # Sargento 26+14+3+1+15 = 59, a Fusilero 13+14+7+3+1 = 38, and 59 + 3 × 38 = 173.
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    alfa = ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml"
    with asking("2026"):
        old = Checked.of(evaluate(alfa), "es")
    new = Checked.of(evaluate(alfa), "es")
    assert (old.points, old.edition, new.points, new.edition) == (178, "2026", 173, "2027-prueba")
    assert (old.edition_hash, new.edition_hash) == (catalogs_hash(ROOT / "catalogs" / "wartime"),
                                                    catalogs_hash(EDITIONS / "wartime" / "2027-prueba"))
    first = store.register(event, "Alfa", ROSTER, old, now=T0)
    second = store.submit(first.team_id, first.edit_code, ROSTER, new, now=T0 + timedelta(minutes=1))
    kept = store.versions(first.team_id)
    assert [(v.checked.edition, v.checked.edition_hash) for v in kept] == \
        [("2026", old.edition_hash), ("2027-prueba", new.edition_hash)]
    assert store.submission(second.submission_id).checked.short_hash == new.edition_hash[:12]
    assert store.latest(event)[0].checked.edition == store.newest(first.team_id).checked.edition == "2027-prueba"
    assert store.history(first.team_id)[0][1].checked.edition == "2026"
    # A version checked by no edition known (a store's caller that says none) keeps none.
    third = store.submit(first.team_id, first.edit_code, ROSTER, LEGAL, now=T0 + timedelta(minutes=2))
    assert (store.submission(third.submission_id).checked.edition, LEGAL.short_hash) == (None, None)


def test_an_upgrade_marks_each_version_stored_before_with_its_games_first_edition(url, monkeypatch):
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    store = Store.open(url)
    event = store.create_event("Torneo", "wartime")
    wartime = store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    cripmaquion = store.register(event, "Los de Siempre", ROSTER, Checked("cripmaquion", None, None, True, 0, None), now=T0)
    elsewhere = store.register(event, "Otro", ROSTER, Checked("un-juego-de-fuera", 10, 20, True, 0, None), now=T0)
    with store.engine.begin() as conn:  # back to schema 9: no edition kept with any version
        conn.exec_driver_sql("ALTER TABLE submissions DROP COLUMN edition")
        conn.exec_driver_sql("ALTER TABLE submissions DROP COLUMN edition_hash")
        conn.execute(schema.schema_version.delete().where(schema.schema_version.c.version >= 10))
    store.close()
    again = Store.open(url)
    try:
        assert again.schema_version() == schema.LATEST
        # 2026, builder's own, though 2027-prueba is installed and newer; each game its own; a game
        # not installed here, none (nothing here knows its catalogs).
        assert [again.submission(r.submission_id).checked.edition for r in (wartime, cripmaquion, elsewhere)] == \
            ["2026", "2026", None]
        assert [again.submission(r.submission_id).checked.edition_hash for r in (wartime, cripmaquion)] == \
            [catalogs_hash(ROOT / "catalogs" / "wartime"), catalogs_hash(ROOT / "catalogs" / "cripmaquion")]
        assert again.submit(wartime.team_id, wartime.edit_code, ROSTER, LEGAL, now=T0).version == 2
    finally:
        again.close()


# SQLite alone


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'event.sqlite'}"


def test_sqlite_runs_in_wal_with_full_sync_and_foreign_keys(sqlite_url):
    store = Store.open(sqlite_url)
    with store.engine.connect() as conn:
        pragmas = [conn.exec_driver_sql(f"PRAGMA {p}").scalar()
                   for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")]
    assert pragmas == ["wal", 2, 1, 10_000]  # synchronous 2 is FULL
    store.close()


CHILD = textwrap.dedent("""
    import sys
    from builder.events.store import Checked, Store
    store = Store.open(sys.argv[1])
    checked = Checked("wartime", 200, 250, True, 0, "WT-0000-0000")
    first = store.register(1, "Alfa", {"lista.yaml": "v: 0\\n"}, checked)
    print(first.submission_id, flush=True)
    for n in range(1, 100_000):
        receipt = store.submit(first.team_id, first.edit_code, {"lista.yaml": f"v: {n}\\n"}, checked)
        print(receipt.submission_id, flush=True)
""")


def test_every_acknowledged_submission_survives_a_kill(sqlite_url, tmp_path):
    store = Store.open(sqlite_url)
    store.create_event("Torneo", "wartime")
    store.close()
    child = subprocess.Popen([sys.executable, "-c", CHILD, sqlite_url], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)
    acknowledged: list[int] = []
    give_up = time.monotonic() + 20
    try:
        while len(acknowledged) < 25 and time.monotonic() < give_up:
            line = child.stdout.readline()
            if not line:
                break
            acknowledged.append(int(line))
    finally:
        child.send_signal(signal.SIGKILL)  # mid-run: most likely inside its next submission
        child.wait(timeout=10)
    assert len(acknowledged) == 25, "the child stopped before 25 submissions"
    acknowledged += [int(line) for line in child.stdout.read().split()]  # acknowledged before the kill
    child.stdout.close()

    store = Store.open(sqlite_url)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        assert conn.exec_driver_sql("PRAGMA foreign_key_check").all() == []
    [team_id] = store.teams(1)
    versions = {s.id: s for s in store.versions(team_id)}
    assert set(acknowledged) <= set(versions)
    assert [versions[i].files["lista.yaml"] for i in acknowledged] == [f"v: {n}\n" for n in range(len(acknowledged))]
    store.close()


def test_every_write_to_an_event_counts_as_a_change_seen_by_every_process(store, event, url):
    seen = [store.event(event).changes]
    receipt = store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    seen.append(store.event(event).changes)
    store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=T0)
    seen.append(store.event(event).changes)
    store.approve(receipt.team_id)
    seen.append(store.event(event).changes)
    store.lock_team(receipt.team_id)
    seen.append(store.event(event).changes)
    store.set_deadline(event, None)
    seen.append(store.event(event).changes)
    store.lock_event(event)
    seen.append(store.event(event).changes)
    assert seen == list(range(seen[0], seen[0] + 7))
    other = Store.open(url)  # another process's store: the count is in the database
    assert other.event(event).changes == seen[-1]
    other.close()
    with pytest.raises(StoreRefused):  # a refusal is no change
        store.register(event, "Beta", ROSTER, LEGAL, now=T0)
    assert store.event(event).changes == seen[-1]


def test_a_team_keeps_at_most_its_versions_and_its_bytes(store, event):
    from builder.events.bounds import Limits

    size = sum(len(t.encode("utf-8")) for t in ROSTER.values())
    limits = Limits(versions=3, bytes=size * 4)
    receipt = store.register(event, "Alfa", ROSTER, LEGAL, now=T0, limits=limits)
    for _ in range(2):
        store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=T0, limits=limits)
    with pytest.raises(StoreRefused) as full:
        store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=T0, limits=limits)
    assert full.value.code == "team-versions-full"
    big = {"lista.yaml": "x" * (size * 2)}
    with pytest.raises(StoreRefused) as heavy:
        store.submit(receipt.team_id, receipt.edit_code, big, LEGAL, now=T0, limits=Limits(bytes=size * 4))
    assert heavy.value.code == "team-bytes-full"
    with pytest.raises(StoreRefused) as first:
        store.register(event, "Beta", {"lista.yaml": "x" * 100}, LEGAL, now=T0, limits=Limits(bytes=99))
    assert first.value.code == "team-bytes-full"
    assert [s.version for s in store.versions(receipt.team_id)] == [1, 2, 3] and len(store.teams(event)) == 1


def test_pages_read_the_latest_versions_and_one_page_of_history_without_files(store, event):
    receipt = store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    for n in range(24):
        store.submit(receipt.team_id, receipt.edit_code, {"lista.yaml": f"v: {n + 2}\n"}, LEGAL, now=T0)
    page, total = store.history(receipt.team_id, page=2, per_page=10)
    assert total == 25 and [s.version for s in page] == list(range(15, 5, -1)) and all(not s.files for s in page)
    assert [s.version for s in store.history(receipt.team_id, page=3)[0]] == [5, 4, 3, 2, 1]
    assert store.history(receipt.team_id, page=9)[0] == []
    newest = store.newest(receipt.team_id)
    assert (newest.version, newest.files) == (25, {"lista.yaml": "v: 25\n"})
    [latest] = store.latest(event, files=False)
    assert (latest.version, latest.files) == (25, {})


def test_the_database_tells_its_size(store, event):
    import secrets

    before = store.size()
    # Text no server can compress (PostgreSQL would keep 200,000 x's in a few KB), and far more of it
    # than other tests' schemas, made and dropped meanwhile in the same PostgreSQL database, weigh.
    files = {f"{n}.yaml": secrets.token_urlsafe(700_000) for n in range(2)}
    receipt = store.register(event, "Alfa", files, LEGAL, now=T0)
    assert before > 0 and store.size() >= before + 1_000_000
    assert receipt.version == 1


def test_a_database_of_schema_1_gains_the_counts_with_every_version_sized(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # as migration 1 made the tables before migration 2 existed
        schema.schema_version.create(conn)
        conn.exec_driver_sql("CREATE TABLE events (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL, "
                             "system VARCHAR(60) NOT NULL, deadline DATETIME, locked BOOLEAN NOT NULL, "
                             "created_at DATETIME NOT NULL)")
        conn.exec_driver_sql("CREATE TABLE submissions (id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL, "
                             "version INTEGER NOT NULL, system VARCHAR(60), points BIGINT, points_limit BIGINT, "
                             "legal BOOLEAN NOT NULL, findings INTEGER NOT NULL, fingerprint VARCHAR(40), "
                             "draft BOOLEAN NOT NULL, language VARCHAR(8) NOT NULL, submitted_at DATETIME NOT NULL)")
        schema.metadata.create_all(conn, tables=[schema.teams, schema.submission_files, schema.reviews])
        conn.execute(schema.schema_version.insert().values(version=1, applied_at=T0.replace(tzinfo=None)))
        conn.exec_driver_sql("INSERT INTO events VALUES (1, 'Torneo', 'wartime', NULL, 0, '2026-05-01')")
        conn.exec_driver_sql("INSERT INTO teams (id, event_id, name, folded, code_hash, locked, created_at) "
                             "VALUES (1, 1, 'Alfa', 'alfa', 'h', 0, '2026-05-01')")
        conn.exec_driver_sql("INSERT INTO submissions VALUES (1, 1, 1, 'wartime', 1, 2, 1, 0, NULL, 0, 'es', "
                             "'2026-05-01')")
        conn.exec_driver_sql("INSERT INTO submission_files VALUES (1, 1, 0, 'a.yaml', 'ñandú: 1\n')")
    engine.dispose()
    store = Store.open(url)
    assert store.schema_version() == schema.LATEST and store.event(1).changes == 0
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(schema.submissions.c.bytes)).scalar() == len("ñandú: 1\n".encode())
    store.close()


def test_the_organiser_issues_a_new_edit_code_and_the_old_one_stops_working(store, event):
    receipt = store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    changes = store.event(event).changes
    fresh = store.new_code(receipt.team_id, now=T0 + timedelta(hours=1))
    assert fresh != receipt.edit_code and store.code_is(receipt.team_id, fresh)
    assert not store.code_is(receipt.team_id, receipt.edit_code)
    with pytest.raises(StoreRefused) as refused:
        store.submit(receipt.team_id, receipt.edit_code, ROSTER, LEGAL, now=T0 + timedelta(hours=2))
    assert refused.value.code == "wrong-edit-code"
    assert store.submit(receipt.team_id, fresh, ROSTER, LEGAL, now=T0 + timedelta(hours=2)).version == 2
    assert store.code_changes(receipt.team_id) == [T0 + timedelta(hours=1)]  # when, never the code
    assert store.event(event).changes > changes and store.reviews(receipt.team_id) == []
    with pytest.raises(StoreRefused):
        store.new_code(999)


def test_publishing_is_kept_in_the_event_for_every_process(store, event, url):
    assert store.event(event).publish is False and not store.publishing_set(event)
    store.set_publish(event, True)
    other = Store.open(url)  # another worker process's view
    assert other.event(event).publish is True and other.publishing_set(event)
    other.set_publish(event, False)
    other.close()
    assert store.event(event).publish is False


def test_one_stored_version_is_read_by_its_id(store, event):
    receipt = store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    found = store.submission(receipt.submission_id)
    assert (found.team, found.version, dict(found.files)) == ("Alfa", 1, ROSTER)
    with pytest.raises(StoreRefused) as refused:
        store.submission(receipt.submission_id + 1)
    assert refused.value.code == "no-such-submission"


def test_a_database_of_schema_3_gains_publishing_and_the_code_changes(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    store = Store.open(url)
    event = store.create_event("Torneo", "wartime")
    store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    with store.engine.begin() as conn:  # back to schema 3, as a desk of issue 39 left it
        conn.exec_driver_sql("DROP TABLE code_changes")
        conn.exec_driver_sql("ALTER TABLE events DROP COLUMN publish")
        conn.exec_driver_sql("DROP TABLE organiser_sessions")  # and what later migrations made
        conn.exec_driver_sql("ALTER TABLE submissions DROP COLUMN found")
        conn.exec_driver_sql("ALTER TABLE teams DROP COLUMN removed_at")
        conn.execute(schema.schema_version.delete().where(schema.schema_version.c.version >= 4))
    store.close()
    again = Store.open(url)
    assert again.schema_version() == schema.LATEST
    assert again.event(event).publish is False and not again.publishing_set(event)
    assert again.code_changes(1) == [] and [s.team for s in again.latest(event)] == ["Alfa"]
    again.close()


def test_what_a_check_found_is_kept_with_its_version_and_an_older_one_gains_it_once(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    store = Store.open(url)
    event = store.create_event("Torneo", "wartime")
    evaluation = evaluate(ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml")
    older = store.register(event, "Alfa", ROSTER, Checked.of(evaluation, "es"), now=T0)
    with store.engine.begin() as conn:  # back to schema 5: its version kept without what it found
        conn.exec_driver_sql("ALTER TABLE submissions DROP COLUMN found")
        conn.exec_driver_sql("ALTER TABLE teams DROP COLUMN removed_at")  # and what the later migration made
        conn.execute(schema.schema_version.delete().where(schema.schema_version.c.version >= 6))
    store.close()
    again = Store.open(url)
    assert again.schema_version() == schema.LATEST
    assert again.submission(older.submission_id).checked.found is None  # checked again when shown
    again.keep_found(older.submission_id, found_in(evaluation))
    again.keep_found(older.submission_id, {"player": "otro", "es": [], "en": []})  # the first kept stays
    kept = again.submission(older.submission_id).checked.found
    assert kept["player"] == evaluation.player and shown(kept, "en") == found_in(evaluation)["en"]
    newer = again.submit(older.team_id, older.edit_code, ROSTER, Checked.of(evaluation, "en"), now=T0)
    assert again.submission(newer.submission_id).checked.found == found_in(evaluation)
    assert again.newest(older.team_id).checked.found == found_in(evaluation)
    # A list of versions (the dashboard, an export) reads none of it.
    assert again.latest(event)[0].checked.found is None and again.versions(older.team_id)[1].checked.found is None
    again.close()


def test_an_event_takes_at_most_its_teams_and_a_removed_team_frees_its_place_and_its_name(store, event):
    limits = Limits(teams=2)
    alfa = store.register(event, "Alfa", ROSTER, LEGAL, now=T0, limits=limits)
    store.register(event, "Beta", ROSTER, LEGAL, now=T0, limits=limits)
    with pytest.raises(StoreRefused) as refused:
        store.register(event, "Gamma", ROSTER, LEGAL, now=T0, limits=limits)
    assert refused.value.code == "event-full" and count(store, schema.teams) == 2
    # A team already in it still sends versions: the bound is on teams, not lists.
    assert store.submit(alfa.team_id, alfa.edit_code, ROSTER, LEGAL, now=T0, limits=limits).version == 2
    assert store.remove_teams(event, [alfa.team_id], now=T0) == ["Alfa"]
    again = store.register(event, "alfa", ROSTER, LEGAL, now=T0, limits=limits)  # its place and its name are free
    assert store.teams(event) == {2: "Beta", again.team_id: "alfa"} and store.team_count(event) == 2


def test_removed_teams_are_in_no_read_and_keep_their_history(store, event):
    alfa = store.register(event, "Alfa", ROSTER, checked("WT-SAME"), now=T0)
    beta = store.register(event, "Beta", ROSTER, checked("WT-SAME"), now=T0)
    gamma = store.register(event, "Gamma", ROSTER, checked("WT-SAME"), now=T0)
    store.approve(beta.team_id, "bien", now=T0)
    store.lock_team(beta.team_id)
    before = store.event(event).changes
    assert store.remove_teams(event, [gamma.team_id, beta.team_id], now=T0) == ["Beta", "Gamma"]
    assert store.event(event).changes == before + 1
    assert store.teams(event) == {alfa.team_id: "Alfa"} and store.locked_teams(event) == set()
    assert [s.team for s in store.latest(event)] == ["Alfa"] and store.duplicates(event) == {}
    assert store.team_count(event) == 1 and store.removed_count(event) == 2
    for read in (store.newest, store.versions, store.reviews, store.history, store.code_changes):
        with pytest.raises(StoreRefused, match="no-such-team"):
            read(beta.team_id)
    with pytest.raises(StoreRefused, match="no-such-submission"):
        store.submission(beta.submission_id)
    with pytest.raises(StoreRefused, match="no-such-team"):
        store.submit(beta.team_id, beta.edit_code, ROSTER, LEGAL, now=T0)
    # Nothing deleted: the rows are there, marked (append-only history).
    assert count(store, schema.teams) == 3 and count(store, schema.submissions) == 3 and count(store, schema.reviews) == 1
    # All or none: one unknown (or already removed) team, and nothing is removed.
    for wrong in ([alfa.team_id, beta.team_id], [alfa.team_id, 99], []):
        with pytest.raises(StoreRefused, match="no-such-team"):
            store.remove_teams(event, wrong, now=T0)
    assert store.teams(event) == {alfa.team_id: "Alfa"}
    other = store.create_event("Otro torneo", "wartime")
    with pytest.raises(StoreRefused, match="no-such-team"):  # another event's team is not this one's
        store.remove_teams(other, [alfa.team_id], now=T0)


def test_a_database_of_schema_4_gains_the_removals(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    store = Store.open(url)
    event = store.create_event("Torneo", "wartime")
    store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    removals = schema.MIGRATIONS.index(schema._removals) + 1
    with store.engine.begin() as conn:  # back to the schema before the removals
        conn.exec_driver_sql("ALTER TABLE teams DROP COLUMN removed_at")
        conn.execute(schema.schema_version.delete().where(schema.schema_version.c.version >= removals))
    store.close()
    again = Store.open(url)
    assert again.schema_version() == schema.LATEST
    assert again.teams(event) == {1: "Alfa"} and again.remove_teams(event, [1], now=T0) == ["Alfa"]
    again.close()
