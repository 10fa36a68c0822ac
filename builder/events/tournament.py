"""Checking an event's lists: folders of files, the event's pack, and rules across lists."""

from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable, Iterator

from builder.core.findings import Finding, Place
from builder.core import registry
from builder.core.names import KNOWN_MOST, fold, known
from builder.core.pack import Pack
from builder.core.pipeline import Outcome, outcome_of
from builder.core.reader import ROSTER_SUFFIXES

RULE_PACK = "Pack del evento"
RULE_ONE_EACH = "Evento: una lista por equipo y por jugador (regla 60b de builder)"


def event_files(paths: Iterable[str], pack: str | None) -> list[str]:
    """The lists of an event: ``expand``ed, but a folder's lists leave out the event's pack
    where it sits among them (an organiser may keep it there; it is no list)."""
    try:
        the_pack = os.stat(pack) if pack is not None else None
    except OSError:
        the_pack = None
    if the_pack is None:
        return expand(paths)
    name = os.path.basename(pack)  # the pack among the lists is found under its own name

    def is_the_pack(entry: os.DirEntry) -> bool:
        if entry.name != name:
            return False
        try:
            mine = entry.stat()
        except OSError:
            return False
        return (mine.st_dev, mine.st_ino) == (the_pack.st_dev, the_pack.st_ino)

    return expand(paths, leave_out=is_the_pack)


def expand(paths: Iterable[str], leave_out: Callable[[os.DirEntry], bool] = lambda entry: False) -> list[str]:
    """Files to check: a folder stands for the *.yaml and *.yml files in it, sorted.

    A folder with none stays as itself, to be reported rather than silently skipped.
    """
    out: list[str] = []
    for path in paths:
        folder = Path(path)
        try:
            # A folder's entries tell files from folders without a stat each (scandir).
            with os.scandir(path) as entries:
                named = sorted((entry.name, entry) for entry in entries)
            found = [str(folder / name) for name, entry in named
                     if Path(name).suffix.lower() in ROSTER_SUFFIXES and entry.is_file() and not leave_out(entry)]
        except OSError:
            found = []  # a file, or a folder that can't be listed (reported as such by check_event)
        out += found or [path]
    return out


BATCH_FROM = 20
"""From this many lists on, the garbage collector is tuned for a batch (see ``_batch``)."""
BATCH_GEN0 = 10_000
"""Allocations between young-generation collections during a batch (Python's default is 700)."""
BATCH_OLDER = 1_000_000
"""Young collections between collections of the older generations during a batch: in effect none."""


@contextmanager
def _batch(count: int) -> Iterator[None]:
    """Each list makes many short-lived objects, and every collection pass would scan again
    the long-lived ones: those loaded at start-up (modules, records, catalogs) and the outcomes
    of the lists already checked, which are kept to the end anyway. Freezing the first,
    collecting the young generation less often and leaving the older ones alone until the
    batch ends takes a tenth or more off a folder of a thousand lists (the collector's time
    there, measured with ``gc.callbacks``: 100 ms → 25 ms). Young garbage cycles are still
    collected as they come; everything is put back afterwards."""
    if count < BATCH_FROM:
        yield
        return
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(BATCH_GEN0, BATCH_OLDER, BATCH_OLDER)
    try:
        yield
    finally:
        # Freezing again before thawing moves what the batch kept straight to the oldest
        # generation: otherwise the first collection after the batch scans all of it at once.
        gc.freeze()
        gc.set_threshold(*threshold)
        gc.unfreeze()


def check_event(paths: list[str], pack: Pack | None = None,
                progress: Callable[[Iterable[str]], Iterable[str]] = lambda items: items,
                jobs: int = 1) -> list[Outcome]:
    """The one way a folder (or any set) of lists is checked: every list as on its own, under
    the pack; then the rules that span the event, those of the pack's game among them.

    With ``jobs`` above 1 the lists are checked by that many processes at once; the outcomes
    are the same, in the same order. They carry no resolved view (see ``pipeline.outcome_of``)."""
    with _batch(len(paths)):
        if jobs > 1 and len(paths) > 1:
            from builder.events.parallel import outcomes_in_parallel  # multiprocessing, only when asked

            outcomes = outcomes_in_parallel(paths, pack, jobs, progress)
        else:
            outcomes = [outcome_of(path, pack) for path in progress(paths)]
    return with_event_rules(outcomes, pack)


def with_event_rules(outcomes: list[Outcome], pack: Pack | None) -> list[Outcome]:
    """The outcomes with the findings of the rules that span an event under ``pack``: a list for
    another game, the pack's game's own rules across lists, the same list or player twice."""
    if pack is None:
        return outcomes
    added: dict[int, list[Finding]] = {}
    for i, outcome in enumerate(outcomes):
        ev = outcome.evaluation
        if ev is not None and ev.system != pack.system:
            added[i] = [Finding("wrong-system", "error", Place(ev.source, ("system",)), RULE_PACK,
                                {"system": ev.system, "pack": pack.name, "expected": pack.system})]
    own = [i for i, o in enumerate(outcomes) if o.evaluation is not None and o.evaluation.system == pack.system]
    game = registry.get(pack.system)
    for index, finding in game.event_findings([outcomes[i].evaluation for i in own], pack):
        added.setdefault(own[index], []).append(finding)
    for index, finding in repeated(outcomes):
        added.setdefault(index, []).append(finding)
    return [replace(o, evaluation=o.evaluation.with_findings(added[i])) if i in added else o
            for i, o in enumerate(outcomes)]


def repeated(outcomes: list[Outcome]) -> list[tuple[int, Finding]]:
    """An event's lists that are one list twice (the same fingerprint: the same list, whatever
    its comments and layout) and players who sent more than one list: each flagged with the
    other files involved (the first few), for the organiser to ask about (ruling 60b)."""
    by_list: dict[str, list[int]] = {}
    by_player: dict[str, list[int]] = {}
    for i, outcome in enumerate(outcomes):
        ev = outcome.evaluation
        if ev is None or not ev.roster:
            continue
        if ev.fingerprint:
            by_list.setdefault(ev.fingerprint, []).append(i)
        if isinstance(ev.player, str) and ev.player.strip():
            by_player.setdefault(fold(ev.player), []).append(i)
    out: list[tuple[int, Finding]] = []
    for code, groups, where in (("repeated-list", by_list, ()), ("player-with-two-lists", by_player, ("player",))):
        for group in groups.values():
            if len(group) < 2:
                continue
            for i in group:
                ev = outcomes[i].evaluation
                # A few of the others, then "…": a flood of one list is never every file on every line.
                others = known([outcomes[j].file for j in group[:KNOWN_MOST + 2] if j != i][:KNOWN_MOST + 1])
                out.append((i, Finding(code, "warning", Place(ev.source, where), RULE_ONE_EACH,
                                       {"files": others, "player": ev.player or ""})))
    return out
