"""An event's database copied whole while its desks run, and put back.

SQLite: the online backup API (:meth:`sqlite3.Connection.backup`), in one step, so the copy is one
moment's database: every write committed before it, none half. The desks go on writing meanwhile
(in WAL mode a reader holds no writer back). The copy is a plain SQLite file, written beside its
name and renamed into place once whole, so a backup that failed never has the name of one.

PostgreSQL: its own tools, ``pg_dump`` (its custom format, one snapshot of the database, or of the
schema the URL's ``search_path`` names) and ``pg_restore``, found on PATH. The password, if the URL
has one, goes to them in their environment, never on a command line (``ps`` shows those).

A restore refuses to write over a database that holds an event store unless told to (``replace``),
and refuses a backup made by a builder whose schema is newer than this one's; an older one is
brought up to date by the next desk or command that opens it.
"""

from __future__ import annotations

import os
import secrets
import shutil
import sqlite3
import subprocess
from pathlib import Path

import sqlalchemy as sa

from builder.core import messages
from builder.core.errors import InputError
from builder.events import schema
from builder.events.engines import BUSY_TIMEOUT_MS

SQLITE_HEADER = b"SQLite format 3\x00"
PG_HEADER = b"PGDMP"

messages.register({
    "not-an-event-database": {"es": "no es la base de datos de una mesa de builder (no tiene su tabla schema_version)",
                              "en": "is not a builder desk's database (it has no schema_version table)"},
    "newer-backup": {
        "es": "la copia es del esquema {found} y este builder solo conoce hasta el {known}: restáurala con un "
              "builder más nuevo",
        "en": "the backup is of schema {found} and this builder knows up to {known}: restore it with a newer builder"},
    "live-database": {
        "es": "esa base de datos ya tiene una mesa (esquema {found}); para sustituirla por la copia, para las mesas "
              "y repite con --replace",
        "en": "that database already holds a desk (schema {found}); to replace it with the backup, stop the desks "
              "and run again with --replace"},
    "backup-of-another-kind": {
        "es": "la copia es de {found} y la base de datos de {wanted}: se restaura en una del mismo tipo",
        "en": "the backup is {found}'s and the database {wanted}'s: it is restored into one of the same kind"},
    "backup-tool-missing": {
        "es": "no se encuentra «{tool}»: instala las herramientas cliente de PostgreSQL (en Debian, "
              "apt-get install postgresql-client)",
        "en": "“{tool}” is not found: install PostgreSQL's client tools (on Debian, apt-get install postgresql-client)"},
    "backup-failed": {"es": "{tool} falló: {reason}", "en": "{tool} failed: {reason}"},
})


def backup(url: str, out: Path) -> int:
    """A consistent copy of the event database at ``url`` written to ``out`` (never over a file);
    the copy's schema version."""
    out = Path(out)
    if out.exists():
        raise InputError("output-exists", str(out))
    if not out.parent.is_dir():
        raise InputError("output-folder-missing", str(out.parent))
    if _is_sqlite(url):
        return _sqlite_backup(_sqlite_path(url), out)
    return _pg_backup(url, out)


def restore(source: Path, url: str, replace: bool = False) -> int:
    """The backup ``source`` put in the database at ``url``; its schema version. Refused: a database
    there that holds a desk's tables unless ``replace``, a backup of a newer schema than this
    builder's, a file that is no backup of a desk's database, a backup of the other kind."""
    source = Path(source)
    if not source.is_file():
        raise InputError("file-not-found", str(source))
    with source.open("rb") as file:
        head = file.read(len(SQLITE_HEADER))
    found = "SQLite" if head.startswith(SQLITE_HEADER) else "PostgreSQL" if head.startswith(PG_HEADER) else None
    if found is None:
        raise InputError("not-an-event-database", str(source))
    wanted = "SQLite" if _is_sqlite(url) else "PostgreSQL"
    if found != wanted:
        raise InputError("backup-of-another-kind", str(source), found=found, wanted=wanted)
    if wanted == "SQLite":
        return _sqlite_restore(source, _sqlite_path(url), replace)
    return _pg_restore(source, url, replace)


def _an_event(version: int, where: str) -> int:
    """``version``, the schema of a desk's database (0: none, refused)."""
    if version == 0:
        raise InputError("not-an-event-database", where)
    return version


def _newest_known(version: int, where: str) -> int:
    """``version``, of a backup this builder can restore."""
    if _an_event(version, where) > schema.LATEST:
        raise InputError("newer-backup", where, found=version, known=schema.LATEST)
    return version


# SQLite

def _is_sqlite(url: str) -> bool:
    return sa.make_url(url).get_backend_name() == "sqlite"


