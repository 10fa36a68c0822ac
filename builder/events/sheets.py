"""The event's print's sheets kept on disk (a :class:`Shelf`): each stored version's sheet and cards
as the print draws them, under a key of everything they are drawn from, so a print draws only the
teams whose sheet is not on the shelf yet, and joins the rest.

A sheet's key (:func:`sheet_key`) covers the version's files and its team's name and number (the
folder its files are checked in), the pack as read and the rules it is checked under (its edition's
hash, the house rules' digest, the editions installed), the language, the paper, the day the sheet
is dated (the day its version was stored: the same whenever it is drawn) and builder itself (its
code, templates and catalogs as installed): any of them changed, the key is another, and the sheet
is drawn again. Each sheet is two files, its PDF and what the cover says of it (``.json``, written
last: a sheet whose JSON is there is whole). A team's older versions' sheets go when a newer one's
is shelved; the shelf is bounded in bytes (:meth:`Shelf.tidy`, the least lately used first).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import time
from dataclasses import asdict
from datetime import timezone, tzinfo
from pathlib import Path
from typing import Any

from builder import __version__
from builder.core import registry
from builder.core.pack import Pack
from builder.core.resources import installed_digest
from builder.events.submitted import kept_under
from builder.events.values import Submission

FORMAT = 1
"""The shelf's own layout: a change of what a shelved sheet holds changes it."""
SHELF_BYTES = 512 * 1024 ** 2
"""The most an event's shelved sheets take together (a team's sheet and cards: some 30–60 KiB)."""
IN_USE_SECONDS = 3600
"""A sheet used (shelved, or taken by a print) this recently is never tidied away: a print may be joining it."""
CLAIM_SECONDS = 600
"""A claim to draw a sheet (:meth:`Shelf.claim`) older than this was left by a process gone meanwhile."""


def sheet_day(submission: Submission, zone: tzinfo | None) -> dt.date:
    """The day a version's sheet is dated: the day it was stored, on the event's clock (``zone``;
    None: the machine's)."""
    moment = submission.submitted_at
    moment = moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(zone).date()


def sheet_key(submission: Submission, pack: Pack | None, lang: str, paper: str, day: dt.date) -> str:
    """What a version's sheet is drawn from, as one hex digest (``pack``: the one it is checked
    under, :func:`builder.events.submitted.kept_under`)."""
    said = {"format": FORMAT, "builder": [__version__, installed_digest()], "lang": lang, "paper": paper,
            "day": day.isoformat(), "team": [submission.team, submission.team_id], "files": list(submission.files.items()),
            "checked": [submission.checked.system, submission.checked.edition], "pack": _pack_said(pack),
            "editions": _editions_said(submission.checked.system)}
    return hashlib.sha256(json.dumps(said, sort_keys=True, default=str).encode("utf-8")).hexdigest()


def sheet_of(submission: Submission, pack: Pack | None, lang: str, paper: str,
             zone: tzinfo | None) -> tuple[Pack | None, dt.date, str]:
    """A version's sheet as the print and the desk draw it from the event's ``pack``: the pack it is
    checked under (:func:`builder.events.submitted.kept_under`), the day it is dated and its key."""
    its = kept_under(pack, submission.checked.system, submission.checked.edition)
    day = sheet_day(submission, zone)
    return its, day, sheet_key(submission, its, lang, paper, day)


def _pack_said(pack: Pack | None) -> Any:
    if pack is None:
        return None
    return [pack.system, pack.doc.data, list(pack.rules.token) if pack.rules is not None else None]


def _editions_said(system: str | None) -> Any:
    """The editions of the version's game installed now (each name and hash): a list checked under
    the newest is drawn again once another is installed."""
    game = registry.find(system) if system else None
    return [] if game is None else [[e.name, e.hash] for e in game.editions()]


