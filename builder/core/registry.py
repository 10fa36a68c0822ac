"""Game systems are plugins: each subpackage here has a ``system`` module exposing ``SYSTEM``,
a :class:`System`, and a ``messages`` module with its ``MESSAGES`` table.

A system's key is its folder name with ``_`` read as ``-`` (``dungeon_universalis``
is ``dungeon-universalis``). Only the plugin a file asks for is imported.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import builder.systems as plugins
from builder.core.system import System


@cache
def keys() -> tuple[str, ...]:
    """The keys of every installed system, sorted."""
    return tuple(sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(plugins.__path__) if m.ispkg))


@cache
def get(key: str) -> System:
    """The system with this key (exact, lowercase); KeyError if there is none."""
    if key not in keys():
        raise KeyError(key)
    module = importlib.import_module(f"{plugins.__name__}.{key.replace('-', '_')}.system")
    system: System = module.SYSTEM
    return system


def find(value: object) -> System | None:
    """The system a file's ``system:`` value names, forgiving case and spaces."""
    if not isinstance(value, str):
        return None
    key = value.strip().lower().replace("_", "-").replace(" ", "-")
    return get(key) if key in keys() else None


def all_systems() -> list[System]:
    return [get(key) for key in keys()]
