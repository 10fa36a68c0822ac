"""A corpus of bad files: each gives its exit code and message, never a traceback, never a changed input."""

import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from builder.cli.main import cli
from builder.core.reader import MAX_BYTES
from tests.timing import baseline, bound, timed

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
EXPECTED = yaml.safe_load((HERE / "corpus.yaml").read_text(encoding="utf-8"))


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_the_manifest_covers_the_corpus():
    assert set(EXPECTED) == {p.name for p in CORPUS.iterdir()}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_check(name):
    path = CORPUS / name
    before = path.read_bytes()
    result = run("check", path)
    assert result.exit_code == EXPECTED[name]["exit"], result.output
    assert EXPECTED[name]["says"] in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, (SystemExit, type(None)))
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_inspect_and_export_agree_and_write_nothing(name, tmp_path):
    path = CORPUS / name
    expected = EXPECTED[name]["exit"]
    inspect = run("inspect", path, "--format", "json")
    assert inspect.exit_code == expected and "Traceback" not in inspect.output
    out = tmp_path / "hoja.xlsx"
    export = run("export", path, "--xlsx", out)
    assert export.exit_code == expected and "Traceback" not in export.output
    assert list(tmp_path.iterdir()) == []   # neither the output nor a temporary file


def test_english_messages_too():
    result = run("check", CORPUS / "repeated-key.yaml", "--lang", "en")
    assert "the key “name” is repeated" in result.output


def test_a_30_mb_file_is_refused_unread(tmp_path):
    big = tmp_path / "enorme.yaml"
    with open(big, "wb") as handle:
        handle.write(b"system: wartime\nname: X\nwarbook:\n  bodies:\n")
        handle.write(b"    - {name: B, con: 1, agi: 1, int: 1, rea: 1, vol: 1}\n" * 540_000)
    assert big.stat().st_size > 30_000_000
    small = tmp_path / "corta.yaml"
    small.write_bytes(b"system: wartime\nname: X\nwarbook:\n  bodies:\n" + b"    - {name: B, con: 1, agi: 1, int: 1, rea: 1, vol: 1}\n")
    before = baseline(lambda: timed(lambda: run("check", small)))
    start = time.perf_counter()
    result = run("check", big)
    assert time.perf_counter() - start < bound(before, 2 / 3)  # as quick as a short file's check: unread
    assert result.exit_code == 2
    assert f"no puede pasar de {MAX_BYTES} bytes" in result.output
