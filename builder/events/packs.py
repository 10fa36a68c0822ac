"""Reading an event pack (see :class:`builder.core.pack.Pack`) and the JSON Schema of packs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.core import registry
from builder.core.errors import InputError
from builder.core.findings import Place, Problems
from builder.core.pack import Pack
from builder.core.pipeline import open_roster, system_of
from builder.core.validation import validate

RULE_PACK = "Pack del evento"


def load_pack(path: Path | str) -> Pack:
    """Read and validate a pack; every problem in it is a usage error (exit 2)."""
    doc = open_roster(path, str(path))
    system = system_of(doc)
    if system.pack_model is None:
        raise InputError("no-pack-for-system", doc.label, doc.line_of(("system",)), system=system.key)
    data = {**doc.data, "system": system.key}
    values, findings = validate(system.pack_model, data, Place(doc), RULE_PACK)
    if values is None:
        raise InputError("invalid-pack", doc.label, findings[0].place.line,
                         problems=Problems(tuple(findings[:5])))
    return Pack(doc, system.key, values)


def pack_schema() -> dict[str, Any]:
    """The JSON Schema of a pack, whichever system it is for (for editors)."""
    variants = []
    for system in registry.all_systems():
        if system.pack_model is None:
            continue
        schema = system.pack_model.pydantic().model_json_schema(by_alias=True)
        schema["properties"]["system"] = {"const": system.key}
        variants.append(schema)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "builder · pack", "oneOf": variants}
