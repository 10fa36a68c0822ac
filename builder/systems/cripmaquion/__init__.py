"""Cripmaquión: dungeon-racing team rosters, lineups and runner profiles."""
