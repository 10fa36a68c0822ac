"""Reading an event pack (see :class:`builder.core.pack.Pack`) and the JSON Schema of packs."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from builder.core import registry
from builder.core.errors import InputError
from builder.core.findings import Findings, Place, Problems
from builder.core.names import closest
from builder.core.pack import EventSettings, Pack
from builder.core.pipeline import open_roster, system_of
from builder.core.reader import Document
from builder.core.validation import validate
from builder.events.pack_rules import HOUSE_RULES_SCHEMA, pack_rules
from builder.events.round_format import ROUNDS_SCHEMA, rounds_format

RULE_PACK = "Pack del evento"


def load_pack(path: Path | str) -> Pack:
    """Read and validate a pack; every problem in it is a usage error (exit 2)."""
    return pack_of(open_roster(path, str(path)))


def pack_of(doc: Document) -> Pack:
    """A pack from a document read already (a file's, or one made in memory: the hosted builder's
    pack of a game with no event's restrictions); every problem in it is a usage error (exit 2)."""
    system = system_of(doc)
    if system.pack_model is None:
        raise InputError("no-pack-for-system", doc.label, doc.line_of(("system",)), system=system.key)
    data = {**doc.data, "system": system.key}
    event, problems = event_settings(data.pop("event", None), Place(doc).at("event"))
    rounds, round_problems = rounds_format(data.pop("rounds", None), Place(doc).at("rounds"))
    rules, rule_problems = pack_rules(system, data.pop("edition", None), data.pop("house_rules", None), Place(doc))
    values, findings = validate(system.pack_model, data, Place(doc), RULE_PACK)
    findings = problems + round_problems + rule_problems + list(findings)
    if values is None or findings:
        raise InputError("invalid-pack", doc.label, findings[0].place.line,
                         problems=Problems(tuple(findings[:5])))
    return Pack(doc, system.key, values, event, rounds, rules)


EVENT_KEYS = ("deadline", "token", "publish", "versions_per_team", "bytes_per_team", "max_teams", "public_url")
TOKEN_LENGTH = (16, 200)
LIMITS = {"versions_per_team": (1, 1000), "bytes_per_team": (64 * 1024, 1024 * 1024 * 1024), "max_teams": (1, 10_000)}
"""The least and most each bound may be: a version or a list's files (64 KiB) at least, 1 GiB at most;
one team at least, ten thousand at most (a league's season, far past any one day's event)."""


def event_settings(given: Any, place: Place) -> tuple[EventSettings, Findings]:
    """The pack's ``event:`` block (the desk's deadline, token, publishing, per-team bounds and how many
    teams it takes), and its problems."""
    problems = Findings()
    if given is None:
        return EventSettings(), problems
    if not isinstance(given, dict):
        problems.error("invalid-event-setting", place, RULE_PACK, variant="block")
        return EventSettings(), problems
    for key in given:
        if key not in EVENT_KEYS:
            problems.error("invalid-event-setting", place.at(key), RULE_PACK, variant="key", key=str(key),
                           hint=closest(str(key), list(EVENT_KEYS)))
    deadline = _moment(given.get("deadline"))
    if deadline is False:
        problems.error("invalid-event-setting", place.at("deadline"), RULE_PACK, variant="deadline")
    token = given.get("token")
    if token is not None and not (isinstance(token, str) and TOKEN_LENGTH[0] <= len(token) <= TOKEN_LENGTH[1]
                                  and token.isprintable() and " " not in token):
        problems.error("invalid-event-setting", place.at("token"), RULE_PACK, variant="token",
                       least=TOKEN_LENGTH[0], most=TOKEN_LENGTH[1])
    publish = given.get("publish", False)
    if not isinstance(publish, bool):
        problems.error("invalid-event-setting", place.at("publish"), RULE_PACK, variant="publish")
    bounds = {}
    for key, (least, most) in LIMITS.items():
        value = given.get(key, getattr(EventSettings, key))
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            problems.error("invalid-event-setting", place.at(key), RULE_PACK, variant="bound", key=key,
                           least=least, most=most)
        bounds[key] = value
    public_url = given.get("public_url")
    if public_url is not None and (not isinstance(public_url, str) or public_origin(public_url, strict=False) is None):
        problems.error("invalid-event-setting", place.at("public_url"), RULE_PACK, variant="public_url")
    if problems:
        return EventSettings(), problems
    return EventSettings(deadline or None, token, publish, public_url=public_url, **bounds), problems


def public_origin(url: str | None, strict: bool = True) -> str | None:
    """``scheme://host[:port]`` of the address players reach the desk at (``https://torneo.example``),
    lower case, its default port left out as browsers leave it out of Host and Origin. None when
    ``url`` is None, or (``strict=False``) no http(s) URL of a host alone: ValueError if strict."""
    if url is None:
        return None
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname or parts.username
            or parts.password or parts.path not in ("", "/") or parts.query or parts.fragment):
        if strict:
            raise ValueError(url)
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port not in (None, default) else "")


