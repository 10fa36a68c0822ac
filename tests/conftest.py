import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.support import Checker

# The default suite is deterministic: property tests draw from a fixed seed, keep no example
# database between runs and never spend minutes shrinking a failure (make fuzz searches longer).
settings.register_profile("builder-default", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("BUILDER_HYPOTHESIS_PROFILE", "builder-default"))


@pytest.fixture
def check(tmp_path: Path) -> Checker:
    """Write a roster into tmp_path and evaluate it: ``check(text, name="lista.yaml")``."""
    return Checker(tmp_path)


@pytest.fixture
def wt(tmp_path: Path) -> Path:
    """A folder with the Fénix warbook and its two example lists (copies: tests may write beside them)."""
    folder = tmp_path / "wartime"
    folder.mkdir(exist_ok=True)
    for name in ("fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml"):
        shutil.copy(Path(__file__).resolve().parents[1] / "examples" / "wartime" / name, folder / name)
    return folder
