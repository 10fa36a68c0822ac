"""Which rules a list is checked under, and what they do to its fingerprint.

The rules are, first to last: the edition (and house rules) of the event's pack; the edition a
command asked for (``builder check --edition``), or that of a file checking this one (a campaign's
teams); the edition the list names (``edition:``); the game's newest edition."""

from __future__ import annotations

import functools
import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any, Callable, Iterator, TypeVar

from builder.core import editions
from builder.core.errors import InputError
from builder.core.evaluation import Evaluation
from builder.core.findings import Finding, Place, Problems
from builder.core.house_rules import read_house_rules, usable
from builder.core.fingerprint import fingerprint
from builder.core.names import closest
from builder.core.pack import Pack
from builder.core.reader import Document

RULE_EDITION = "builder · Ediciones de los catálogos"
RULED = ("choices", "notes", "workbook", "print_spec", "inspect_text", "browse", "event_findings", "starts")
"""A game's methods that read its catalogs for a list checked already: they run under its rules."""

F = TypeVar("F", bound=Callable[..., Any])
_ASKED: ContextVar[str | None] = ContextVar("builder_edition_asked", default=None)


@contextmanager
def asking(name: str | None) -> Iterator[None]:
    """Check every list in the block under the edition called ``name`` of its game (None: as usual)."""
    reset = _ASKED.set(name)
    try:
        yield
    finally:
        _ASKED.reset(reset)


def asked() -> str | None:
    """The edition a command asked every list to be checked under, if any."""
    return _ASKED.get()


def rules_for(system: Any, doc: Document, pack: Pack | None) -> tuple[editions.Rules, list[Finding]]:
    """The rules ``doc`` is checked under, and what to tell its player about the edition it names."""
    rules, found = _chosen(system, doc, pack)
    usable_edition(system, rules.edition)
    return rules, found


_USABLE: set[tuple[str, str, str]] = set()


def usable_edition(system: Any, edition: editions.Edition) -> None:
    """Refuse (InputError ``edition-unusable``, exit 2) an edition installed beside builder's own
    whose catalogs the game can't use (a key missing, a value of another kind): tried once, on the
    game's starting lists. builder's own editions are tried by its tests."""
    key = (edition.game, edition.name, edition.hash)
    if key in _USABLE:
        return
    if not editions.own(edition, system.catalogs_home) and not usable(system, editions.Rules(edition)):
        raise InputError("edition-unusable", None, game=edition.game, edition=edition.name, folder=str(edition.folder))
    _USABLE.add(key)


def _chosen(system: Any, doc: Document, pack: Pack | None) -> tuple[editions.Rules, list[Finding]]:
    found: list[Finding] = []
    installed = system.editions()
    written = doc.data.get("edition")
    own = None
    if written is not None:
        own = editions.named(installed, str(written)) if isinstance(written, (str, int, float)) else None
        if own is None:
            known = [e.name for e in installed]
            found.append(Finding("unknown-edition", "error", Place(doc, ("edition",)), RULE_EDITION,
                                 {"edition": str(written)[:60], "known": ", ".join(known),
                                  "hint": closest(str(written), known) or ""}))
    chosen = _imposed(system, installed, pack)
    if chosen is None:
        return editions.Rules(own or installed[0]), found
    if written is not None and own != chosen.edition and pack is not None and pack.rules is not None:
        # The event's edition is the list's whatever it names, a typo too: told, never an error.
        found = [Finding("edition-of-event", "warning", Place(doc, ("edition",)), RULE_EDITION,
                         {"edition": own.name if own else str(written)[:60], "event": chosen.edition.name})]
    elif written is not None and own is None:
        found = [replace(found[0], severity="warning")] if found else found
    return chosen, found


def _imposed(system: Any, installed: tuple[editions.Edition, ...], pack: Pack | None) -> editions.Rules | None:
    """The rules a command, an event or a file checking this one imposes, if any. A command's
    edition comes first, so an organiser sees what an update does to an event that pins one: the
    event's house rules are then read over it."""
    name = asked()
    # A game without that edition checks its lists as they are: the command refuses an edition no
    # game of its files has.
    edition = editions.named(installed, name) if name is not None else None
    if pack is not None and pack.rules is not None:
        if edition is None or edition == pack.rules.edition:
            return pack.rules
        return house_over(system, pack, edition) if pack.rules.house is not None else editions.Rules(edition)
    if edition is not None:
        return editions.Rules(edition)
    return editions.in_force(system.rules_game)


_OVER: dict[tuple[str, str, str, str], editions.Rules] = {}
"""House rules read over another edition, by what they say, their pack's file and that edition."""


def house_over(system: Any, pack: Pack, edition: editions.Edition) -> editions.Rules:
    """The pack's house rules read over another ``edition`` than the one it pins; InputError
    ``invalid-pack`` (exit 2) when they don't apply to it, each problem at the pack's line."""
    key = (pack.rules.house.digest, pack.doc.label, edition.name, edition.hash)  # type: ignore[union-attr]
    if key not in _OVER:
        rules, problems = read_house_rules(system, edition, pack.doc.data.get("house_rules"),
                                           Place(pack.doc).at("house_rules"))
        if rules is None:
            raise InputError("invalid-pack", pack.doc.label, problems[0].place.line if problems else None,
                             problems=Problems(tuple(problems[:5])))
        _OVER[key] = rules
    return _OVER[key]


def fingerprint_under(system: Any, evaluation: Evaluation, doc: Document, pack: Pack | None) -> Evaluation:
    """The evaluation with a fingerprint that covers its rules.

    A list that comes out the same under its rules as under the game's first edition as it is
    (points, findings, every derived value) keeps its fingerprint: the code printed before
    editions existed still verifies. One that comes out otherwise gets a fingerprint that also
    covers the rules' content (the edition's hash, the house rules' digest), so a sheet printed
    under one does not verify under the other."""
    rules = evaluation.rules
    if evaluation.fingerprint is None or rules is None:
        return evaluation
    first = editions.Rules(editions.oldest_own(system.editions(), system.catalogs_home))
    if rules.token == first.token:
        return evaluation
    plain = system.evaluate_under(first, doc, replace(pack, rules=None) if pack is not None else None)
    if _outcome(plain) == _outcome(evaluation):
        return evaluation
    covered = {"list": evaluation.fingerprint, "edition": rules.edition.hash,
               "house": rules.house.digest if rules.house else None}
    return replace(evaluation, fingerprint=fingerprint(system.prefix, covered))


def _outcome(evaluation: Evaluation) -> str:
    """What a list's rules made of it, as one comparable text."""
    findings = [(f.code, f.severity, list(f.place.path), sorted((k, str(v)) for k, v in f.params.items()))
                for f in evaluation.findings]
    return json.dumps([evaluation.points, evaluation.points_limit, evaluation.legal, findings, evaluation.details,
                       dict(evaluation.extra)], sort_keys=True, ensure_ascii=False, default=str)


def under_rules_given(method: F) -> F:
    """A game's method run under the rules of the evaluation (or the pack) it is given."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        rules = None
        for value in (*args, *kwargs.values()):
            if isinstance(value, Evaluation) and value.rules is not None:
                rules = value.rules
                break
            if isinstance(value, Pack) and value.rules is not None:
                rules = value.rules
        with editions.using(rules), editions.house_rules_blamed(rules):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]
