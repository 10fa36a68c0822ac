"""How the desk's pages and exports read the tournament day: the store's day (part of the store once
it keeps one) and the teams' fingerprints."""

from __future__ import annotations

from builder.desk.state import Desk
from builder.events.rounds import Day


def day_of(desk: Desk) -> Day | None:
    """The event's day as the store keeps it, or None: no ``rounds:`` in the pack, or a store that
    keeps no day."""
    reader = getattr(desk.store, "day", None)
    if desk.pack.rounds is None or reader is None:
        return None
    return reader(desk.event_id)


def fingerprints(desk: Desk) -> dict[int, str | None]:
    """Each team's latest list's fingerprint, by its id."""
    return {s.team_id: s.checked.fingerprint for s in desk.store.latest(desk.event_id, files=False)}
