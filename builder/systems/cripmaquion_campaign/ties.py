"""Ties the book leaves open and builder's rulings settle: each said as a warning naming its ruling,
so that nobody takes builder's order for the book's."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from builder.core.findings import Findings, Localised, Place

RULE_GENERAL = "Cripmaquión · §11.1.2 Estableciendo la clasificación; §11.2"
RULE_MINOR = "Cripmaquión · §11.3.2 (empate en el primer puesto)"
MINOR = ("dureza", "honor")


def check_ties(table: dict[str, Any], place: Place, findings: Findings) -> None:
    """``table``: the standings (``standings.standings``). Warnings are placed on the days."""
    at = place.at("stages")
    _general(table["general"], at, findings)
    for key in MINOR:
        _minor(table[key], key, at, findings)


def _general(rows: list[dict[str, Any]], at: Place, findings: Findings) -> None:
    """Level on cripmaquiazos, one ahead in dureza and the other in honor: the book names the minor
    classifications (l. 1319, 1325) but not which goes first; builder takes dureza (ruling 36b)."""
    for cripmaquiazos, group in groupby(rows, key=lambda r: r["cripmaquiazos"]):
        level = list(group)
        split = [a for a in level if any(_disagree(a, b) for b in level)]
        if split:
            findings.warning("campaign-general-tie", at, RULE_GENERAL, n=cripmaquiazos,
                             order=", ".join(f"{r['runner']} ({r['dureza']}/{r['honor']})" for r in split))


def _disagree(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["dureza"] - b["dureza"]) * (a["honor"] - b["honor"]) < 0


def _minor(rows: list[dict[str, Any]], key: str, at: Place, findings: Findings) -> None:
    """Runners who scored and share a place that more cripmaquiazos would split: the book breaks only
    the tie for first that way (l. 1370), so they stay level (ruling 36c)."""
    scored = [r for r in rows if r["points"]]
    for position, group in groupby(scored, key=lambda r: r["position"]):
        level = list(group)
        if len({r["cripmaquiazos"] for r in level}) > 1:
            findings.warning("campaign-minor-tie", at, RULE_MINOR, position=position, points=level[0]["points"],
                             classification=Localised(f"cc.in.{key}"),
                             names=", ".join(f"{r['runner']} ({r['cripmaquiazos']})" for r in level))
