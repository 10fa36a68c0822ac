"""The event store's tables, its numbered migrations and the values it answers with.

The tables, one database per event desk (several events may share it: every row names its event):

``events``
    one event: its pack's name, its system, its deadline (UTC, or none), whether it is locked, and
    ``changes``: how many writes it has had (each store write to it or its teams adds one).
``teams``
    a team of an event: its name as the player wrote it, the name folded as people compare it
    (:func:`builder.core.names.fold`; unique within the event), the salted hash of its edit code
    (never the code), whether the organiser locked it, and ``removed_at``: when the organiser took
    it out of the event (migration 7; NULL for a team in it). A removed team keeps its rows, its
    versions and its reviews (nothing of the history is deleted); its ``folded`` is marked
    ``#<id>#…``, which no folded name can be, so its name is free for a new team.
``submissions``
    append-only: each version of a team's list is a new row (version 1, 2, …, unique per team),
    never changed once written, with what the check found: system, points, limit, legality, number
    of findings, fingerprint, language, ``draft`` for a list stored although illegal, ``bytes``:
    its files' size in UTF-8, ``found``: its player and findings as pages show them
    (:mod:`builder.events.found`; migration 6: NULL for a version stored before, filled once
    when it is first checked again), and ``edition``, ``edition_hash``: the edition of its game's
    catalogs it was checked under, by name and content hash (migration 10: a version stored before
    is marked with its game's oldest edition shipped with builder, the one edition there was then).
``submission_files``
    the files of one submission (a roster and, say, the Warbook it names), their text as sent.
``reviews``
    append-only: each approval or send-back of a team's version, with the organiser's note.
``rate_hits``
    the per-client rate limits every desk process shares (:mod:`builder.events.limits`): how many
    requests a key (a limit's name and a client's address) made in one window of time (migration 3).
``code_changes``
    append-only: each new edit code the organiser issued a team (when; never the code), so the
    team's history says the old one stopped working then (migration 4).
``organiser_sessions``
    one row per organiser's session (:mod:`builder.events.sessions`): the hash of its id (the id
    itself is only in the organiser's cookie), its event, when it started and when it ends, and,
    for a few minutes after the organiser issued a team a new edit code, that code sealed with the
    session's id (migration 5).
``rounds``, ``games``, ``reports``, ``round_changes``
    the tournament day (migration 8, with ``teams.club``, ``checked_in_at``, ``dropped_after`` and
    ``fixed_table``, and ``events.checkin_open``; :mod:`builder.events.day`): each round paired, one
    per number (unique: two desks pair it once), its seed, when it was published; its games (a
    table's two teams, the second NULL for a bye); the results reported, append-only (``by_team``
    NULL for the organiser's); and the log of what the organiser changed and who dropped.
``race_days``
    append-only: each day of an event whose rounds are a campaign's race days
    (:mod:`builder.events.race_days`): its number, the stage's YAML as the organiser wrote it, and
    when it was entered; a day's latest row stands (an empty text: the day taken back) (migration 9).
``export_jobs``
    the organiser's exports, each a job (:mod:`builder.events.export_jobs`, migration 11).
``schema_version``
    one row per migration applied: the database's version is the highest.

A migration is a function of a connection, applied once, in order, each in its own transaction
with the row that records it. A later migration that changes a table changes its ``Table``
below too, and says so in its own statements; migration 1 is never edited once released.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Callable

import sqlalchemy as sa

from builder.core import registry
from builder.core.editions import oldest_own
from builder.events.values import Checked, Event, Receipt, Review, Submission  # noqa: F401 - read from here too


metadata = sa.MetaData()

events = sa.Table(
    "events", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("system", sa.String(60), nullable=False),
    sa.Column("deadline", sa.DateTime, nullable=True),  # UTC, naive: SQLite keeps no zone
    sa.Column("locked", sa.Boolean, nullable=False, default=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    # Migration 2: bumped by every write to the event, so a page made from it is kept until it changes.
    sa.Column("changes", sa.BigInteger, nullable=False, server_default="0"),
    # Migration 3: whether the lists are shown to everyone once the event closes; NULL until set
    # (the desk then starts from its --publish or the pack's publish:).
    sa.Column("publish", sa.Boolean, nullable=True),
    sa.Column("checkin_open", sa.Boolean, nullable=True),  # migration 8: NULL as closed
)

teams = sa.Table(
    "teams", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("folded", sa.String(200), nullable=False),
    sa.Column("code_hash", sa.String(200), nullable=False),
    sa.Column("locked", sa.Boolean, nullable=False, default=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    # Migration 7: when the organiser removed the team (spam); NULL while it is in the event.
    sa.Column("removed_at", sa.DateTime, nullable=True),
    # Migration 8: the day's. dropped_after: the last round the team played before it dropped.
    sa.Column("club", sa.String(200), nullable=True),
    sa.Column("checked_in_at", sa.DateTime, nullable=True),
    sa.Column("dropped_after", sa.Integer, nullable=True),
    sa.Column("fixed_table", sa.Integer, nullable=True),
    sa.UniqueConstraint("event_id", "folded", name="one_team_name_per_event"),
)

submissions = sa.Table(
    "submissions", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("team_id", sa.Integer, sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("system", sa.String(60), nullable=True),
    sa.Column("points", sa.BigInteger, nullable=True),
    sa.Column("points_limit", sa.BigInteger, nullable=True),
    sa.Column("legal", sa.Boolean, nullable=False),
    sa.Column("findings", sa.Integer, nullable=False),
    sa.Column("fingerprint", sa.String(40), nullable=True),
    sa.Column("draft", sa.Boolean, nullable=False),
    sa.Column("language", sa.String(8), nullable=False),
    sa.Column("submitted_at", sa.DateTime, nullable=False),
    # Migration 2: the UTF-8 size of the version's files, so a team's total is summed without reading them.
    sa.Column("bytes", sa.BigInteger, nullable=False, server_default="0"),
    # Migration 6: what the check found (builder.events.found, as JSON), shown without checking again;
    # NULL for a version stored before, checked again once when shown.
    sa.Column("found", sa.Text, nullable=True),
    # Migration 10: the edition of its game's catalogs the version was checked under, and that edition's hash.
    sa.Column("edition", sa.String(200), nullable=True),
    sa.Column("edition_hash", sa.String(64), nullable=True),
    sa.UniqueConstraint("team_id", "version", name="one_row_per_version"),
)

submission_files = sa.Table(
    "submission_files", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), nullable=False),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.UniqueConstraint("submission_id", "name", name="one_file_per_name"),
)

reviews = sa.Table(
    "reviews", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("team_id", sa.Integer, sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), nullable=False),
    sa.Column("verdict", sa.String(20), nullable=False),  # approved | sent-back
    sa.Column("note", sa.Text, nullable=False),
    sa.Column("at", sa.DateTime, nullable=False),
    sa.Index("reviews_by_team", "team_id", "id"),
)

rate_hits = sa.Table(
    "rate_hits", metadata,
    sa.Column("key", sa.String(200), primary_key=True),
    sa.Column("window_start", sa.BigInteger, primary_key=True, autoincrement=False),  # Unix time / window
    sa.Column("count", sa.Integer, nullable=False),
)

code_changes = sa.Table(  # migration 4
    "code_changes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("team_id", sa.Integer, sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("at", sa.DateTime, nullable=False),
    sa.Index("code_changes_by_team", "team_id", "id"),
)

organiser_sessions = sa.Table(  # migration 5
    "organiser_sessions", metadata,
    sa.Column("key", sa.String(64), primary_key=True),  # sha256 of the session's id, in hex
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
    sa.Column("started", sa.BigInteger, nullable=False),  # Unix time, seconds
    sa.Column("expires", sa.BigInteger, nullable=False),
    sa.Column("code_team", sa.Integer, nullable=True),
    sa.Column("code_sealed", sa.String(200), nullable=True),
    sa.Column("code_until", sa.BigInteger, nullable=True),
    sa.Index("organiser_sessions_by_expiry", "expires"),
    sa.Index("organiser_sessions_by_event", "event_id", "started"),
)

rounds = sa.Table(  # migration 8, and the three below
    "rounds", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("published_at", sa.DateTime, nullable=True),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.UniqueConstraint("event_id", "number", name="one_round_per_number"),
)

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("team_a", sa.Integer, sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("team_b", sa.Integer, sa.ForeignKey("teams.id"), nullable=True),
    sa.UniqueConstraint("round_id", "table_no", name="one_game_per_table"),
)

reports = sa.Table(
    "reports", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
    sa.Column("by_team", sa.Integer, sa.ForeignKey("teams.id"), nullable=True),
    sa.Column("winner", sa.String(8), nullable=False),  # a | b | draw
    sa.Column("score_a", sa.Integer, nullable=False),
    sa.Column("score_b", sa.Integer, nullable=False),
    sa.Column("at", sa.DateTime, nullable=False),
    sa.Index("reports_by_game", "game_id", "id"),
)

round_changes = sa.Table(
    "round_changes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
    sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), nullable=True),
    sa.Column("who", sa.String(200), nullable=False),
    sa.Column("what", sa.String(40), nullable=False),
    sa.Column("detail", sa.Text, nullable=False),
    sa.Column("at", sa.DateTime, nullable=False),
    sa.Index("round_changes_by_event", "event_id", "id"),
)

race_days = sa.Table(  # migration 9
    "race_days", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),  # the stage's YAML as the organiser wrote it ('': taken back)
    sa.Column("entered_at", sa.DateTime, nullable=False),
    sa.Index("race_days_by_event", "event_id", "number", "id"),
)

export_jobs = sa.Table(  # migration 11; state: running | done | failed | gone
    "export_jobs", metadata, sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
    sa.Column("kind", sa.String(40), nullable=False), sa.Column("state", sa.String(12), nullable=False),
    sa.Column("options", sa.String(200), nullable=False), sa.Column("done", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False), sa.Column("file", sa.String(1000), nullable=True),
    sa.Column("bytes", sa.BigInteger, nullable=True), sa.Column("started_at", sa.DateTime, nullable=False),
    sa.Column("beat_at", sa.DateTime, nullable=False), sa.Column("ended_at", sa.DateTime, nullable=True),
    sa.Index("export_jobs_by_kind", "event_id", "kind", "id"))

schema_version = sa.Table(
    "schema_version", sa.MetaData(),  # its own: made before any migration, never by one
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("applied_at", sa.DateTime, nullable=False),
)


def _first(conn: sa.Connection) -> None:
    metadata.create_all(conn, tables=[events, teams, submissions, submission_files, reviews])


def _columns(conn: sa.Connection, table: sa.Table) -> set[str]:
    return {c["name"] for c in sa.inspect(conn).get_columns(table.name)}


def _counted(conn: sa.Connection) -> None:
    """``events.changes`` and ``submissions.bytes`` (a database made by migration 1 from the tables
    as they now are has them already), the bytes of every stored version counted once."""
    inspector = sa.inspect(conn)
    for table, column in ((events, "changes"), (submissions, "bytes")):
        if column not in {c["name"] for c in inspector.get_columns(table.name)}:
            conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {column} BIGINT NOT NULL DEFAULT 0")
    text = submission_files.c.text
    size = (sa.func.octet_length(text) if conn.dialect.name == "postgresql"
            else sa.func.length(sa.cast(text, sa.LargeBinary)))
    conn.execute(submissions.update().values(bytes=sa.select(sa.func.coalesce(sa.func.sum(size), 0))
                                             .where(submission_files.c.submission_id == submissions.c.id)
                                             .scalar_subquery()))


def _rate_hits(conn: sa.Connection) -> None:
    metadata.create_all(conn, tables=[rate_hits])


def _publishing_and_codes(conn: sa.Connection) -> None:
    """``events.publish`` (NULL: not set yet) and the ``code_changes`` table."""
    if "publish" not in _columns(conn, events):
        conn.exec_driver_sql("ALTER TABLE events ADD COLUMN publish BOOLEAN")
    code_changes.create(conn, checkfirst=True)


def _organiser_sessions(conn: sa.Connection) -> None:
    organiser_sessions.create(conn, checkfirst=True)


def _findings_kept(conn: sa.Connection) -> None:
    """``submissions.found``: what each version's check found; NULL for those already stored."""
    if "found" not in _columns(conn, submissions):
        conn.exec_driver_sql("ALTER TABLE submissions ADD COLUMN found TEXT")


