"""A store's rows as the values it answers with: moments kept as naive UTC, one version's rows
written, versions read with or without their files, a page of them."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlalchemy as sa

from builder.events import schema
from builder.events.engines import engine_for
from builder.events.rows import add_version, aware, submissions_where, utc
from builder.events.schema import Checked, submissions

MADRID = timezone(timedelta(hours=2))  # summer time, as an organiser may write a deadline


def test_a_moment_is_kept_as_naive_utc_and_read_back_aware():
    written = datetime(2026, 5, 1, 12, 30, tzinfo=MADRID)
    kept = utc(written)
    assert kept == datetime(2026, 5, 1, 10, 30) and kept.tzinfo is None  # 12:30 at +02:00 is 10:30 UTC
    assert utc(datetime(2026, 5, 1, 10, 30)) == datetime(2026, 5, 1, 10, 30)  # a naive one is UTC already
    assert aware(kept) == written and aware(None) is None
    assert utc(None).tzinfo is None  # now, as the tables keep it


def test_versions_are_written_and_read_back_with_their_files_in_order(tmp_path):
    engine = engine_for(f"sqlite:///{tmp_path / 'event.sqlite'}")
    checked = Checked("wartime", 240, 250, True, 0, "WT-AAAA-0001", "es")
    at = datetime(2026, 5, 1, 10, 0)
    with engine.begin() as conn:
        event = conn.execute(schema.events.insert().values(name="Torneo", system="wartime", locked=False,
                                                           created_at=at)).inserted_primary_key[0]
        team = conn.execute(schema.teams.insert().values(event_id=event, name="Alfa", folded="alfa", code_hash="x",
                                                         locked=False, created_at=at)).inserted_primary_key[0]
        for version in (1, 2, 3):
            add_version(conn, team, version, {"lista.yaml": f"v: {version}\n", "warbook.yaml": "w\n"}, checked,
                        at + timedelta(minutes=version), 10)
    with engine.connect() as conn:
        every = submissions_where(conn, submissions.c.team_id == team)
        page = submissions_where(conn, submissions.c.team_id == team, files=False, newest_first=True, limit=2, offset=1)
        draft = conn.execute(sa.select(submissions.c.draft, submissions.c.bytes).limit(1)).one()
    engine.dispose()
    assert [s.version for s in every] == [1, 2, 3] and every[0].team == "Alfa" and every[0].checked == checked
    assert list(every[2].files.items()) == [("lista.yaml", "v: 3\n"), ("warbook.yaml", "w\n")]  # in the order sent
    assert every[0].submitted_at == datetime(2026, 5, 1, 10, 1, tzinfo=timezone.utc)
    assert [s.version for s in page] == [2, 1] and page[0].files == {}  # newest first, one skipped, no files
    assert tuple(draft) == (False, 10)  # a legal list is no draft; its size as given
