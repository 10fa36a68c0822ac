"""A folder of rosters and a client addressed the way the page's own browser addresses the server."""

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PORT = 8000
# A Wartime list with one mistake, on its line 6: a squad member no one knows (Fusilro).
BROKEN = "system: wartime\nname: Prueba\nwarbook: fenix-warbook.yaml\nsquads:\n  - name: A\n    members: [{character: Fusilro}]\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    work = tmp_path / "listas"
    work.mkdir()
    for name in ("fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml"):
        shutil.copy(ROOT / "examples" / "wartime" / name, work / name)
    return work


@pytest.fixture
def client(folder: Path):
    from starlette.testclient import TestClient

    from builder.serve.app import create_app

    with TestClient(create_app(folder, PORT), base_url=f"http://127.0.0.1:{PORT}") as test_client:
        yield test_client
