"""The locked install: make's .venv holds exactly what requirements.lock.txt pins."""

import importlib.metadata
import sys

import pytest
from packaging.utils import canonicalize_name

from tests.locked import UNLOCKED, pins

INSTALLERS = {"pip", "setuptools", "wheel"}
"""What `python -m venv` puts in a new environment on some Pythons, besides the lock."""


def test_the_lock_pins_the_project_s_own_dependencies():
    assert {"pydantic-core", "pyyaml", "weasyprint", "pytest", "hatchling"} <= set(pins())


@pytest.mark.skipif(UNLOCKED, reason="make test-latest installs the newest releases, not the lock")
@pytest.mark.skipif(sys.prefix == sys.base_prefix, reason="not in a virtual environment (make test makes .venv)")
def test_every_installed_distribution_is_the_locked_release():
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in importlib.metadata.distributions()}
    locked = pins()
    wrong = {name: (version, locked.get(name)) for name, version in installed.items()
             if name not in INSTALLERS | {"builder"} and locked.get(name) != version}
    assert not wrong, f"installed (version, locked version): {wrong}: run `make test`, which reinstalls from the lock"
    assert installed.keys() >= locked.keys()
