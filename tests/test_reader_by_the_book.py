"""Bad input by the book (the command-line contract's "Bad input").

A missing file, invalid YAML, a key repeated in one mapping, a document that isn't a mapping, an
unknown system, a file over the size limit, an alias bomb, a binary file or a folder: `check`
and `inspect` exit 2 with a line that names the file (and the line, where there is one), write
nothing, and never show a Python traceback; odd but readable files exit 1 or 2, never crash.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.book_cases import no_crash, run, write


def assert_bad_input(tmp_path, path, *, want_line=None):
    before = sorted(p.name for p in tmp_path.iterdir())
    for fmt in ("text", "json"):
        r = run("check", path, "--format", fmt)
        no_crash(r)
        assert r.exit_code == 2, r.output
        lines = [ln for ln in r.output.splitlines() if Path(path).name in ln]
        assert lines, f"no line names the file:\n{r.output}"
        if want_line is not None:
            assert any(re.search(rf"(:{want_line}\b|\b{want_line}\b)", ln) for ln in lines), r.output
    r = run("inspect", path)
    no_crash(r)
    assert r.exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written
    return r


def test_bad_input_missing_file(tmp_path):
    assert_bad_input(tmp_path, tmp_path / "no-existe.yaml")


def test_bad_input_invalid_yaml(tmp_path):
    path = write(tmp_path, "roto.yaml", "system: wartime\nname: [sin cerrar\nsquads: {\n")
    assert_bad_input(tmp_path, path)


def test_bad_input_invalid_yaml_with_line(tmp_path):
    path = write(tmp_path, "roto.yaml", "system: wartime\nname: A\n  - : : bad\n")
    assert_bad_input(tmp_path, path, want_line=3)


def test_bad_input_repeated_key(tmp_path):
    path = write(tmp_path, "repetido.yaml",
                 "system: wartime\nname: A\nname: B\nwarbook: {bodies: []}\n")
    assert_bad_input(tmp_path, path, want_line=3)


def test_bad_input_repeated_key_nested(tmp_path):
    path = write(tmp_path, "repetido.yaml",
                 "system: wartime\nname: A\nwarbook:\n  bodies:\n"
                 "    - {name: S, con: 5, con: 6, agi: 1, int: 1, rea: 1, vol: 1}\n")
    assert_bad_input(tmp_path, path, want_line=5)


@pytest.mark.parametrize("text", ["- system: wartime\n- name: X\n", "hola\n", "42\n", ""],
                         ids=["list", "string", "number", "empty"])
def test_bad_input_not_a_mapping(tmp_path, text):
    assert_bad_input(tmp_path, write(tmp_path, "lista.yaml", text))


@pytest.mark.parametrize("system_line", ["system: warhammer\n", "team: sin sistema\n", "system: null\n"])
def test_bad_input_unknown_system_lists_known(tmp_path, system_line):
    path = write(tmp_path, "lista.yaml", system_line + "name: X\n")
    r = assert_bad_input(tmp_path, path)
    r = run("check", path)
    assert "wartime" in r.output and "cripmaquion" in r.output


def test_bad_input_file_too_large(tmp_path):
    path = tmp_path / "enorme.yaml"
    with path.open("w", encoding="utf-8") as fh:
        fh.write("system: wartime\nname: X\n")
        chunk = "# " + "x" * 1021 + "\n"
        for _ in range(48 * 1024):  # 48 MiB of comments: no roster is this large
            fh.write(chunk)
    assert_bad_input(tmp_path, path)
    r = run("check", path)
    line = [ln for ln in r.output.splitlines() if "enorme.yaml" in ln][0]
    assert re.search(r"\d", line.replace("enorme.yaml", "")), f"limit not stated: {line}"


def test_billion_laughs_is_safe(tmp_path):
    # Aliases expanding to 10^9 nodes must neither hang nor crash.
    lines = ["system: wartime", "name: X", 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 9):
        prev = f"*a{i-1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    lines.append("warbook: {bodies: *a8}")
    path = write(tmp_path, "risa.yaml", "\n".join(lines) + "\n")
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "builder"), "check", str(path), "--format", "json"],
        capture_output=True, text=True, timeout=120,
    )
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.returncode in (1, 2)


@pytest.mark.parametrize("text", [
    "system: wartime\nname: X\nwarbook: 7\n",
    "system: wartime\nname: X\nwarbook: {bodies: [{name: S, con: [1, 2]}]}\n",
    "system: wartime\nname: X\nwarbook: {bodies: {a: 1}}\n",
    "system: wartime\nname: X\nwarbook: {}\nsquads: [{name: A, members: [{character: C, count: cuatro}]}]\n",
    "system: wartime\nname: X\nwarbook: {}\nsquads: [7, null]\n",
    "system: wartime\nname: [1, 2]\nwarbook: {}\n",
    "system: wartime\nname: X\nwarbook: no-existe.yaml\n",
    "system: wartime\nname: X\nwarbook: {}\nrestrictions: 5\n",
    "system: wartime\nname: X\nwarbook: {weapons: [{name: W, energy: 1, damage: 3, area: {shape: hexagon, side: 2}}]}\n",
    "system: wartime\nname: X\nwarbook: {weapons: [{name: W, energy: 1, damage: 3, area: {shape: circle}}]}\n",
    "system: wartime\nname: X\nwarbook: {bodies: [{name: S, con: .nan, agi: 1, int: 1, rea: 1, vol: 1}]}\n",
    "system: wartime\nname: X\nwarbook: {bodies: [{name: S, con: 5.5, agi: 1, int: 1, rea: 1, vol: 1}]}\n",
    "system: [wartime]\nname: X\n",
    "system: wartime\n? [a, b]\n: 1\n",
    "system: cripmaquion\nteam: X\nrunners: 5\n",
    "system: cripmaquion\nteam: X\nrunners: [{name: A}]\n",
    "system: cripmaquion\nteam: X\nrunners: [{name: A, race: orco, specialties: brincamontes}]\n",
    "system: cripmaquion\nteam: X\nrunners: [{name: A, race: orco, specialties: []}]\nlineup: A\n",
    "\xff\xfe garbage \x00",
])
def test_no_traceback_on_odd_files(tmp_path, text):
    path = tmp_path / "raro.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    for cmd in ("check", "inspect"):
        for fmt in ("text", "json"):
            r = run(cmd, path, "--format", fmt)
            no_crash(r)
            assert r.exit_code in (1, 2), r.output


def test_binary_file(tmp_path):
    path = tmp_path / "binario.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00")
    for cmd in ("check", "inspect"):
        r = run(cmd, path)
        no_crash(r)
        assert r.exit_code == 2


def test_directory_as_file(tmp_path):
    d = tmp_path / "carpeta.yaml"
    d.mkdir()
    r = run("check", d)
    no_crash(r)
    assert r.exit_code == 2
