"""An event's database backed up while a desk takes submissions, and restored: on SQLite (its online
backup) and on the PostgreSQL BUILDER_TEST_DB names (pg_dump and pg_restore; skipped where they are
not installed). Nothing acknowledged before the backup began is missing from what it restores; a
restore never writes over a desk's database unasked, nor restores a newer builder's backup."""

from __future__ import annotations

import http.client
import os
import signal
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from builder.core.errors import InputError
from builder.events import backups, schema
from builder.events.store import Checked, Store
from tests.databases import KINDS, database
from tests.programs import program
from tests.serve.live import free_port

LEGAL = Checked("wartime", 240, 250, True, 0, "WT-AAAA-0001", "es")


@pytest.fixture(params=KINDS)
def url(request, tmp_path) -> str:
    if request.param == "postgresql":
        program("pg_dump")
        program("pg_restore")
    with database(request.param, tmp_path) as opened:
        yield opened


def teams_and_versions(url: str) -> dict[str, list[dict[str, str]]]:
    store = Store.open(url)
    try:
        event = store.find_event("Torneo de Otoño", "wartime")
        return {name: [dict(v.files) for v in store.versions(team)] for team, name in store.teams(event).items()}
    finally:
        store.close()


def filled(url: str) -> Store:
    store = Store.open(url)
    event = store.create_event("Torneo de Otoño", "wartime")
    receipt = store.register(event, "Patrulla Alfa", {"alfa.yaml": "system: wartime  # ñ\n"}, LEGAL)
    store.submit(receipt.team_id, receipt.edit_code, {"alfa.yaml": "system: wartime\nname: v2\n"}, LEGAL)
    store.approve(receipt.team_id, "¡Bien!")
    return store


def test_a_backup_restored_over_a_changed_database_brings_back_what_it_held(url, tmp_path):
    store = filled(url)
    try:
        out = tmp_path / "copia.backup"
        assert backups.backup(url, out) == schema.LATEST
        kept = teams_and_versions(url)
        store.register(store.find_event("Torneo de Otoño", "wartime"), "Tras la copia", {"b.yaml": "x: 1\n"}, LEGAL)
    finally:
        store.close()
    with pytest.raises(InputError) as live:
        backups.restore(out, url)
    assert live.value.code == "live-database" and "Tras la copia" in teams_and_versions(url)
    assert backups.restore(out, url, replace=True) == schema.LATEST
    assert teams_and_versions(url) == kept
    again = Store.open(url)
    try:
        (team,) = again.teams(again.find_event("Torneo de Otoño", "wartime"))
        assert [r.verdict for r in again.reviews(team)] == ["approved"]
    finally:
        again.close()
    with pytest.raises(InputError) as exists:
        backups.backup(url, out)
    assert exists.value.code == "output-exists"


def test_a_sqlite_backup_restores_into_a_new_file_and_is_one_file_of_its_own(tmp_path):
    url = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    filled(url).close()
    out = tmp_path / "copia.sqlite"
    backups.backup(url, out)
    assert not list(tmp_path.glob(".*.part")) and not (tmp_path / "copia.sqlite-wal").exists()
    with sqlite3.connect(out) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    restored = f"sqlite:///{tmp_path / 'nueva' / 'torneo.sqlite'}"
    with pytest.raises(InputError) as folder:
        backups.restore(out, restored)
    assert folder.value.code == "output-folder-missing"
    (tmp_path / "nueva").mkdir()
    backups.restore(out, restored)
    assert teams_and_versions(restored) == teams_and_versions(url)


def test_a_newer_builders_backup_a_file_that_is_no_backup_and_another_kinds_are_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    filled(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(schema.schema_version.insert().values(version=schema.LATEST + 1, applied_at=schema.utcnow()))
    engine.dispose()
    newer = tmp_path / "nueva.sqlite"
    backups.backup(url, newer)  # a copy is a copy, whoever reads it later
    target = f"sqlite:///{tmp_path / 'otra.sqlite'}"
    refusals = {}
    for name, data in (("nueva.sqlite", None), ("texto.sqlite", b"not a database\n"),
                       ("volcado.dump", b"PGDMP\x01\x0e\x00"), ("vacia.sqlite", b"")):
        if data is not None:
            (tmp_path / name).write_bytes(data)
        with pytest.raises(InputError) as refused:
            backups.restore(tmp_path / name, target)
        refusals[name] = refused.value.code
    assert refusals == {"nueva.sqlite": "newer-backup", "texto.sqlite": "not-an-event-database",
                        "volcado.dump": "backup-of-another-kind", "vacia.sqlite": "not-an-event-database"}
    assert not (tmp_path / "otra.sqlite").exists()
    plain = tmp_path / "plain.sqlite"
    sqlite3.connect(plain).close()
    with pytest.raises(InputError) as empty:
        backups.backup(f"sqlite:///{plain}", tmp_path / "x.backup")
    assert empty.value.code == "not-an-event-database"


def test_without_pg_dump_a_postgresql_backup_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    url = "postgresql://u:secreto@127.0.0.1:1/torneo"
    (tmp_path / "c.dump").write_bytes(b"PGDMP")
    for work, tool in ((lambda: backups.backup(url, tmp_path / "d.dump"), "pg_dump"),
                       (lambda: backups.restore(tmp_path / "c.dump", url), "pg_restore")):
        with pytest.raises(InputError) as missing:
            work()
        assert (missing.value.code, missing.value.params["tool"]) == ("backup-tool-missing", tool)


def stop(server) -> None:
    """The desk stopped as systemd stops it (SIGTERM), waited for."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def test_a_backup_taken_during_submissions_restores_every_one_acknowledged_before_it(url, tmp_path):
    """A desk (two worker processes) takes submissions from four players while the backup is taken;
    restored, the database has every team acknowledged before the backup began, each version whole."""
    from tests.desk.test_server import start, submit

    port = free_port()
    server = start(url, port, 2)
    acknowledged: list[str] = []
    lock, done = threading.Lock(), threading.Event()

    def player(n: int) -> None:
        for k in range(200):
            if done.is_set():
                return
            try:
                status, _ = submit(port, f"Jugador {n}-{k}", follow=False)
            except (OSError, http.client.HTTPException):
                return
            if status == 303:
                with lock:
                    acknowledged.append(f"Jugador {n}-{k}")

    players = [threading.Thread(target=player, args=(n,)) for n in range(4)]
    out = tmp_path / "durante.backup"
    try:
        for p in players:
            p.start()
        began = time.monotonic()
        while len(acknowledged) < 12 and time.monotonic() - began < 60:
            time.sleep(0.01)
        with lock:
            before = list(acknowledged)
        backups.backup(url, out)
        while len(acknowledged) < len(before) + 12 and time.monotonic() - began < 120:  # and went on after it
            time.sleep(0.01)
    finally:
        done.set()
        for p in players:
            p.join(30)
        stop(server)
    everyone = teams_and_versions(url)
    assert set(acknowledged) <= set(everyone)
    backups.restore(out, url, replace=True)
    restored = teams_and_versions(url)
    assert [team for team in before if team not in restored] == []
    assert len(restored) < len(everyone)  # the copy is of one moment, not of the end
    assert all(versions and all(files) for versions in restored.values() for files in versions)
