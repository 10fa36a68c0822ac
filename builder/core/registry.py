"""Finding the games: every game is a plugin registered under the ``builder.systems`` entry-point
group, as Datasette and pytest find theirs, so a game may also come from a package of its own.

An entry point's name is the game's key (the value of a file's ``system:``) and its value the
:class:`System` object, e.g. ``mygame = "mygame.system:SYSTEM"``. Only the game a file asks for is
imported; loading it registers its messages.
"""

from __future__ import annotations

import configparser
import importlib
import os
import re
import sys
from functools import cache
from typing import Mapping, NamedTuple

from builder.core import messages
from builder.core.errors import BuilderBug
from builder.core.system import System

GROUP = "builder.systems"
METADATA = (".dist-info", ".egg-info")


class Entry(NamedTuple):
    """One entry point of the group: a game's key and where its System is (``module:attribute``)."""

    name: str
    value: str

    def load(self) -> object:
        module, _, attribute = self.value.partition(":")
        found: object = importlib.import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


def entry_points(group: str) -> list[Entry]:
    """The entry points of ``group`` of every distribution on ``sys.path``, first found first.

    This reads the same ``entry_points.txt`` files as ``importlib.metadata.entry_points``, and a
    test holds the two to the same answer; importing importlib.metadata (with email, zipfile and
    csv) would cost 26 ms of every run, a third of what a check adds to its libraries' own start.
    A path entry that is no folder (a zip) is read by importlib.metadata itself."""
    found: list[Entry] = []
    seen: set[str] = set()
    for place in sys.path:
        folder = place or "."
        if not os.path.isdir(folder):
            if os.path.isfile(folder):
                found += _from_importlib(group, place, seen)
            continue
        try:
            with os.scandir(folder) as entries:
                names = sorted(e.name for e in entries if e.name.endswith(METADATA))
        except OSError:
            continue
        for name in names:
            distribution = _normalised(name.rsplit(".", 1)[0].split("-")[0])
            if distribution in seen:
                continue  # the same distribution further down the path is hidden, as Python hides it
            seen.add(distribution)
            found += _read(os.path.join(folder, name, "entry_points.txt"), group)
    return found


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _read(path: str, group: str) -> list[Entry]:
    parser = configparser.ConfigParser(delimiters=("=",), interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # names keep their case
    try:
        parser.read(path, encoding="utf-8")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return []
    return [Entry(name, value) for name, value in parser.items(group)] if parser.has_section(group) else []


def _from_importlib(group: str, place: str, seen: set[str]) -> list[Entry]:
    import importlib.metadata  # only for a zip on the path

    found = []
    for distribution in importlib.metadata.distributions(path=[place]):
        name = _normalised(distribution.metadata["Name"] or "")
        if name not in seen:
            seen.add(name)
            found += [Entry(e.name, e.value) for e in distribution.entry_points if e.group == group]
    return found


@cache
def _entries() -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    for entry in entry_points(group=GROUP):
        # The same game seen twice (an installed copy beside a checkout) is one game.
        if entry.name in found and found[entry.name].value != entry.value:
            raise BuilderBug(f"two games call themselves {entry.name!r}: {found[entry.name].value} and {entry.value}")
        found.setdefault(entry.name, entry)
    return found


@cache
def keys() -> tuple[str, ...]:
    """The keys of every installed system, sorted."""
    return tuple(sorted(_entries()))


@cache
def get(key: str) -> System:
    """The system with this key (exact, lowercase); KeyError if there is none."""
    system = _entries()[key].load()
    if not isinstance(system, System) or system.key != key:
        raise BuilderBug(f"the entry point {key!r} of {GROUP} is not the System {key!r}: {system!r}")
    messages.register(system.messages)
    return system


def find(value: object) -> System | None:
    """The system a file's ``system:`` value names, forgiving case and spaces."""
    if not isinstance(value, str):
        return None
    key = value.strip().lower().replace("_", "-").replace(" ", "-")
    return get(key) if key in keys() else None


def all_systems() -> list[System]:
    return [get(key) for key in keys()]


def all_messages() -> Mapping[str, Mapping[str, str]]:
    """The whole message table: the core's and every installed game's."""
    all_systems()
    return messages.table()