def _moment(value: Any) -> dt.datetime | None | bool:
    """A deadline as written (YAML's own date-time, or text such as ``2026-12-01 20:00``) made
    aware: without a zone, it is the organiser's local time. False when it is no date-time."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value.strip())
        except ValueError:
            return False
    if not isinstance(value, dt.datetime):
        return False  # a date alone: at what time of it would lists close?
    return value.astimezone() if value.tzinfo is None else value


EVENT_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "description": "The event desk's settings (builder event serve); checking ignores them.",
    "properties": {
        "deadline": {"type": "string", "format": "date-time",
                     "description": "When submissions close; without a time zone, the organiser's local time."},
        "token": {"type": "string", "minLength": TOKEN_LENGTH[0], "maxLength": TOKEN_LENGTH[1], "pattern": "^\\S+$",
                  "description": "The organiser's token, instead of a random one at each start."},
        "publish": {"type": "boolean", "description": "Show every list to everyone once the event is locked."},
        "versions_per_team": {"type": "integer", "minimum": LIMITS["versions_per_team"][0],
                              "maximum": LIMITS["versions_per_team"][1], "default": EventSettings.versions_per_team,
                              "description": "The versions of one team's list the desk keeps; past them, refused."},
        "bytes_per_team": {"type": "integer", "minimum": LIMITS["bytes_per_team"][0],
                           "maximum": LIMITS["bytes_per_team"][1], "default": EventSettings.bytes_per_team,
                           "description": "The bytes of one team's versions together the desk keeps; past them, "
                                          "refused."},
        "max_teams": {"type": "integer", "minimum": LIMITS["max_teams"][0], "maximum": LIMITS["max_teams"][1],
                      "default": EventSettings.max_teams,
                      "description": "The teams the event takes (removed ones not counted); past them, a new one "
                                     "is refused."},
        "public_url": {"type": "string", "format": "uri", "pattern": "^https?://[^/?#@]+/?$",
                       "description": "The address players reach the desk at (https://torneo.example): the one "
                                      "Host and Origin it answers to."},
    },
}


def pack_schema() -> dict[str, Any]:
    """The JSON Schema of a pack, whichever system it is for (for editors)."""
    variants = []
    for system in registry.all_systems():
        if system.pack_model is None:
            continue
        schema = system.pack_model.pydantic().model_json_schema(by_alias=True)
        schema["properties"]["system"] = {"const": system.key}
        schema["properties"]["event"] = EVENT_SCHEMA
        schema["properties"]["rounds"] = ROUNDS_SCHEMA
        schema["properties"]["house_rules"] = HOUSE_RULES_SCHEMA
        schema["properties"]["edition"] = {
            "type": ["string", "number"], "description": "The edition of the game's catalogs the event is checked "
                                                         "under (builder catalog GAME lists them); the newest if left out."}
        variants.append(schema)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "builder · pack", "oneOf": variants}
