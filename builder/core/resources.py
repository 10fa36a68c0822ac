"""Where builder's own files are: the catalogs (the books' tables, as YAML) and the print
templates, in the top-level ``catalogs/`` and ``templates/`` folders of the repository.

This is the one place that knows it. In a checkout the two folders stand beside the package; a
wheel carries them inside it (``builder/catalogs``, ``builder/templates``: see ``force-include``
in pyproject.toml), so an installed builder finds them wherever it is installed. A game says
which of them are its own through :class:`builder.core.system.System` (``catalog_folder``,
``templates_folder``); a game of a package of its own keeps them in that package instead."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from builder.core.errors import BuilderBug

CATALOG_SUFFIXES = (".yaml", ".yml")
EDITION_FILE = "edition.yaml"
"""The file beside a game's catalogs that names their edition (see builder.core.editions): no catalog."""
CATALOGS, TEMPLATES = "catalogs", "templates"
SHARED_TEMPLATES = "base"
"""The folder of ``templates/`` that every game's printout shares (the document, the cover, the
card frame and its stylesheet)."""

_PACKAGE = Path(__file__).resolve().parents[1]


@cache
def shipped(kind: str) -> Path:
    """builder's own top-level folder ``kind`` (:data:`CATALOGS` or :data:`TEMPLATES`): inside
    the installed package, else beside it (a checkout, editable or not)."""
    inside = _PACKAGE / kind
    return inside if inside.is_dir() else _PACKAGE.parent / kind


@cache
def installed_digest() -> str:
    """builder's code, print templates and catalogs as installed, as one digest (read once a process):
    what was drawn by a checkout since updated in place is drawn again, though its version's number
    is the same (the print's shelf of sheets, builder.events.sheets)."""
    digest = hashlib.sha256()
    for root, suffixes in ((_PACKAGE, (".py",)), (shipped(TEMPLATES), None), (shipped(CATALOGS), None)):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and (suffixes is None or path.suffix in suffixes):
                digest.update(str(path.relative_to(root)).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def shared_templates() -> Path:
    """The folder of the print templates every game shares (``templates/base/``)."""
    return shipped(TEMPLATES) / SHARED_TEMPLATES


def catalog_files(folder: Path) -> list[Path]:
    """The catalog files in ``folder`` (an edition's), sorted, its edition file left out; none if
    there is no such folder."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in CATALOG_SUFFIXES and p.name != EDITION_FILE)


@cache
def load_catalog(folder: Path, filename: str) -> Any:
    """The catalog file ``filename`` of ``folder``, parsed once per process (catalogs are ours,
    so plain safe_load)."""
    path = folder / filename
    if not path.is_file():
        raise BuilderBug(f"catalog file {path} is missing from this installation")
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
