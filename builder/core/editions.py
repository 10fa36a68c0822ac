"""Editions of a game's catalogs, and which rules are in force while a list is checked.

A game's catalogs are one edition of its rules: a name, a date and a content hash (sha256 over
the sorted file names and their bytes). The newest edition stands in the game's catalogs folder
(``catalogs/<game>/``), with an ``edition.yaml`` naming it; older ones stay beside it under
``editions/<name>/``; an edition not shipped with builder can be installed from a folder named by
``BUILDER_EDITIONS`` (``<folder>/<game>/<name>/``). The newest, by date, is the default.

While a list is checked, its rules (an edition, and an event's house rules over it) are in force
through a context variable: a game's catalog functions read them through ``System.catalog``, and
cache what they build per rules with :func:`per_rules`, so two lists checked under two editions
in one process never see each other's tables."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import os
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol, TypeVar

import yaml

from builder.core import resources
from builder.core.resources import EDITION_FILE, catalog_files
from builder.core.errors import InputError
from builder.core.names import fold

OLDER = "editions"
"""The folder, inside a game's catalogs, of the editions that are no longer the newest."""
ENVIRONMENT = "BUILDER_EDITIONS"
"""Folders (joined as PATH is) of editions installed beside builder's own: ``<game>/<name>/``."""

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Edition:
    """One edition of a game's catalogs."""

    game: str
    """The key of the game whose catalogs these are."""
    name: str
    date: dt.date
    folder: Path

    @cached_property
    def hash(self) -> str:
        """sha256 of the catalog files' names and bytes, in name order (not the edition file)."""
        digest = hashlib.sha256()
        for path in catalog_files(self.folder):
            digest.update(path.name.encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
        return digest.hexdigest()

    @property
    def short_hash(self) -> str:
        """The hash's first 12 digits, as people read it on a receipt or a sheet."""
        return self.hash[:12]

    def catalog(self, filename: str) -> Any:
        """One of this edition's catalog files, parsed (once per process), as the book has it."""
        return resources.load_catalog(self.folder, filename)

    def described(self) -> dict[str, str]:
        """The edition as JSON outputs give it."""
        return {"name": self.name, "date": self.date.isoformat(), "hash": self.hash}


class Overlay(Protocol):
    """An event's house rules over an edition (builder.core.house_rules.HouseRules)."""

    digest: str

    def applied(self, filename: str, data: Any) -> Any: ...

    def judged(self, system: Any, doc: Any, evaluation: Any) -> Any: ...


@dataclass(frozen=True)
class Rules:
    """The rules a list is checked under: an edition, and an event's house rules over it."""

    edition: Edition
    house: Overlay | None = field(default=None)

    @cached_property
    def token(self) -> tuple[str, str, str, str | None]:
        """What tells two rules apart, for caches and fingerprints."""
        return (self.edition.game, self.edition.name, self.edition.hash, self.house.digest if self.house else None)


def installed(game: str, home: Path) -> tuple[Edition, ...]:
    """The editions of ``game`` whose newest stands in ``home``, newest first (the default)."""
    return _installed(game, home, os.environ.get(ENVIRONMENT, ""))


@cache
def _installed(game: str, home: Path, extra: str) -> tuple[Edition, ...]:
    folders = [home, *sorted((home / OLDER).glob("*/"))]
    for root in filter(None, extra.split(os.pathsep)):
        folders += sorted((Path(root) / game).glob("*/"))
    found: dict[str, Edition] = {}
    for folder in folders:
        edition = _read(game, folder)
        if edition is not None:
            if fold(edition.name) in found:
                raise InputError("edition-twice", str(folder / EDITION_FILE), 1, game=game, edition=edition.name,
                                 other=str(found[fold(edition.name)].folder))
            found[fold(edition.name)] = edition
    return tuple(sorted(found.values(), key=lambda e: (e.date, e.name), reverse=True))


def _read(game: str, folder: Path) -> Edition | None:
    """The edition a folder holds, or None for a folder without an edition file (a game of a
    package of its own that names none: its catalogs are then one unnamed edition)."""
    path = folder / EDITION_FILE
    if not path.is_file():
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
    except (OSError, UnicodeError, yaml.YAMLError):
        data = None
    if not (isinstance(data, dict) and isinstance(data.get("name"), str) and data["name"].strip()
            and isinstance(data.get("date"), dt.date)):
        raise InputError("invalid-edition-file", str(path), None, game=game)
    return Edition(game, data["name"].strip(), data["date"], folder)


def own(edition: Edition, home: Path) -> bool:
    """Whether ``edition`` is one builder (or its game's own package) ships: in ``home``, the game's
    catalogs, or its ``editions/``, not installed from BUILDER_EDITIONS."""
    return edition.folder == home or edition.folder.parent == home / OLDER


def oldest_own(found: tuple[Edition, ...], home: Path) -> Edition:
    """The oldest of ``found`` that builder ships (:func:`own`): the edition a list stored before
    builder kept which was checked under (the game's one edition then)."""
    shipped = [e for e in found if own(e, home)]
    return (shipped or list(found))[-1]


def unnamed(game: str, home: Path) -> Edition:
    """A game's catalogs as one edition when they name none."""
    return Edition(game, "-", dt.date.min, home)


def named(editions: tuple[Edition, ...], name: str) -> Edition | None:
    """The edition called ``name`` (ignoring case, accents and spaces), if installed."""
    wanted = fold(str(name))
    return next((e for e in editions if fold(e.name) == wanted), None)


_IN_FORCE: ContextVar[tuple[Rules, ...]] = ContextVar("builder_rules_in_force", default=())
_TOKEN: ContextVar[tuple[Any, ...]] = ContextVar("builder_rules_token", default=())
"""The token of the rules in force, made once as they are put in force: the catalogs' caches ask it
at every call (one list's check may ask a game's tables some forty times)."""


def in_force(game: str) -> Rules | None:
    """The rules set in force for ``game``'s catalogs, if any (else its newest edition applies)."""
    return next((r for r in _IN_FORCE.get() if r.edition.game == game), None)


@contextmanager
def using(rules: Rules | None) -> Iterator[None]:
    """Put ``rules`` in force for their game until the block ends (nothing changes for None)."""
    if rules is None:
        yield
        return
    others = tuple(r for r in _IN_FORCE.get() if r.edition.game != rules.edition.game)
    reset = _IN_FORCE.set((*others, rules))
    reset_token = _TOKEN.set(tuple(sorted(r.token for r in (*others, rules))))
    try:
        yield
    finally:
        _TOKEN.reset(reset_token)
        _IN_FORCE.reset(reset)


def token() -> tuple[Any, ...]:
    """Every rules in force, as one hashable value."""
    return _TOKEN.get()


def per_rules(function: F) -> F:
    """``functools.cache`` for a function of the catalogs: one value per rules in force (a
    bounded number of them: editions and events' house rules are few in one process)."""
    cached = functools.lru_cache(maxsize=256)(lambda _token, *args: function(*args))

    @functools.wraps(function)
    def wrapper(*args: Any) -> Any:
        return cached(_TOKEN.get(), *args)

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


@contextmanager
def house_rules_blamed(rules: Rules | None) -> Iterator[None]:
    """A fault the game meets under an event's house rules is the rules': a value of the right kind
    the game can't use with this list (a strength of 0, a die written «1d6»), which the pack's own
    check, on the game's starting lists, didn't meet. InputError ``house-rules-unusable`` (exit 2),
    naming the lines of the rules that change values, never a bug report."""
    try:
        yield
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - the boundary of what an event's house rules make the game meet
        if rules is None or rules.house is None:
            raise
        lines = [str(c.line) for c in getattr(rules.house, "changes", ()) if c.verb != "ban" and c.line]
        raise InputError("house-rules-unusable", None, lines=", ".join(lines) or "—",
                         problem=type(exc).__name__) from exc
