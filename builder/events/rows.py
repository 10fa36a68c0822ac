"""A store's rows as the values it answers with, within a transaction: moments as the tables keep
them (naive UTC), one version's rows written, versions read with or without their files."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping

import sqlalchemy as sa

from builder.events import schema
from builder.events.found import as_text, from_text
from builder.events.schema import Checked, Submission, submission_files, submissions, teams


def utc(moment: datetime | None) -> datetime:
    """``moment`` (now if None) as naive UTC, the way the tables keep it; a naive one is taken as UTC."""
    if moment is None:
        return schema.utcnow()
    return moment.astimezone(timezone.utc).replace(tzinfo=None) if moment.tzinfo else moment


def aware(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=timezone.utc) if moment is not None else None


def add_version(conn: sa.Connection, team_id: int, version: int, files: Mapping[str, str],
                 checked: Checked, now: datetime, size: int) -> int:
    submission_id = conn.execute(submissions.insert().values(
        team_id=team_id, version=version, system=checked.system, points=checked.points,
        points_limit=checked.points_limit, legal=checked.legal, findings=checked.findings,
        fingerprint=checked.fingerprint, draft=not checked.legal, language=checked.language,
        submitted_at=now, bytes=size, found=as_text(checked.found), edition=checked.edition,
        edition_hash=checked.edition_hash)).inserted_primary_key[0]
    conn.execute(submission_files.insert(), [
        {"submission_id": submission_id, "position": n, "name": name, "text": text}
        for n, (name, text) in enumerate(files.items())])
    return submission_id

def submissions_where(conn: sa.Connection, which: Any, files: bool = True, newest_first: bool = False,
                 limit: int | None = None, offset: int = 0, found: bool = False) -> list[Submission]:
    """The versions ``which`` selects, with their files (``files``) and what their checks found
    (``found``: for a page of one version; a list of many, an export, reads none of it)."""
    columns = [c for c in submissions.c if found or c.name != "found"]
    query = (sa.select(*columns, teams.c.name.label("team")).join(teams, teams.c.id == submissions.c.team_id)
             .where(which).order_by(teams.c.id, submissions.c.version.desc() if newest_first
                                    else submissions.c.version).limit(limit).offset(offset))
    rows = conn.execute(query).all()
    texts: dict[int, dict[str, str]] = {row.id: {} for row in rows}
    if files:
        for f in conn.execute(sa.select(submission_files).where(submission_files.c.submission_id.in_(texts))
                              .order_by(submission_files.c.submission_id, submission_files.c.position)):
            texts[f.submission_id][f.name] = f.text
    return [Submission(r.id, r.team_id, r.team, r.version,
                       Checked(r.system, r.points, r.points_limit, r.legal, r.findings, r.fingerprint,
                               r.language, from_text(r.found) if found else None, r.edition, r.edition_hash),
                       r.draft, aware(r.submitted_at), texts[r.id]) for r in rows]
