"""Fingerprints: a short code that names a roster's resolved content, e.g. ``WT-3F9A-C21B``.

The content is hashed as canonical JSON (sorted keys, no spacing), so formatting,
key order and comments don't change it, while any changed value does. Values left at
their defaults are left out, so writing `count: 1` or leaving it out is the same list,
and a list keeps its fingerprint when builder learns a new optional key.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic_core import SchemaSerializer, SchemaValidator

if TYPE_CHECKING:
    from builder.core.records import Record


def content_of(model: Any, exclude: set[str] | None = None) -> dict[str, Any]:
    """A validated model as canonical content: JSON values, aliases, defaults left out (and any
    ``exclude``d field, for a caller that writes it itself)."""
    return model.model_dump(by_alias=True, mode="json", exclude_defaults=True, exclude=exclude)


def fingerprint(prefix: str, content: Any) -> str:
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest().upper()
    return f"{prefix}-{digest[:4]}-{digest[4:8]}"


def normalise(code: str) -> str:
    """A fingerprint as typed by a person: any case, spaces or missing dashes."""
    bare = "".join(ch for ch in code.upper() if ch.isalnum())
    return f"{bare[:2]}-{bare[2:6]}-{bare[6:10]}" if len(bare) == 10 else code.strip().upper()


def as_written(model: type[Record], data: dict[str, Any], keys: set[str]) -> dict[str, Any]:
    """The list's own values for the keys a pack overrode, as canonical content would have them:
    a key the list leaves at its default is absent.

    Fingerprints use these, so a list keeps its fingerprint whichever event pack checks it.
    """
    out: dict[str, Any] = {}
    for key in keys:
        if key not in data:
            continue
        validator, serializer, default = _field(model, key)
        try:
            value = validator.validate_python(data[key])
        except ValueError:
            out[key] = data[key]
            continue
        if value != default:
            out[key] = serializer.to_python(value, mode="json", by_alias=True, exclude_defaults=True)
    return out


@cache
def _field(model: type[Record], key: str) -> tuple[Any, Any, Any]:
    """How one top-level field of a file validates and serialises on its own (strictly, as in
    the file), and its default."""
    name = next(name for name, written in model.field_keys.items() if written == key)
    schema = model.schema["schema"]["fields"][name]["schema"]
    default = None
    if schema["type"] == "default":
        default = schema["default_factory"]() if "default_factory" in schema else schema.get("default")
        schema = schema["schema"]
    return SchemaValidator(schema, config={"strict": True}), SchemaSerializer(schema), default
