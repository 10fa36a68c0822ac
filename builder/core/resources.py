"""A game's catalogs: the YAML files in its own ``data/`` folder, beside its modules (in a
checkout and in an installed wheel alike)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from builder.core.errors import BuilderBug

CATALOG_SUFFIXES = (".yaml", ".yml")


def data_folder(module_file: str) -> Path:
    """The ``data/`` folder of the game whose module is ``module_file`` (pass ``__file__``)."""
    return Path(module_file).resolve().parent / "data"


def catalog_files(folder: Path) -> list[Path]:
    """The catalog files in ``folder``, sorted; none if there is no such folder."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in CATALOG_SUFFIXES)


@cache
def load_catalog(module_file: str, filename: str) -> Any:
    """A catalog file of the game whose module is ``module_file``, parsed once per process
    (catalogs are ours, so plain safe_load)."""
    path = data_folder(module_file) / filename
    if not path.is_file():
        raise BuilderBug(f"catalog file {path} is missing from this installation")
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
