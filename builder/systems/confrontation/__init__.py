"""Confrontation: war machines (Fortification) checked, with the figures a player needs at the table."""
