"""``builder event``: export writes every team's latest version back as files `builder check` reads; a bad
pack stops the desk before it listens; the database sits beside the pack by default."""

import secrets
import stat
from concurrent.futures import ThreadPoolExecutor
import os
from pathlib import Path

from click.testing import CliRunner

from builder.cli.event import database_url
from builder.cli.main import cli
from builder.events.schema import Checked
from builder.events.store import Store

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
ALFA = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_text(encoding="utf-8")
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_text(encoding="utf-8")


def test_the_database_defaults_to_a_sqlite_file_beside_the_pack(tmp_path):
    assert database_url(str(tmp_path / "torneo.yaml"), None) == f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    assert database_url("torneo.yaml", "postgresql://u@h/db") == "postgresql://u@h/db"


def test_export_writes_each_latest_version_and_check_reads_them_back(tmp_path):
    db = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    store = Store.open(db)
    event = store.create_event("Torneo de Otoño", "wartime")
    receipt = store.register(event, "Patrulla Alfa", {"alfa.yaml": "system: wartime\nname: vieja\n"},
                             Checked("wartime", None, None, False, 1, None))
    store.submit(receipt.team_id, receipt.edit_code, {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK},
                 Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    store.close()
    out = tmp_path / "salida"
    result = CliRunner().invoke(cli, ["event", "export", str(PACK), "--db", str(tmp_path / "torneo.sqlite"),
                                      str(out), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "2 files written" in result.output
    assert (out / "patrulla-alfa-1" / "alfa.yaml").read_text(encoding="utf-8") == ALFA  # version 2, as sent
    check = CliRunner().invoke(cli, ["check", str(out / "patrulla-alfa-1" / "alfa.yaml"), "--pack", str(PACK)])
    assert check.exit_code == 0 and "WT-068D-E2A7" in check.output


def test_export_of_a_database_without_the_event_or_missing(tmp_path):
    missing = CliRunner().invoke(cli, ["event", "export", str(PACK), "--db", str(tmp_path / "no.sqlite"), str(tmp_path)])
    assert missing.exit_code == 2 and not (tmp_path / "no.sqlite").exists()
    Store.open(f"sqlite:///{tmp_path / 'otro.sqlite'}").close()
    empty = CliRunner().invoke(cli, ["event", "export", str(PACK), "--db", str(tmp_path / "otro.sqlite"), str(tmp_path)])
    assert empty.exit_code == 2 and "Torneo de Otoño" in empty.output


def test_a_bad_pack_stops_the_desk_before_it_listens(tmp_path):
    bad = tmp_path / "pack.yaml"
    bad.write_text("system: wartime\nname: X\npoints_limit: -5\n", encoding="utf-8")
    for pack in (bad, tmp_path / "no.yaml"):
        result = CliRunner().invoke(cli, ["event", "serve", str(pack), "--port", "18999"])
        assert result.exit_code == 2 and "Traceback" not in result.output
    assert not (tmp_path / "pack.sqlite").exists()


def test_a_deadline_that_is_no_date_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["event", "serve", str(PACK), "--db", str(tmp_path / "e.sqlite"),
                                      "--deadline", "mañana"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_print_writes_one_pdf_with_every_team_and_verify_matches_its_sheets(tmp_path):
    db = tmp_path / "torneo.sqlite"
    store = Store.open(f"sqlite:///{db}")
    event = store.create_event("Torneo de Otoño", "wartime")
    store.register(event, "Patrulla Alfa", {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK},
                   Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    store.close()
    out = tmp_path / "evento.pdf"
    result = CliRunner().invoke(cli, ["event", "print", str(PACK), str(out), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "1 equipos impresos" in result.output
    from pypdf import PdfReader

    pages = [p.extract_text() for p in PdfReader(out).pages]
    # Sargento 58 + 3 × Fusilero 40 = 178 of the pack's 250; the fingerprint as `builder check` gives it.
    assert "Patrulla Alfa" in pages[0] and "178 / 250" in pages[0] and "WT-068D-E2A7" in pages[0]
    assert all("WT-068D-E2A7" in p for p in pages[1:2])
    exported = tmp_path / "salida"
    CliRunner().invoke(cli, ["event", "export", str(PACK), str(exported), "--db", str(db)])
    verify = CliRunner().invoke(cli, ["verify", str(exported / "patrulla-alfa-1" / "alfa.yaml"), "WT-068D-E2A7"])
    assert verify.exit_code == 0, verify.output


def test_print_refuses_to_write_over_the_pack_and_needs_the_database(tmp_path):
    missing = CliRunner().invoke(cli, ["event", "print", str(PACK), str(tmp_path / "x.pdf"),
                                       "--db", str(tmp_path / "no.sqlite")])
    assert missing.exit_code == 2 and "Traceback" not in missing.output and not (tmp_path / "x.pdf").exists()


def test_a_database_password_is_never_printed():
    from builder.cli.event import _shown

    assert _shown("postgresql://liga:secreto@db.example/torneo") == "postgresql://liga:***@db.example/torneo"
    assert _shown("sqlite:////tmp/torneo.sqlite") == "sqlite:////tmp/torneo.sqlite"


def test_a_port_in_use_is_refused_before_the_desk_says_anything(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["event", "serve", str(PACK), "--db", str(tmp_path / "t.sqlite"),
                                          "--port", str(port)])
    assert result.exit_code == 2 and "ya está en uso" in result.output and "--port" in result.output
    assert "Organización" not in result.output and "Traceback" not in result.output
    assert not (tmp_path / "t.sqlite").exists()


def test_a_deadline_that_is_no_date_is_said_as_the_form_to_write(tmp_path):
    result = CliRunner().invoke(cli, ["event", "serve", str(PACK), "--db", str(tmp_path / "t.sqlite"),
                                      "--deadline", "mañana"])
    assert result.exit_code == 2 and "«mañana» no es una fecha con hora" in result.output
    assert "%Y" not in result.output and not (tmp_path / "t.sqlite").exists()


def serving(monkeypatch, tmp_path, *args: str):
    """`builder event serve` up to the moment it would listen (uvicorn's run, stood in for)."""
    import uvicorn

    started = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: started.append(app))
    result = CliRunner().invoke(cli, ["event", "serve", str(PACK), "--db", str(tmp_path / "t.sqlite"),
                                      "--port", "18997", *args])
    return result, started


def test_a_weak_token_is_refused_unless_the_organiser_insists(monkeypatch, tmp_path):
    for weak in ("1234", "a" * 21, "0123456789abcdef0123456789abcde"):
        result, started = serving(monkeypatch, tmp_path, "--token", weak)
        assert result.exit_code == 2 and "La clave de la organización es débil" in result.output, result.output
        assert "--weak-token" in result.output and "Traceback" not in result.output and not started
    assert not (tmp_path / "t.sqlite").exists()
    result, started = serving(monkeypatch, tmp_path, "--token", "1234", "--weak-token", "--lang", "en")
    assert result.exit_code == 0 and len(started) == 1, result.output
    assert "WARNING: a weak organiser's token" in result.output


def test_a_weak_token_in_the_pack_is_refused_too(monkeypatch, tmp_path):
    pack = tmp_path / "pack.yaml"
    pack.write_text(PACK.read_text(encoding="utf-8") + "event:\n  token: dieciseis-letras\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["event", "serve", str(pack), "--port", "18997"])
    assert result.exit_code == 2 and "débil" in result.output and not (tmp_path / "pack.sqlite").exists()


def test_the_banner_gives_the_login_address_and_where_the_token_is_never_the_token(monkeypatch, tmp_path):
    from builder.desk.sessions import STRONG_BITS, token_bits

    monkeypatch.delenv("BUILDER_DESK_TOKEN", raising=False)
    result, started = serving(monkeypatch, tmp_path, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "Organiser: http://127.0.0.1:18997/admin/login\n" in result.output and "token=" not in result.output
    kept = tmp_path / "t.token"  # beside the database, readable by its owner alone
    drawn = kept.read_text(encoding="utf-8").strip()
    assert token_bits(drawn) >= STRONG_BITS and len(drawn) >= 22 and started[0].state.desk.token == drawn
    assert drawn not in result.output and f"drawn and written to {kept}" in result.output
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    again, started = serving(monkeypatch, tmp_path, "--lang", "en")  # the next start keeps it
    assert again.exit_code == 0 and started[0].state.desk.token == drawn and drawn not in again.output
    chosen = "A" * 6 + "b" * 10 + "-_" * 4
    given, started = serving(monkeypatch, tmp_path, "--token", chosen, "--session-hours", "2")
    assert given.exit_code == 0 and started[0].state.desk.token == chosen and chosen not in given.output
    assert "débil" not in given.output and "(ps)" in given.output  # the command line is every user's to read


def test_the_token_is_read_from_the_environment_or_a_file_and_never_printed(monkeypatch, tmp_path):
    chosen = secrets.token_urlsafe(32)
    monkeypatch.setenv("BUILDER_DESK_TOKEN", chosen)
    result, started = serving(monkeypatch, tmp_path)
    assert result.exit_code == 0 and started[0].state.desk.token == chosen, result.output
    assert chosen not in result.output and "BUILDER_DESK_TOKEN" in result.output and "(ps)" not in result.output
    assert not (tmp_path / "t.token").exists()
    monkeypatch.delenv("BUILDER_DESK_TOKEN")
    kept = tmp_path / "organiser-token"
    kept.write_text(chosen + "\n", encoding="utf-8")
    kept.chmod(0o600)
    result, started = serving(monkeypatch, tmp_path, "--token-file", str(kept))
    assert result.exit_code == 0 and started[0].state.desk.token == chosen and chosen not in result.output
    assert "AVISO" not in result.output
    kept.chmod(0o644)
    result, started = serving(monkeypatch, tmp_path, "--token-file", str(kept), "--lang", "en")
    assert result.exit_code == 0 and f"other users can read {kept}" in result.output
    fresh = tmp_path / "new.token"  # missing: drawn into it
    result, started = serving(monkeypatch, tmp_path, "--token-file", str(fresh))
    assert result.exit_code == 0 and started[0].state.desk.token == fresh.read_text(encoding="utf-8").strip()


def test_a_token_file_that_cant_be_read_or_written_stops_the_desk_before_it_listens(monkeypatch, tmp_path):
    empty = tmp_path / "empty.token"
    empty.write_text("\n", encoding="utf-8")
    for file in (empty, tmp_path / "no-such-folder" / "t.token", tmp_path):
        result, started = serving(monkeypatch, tmp_path, "--token-file", str(file), "--lang", "en")
        assert result.exit_code == 2 and "--token-file" in result.output and "Traceback" not in result.output
        assert not started


def test_two_desks_drawing_a_token_at_once_keep_the_same_one(tmp_path):
    from builder.cli.event import read_token

    with ThreadPoolExecutor(8) as pool:
        found = list(pool.map(lambda _: read_token(tmp_path / "t.token", draw=True), range(8)))
    assert len({token for token, _ in found}) == 1 and [drawn for _, drawn in found].count(True) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["t.token"]


def test_the_builders_clicks_and_pdfs_a_minute_are_the_organisers_to_raise(monkeypatch, tmp_path):
    """A venue's phones share one public address, and so one budget of clicks and PDFs: the organiser
    raises them, for every process (``--workers`` too)."""
    import json

    result, started = serving(monkeypatch, tmp_path, "--clicks-per-minute", "1200", "--pdfs-per-minute", "40")
    assert result.exit_code == 0, result.output
    desk = started[0].state.desk
    assert (desk.pdfs.most, desk.pdfs.window) == (40, 60.0)
    assert (desk.clicks.most, desk.clicks.window) == (120, 6.0)  # 1,200 a minute, 120 at once
    monkeypatch.setenv("BUILDER_DESK", "")
    result, started = serving(monkeypatch, tmp_path, "--workers", "2", "--pdfs-per-minute", "40")
    assert result.exit_code == 0 and started == ["builder.desk.app:from_environment"], result.output
    given = json.loads(os.environ["BUILDER_DESK"])
    assert (given["clicks"], given["pdfs"]) == (600, 40)
    refused = CliRunner().invoke(cli, ["event", "serve", str(PACK), "--pdfs-per-minute", "0"])
    assert refused.exit_code == 2 and "Traceback" not in refused.output


def test_a_backup_and_its_restore_from_the_command_line_in_either_language(tmp_path):
    db = tmp_path / "torneo.sqlite"
    store = Store.open(f"sqlite:///{db}")
    event = store.create_event("Torneo de Otoño", "wartime")
    store.register(event, "Patrulla Alfa", {"alfa.yaml": ALFA}, Checked("wartime", 178, 250, True, 0, None))
    store.close()
    made = CliRunner().invoke(cli, ["event", "backup", "--db", str(db), str(tmp_path / "copia.sqlite"), "--lang", "en"])
    assert made.exit_code == 0 and "Backup of sqlite:///" in made.output and "(schema " in made.output, made.output
    again = CliRunner().invoke(cli, ["event", "backup", "--db", str(db), str(tmp_path / "copia.sqlite")])
    assert again.exit_code == 2 and "Traceback" not in again.output
    refused = CliRunner().invoke(cli, ["event", "restore", str(tmp_path / "copia.sqlite"), "--db", str(db)])
    assert refused.exit_code == 2 and "repite con --replace" in refused.output and "Traceback" not in refused.output
    done = CliRunner().invoke(cli, ["event", "restore", str(tmp_path / "copia.sqlite"), "--db", str(db), "--replace"])
    assert done.exit_code == 0 and "restaurada en sqlite:///" in done.output, done.output
    fresh = CliRunner().invoke(cli, ["event", "restore", str(tmp_path / "copia.sqlite"), "--db",
                                     str(tmp_path / "nueva.sqlite"), "--lang", "en"])
    assert fresh.exit_code == 0 and "restored into" in fresh.output
    missing = CliRunner().invoke(cli, ["event", "backup", "--db", str(tmp_path / "no.sqlite"), str(tmp_path / "c")])
    assert missing.exit_code == 2 and not (tmp_path / "no.sqlite").exists() and not (tmp_path / "c").exists()
    export = CliRunner().invoke(cli, ["event", "export", str(PACK), "--db", str(tmp_path / "nueva.sqlite"),
                                      str(tmp_path / "salida")])
    assert export.exit_code == 0 and (tmp_path / "salida" / "patrulla-alfa-1" / "alfa.yaml").is_file()


def test_health_says_whether_the_desk_answers_and_waits_for_it_when_asked(tmp_path):
    """What the unit runs after starting a desk: exit 0 once its /healthz answers 200, 1 if it doesn't."""
    import http.server
    import threading

    answers = {"status": 503}

    class Desk(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(answers["status"] if self.path == "/healthz" else 404)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Desk)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        down = CliRunner().invoke(cli, ["event", "health", url, "--lang", "en"])
        assert down.exit_code == 1 and "doesn't answer (503)" in down.output
        threading.Timer(0.6, lambda: answers.update(status=200)).start()
        up = CliRunner().invoke(cli, ["event", "health", url + "/", "--wait", "20"])
        assert up.exit_code == 0 and f"La mesa de {url}/ responde." in up.output
    finally:
        server.shutdown()
        server.server_close()
    gone = CliRunner().invoke(cli, ["event", "health", url, "--lang", "en"])
    assert gone.exit_code == 1 and "Traceback" not in gone.output
    bad = CliRunner().invoke(cli, ["event", "health", "ftp://127.0.0.1"])
    assert bad.exit_code == 2


def test_export_json_writes_the_whole_event_as_its_documented_file(tmp_path):
    from builder.events.event_json import EventExport

    db = tmp_path / "torneo.sqlite"
    store = Store.open(f"sqlite:///{db}")
    event = store.create_event("Torneo de Otoño", "wartime")
    store.register(event, "Patrulla Alfa", {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK},
                   Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    store.close()
    out = tmp_path / "evento.json"
    result = CliRunner().invoke(cli, ["event", "export", "--json", str(PACK), str(out), "--db", str(db), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert f"Event written to {out}" in result.output
    found = EventExport.model_validate_json(out.read_bytes())
    assert [t.name for t in found.teams] == ["Patrulla Alfa"] and found.teams[0].list.files["alfa.yaml"] == ALFA
    assert found.event.rounds is None and found.rounds == [] and found.race is None
    missing = CliRunner().invoke(cli, ["event", "export", "--json", str(PACK), str(out), "--db", str(tmp_path / "no.sqlite")])
    assert missing.exit_code == 2
    folder = CliRunner().invoke(cli, ["event", "export", "--json", str(PACK), str(tmp_path), "--db", str(db)])
    assert folder.exit_code == 2 and "Traceback" not in folder.output
    a_file = CliRunner().invoke(cli, ["event", "export", str(PACK), str(out), "--db", str(db)])
    assert a_file.exit_code == 2 and "Traceback" not in a_file.output


def test_every_command_takes_the_pack_and_finds_its_database_as_the_others_do(tmp_path):
    """Issue 55, point 12: ``backup`` and ``restore`` take the event's pack first, as serve, export and
    print do, its database beside it (``torneo.yaml``: ``torneo.sqlite``) or ``--db``; the database
    itself as the first argument is the file beside itself; the older ``FILE --db DB`` still works."""
    pack = tmp_path / "torneo.yaml"
    pack.write_bytes(PACK.read_bytes())
    store = Store.open(f"sqlite:///{tmp_path / 'torneo.sqlite'}")
    event = store.create_event("Torneo de Otoño", "wartime")
    store.register(event, "Patrulla Alfa", {"alfa.yaml": ALFA}, Checked("wartime", 178, 250, True, 0, None))
    store.close()
    by_pack = CliRunner().invoke(cli, ["event", "backup", str(pack), str(tmp_path / "a.sqlite"), "--lang", "en"])
    assert by_pack.exit_code == 0 and f"Backup of sqlite:///{tmp_path / 'torneo.sqlite'}" in by_pack.output, \
        by_pack.output
    by_database = CliRunner().invoke(cli, ["event", "backup", str(tmp_path / "torneo.sqlite"), str(tmp_path / "b.sqlite")])
    assert by_database.exit_code == 0 and (tmp_path / "b.sqlite").is_file(), by_database.output
    older = CliRunner().invoke(cli, ["event", "backup", "--db", str(tmp_path / "torneo.sqlite"),
                                     str(tmp_path / "c.sqlite")])
    assert older.exit_code == 0 and (tmp_path / "c.sqlite").is_file(), older.output
    elsewhere = tmp_path / "otra" / "torneo.yaml"
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(PACK.read_bytes())
    restored = CliRunner().invoke(cli, ["event", "restore", str(elsewhere), str(tmp_path / "a.sqlite"), "--lang", "en"])
    assert restored.exit_code == 0 and f"restored into sqlite:///{elsewhere.with_suffix('.sqlite')}" in restored.output
    export = CliRunner().invoke(cli, ["event", "export", str(elsewhere), str(tmp_path / "salida")])
    assert export.exit_code == 0 and (tmp_path / "salida" / "patrulla-alfa-1" / "alfa.yaml").is_file(), export.output
    by_option = CliRunner().invoke(cli, ["event", "restore", str(pack), str(tmp_path / "b.sqlite"), "--db",
                                         str(tmp_path / "nueva.sqlite")])
    assert by_option.exit_code == 0 and (tmp_path / "nueva.sqlite").is_file(), by_option.output
    alone = CliRunner().invoke(cli, ["event", "backup", str(tmp_path / "d.sqlite"), "--lang", "en"])
    assert alone.exit_code == 2 and "PACK OUT" in alone.output and "Traceback" not in alone.output
    assert not (tmp_path / "d.sqlite").exists()
    for command, second in (("backup", "OUT"), ("restore", "BACKUP")):
        shown = CliRunner().invoke(cli, ["event", command, "--help", "--lang", "en"]).output
        assert f"{command} [OPTIONS] PACK {second}" in shown and "beside the pack" in shown, shown
