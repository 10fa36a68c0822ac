"""The form of a file that holds no list to play but a part others read (a Warbook on its own):
only what the file itself holds, never the fields of a list (its player, its points limit, its
squads), which would make a list of it."""

from __future__ import annotations

from dataclasses import replace

from builder.core.system import System
from builder.web.forms import Node


def own_fields(root: Node, system: System, holds: str) -> Node:
    """``root`` with the keys the file has (and those it must have), the part it holds written
    in it, with no choice of form (a Warbook's file holds its Warbook, not the name of another)."""
    if root.kind != "object":
        return root
    held = {pattern for pattern, word in system.file_fields().items() if word == holds and "/" not in pattern}
    kept = []
    for child in root.children:
        if not (child.present or child.required):
            continue
        if child.path and child.path[-1] in held:
            child = replace(child, variants=[], variant=0, required=True)
        kept.append(child)
    return replace(root, children=kept)
