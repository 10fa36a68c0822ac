"""What requirements.lock.txt pins for the Python running the tests (its markers evaluated)."""

from __future__ import annotations

import os
import importlib.metadata
from functools import lru_cache
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name

LOCK = Path(__file__).resolve().parents[1] / "requirements.lock.txt"
UNLOCKED = bool(os.environ.get("BUILDER_UNLOCKED"))
"""Set by ``make test-latest``, which installs the newest releases pyproject.toml allows."""


@lru_cache(maxsize=1)
def pins() -> dict[str, str]:
    """Each locked distribution's (canonical) name and version, for this Python and platform."""
    found: dict[str, str] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if not line or line[0] in " #":
            continue
        requirement, _, marker = line.rstrip(" \\").partition(" ; ")
        name, _, version = requirement.partition("==")
        if not marker or Marker(marker).evaluate():
            found[canonicalize_name(name)] = version
    return found


def installed() -> dict[str, str]:
    """Each installed distribution's (canonical) name and version."""
    return {canonicalize_name(d.metadata["Name"]): d.version for d in importlib.metadata.distributions()}


def moved() -> dict[str, tuple[str, str]]:
    """The locked distributions installed at another release: name → (installed, locked)."""
    locked = pins()
    return {name: (version, locked[name]) for name, version in installed().items()
            if name in locked and locked[name] != version}