def _removals(conn: sa.Connection) -> None:
    """``teams.removed_at`` (NULL: every team already stored is in its event)."""
    if "removed_at" not in _columns(conn, teams):
        kind = sa.DateTime().compile(dialect=conn.dialect)
        conn.exec_driver_sql(f"ALTER TABLE teams ADD COLUMN removed_at {kind}")


def _the_day(conn: sa.Connection) -> None:
    """The tournament day: the teams' and the event's columns (NULL for those already stored: no
    club, not checked in, playing on, no fixed table; check-in closed), and its four tables."""
    added = ((teams, "club", sa.String(200)), (teams, "checked_in_at", sa.DateTime()),
             (teams, "dropped_after", sa.Integer()), (teams, "fixed_table", sa.Integer()),
             (events, "checkin_open", sa.Boolean()))
    for table, column, kind in added:
        if column not in _columns(conn, table):
            conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {column} {kind.compile(dialect=conn.dialect)}")
    metadata.create_all(conn, tables=[rounds, games, reports, round_changes])


def _race_days(conn: sa.Connection) -> None:
    """``race_days``: each day of an event whose rounds are a campaign's race days, append-only."""
    race_days.create(conn, checkfirst=True)


def _editions(conn: sa.Connection) -> None:
    """``submissions.edition`` and ``edition_hash``. A version stored before was checked under the one
    edition its game had then: the oldest builder ships now («2026»). A version of a game
    not installed here, or of none, stays NULL: nothing here knows its catalogs."""
    for column, size in (("edition", 200), ("edition_hash", 64)):
        if column not in _columns(conn, submissions):
            conn.exec_driver_sql(f"ALTER TABLE submissions ADD COLUMN {column} VARCHAR({size})")
    for key in conn.execute(sa.select(submissions.c.system).distinct()).scalars():
        game = registry.find(key) if key else None
        if game is not None:
            first = oldest_own(game.editions(), game.catalogs_home)
            conn.execute(submissions.update().where(submissions.c.system == key, submissions.c.edition.is_(None))
                         .values(edition=first.name, edition_hash=first.hash))


