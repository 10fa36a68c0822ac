"""The whole event as one JSON file from its store (``builder event export-json``): the teams' latest
lists a batch at a time, the store's day when it keeps one, the race days' campaign when the event's
rounds are race days (:mod:`builder.events.event_json`, :mod:`builder.events.race_campaign`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from builder.core.pack import Pack
from builder.events import show_texts  # noqa: F401 - the command's words join the message table
from builder.events.event_json import write_event_json
from builder.events.race_campaign import campaign_of, race_part, standings_of_days
from builder.events.schema import Submission

BATCH = 10


def latest_of(store: Any, event_id: int) -> Iterator[Submission]:
    for batch in store.latest_batches(event_id, BATCH):
        while batch:
            yield batch.pop(0)


def event_to_json(store: Any, event_id: int, pack: Pack, target: Path, lang: str) -> None:
    """Write the event ``event_id`` of ``store`` to ``target`` as its JSON file."""
    reader = getattr(store, "day", None)
    day = reader(event_id) if reader is not None and pack.rounds is not None else None
    campaign = campaign_of(pack)
    race = None
    if campaign is not None:
        days = store.race_days(event_id)
        race = race_part(campaign, days, standings_of_days(campaign, pack.name, latest_of(store, event_id), days, lang,
                                                          pack))
    write_event_json(target, store.event(event_id), pack, latest_of(store, event_id), day, race)