class Shelf:
    """An event's shelved sheets, in ``folder``."""

    def __init__(self, folder: Path, most_bytes: int = SHELF_BYTES):
        self.folder, self.most_bytes = Path(folder), most_bytes

    def _base(self, submission: Submission, key: str) -> Path:
        return self.folder / f"{submission.team_id}-{submission.id}-{key[:40]}"

    def found(self, submission: Submission, key: str, copy: Path | None = None) -> dict[str, Any] | None:
        """What the cover says of the version's shelved sheet, and its PDF's path (``pdf``; None for an
        unreadable list, which has none); None when it is not on the shelf (or not whole). ``copy``:
        where its PDF is copied to, and its path then (a print's own, which no process removes)."""
        base = self._base(submission, key)
        try:
            said = json.loads(base.with_suffix(".json").read_text(encoding="utf-8"))
            said["pdf"] = str(base.with_suffix(".pdf")) if said.get("pdf") else None
            if said["pdf"]:
                os.utime(said["pdf"])  # used now: tidied away last
                if copy is not None:
                    shutil.copyfile(said["pdf"], copy)
                    said["pdf"] = str(copy)
            os.utime(base.with_suffix(".json"))
        except (OSError, ValueError):
            return None
        return said if isinstance(said, dict) else None

    def keep(self, submission: Submission, key: str, said: dict[str, Any]) -> None:
        """A version's sheet shelved: what the cover says of it (``said``) and its PDF (copied from
        ``said["pdf"]``, when it has one); the team's older versions' sheets removed."""
        self.folder.mkdir(parents=True, exist_ok=True)
        base = self._base(submission, key)
        if said.get("pdf"):
            _written(base.with_suffix(".pdf"), lambda part: shutil.copyfile(said["pdf"], part))
        text = json.dumps({**said, "pdf": bool(said.get("pdf"))}, sort_keys=True)
        _written(base.with_suffix(".json"), lambda part: part.write_text(text, encoding="utf-8"))
        for path in self.folder.glob(f"{submission.team_id}-*"):
            older = path.name.split("-")[1]
            if older.isdigit() and int(older) < submission.id:
                path.unlink(missing_ok=True)

    def claim(self, submission: Submission, key: str) -> bool:
        """Whether this process is the one to draw the version's sheet ahead: no other process (another
        desk process on the same event) is drawing it now. Given back with :meth:`release`."""
        self.folder.mkdir(parents=True, exist_ok=True)
        claim = self._base(submission, key).with_suffix(".claim")
        for _ in range(2):
            try:
                os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                return True
            except FileExistsError:
                try:
                    if claim.stat().st_mtime > time.time() - CLAIM_SECONDS:
                        return False
                    claim.unlink()  # its process died drawing it
                except OSError:
                    continue
        return False

    def release(self, submission: Submission, key: str) -> None:
        self._base(submission, key).with_suffix(".claim").unlink(missing_ok=True)

    def tidy(self) -> None:
        """The shelf kept within its bytes: the sheets least lately used removed first, never one used
        in the last :data:`IN_USE_SECONDS`."""
        if not self.folder.is_dir():
            return
        files = []
        for path in self.folder.iterdir():
            try:
                files.append((path.stat().st_mtime, path.stat().st_size, path))
            except OSError:
                continue
        total, now = sum(size for _, size, _ in files), time.time()
        for mtime, size, path in sorted(files, key=lambda f: f[0]):
            if total <= self.most_bytes or mtime > now - IN_USE_SECONDS:
                break
            path.unlink(missing_ok=True)
            total -= size


def _written(target: Path, write: Any) -> None:
    """``target`` written whole or not at all (a part beside it, then put in its place)."""
    part = target.with_name(f".{target.name}.{os.getpid()}.part")
    write(part)
    os.replace(part, target)


def said_of(printed: Any) -> dict[str, Any]:
    """What the cover says of a team's drawn part (:class:`builder.events.printing.Printed`), as shelved."""
    return {k: v for k, v in asdict(printed).items() if k != "team"}
