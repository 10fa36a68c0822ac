"""Dungeon Universalis: expeditions and the automatic dark player's budget (JOA)."""
