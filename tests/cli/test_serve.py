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


def test_a_port_in_use_is_refused_before_the_page_starts(tmp_path):
    import socket

    from click.testing import CliRunner

    from builder.cli.main import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        if port < 1024:
            return  # --port takes 1024 and up
        result = CliRunner().invoke(cli, ["serve", str(tmp_path), "--port", str(port), "--no-browser", "--lang", "en"])
    assert result.exit_code == 2 and "already in use" in result.output and "Traceback" not in result.output


def test_a_folder_whose_lists_are_in_subfolders_says_where_they_are(tmp_path):
    from builder.cli.serve import _folders_with_lists

    (tmp_path / "wartime").mkdir()
    (tmp_path / "wartime" / "lista.yaml").write_text("system: wartime\n", encoding="utf-8")
    (tmp_path / "vacia").mkdir()
    (tmp_path / ".oculta").mkdir()
    (tmp_path / ".oculta" / "x.yaml").write_text("system: wartime\n", encoding="utf-8")
    assert _folders_with_lists(tmp_path) == ["wartime/"]
    assert _folders_with_lists(tmp_path / "wartime") is None  # lists of its own: nothing to say
    assert _folders_with_lists(tmp_path / "vacia") is None
