"""Where the print templates are. A template's name starts with its folder: ``base/…`` for the
shared ones (``templates/base/``), ``<game>/…`` for a game's own (its ``templates_folder``:
``templates/<game>/`` for the games that come with builder). The PDF (through WeasyPrint's fetcher) and the page's card
preview (``/templates/…``) both resolve names here, and nothing outside these folders."""

from __future__ import annotations

import posixpath
from pathlib import Path

from builder.core import registry, resources

SHARED = resources.SHARED_TEMPLATES
SHARED_FOLDER = resources.shared_templates()
TEMPLATES_URL = "file:///builder-templates/"
"""The root the printed HTML's links are relative to: a name, not a real folder (see
:func:`template_file`)."""


def folder_of(game: str) -> Path | None:
    """The folder a name's first part stands for."""
    if game == SHARED:
        return SHARED_FOLDER
    if game not in registry.keys():
        return None
    return registry.get(game).templates_folder


def template_file(name: str) -> Path | None:
    """The file a template's name stands for, or None if it names nothing of ours."""
    clean = posixpath.normpath(name)
    head, _, rest = clean.partition("/")
    if not rest or clean != name.strip("/") or clean.startswith(("/", "..")):
        return None
    folder = folder_of(head)
    if folder is None:
        return None
    path = (folder / rest).resolve()
    return path if folder.resolve() in path.parents and path.is_file() else None


def has_style(game: str) -> bool:
    """Whether a game brings a stylesheet of its own for its cards."""
    return template_file(f"{game}/style.css") is not None
