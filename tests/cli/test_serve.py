"""``builder serve``: the web server (Starlette, uvicorn) is loaded by that command alone."""

from pathlib import Path

TOURNAMENT = Path(__file__).resolve().parents[2] / "examples" / "tournament"


def test_serve_alone_loads_the_web_server():
    from tests.support import loaded_after

    assert loaded_after(["check", TOURNAMENT / "lists"], "starlette", "uvicorn") == [False, False]


def test_a_pack_that_cannot_be_read_stops_serve_before_it_listens(tmp_path):
    from click.testing import CliRunner

    from builder.cli.main import cli

    result = CliRunner().invoke(cli, ["serve", str(tmp_path), "--no-browser", "--pack", str(tmp_path / "no.yaml")])
    assert result.exit_code == 2 and "Traceback" not in result.output
