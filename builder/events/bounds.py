"""What the store accepts, and the refusal that says what it turned down: a team's name as kept and
compared, a stored file's name, and how much one team may keep."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Mapping

from builder.core.names import fold

NAME_MOST = 80
UNSEEN = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The marks that turn text's direction without being seen (bidirectional overrides, isolates and
marks): a name holding one may show as another's."""
FILE_NAME = re.compile(r"[^\W_][\w .-]{0,98}\.ya?ml", re.IGNORECASE)
"""A stored file's name: letters (accented too), digits, ``_ .-`` and spaces, starting with a letter or
digit, ending in ``.yaml`` or ``.yml``; no separator, so never a path."""


class StoreRefused(Exception):
    """A request the store turned down; ``code`` says why, in kebab-case: ``wrong-edit-code``,
    ``event-locked``, ``team-locked``, ``past-deadline``, ``team-exists``, ``no-such-team``,
    ``no-such-event``, ``bad-team-name``, ``bad-file-name``, ``no-files``, ``bad-verdict``,
    ``stale-version``, ``newer-database``, ``no-such-submission``, ``team-versions-full``, ``team-bytes-full``,
    ``event-full``; the tournament day's (:mod:`builder.events.day`). Nothing was stored."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class Stopped(Exception):
    """Work given up because whoever asked for it has gone (an export whose client left)."""


def check_stop(stop: Callable[[], bool]) -> None:
    if stop():
        raise Stopped()


@dataclass(frozen=True)
class Limits:
    """How much one team may keep (the pack's ``event:`` block): versions, and bytes of all its
    versions' files together; and how many teams the event takes; None: no bound."""

    versions: int | None = None
    bytes: int | None = None
    teams: int | None = None

    def check(self, versions: int, kept: int, size: int) -> None:
        """Refuse a new version of ``size`` bytes for a team that keeps ``versions`` of ``kept`` bytes."""
        if self.versions is not None and versions >= self.versions:
            raise StoreRefused("team-versions-full", f"{versions} of {self.versions}")
        if self.bytes is not None and kept + size > self.bytes:
            raise StoreRefused("team-bytes-full", f"{kept} + {size} of {self.bytes}")

    def check_teams(self, teams: int) -> None:
        """Refuse a new team in an event that has ``teams`` (removed ones not counted)."""
        if self.teams is not None and teams >= self.teams:
            raise StoreRefused("event-full", f"{teams} of {self.teams}")



def size_of(files: Mapping[str, str]) -> int:
    return sum(len((text or "").encode("utf-8")) for text in files.values())



def team_name(given: str) -> str:
    """A team's name as kept and compared: its compatibility forms made plain (NFKC: a full-width
    «Ｌｏｂｏｓ» is «Lobos»), its spaces collapsed. Refused (``bad-team-name``): a control
    character (NUL among them) or a direction mark, and a name without a letter or digit or over
    :data:`NAME_MOST` characters."""
    plain = unicodedata.normalize("NFKC", given)
    if any(c in UNSEEN or (unicodedata.category(c) == "Cc" and c not in "\t\n\r") for c in plain):
        raise StoreRefused("bad-team-name", "a control or direction character")
    name = " ".join(plain.split())  # tabs and line breaks, as any run of spaces, are one space
    if not team_key(name) or len(name) > NAME_MOST:
        raise StoreRefused("bad-team-name", f"1 to {NAME_MOST} characters, a letter or digit among them")
    return name


def club_name(given: str | None) -> str | None:
    """A club's name as kept: as a team's name (:func:`team_name`), or None for an empty one.
    Refused ``bad-club-name``."""
    if given is None or not unicodedata.normalize("NFKC", given).strip():
        return None
    try:
        return team_name(given)
    except StoreRefused as exc:
        raise StoreRefused("bad-club-name", exc.detail) from None


def team_key(name: str) -> str:
    """What two names of one team share: NFKC's plain forms, then :func:`builder.core.names.fold`
    (no case, accents, spaces, hyphens or underscores)."""
    return fold(unicodedata.normalize("NFKC", name))


def slug(name: str) -> str:
    """A team name as a folder name's start: ASCII letters and digits joined by dashes."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", plain))[:40].strip("-") or "equipo"


def plain_file_name(name: str) -> bool:
    """Whether ``name`` is a plain YAML file's name, safe to write as it is inside a folder."""
    return bool(FILE_NAME.fullmatch(name)) and ".." not in name and name == name.strip()

