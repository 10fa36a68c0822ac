from pathlib import Path

import pytest

from tests.support import Checker


@pytest.fixture
def check(tmp_path: Path) -> Checker:
    """Write a roster into tmp_path and evaluate it: ``check(text, name="lista.yaml")``."""
    return Checker(tmp_path)
