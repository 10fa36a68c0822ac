"""Fixtures of the command-line tests."""

import pytest

from builder.core import registry


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """Work in tmp_path, so files are named as the user types them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def buggy(monkeypatch):
    """¡Por Crom!'s rules raise a bug on a warband named "Los Rotos"."""
    system = registry.get("porcrom")
    real = type(system).check

    def check(self, file, *args):
        if file.name == "Los Rotos":
            raise ZeroDivisionError("a bug planted by the test")
        return real(self, file, *args)

    monkeypatch.setattr(type(system), "check", check)
