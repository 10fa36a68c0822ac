"""Confrontation: war machines (Fortification) checked, with the figures a player needs at the table."""

from builder.systems.confrontation.messages import MESSAGES
from builder.systems.confrontation.system import ConfrontationSystem

SYSTEM = ConfrontationSystem()

__all__ = ["MESSAGES", "SYSTEM"]
