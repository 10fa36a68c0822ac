"""Cripmaquión: dungeon-racing team rosters, lineups and runner profiles."""

from builder.systems.cripmaquion.messages import MESSAGES
from builder.systems.cripmaquion.system import CripmaquionSystem

SYSTEM = CripmaquionSystem()

__all__ = ["MESSAGES", "SYSTEM"]