def _sqlite_path(url: str) -> Path:
    database = sa.make_url(url).database
    if not database or database == ":memory:":
        raise InputError("file-not-found", url)
    return Path(database)


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    """A connection to an existing file only (``mode`` ``ro`` or ``rw``: never a new, empty one)."""
    if not path.is_file():
        raise InputError("file-not-found", str(path))
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def _sqlite_version(conn: sqlite3.Connection) -> int:
    try:
        return conn.execute("SELECT max(version) FROM schema_version").fetchone()[0] or 0
    except sqlite3.DatabaseError:  # no such table, or no database at all
        return 0


def _part(out: Path) -> Path:
    return out.with_name(f".{out.name}.{secrets.token_hex(4)}.part")


def _sqlite_copy(source: sqlite3.Connection, out: Path) -> None:
    """``source`` copied, in one step, into a new file that takes the name ``out`` once whole."""
    part = _part(out)
    try:
        copy = sqlite3.connect(part, isolation_level=None)
        try:
            source.backup(copy)  # pages=-1: one step, one read transaction, one moment's database
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, whatever the source's journal
        finally:
            copy.close()
        with part.open("rb+") as written:
            os.fsync(written.fileno())
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)


def _sqlite_backup(path: Path, out: Path) -> int:
    source = _connect(path, "rw")  # read-only would need WAL's -shm to exist already
    try:
        version = _an_event(_sqlite_version(source), str(path))  # a newer one too: a copy is a copy
        _sqlite_copy(source, out)
    finally:
        source.close()
    return version


def _sqlite_restore(source_path: Path, path: Path, replace: bool) -> int:
    source = _connect(source_path, "ro")
    try:
        version = _newest_known(_sqlite_version(source), str(source_path))
        if not path.exists():
            if not path.parent.is_dir():
                raise InputError("output-folder-missing", str(path.parent))
            _sqlite_copy(source, path)
            return version
        target = _connect(path, "rw")
        try:
            there = _sqlite_version(target)
            try:
                tables = target.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            except sqlite3.DatabaseError:  # not a database: nothing builder writes over
                raise InputError("not-an-event-database", str(path)) from None
            if tables and not replace:
                raise InputError("live-database", str(path), found=there)
            # Through SQLite, under its locks: a desk left running meets the new database whole.
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
    return version


# PostgreSQL

def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise InputError("backup-tool-missing", None, tool=name)
    return found


def _libpq(url: str) -> tuple[str, dict[str, str], str | None]:
    """The URL as libpq reads it, without its password; the environment with the password; the schema
    its ``options=-csearch_path=…`` names, if any."""
    parsed = sa.make_url(url)
    env = dict(os.environ)
    if parsed.password:
        env["PGPASSWORD"] = str(parsed.password)
    options = str(parsed.query.get("options", ""))
    schema_name = None
    for part in options.replace("-c ", "-c").split():
        if part.startswith("-csearch_path="):
            schema_name = part.split("=", 1)[1].split(",")[0].strip('"') or None
    plain = parsed.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env, schema_name


def _engine(url: str) -> sa.Engine:
    parsed = sa.make_url(url)
    return sa.create_engine(parsed.set(drivername="postgresql+psycopg"), poolclass=sa.pool.NullPool)


def _pg_version(url: str) -> int:
    engine = _engine(url)
    try:
        with engine.connect() as conn:
            return schema.version_of(conn)
    finally:
        engine.dispose()


def _run(tool: str, arguments: list[str], env: dict[str, str]) -> str:
    done = subprocess.run([_tool(tool), *arguments], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        reason = " ".join(done.stderr.strip().splitlines()[-3:]) or f"exit {done.returncode}"
        raise InputError("backup-failed", None, tool=tool, reason=reason)
    return done.stdout


def _pg_backup(url: str, out: Path) -> int:
    _tool("pg_dump")
    version = _an_event(_pg_version(url), _shown(url))
    target, env, schema_name = _libpq(url)
    part = _part(out)
    try:
        _run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", f"--file={part}",
                         *([f"--schema={schema_name}"] if schema_name else []), f"--dbname={target}"], env)
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
    return version


def _dumped_version(source: Path, env: dict[str, str]) -> int:
    """The schema version a custom-format dump holds: its ``schema_version`` rows, read by pg_restore."""
    rows = _run("pg_restore", ["--data-only", "--table=schema_version", "--file=-", str(source)], env)
    versions, copying = [0], False
    for line in rows.splitlines():
        if line.startswith("COPY ") and "schema_version" in line:
            copying = True
        elif copying and line == "\\.":
            copying = False
        elif copying and line.split("\t")[0].isdigit():
            versions.append(int(line.split("\t")[0]))
    return max(versions)


def _pg_restore(source: Path, url: str, replace: bool) -> int:
    target, env, _ = _libpq(url)
    _tool("pg_restore")
    version = _newest_known(_dumped_version(source, env), str(source))
    there = _pg_version(url)
    if there and not replace:
        raise InputError("live-database", _shown(url), found=there)
    _run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction",
                        *(["--clean", "--if-exists"] if there else []), f"--dbname={target}", str(source)], env)
    return version


def _shown(url: str) -> str:
    return sa.make_url(url).render_as_string(hide_password=True)
