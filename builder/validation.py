"""The strict base model every system builds on, and pydantic errors turned into findings."""

from __future__ import annotations

import datetime as dt
import re
import typing
import unicodedata
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import PydanticCustomError

from builder.findings import Findings, Localised, Place, closest
from builder.messages import text
from builder.reader import shorten

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """No unknown keys (a typo is an error), no silent type coercion, frozen once read."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


def whole_number(value: Any) -> Any:
    """A whole float as an int (7.0 -> 7); anything else unchanged."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def between(low: int, high: int) -> Any:
    """A whole number from ``low`` to ``high``: a rulebook scale such as 1–10."""
    return Annotated[int, Field(ge=low, le=high)]


def measure(most: float, low: float = 0, above: bool = False) -> Any:
    """A measure (K, K², cm, levels) that may be decimal, from ``low`` (or above it, with
    ``above``) up to ``most``; whole values stay whole."""
    floor = {"gt": low} if above else {"ge": low}
    return Annotated[float, Field(le=most, allow_inf_nan=False, **floor), AfterValidator(whole_number)]


NonNegativeInt = Annotated[int, Field(ge=0)]
NonNegative = Annotated[float, Field(ge=0, allow_inf_nan=False), AfterValidator(whole_number)]
"""A measure (K, K², cm, levels) that may be decimal; whole values stay whole."""
Positive = Annotated[float, Field(gt=0, allow_inf_nan=False), AfterValidator(whole_number)]

NAME_MOST = 100
"""Characters in a name: any name from the books fits many times over; a card still prints it."""
TEXT_MOST = 2000
"""Characters in a free description."""
_CONTROL = {"Cc", "Cs"}
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks that reorder text as it is shown: in a name they'd make it print as something else."""


def _refuse_controls(allowed: str):
    def check(value: str) -> str:
        for position, char in enumerate(value, start=1):
            if char not in allowed and (unicodedata.category(char) in _CONTROL or char in _BIDI):
                raise PydanticCustomError("invalid-field", "control character",
                                          {"variant": "control-character", "char": f"U+{ord(char):04X}",
                                           "position": position})
        return value

    return AfterValidator(check)


Name = Annotated[str, Field(min_length=1, max_length=NAME_MOST), _refuse_controls("")]
"""A name: one line of printable text."""
Text = Annotated[str, Field(max_length=TEXT_MOST), _refuse_controls("\n\t")]
"""A description: printable text, on several lines if need be."""


def many(most: int = 100) -> Any:
    """An empty list as a default (made fresh for each model: pydantic would deep-copy a literal []),
    holding at most ``most`` items."""
    return Field(default_factory=list, max_length=most)


_RANGE_TYPES = {"greater_than_equal": "ge", "greater_than": "gt", "less_than_equal": "le", "less_than": "lt"}


def validate(model: type[M], data: Any, place: Place, rule: str) -> tuple[M | None, Findings]:
    """Validate ``data`` (found at ``place``) as ``model``; each error becomes a located finding."""
    findings = Findings()
    try:
        return model.model_validate(data), findings
    except ValidationError as exc:
        for error in exc.errors(include_url=False):
            _add(findings, error, data, place, rule, model)
    return None, findings


def _add(findings: Findings, error: dict[str, Any], data: Any, place: Place, rule: str, model: type[BaseModel]) -> None:
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
        variant = kind if f"invalid-field.{kind}" in _known_variants() else "other"
        if kind == "string_type" and isinstance(value, (int, float, bool, dt.date)):
            variant = "string_type+quote"
        findings.error("invalid-field", where, rule, variant=variant, value=_show(value),
                       expected=Choices(_quoted(ctx.get("expected", ctx.get("expected_tags", "")))),
                       min_length=ctx.get("min_length", ""), max_length=ctx.get("max_length", ""))


@dataclass(frozen=True)
class Choices:
    """The values a field accepts, joined with the user's "or" ("'a', 'b' o 'c'")."""

    values: tuple[str, ...]

    def render(self, lang: str) -> str:
        quoted = [f"'{v}'" for v in self.values]
        if len(quoted) < 2:
            return "".join(quoted)
        return f"{', '.join(quoted[:-1])} {text('word.or', lang)} {quoted[-1]}"


def _quoted(expected: str) -> tuple[str, ...]:
    """The choices in pydantic's description of them ("'movil' or 'inmovil'"), without its words."""
    return tuple(re.findall(r"'([^']*)'", expected))


def _known_variants() -> set[str]:
    from builder.messages import all_messages

    return {k for k in all_messages() if k.startswith("invalid-field.")}


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


def _known_keys(model: type[BaseModel], path: tuple[str | int, ...], data: Any) -> list[str]:
    """The keys the model accepts at ``path`` (for "did you mean")."""
    target: Any = model
    for step in path:
        if isinstance(step, int):
            continue
        field = _fields(target).get(step)
        if field is None:
            return []
        target = field
    return list(_fields(target))


def _fields(target: Any) -> dict[str, Any]:
    """Field names (by alias) to the model type they hold, looking through lists and unions."""
    models = [t for t in _flatten(target) if isinstance(t, type) and issubclass(t, BaseModel)]
    out: dict[str, Any] = {}
    for m in models:
        for name, info in m.model_fields.items():
            out[info.alias or name] = info.annotation
    return out


def _flatten(annotation: Any) -> list[Any]:
    args = typing.get_args(annotation)
    if not args:
        return [annotation]
    found: list[Any] = []
    for arg in args:
        found.extend(_flatten(arg))
    return found


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
