"""Editions as commands and reports name them, across the installed games."""

from __future__ import annotations

from builder.core import editions, registry
from builder.core.errors import InputError
from builder.core.evaluation import Evaluation
from builder.core.names import closest


def known_anywhere(name: str, games: set[str]) -> None:
    """Refuse (InputError, exit 2) an edition asked for that none of ``games`` has installed."""
    installed = {e.name: None for key in sorted(games) for e in registry.get(key).editions()}
    if games and not any(editions.named(registry.get(key).editions(), name) for key in games):
        raise InputError("unknown-edition-asked", None, edition=name, game=", ".join(sorted(games)),
                         known=", ".join(installed), hint=closest(name, list(installed)) or "")


def as_usual(evaluation: Evaluation) -> bool:
    """Whether a list was checked under its game's newest edition as it is: what it is checked
    under unless a list, a pack or a command says otherwise (reports then say nothing of it)."""
    rules = evaluation.rules
    return rules is None or (rules.house is None and rules.edition == registry.get(evaluation.system).editions()[0])
