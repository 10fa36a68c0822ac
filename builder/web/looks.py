"""builder's one look (look/design.css and its icons), served the same by the local builder page
and by the event desk: every page links ``/look/design.css``, and nothing else carries a colour."""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "static" / "look"
STYLESHEET = "/look/design.css"
"""What every page links, and the card preview's frame too."""
ICON = "/look/favicon.svg"
"""builder's icon in the browser's tab, which every page links (the desk's and the local page's)."""


def _media(name: str) -> str | None:
    if name == "design.css":
        return "text/css; charset=utf-8"
    if name == "favicon.svg":
        return "image/svg+xml"
    if name.startswith("icons/") and name.endswith(".svg") and name.count("/") == 1:
        return "image/svg+xml"
    return None


def asset(name: str) -> tuple[Path, str] | None:
    """The file ``/look/<name>`` names and its media type, or None for anything else: only the
    stylesheet, the tab's icon and the icons beside them, never a path out of the folder."""
    media = _media(name)
    if media is None:
        return None
    target = (FOLDER / name).resolve()
    if target.parent not in (FOLDER, FOLDER / "icons") or not target.is_file():
        return None
    return target, media
