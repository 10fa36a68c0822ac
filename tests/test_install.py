"""The locked install: make's .venv holds exactly what requirements.lock.txt pins."""

import sys

import pytest

from tests.locked import UNLOCKED, installed, pins

INSTALLERS = {"pip", "setuptools", "wheel"}
"""What `python -m venv` puts in a new environment on some Pythons, besides the lock."""


def test_the_lock_pins_the_project_s_own_dependencies():
    assert {"pydantic-core", "pyyaml", "weasyprint", "pytest", "hatchling"} <= set(pins())


@pytest.mark.skipif(UNLOCKED, reason="make test-latest installs the newest releases, not the lock")
@pytest.mark.skipif(sys.prefix == sys.base_prefix, reason="not in a virtual environment (make test makes .venv)")
def test_every_installed_distribution_is_the_locked_release():
    found, locked = installed(), pins()
    wrong = {name: (version, locked.get(name)) for name, version in found.items()
             if name not in INSTALLERS | {"builder"} and locked.get(name) != version}
    assert not wrong, f"installed (version, locked version): {wrong}: run `make test`, which reinstalls from the lock"
    assert found.keys() >= locked.keys()
