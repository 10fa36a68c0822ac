"""Wartime: Warbooks of archetypes priced from the cost tables, and army lists built from them."""

from builder.systems.wartime.messages import MESSAGES
from builder.systems.wartime.system import WartimeSystem

SYSTEM = WartimeSystem()

__all__ = ["MESSAGES", "SYSTEM"]
