"""Helpers for Wartime tests: write YAML into tmp_path and check it through the pipeline."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from builder.pipeline import evaluate
from builder.systems.base import Evaluation


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


@pytest.fixture
def check(tmp_path: Path) -> Checker:
    return Checker(tmp_path)


def codes(evaluation: Evaluation, severity: str = "error") -> list[str]:
    return [f.code for f in evaluation.findings if f.severity == severity]


def archetype(evaluation: Evaluation, name: str) -> dict:
    assert evaluation.details is not None, [f.message("en") for f in evaluation.findings]
    return next(a for a in evaluation.details["archetypes"] if a["name"] == name)
