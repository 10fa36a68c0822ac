"""An event whose rounds are race days: each day is one stage of a campaign file, entered by the
organiser as YAML, and the standings are the campaign's own.

A game says its events run as a campaign's days with :attr:`builder.core.system.System.rounds_campaign`
(the key of the campaign's system). The campaign's file is made here from the event: its teams are
the teams' latest roster files, its stages the stored days, in order; and it is checked by the
campaign's own code, through the pipeline, exactly as ``builder campaign`` checks the same file
written out (:func:`write_campaign`): never a second calculation.

A day entered is checked the same way, inside the campaign of every day before it: a key the
campaign's models don't know, a runner no team lines up, a KO that can't be, is an error at the
day's own line.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

from builder.core import registry
from builder.core.errors import InputError
from builder.core.findings import Finding
from builder.core.pack import Pack
from builder.core.pipeline import evaluate, shape_of
from builder.core.reader import Document
from builder.core.system import Evaluation, System
from builder.core.yaml_data import parse_text
from builder.events.schema import Submission
from builder.events.submitted import written_out

CAMPAIGN_FILE = "campaign.yaml"
CLASSIFICATIONS = ("general", "dureza", "honor")
"""What the campaign's ``--format json`` ranks, as the desk shows it."""


@dataclass(frozen=True)
class RaceDay:
    """A day as the store keeps it: its number (the round's), the stage's YAML as the organiser
    wrote it, and when it was entered."""

    number: int
    text: str
    entered_at: Any = None


def campaign_of(pack: Pack) -> System | None:
    """The campaign whose days the pack's event runs, or None: its game names none, or the pack has
    no ``rounds:`` block."""
    key = getattr(registry.get(pack.system), "rounds_campaign", None)
    return registry.find(key) if key and pack.rounds is not None else None


def stage_of(text: str, label: str) -> tuple[dict[str, Any], dict[tuple, int]]:
    """A day's YAML as data with its lines: InputError when it is no YAML mapping."""
    data, lines = parse_text(text, label)
    if not isinstance(data, dict):
        raise InputError("not-a-mapping", label, 1, found=shape_of(data))
    return data, lines


def campaign_document(folder: Path, campaign: System, name: str, rosters: list[str],
                      days: list[tuple[dict[str, Any], dict[tuple, int]]]) -> Document:
    """The campaign file of ``rosters`` (paths relative to ``folder``) and ``days`` as a document at
    ``folder``, each stage's lines its own day's (so a finding in a day points at the day's line)."""
    data = {"system": campaign.key, "name": name, "teams": rosters, "stages": [d for d, _ in days]}
    lines: dict[tuple, int] = {("system",): 1, ("name",): 1, ("teams",): 1, ("stages",): 1}
    for s, (_, day_lines) in enumerate(days):
        lines.update({("stages", s, *path): line for path, line in day_lines.items()})
    return Document(folder / CAMPAIGN_FILE, CAMPAIGN_FILE, data, lines, root=folder)


def rosters_in(folder: Path, latest: Iterable[Submission]) -> list[str]:
    """Each team's latest list written out under ``folder`` (a folder a team), the rosters' paths
    relative to it, in the order the teams come."""
    return [written_out(s, folder).relative_to(folder).as_posix() for s in latest]


def evaluated(campaign: System, name: str, latest: Iterable[Submission], days: list[RaceDay],
              folder: Path, pack: Pack | None = None) -> Evaluation:
    """The campaign of the event's teams and its stored ``days``, written out in ``folder`` and
    checked by the campaign's own code under the event's ``pack`` (its edition and house rules, its
    teams too), as ``builder campaign --pack`` checks it: the one path (pipeline.evaluate)."""
    rosters = rosters_in(folder, latest)
    parsed = [stage_of(day.text, f"{CAMPAIGN_FILE}:stages/{n}") for n, day in enumerate(days)]
    return evaluate(campaign_document(folder, campaign, name, rosters, parsed), pack=pack)


