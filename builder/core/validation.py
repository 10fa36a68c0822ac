"""Validating a file's data with a system's records, and pydantic-core's errors turned into
located findings. No pydantic model is built here: see builder.core.records."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic_core import ValidationError

from builder.core.findings import Findings, Localised, Place
from builder.core.names import closest
from builder.core.messages import Choices, table, text
from builder.core.display import shorten
from builder.core.records import Record
from builder.core.validators import whole_number

R = TypeVar("R", bound=Record)


_RANGE_TYPES = {"greater_than_equal": "ge", "greater_than": "gt", "less_than_equal": "le", "less_than": "lt"}


UNKNOWN_KEY = "extra_forbidden"
"""The variant of ``invalid-field`` for a key the model doesn't know (a misspelt one)."""


def validate(model: type[R], data: Any, place: Place, rule: str,
             past_unknown_keys: bool = False) -> tuple[R | None, Findings]:
    """Validate ``data`` (found at ``place``) as ``model``; each error becomes a located finding.

    With ``past_unknown_keys``, a key the model doesn't know stops nothing else (ruling 73): it
    stays an error, and the data is validated again with such keys set aside, so every other
    problem is found in the same run. When only unknown keys were wrong, the record of what
    remains is given with their errors, and the rules can run on it."""
    findings = Findings()
    try:
        return model.validate(data), findings
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
    record = None
    unknown = [e for e in errors if e["type"] == UNKNOWN_KEY]
    rest = _set_aside(model, data, unknown) if past_unknown_keys else None
    if unknown and rest is not None:
        for error in unknown:
            _add(findings, error, data, place, rule, model)
        try:
            record = model.validate(rest)
            errors = []
        except ValidationError as again:
            # What remains, checked whole: a model's own validators run now too.
            errors, data = again.errors(include_url=False), rest
    for error in errors:
        _add(findings, error, data, place, rule, model)
    return record, findings


def set_aside(findings: Findings) -> bool:
    """Whether a key of the file was set aside as unknown (so part of it was not read)."""
    return any(f.code == "invalid-field" and f.variant == UNKNOWN_KEY for f in findings)


def _set_aside(model: type[Record], data: Any, unknown: list[dict[str, Any]]) -> Any:
    """``data`` without its unknown keys (copied along each key's path, the rest shared); None
    when one can't be set aside safely: another shape the value may take knows the key (a
    union's other member), or its path can't be followed in the data."""
    paths = list(dict.fromkeys(clean_location(e["loc"], data) for e in unknown))
    if any(not path or path[-1] in _known_keys(model, path[:-1], data) for path in paths):
        return None
    for path in paths:
        data = _without(data, path)
        if data is None:
            return None
    return data


def _without(data: Any, path: tuple[str | int, ...]) -> Any:
    if not path:
        return None
    step, more = path[0], path[1:]
    if isinstance(data, dict) and step in data:
        if not more:
            return {k: v for k, v in data.items() if k != step}
        inner = _without(data[step], more)
        return None if inner is None else {**data, step: inner}
    if isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data) and more:
        inner = _without(data[step], more)
        return None if inner is None else [*data[:step], inner, *data[step + 1:]]
    return None


def _add(findings: Findings, error: dict[str, Any], data: Any, place: Place, rule: str, model: type[Record]) -> None:
    path = clean_location(error["loc"], data)
    where = place.at(*path)
    kind = error["type"]
    ctx = error.get("ctx") or {}
    field = next((p for p in reversed(path) if isinstance(p, str)), "")
    if kind in _RANGE_TYPES:
        op = _RANGE_TYPES[kind]
        limit = ctx.get(op)
        findings.error("value-out-of-range", where, rule, field=field, value=_show(error["input"]),
                       bound=Localised(f"bound.{op}", {"limit": _show(whole_number(limit))}))
    elif kind == "too_long":
        findings.error("value-out-of-range", where, rule, variant="length", field=field,
                       count=ctx.get("actual_length", "?"), most=ctx.get("max_length", "?"))
    elif "-" in kind:
        # Our own PydanticCustomError, raised by a system's validator with its code.
        findings.error(kind, where, rule, **ctx)
    elif kind == "extra_forbidden":
        key = path[-1] if path else ""
        hint = closest(str(key), _known_keys(model, path[:-1], data))
        findings.error("invalid-field", where, rule, variant="extra_forbidden", key=_show(key).strip("'"), hint=hint)
    elif kind in ("missing", "union_tag_not_found"):
        key = path[-1] if kind == "missing" and path else ctx.get("discriminator", "").strip("'")
        findings.error("invalid-field", where, rule, variant=kind, key=key)
    else:
        value = ctx["tag"] if kind == "union_tag_invalid" else error.get("input")
        variant = kind if f"invalid-field.{kind}" in table() else "other"
        if kind == "string_type" and isinstance(value, (int, float, bool, dt.date)):
            variant = "string_type+quote"
        findings.error("invalid-field", where, rule, variant=variant, value=_show(value),
                       expected=Choices(_quoted(ctx.get("expected", ctx.get("expected_tags", "")))),
                       min_length=ctx.get("min_length", ""), max_length=ctx.get("max_length", ""))


def _quoted(expected: str) -> tuple[str, ...]:
    """The choices in pydantic's description of them ("'movil' or 'inmovil'"), without its words."""
    return tuple(re.findall(r"'([^']*)'", expected))


def clean_location(loc: tuple[Any, ...], data: Any) -> tuple[str | int, ...]:
    """The path of an error in the user's data, without pydantic's union tags.

    pydantic's location mixes the data's keys with the names of union members ("shape",
    "circle"), which may also be keys of the data. The path kept is the longest run of
    steps that exists in the data; its last step may name a missing key of a mapping.
    """
    last = len(loc) - 1

    def longest(index: int, current: Any) -> tuple[tuple[int, bool, bool], tuple[str | int, ...]]:
        """The best path through ``loc[index:]``, scored by the steps found in the data, then whether
        it reaches the error's own field, then whether it ends on a missing key."""
        if index > last:
            return (0, False, False), ()
        step = loc[index]
        options = [longest(index + 1, current)]  # the step is a union tag: skip it
        found = (isinstance(step, int) and isinstance(current, list) and 0 <= step < len(current)) or \
                (isinstance(step, str) and isinstance(current, dict) and step in current)
        if found:
            (steps, reached, missing), rest = longest(index + 1, current[step])
            options.append(((steps + 1, reached or index == last, missing), (step, *rest)))
        elif index == last and isinstance(current, dict):
            options.append(((0, False, True), (step,)))
        return max(reversed(options), key=lambda option: option[0])  # on a tie, taking the step wins

    return longest(0, data)[1]


def _known_keys(model: type[Record], path: tuple[str | int, ...], data: Any) -> list[str]:
    """The keys the model accepts at ``path`` (for "did you mean")."""
    held: tuple[type[Record], ...] = (model,)
    for step in path:
        if isinstance(step, int):
            continue
        keys = _keys(held)
        if step not in keys:
            return []
        held = keys[step]
    return list(_keys(held))


def _keys(records: tuple[type[Record], ...]) -> dict[str, tuple[type[Record], ...]]:
    """Keys (as files write them) to the records they may hold, for any of ``records``."""
    out: dict[str, tuple[type[Record], ...]] = {}
    for record in records:
        for key, held in record.nested.items():
            out[key] = out.get(key, ()) + held
    return out


def _show(value: Any) -> str:
    """A value quoted back to the user, cut short when long."""
    if isinstance(value, str):
        return f"'{shorten(value)}'"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{…}"
    if isinstance(value, list):
        return "[…]"
    return shorten(str(value))
