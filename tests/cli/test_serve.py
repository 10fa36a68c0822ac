"""``builder serve``: the web server (Starlette, uvicorn) is loaded by that command alone."""

from pathlib import Path

TOURNAMENT = Path(__file__).resolve().parents[2] / "examples" / "tournament"


def test_serve_alone_loads_the_web_server():
    from tests.support import loaded_after

    assert loaded_after(["check", TOURNAMENT / "lists"], "starlette", "uvicorn") == [False, False]
