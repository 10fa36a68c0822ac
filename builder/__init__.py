"""builder: list builder and legality checker for Spanish tabletop wargames."""

__version__ = "0.1.0"
