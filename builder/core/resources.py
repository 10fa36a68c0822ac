"""Where the game catalogs and the print templates live.

In a checkout they sit beside the package (``catalogs/``, ``templates/``); in an
installed wheel they travel inside it as ``builder/_data/``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from builder.core.errors import BuilderBug

_PACKAGE = Path(__file__).resolve().parent.parent
_PLACES = (_PACKAGE / "_data", _PACKAGE.parent)


@cache
def _data_dir(name: str) -> Path:
    for base in _PLACES:
        candidate = base / name
        if candidate.is_dir():
            return candidate
    raise BuilderBug(f"the {name}/ folder is missing from this installation (looked in {', '.join(map(str, _PLACES))})")


def catalogs_dir() -> Path:
    """The folder that holds one catalog folder per game system."""
    return _data_dir("catalogs")


def templates_dir() -> Path:
    """The folder that holds the HTML/CSS print templates."""
    return _data_dir("templates")


def catalog_files(system: str) -> list[Path]:
    """The catalog files of one system, sorted; none if it has no folder."""
    folder = catalogs_dir() / system
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))


def catalog_path(system: str, filename: str) -> Path:
    path = catalogs_dir() / system / filename
    if not path.is_file():
        raise BuilderBug(f"catalog file {path} is missing from this installation")
    return path


@cache
def load_catalog(system: str, filename: str) -> Any:
    """A catalog file's data, parsed once per process (catalogs are ours, so plain safe_load)."""
    import yaml

    with open(catalog_path(system, filename), encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
