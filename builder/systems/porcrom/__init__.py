"""¡Por Crom!: warbands of characters and minion groups for CROM's advanced rules."""

from builder.systems.porcrom.messages import MESSAGES
from builder.systems.porcrom.system import PorCromSystem

SYSTEM = PorCromSystem()

__all__ = ["MESSAGES", "SYSTEM"]
