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

if TYPE_CHECKING:
    from pydantic import BaseModel, TypeAdapter


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


@cache
def _adapter(model: type[BaseModel], key: str) -> TypeAdapter:
    from pydantic import BaseModel, ConfigDict, TypeAdapter  # only when an event pack overrode a key

    annotation = model.model_fields[key].annotation
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return TypeAdapter(annotation)
    return TypeAdapter(annotation, config=ConfigDict(strict=True))


def as_written(model: type[BaseModel], data: dict[str, Any], keys: set[str]) -> dict[str, Any]:
    """The list's own values for the keys a pack overrode, as canonical content would have them:
    a key the list leaves at its default is absent.

    Fingerprints use these, so a list keeps its fingerprint whichever event pack checks it.
    """
    out: dict[str, Any] = {}
    for key in keys:
        if key not in data:
            continue
        field = model.model_fields[key]
        adapter = _adapter(model, key)
        try:
            value = adapter.validate_python(data[key])
        except ValueError:
            out[key] = data[key]
            continue
        if value != field.get_default(call_default_factory=True):
            out[key] = adapter.dump_python(value, mode="json", by_alias=True, exclude_defaults=True)
    return out