def classifications(campaign: System, evaluation: Evaluation, lang: str) -> dict[str, Any]:
    """What ``builder campaign --format json`` says of the campaign (its command's own JSON)."""
    return campaign.commands()[0].as_json(evaluation, lang)


def standings_of_days(campaign: System, name: str, latest: Iterable[Submission], days: list[RaceDay],
                      lang: str, pack: Pack | None = None) -> dict[str, Any]:
    """The campaign's classifications from the stored days (:func:`classifications`), under ``pack``."""
    with tempfile.TemporaryDirectory(prefix="builder-race-") as tmp:
        return classifications(campaign, evaluated(campaign, name, latest, days, Path(tmp).resolve(), pack), lang)


def day_findings(campaign: System, name: str, latest: Iterable[Submission], days: list[RaceDay], text: str,
                 number: int, pack: Pack | None = None) -> list[Finding]:
    """The errors and warnings of a day entered as ``text`` for round ``number``, checked after the
    stored days before it: only those of the day itself, each at the day's own line. InputError
    when the text is no YAML mapping."""
    before = [day for day in days if day.number < number]
    parsed = stage_of(text, f"{CAMPAIGN_FILE}:stages/{len(before)}")
    with tempfile.TemporaryDirectory(prefix="builder-race-") as tmp:
        folder = Path(tmp).resolve()
        earlier = [stage_of(day.text, f"{CAMPAIGN_FILE}:stages/{n}") for n, day in enumerate(before)]
        doc = campaign_document(folder, campaign, name, rosters_in(folder, latest), earlier + [parsed])
        found = evaluate(doc, pack=pack, view=False).findings
    at = ("stages", len(before))
    return [f for f in found if tuple(f.place.path[:2]) == at]


PACK_FILE = "pack.yaml"
RULES_KEYS = ("edition", "house_rules")
"""What of the event's pack its campaign is checked under (ruling 93)."""


def write_campaign(folder: Path, campaign: System, name: str, latest: Iterable[Submission],
                   days: list[RaceDay], pack: Pack | None = None) -> Path:
    """The campaign as files ``builder campaign`` reads: each team's latest list in a folder of its
    own, and ``campaign.yaml`` naming them, its stages the stored days in order; and, when the
    event's ``pack`` sets an edition or house rules, ``pack.yaml`` with them alone (no token, no
    settings of the desk), so ``builder campaign --pack pack.yaml campaign.yaml`` gives the desk's
    standings. The campaign's path."""
    folder.mkdir(parents=True, exist_ok=True)
    rules = {key: pack.doc.data[key] for key in RULES_KEYS if pack is not None and key in pack.doc.data}
    if rules:
        (folder / PACK_FILE).write_text(yaml.safe_dump({"system": pack.system, "name": pack.name, **rules},  # type: ignore[union-attr]
                                                       allow_unicode=True, sort_keys=False), encoding="utf-8")
    rosters = rosters_in(folder, latest)
    stages = [stage_of(day.text, f"{CAMPAIGN_FILE}:stages/{n}")[0] for n, day in enumerate(days)]
    target = folder / CAMPAIGN_FILE
    target.write_text(yaml.safe_dump({"system": campaign.key, "name": name, "teams": rosters, "stages": stages},
                                     allow_unicode=True, sort_keys=False), encoding="utf-8")
    return target


def race_part(campaign: System, days: list[RaceDay], found: dict[str, Any]) -> dict[str, Any]:
    """The race days as the event's JSON file holds them: the campaign's system, each day's stage as
    data, and ``found``'s classifications (:func:`standings_of_days`)."""
    stored = [{"number": d.number, "entered_at": _moment(d.entered_at), "stage": stage_of(d.text, f"day {d.number}")[0]}
              for d in days]
    return {"system": campaign.key, "days": stored, "classifications": {key: found.get(key, []) for key in CLASSIFICATIONS}}


def _moment(value: Any) -> str | None:
    return value.isoformat() if value is not None else None
