"""Dungeon Universalis: expeditions and the automatic dark player's budget (JOA)."""

from builder.systems.dungeon_universalis.messages import MESSAGES
from builder.systems.dungeon_universalis.system import DungeonUniversalisSystem

SYSTEM = DungeonUniversalisSystem()

__all__ = ["MESSAGES", "SYSTEM"]