def _export_jobs(conn: sa.Connection) -> None:
    export_jobs.create(conn, checkfirst=True)


MIGRATIONS: tuple[Callable[[sa.Connection], None], ...] = (_first, _counted, _rate_hits, _publishing_and_codes,
                                                           _organiser_sessions, _findings_kept, _removals, _the_day,
                                                           _race_days, _editions, _export_jobs)
"""Migration N is ``MIGRATIONS[N - 1]``; append, never reorder or edit a released one."""

LATEST = len(MIGRATIONS)

# The rows as the store answers with them: builder/events/values.py (importable from here too)


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


SCHEMA_LOCK = 0x6275696C646572  # "builder": PostgreSQL's advisory lock for making the schema's first table


def version_of(conn: sa.Connection) -> int:
    """The database's schema version: 0 for a new one."""
    if not sa.inspect(conn).has_table(schema_version.name):
        return 0
    return conn.execute(sa.select(sa.func.max(schema_version.c.version))).scalar() or 0


def upgrade(engine: sa.Engine) -> int:
    """Apply the migrations the database lacks, in order, each in a transaction of its own with the
    row recording it; the version the database ends at. Processes opening the same database at once
    wait for each other (SQLite's write lock, PostgreSQL's table lock) and apply each step once.
    On SQLite, every step the database lacks is applied in one transaction: the other processes
    wait for the write lock once, not once a step (six desks opening a new file at once, under
    load, waited past the busy timeout for one of nine steps: «database is locked»)."""
    if engine.dialect.name == "sqlite":
        with engine.connect().execution_options(reading=True) as conn:  # no lock for a look
            found = version_of(conn)
        if found >= LATEST:
            return found
        with engine.begin() as conn:  # BEGIN IMMEDIATE: one writer; the others wait here
            schema_version.create(conn, checkfirst=True)
            done = version_of(conn)  # read once: no other process writes while this one holds the lock
            for number, step in enumerate(MIGRATIONS[done:], start=done + 1):
                step(conn)
                conn.execute(schema_version.insert().values(version=number, applied_at=utcnow()))
            return max(done, LATEST)
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # Two processes on a new database would both find no table and both create it: the
            # second waits here, for the first's transaction, then finds it.
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        schema_version.create(conn, checkfirst=True)
    for number, step in enumerate(MIGRATIONS, start=1):
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text("LOCK TABLE schema_version IN EXCLUSIVE MODE"))
            if version_of(conn) >= number:
                continue
            step(conn)
            conn.execute(schema_version.insert().values(version=number, applied_at=utcnow()))
    with engine.connect() as conn:
        return version_of(conn)
