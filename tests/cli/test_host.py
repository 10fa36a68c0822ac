"""``builder host``: the hosted builder's command. It says where players reach it and that it keeps
nothing of their lists; on every interface it needs its public address; the budgets and workers are
the host's to set; a port in use stops it before it says anything."""

from __future__ import annotations

import json
import os
import socket

from click.testing import CliRunner

from builder.cli.main import cli


def hosting(monkeypatch, *args: str):
    """`builder host` up to the moment it would listen (uvicorn's run, stood in for)."""
    import uvicorn

    started = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: started.append((app, settings)))
    return CliRunner().invoke(cli, ["host", "--port", "18996", *args]), started


def test_it_says_where_players_reach_it_in_either_language(monkeypatch):
    result, started = hosting(monkeypatch)
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:18996/" in result.output and "no guarda nada" in result.output
    (app, settings), = started
    assert settings["access_log"] is False and settings["proxy_headers"] is False
    assert sorted(app.state.desk.packs) == ["confrontation", "cripmaquion", "dungeon-universalis", "porcrom",
                                            "wartime"]
    result, _ = hosting(monkeypatch, "--lang", "en")
    assert "keeps nothing" in result.output and "guarda" not in result.output


def test_on_every_interface_it_needs_its_public_address(monkeypatch):
    result, started = hosting(monkeypatch, "--host", "0.0.0.0")
    assert result.exit_code == 2 and "--public-url" in result.output and not started
    result, started = hosting(monkeypatch, "--host", "0.0.0.0", "--public-url", "https://listas.example")
    assert result.exit_code == 0 and "https://listas.example/" in result.output and "AVISO" in result.output
    (app, _), = started
    assert app.state.desk.hosts == frozenset({"listas.example"})
    assert hosting(monkeypatch, "--public-url", "ftp://x/y")[0].exit_code == 2


def test_budgets_proxies_and_workers_are_the_hosts_to_set(monkeypatch):
    result, started = hosting(monkeypatch, "--clicks-per-minute", "1200", "--pdfs-per-minute", "40",
                              "--trusted-proxy", "127.0.0.1")
    assert result.exit_code == 0, result.output
    hosted = started[0][0].state.desk
    assert (hosted.pdfs.most, hosted.pdfs.window) == (40, 60.0)
    assert (hosted.clicks.most, hosted.clicks.window) == (120, 6.0)
    assert [str(n) for n in hosted.proxies] == ["127.0.0.1/32"]
    monkeypatch.setenv("BUILDER_HOSTED", "")
    result, started = hosting(monkeypatch, "--workers", "2", "--pdfs-per-minute", "40")
    assert result.exit_code == 0 and started[0][0] == "builder.hosted.app:from_environment", result.output
    given = json.loads(os.environ["BUILDER_HOSTED"])
    assert (given["clicks"], given["pdfs"], given["transport"]["per_address"]) == (600, 40, 8)
    from builder.hosted.app import from_environment

    made = from_environment().state.desk  # as each worker process makes its own
    assert (made.pdfs.most, made.hosts) == (40, frozenset({"127.0.0.1:18996", "localhost:18996", "[::1]:18996"}))
    assert hosting(monkeypatch, "--pdfs-per-minute", "0")[0].exit_code == 2


def test_a_port_in_use_is_refused_before_it_says_anything():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["host", "--port", str(port)])
    assert result.exit_code == 2 and "ya está en uso" in result.output and "Traceback" not in result.output
    assert "Constructor de listas para todos" not in result.output
