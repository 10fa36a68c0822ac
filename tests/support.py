"""Shared test helpers: write YAML under tmp_path and check it through the pipeline."""

from __future__ import annotations

import hashlib
import textwrap
from pathlib import Path

from builder.core.pipeline import evaluate
from builder.core.system import Evaluation


class Checker:
    def __init__(self, folder: Path):
        self.folder = folder

    def write(self, name: str, text: str) -> Path:
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def __call__(self, text: str, name: str = "lista.yaml") -> Evaluation:
        path = self.write(name, text)
        return evaluate(path, name)


ROOT = Path(__file__).resolve().parents[1]
EDITIONS = ROOT / "tests" / "core" / "data" / "editions"
"""Editions installed for tests (BUILDER_EDITIONS): Wartime's made-up 2027-prueba, newer than 2026."""


def catalogs_hash(folder: Path) -> str:
    """The hash of the edition whose catalogs are in ``folder``, worked out here as an edition's is
    said to be (builder/core/editions.py): sha256 over each catalog file (its YAML files but
    edition.yaml, by name), its name, a NUL, its bytes, a NUL."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.glob("*.yaml") if p.name != "edition.yaml"):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def codes(evaluation: Evaluation, severity: str = "error") -> list[str]:
    return [f.code for f in evaluation.findings if f.severity == severity]


def only(evaluation: Evaluation, code: str):
    """The single finding with this code (fails, listing them all, if there isn't exactly one)."""
    found = [f for f in evaluation.findings if f.code == code]
    assert len(found) == 1, [f.message("en") for f in evaluation.findings]
    return found[0]


def loaded_after(args: list[str], *modules: str) -> list[bool]:
    """Whether each of ``modules`` is imported once ``builder ARGS`` has run, in a fresh process."""
    import subprocess
    import sys

    probe = ("import sys\nfrom builder.cli.main import cli\ntry:\n"
             f"    cli({[str(a) for a in args]!r}, standalone_mode=False)\n"
             "except SystemExit:\n    pass\n"
             f"print(*[m in sys.modules for m in {list(modules)!r}])")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return [word == "True" for word in out.split()[-len(modules):]]


def schema_node(schema: dict, node: dict, parts: list[str]) -> dict | None:
    """The schema of the field a path pattern names (``*``: any item or key), or None."""
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    if not parts:
        return node
    for option in node.get("anyOf", []) + node.get("oneOf", []):
        found = schema_node(schema, option, parts)
        if found is not None:
            return found
    head, rest = parts[0], parts[1:]
    if head == "*":
        inner = node.get("items") or node.get("additionalProperties")
        return schema_node(schema, inner, rest) if isinstance(inner, dict) else None
    prop = node.get("properties", {}).get(head)
    return schema_node(schema, prop, rest) if prop is not None else None
