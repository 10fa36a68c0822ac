"""Finding the games: every game is a plugin registered under the ``builder.systems`` entry-point
group, as Datasette and pytest find theirs, so a game may also come from a package of its own.

An entry point's name is the game's key (the value of a file's ``system:``) and its value the
:class:`System` object, e.g. ``mygame = "mygame.system:SYSTEM"``. Only the
game a file asks for is imported; loading it registers its messages.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Mapping

from builder.core import messages
from builder.core.errors import BuilderBug
from builder.core.system import System

GROUP = "builder.systems"


@cache
def _entries() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for entry in entry_points(group=GROUP):
        # The same game seen twice (an installed copy beside a checkout) is one game.
        if entry.name in found and found[entry.name].value != entry.value:
            raise BuilderBug(f"two games call themselves {entry.name!r}: {found[entry.name].value} and {entry.value}")
        found[entry.name] = entry
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
