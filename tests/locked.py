"""What requirements.lock.txt pins for the Python running the tests (its markers evaluated)."""

from __future__ import annotations

import os
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
