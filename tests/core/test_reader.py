"""builder.core.reader: a roster file read safely (its real path, its size, its encoding, never a pipe)
into a Document that knows the line of every key and item."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from builder.core.errors import InputError
from builder.core.reader import MAX_BYTES, Document, read_document
from builder.core.yaml_data import parse_text
from tests.book_cases import no_crash, run, write
from tests.timing import baseline, bound, timed


def write_dedented(tmp_path: Path, text: str, name: str = "roster.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def refusal(path: Path) -> InputError:
    with pytest.raises(InputError) as info:
        read_document(path)
    return info.value


# --- the line of a path ---------------------------------------------------------


def test_line_of_a_path_with_a_line():
    data, lines = parse_text("a: 1\nb:\n  - x\n  - y\n")
    doc = Document(Path("r.yaml"), "r.yaml", data, lines)
    assert doc.line_of(("b", 1)) == 4
    assert doc.line_of(["b", 1]) == 4  # any sequence will do


def test_line_of_falls_back_to_the_nearest_ancestor():
    data, lines = parse_text("a: 1\nsquads:\n  - name: Alfa\n    members: []\n")
    doc = Document(Path("r.yaml"), "r.yaml", data, lines)
    # ('squads', 0, 'points') is not written: its item, on line 3, is the nearest.
    assert doc.line_of(("squads", 0, "points")) == 3
    assert doc.line_of(("squads", 0, "members", 5, "count")) == 4
    # Nothing under the root matches: the root's own line.
    assert doc.line_of(("nope", "deeper")) == 1
    assert doc.line_of(()) == 1


def test_line_of_without_any_line_is_none():
    doc = Document(Path("r.yaml"), "r.yaml", {}, {})
    assert doc.line_of(("a", 0)) is None


def test_read_document_keeps_label_and_data(tmp_path):
    path = write_dedented(tmp_path, "a: 1\n")
    assert read_document(path, "lista.yaml").label == "lista.yaml"
    doc = read_document(str(path))
    assert doc.label == str(path)
    assert doc.data == {"a": 1}


def test_a_document_knows_its_real_path_through_links_and_dots(tmp_path, monkeypatch):
    """Loops between Warbooks and "never write over an input" compare real paths."""
    real = tmp_path / "real" / "sub"
    real.mkdir(parents=True)
    target = write_dedented(real, "a: 1\n")
    (tmp_path / "real" / "up.yaml").write_text("b: 2\n", encoding="utf-8")
    (tmp_path / "linked").symlink_to(real)
    (tmp_path / "file-link.yaml").symlink_to(target)
    monkeypatch.chdir(tmp_path)
    assert read_document("linked/roster.yaml").path == target
    assert read_document(tmp_path / "file-link.yaml").path == target
    # ".." after a link goes up from where the link points, as the system resolves it.
    assert read_document("linked/../up.yaml").path == tmp_path / "real" / "up.yaml"
    assert read_document("linked/../up.yaml").data == {"b": 2}
    assert read_document(str(target)).label == str(target)


def test_a_folder_link_pointed_elsewhere_is_followed_anew(tmp_path):
    """Folders' real paths are looked up once; a long-running ``builder serve`` may outlive them."""
    for name, value in (("a", 1), ("b", 2), ("c", 3)):
        (tmp_path / name).mkdir()
        write_dedented(tmp_path / name, f"team: {value}\n")
    link = tmp_path / "equipo"
    link.symlink_to(tmp_path / "a")
    assert read_document(link / "roster.yaml").data == {"team": 1}
    link.unlink()
    link.symlink_to(tmp_path / "b")
    doc = read_document(link / "roster.yaml")
    assert (doc.data, doc.path) == ({"team": 2}, tmp_path / "b" / "roster.yaml")
    link.unlink()
    (tmp_path / "b" / "roster.yaml").unlink()
    (tmp_path / "b").rmdir()  # the folder it last led to is gone altogether
    link.symlink_to(tmp_path / "c")
    assert read_document(link / "roster.yaml").data == {"team": 3}


def test_a_link_to_nothing_is_a_missing_file(tmp_path):
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "gone.yaml")
    assert refusal(tmp_path / "dangling.yaml").code == "file-not-found"

# --- refusals ---------------------------------------------------------------------


def test_missing_file(tmp_path):
    error = refusal(tmp_path / "nope.yaml")
    assert error.code == "file-not-found"
    assert error.line is None
    assert error.file == str(tmp_path / "nope.yaml")


def test_a_folder(tmp_path):
    assert refusal(tmp_path).code == "file-is-folder"


def test_a_file_over_max_bytes(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: " + b"x" * MAX_BYTES)  # MAX_BYTES + 3 bytes
    error = refusal(path)
    assert error.code == "file-too-large"
    assert error.params == {"size": MAX_BYTES + 3, "limit": MAX_BYTES}


def test_a_file_of_exactly_max_bytes_is_read(tmp_path):
    path = tmp_path / "full.yaml"
    path.write_bytes(b"a: " + b"x" * (MAX_BYTES - 4) + b"\n")  # 3 + (MAX_BYTES - 4) + 1
    assert path.stat().st_size == MAX_BYTES
    assert len(read_document(path).data["a"]) == MAX_BYTES - 4


def test_non_utf8_bytes_give_their_line(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("system: wartime\nname: Compañía\n".encode("latin-1"))
    error = refusal(path)
    assert error.code == "invalid-encoding"
    assert error.line == 2


# --- what is accepted -------------------------------------------------------------


def test_utf8_bom_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffsystem: wartime\nname: Compañía\n".encode("utf-8"))
    doc = read_document(path)
    assert doc.data == {"system": "wartime", "name": "Compañía"}
    assert doc.lines[("name",)] == 2


def test_only_one_leading_bom_is_dropped_and_bad_bytes_after_it_keep_their_line(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfsystem: wartime\nname: \xef\xbb\xbfX\n")   # a second BOM is text
    assert read_document(path).data["name"] == "\ufeffX"
    path.write_bytes(b"\xef\xbb\xbfsystem: wartime\nname: \xff\n")
    error = refusal(path)
    assert (error.code, error.line) == ("invalid-encoding", 2)


# --- what is opened, and how much of it is read ------------------------------------


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("put_in_a_files_place", [False, True])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path, monkeypatch, put_in_a_files_place):
    import os

    pipe = tmp_path / "lista.yaml"
    os.mkfifo(pipe)
    if put_in_a_files_place:
        # The file was a regular one when it was looked at; a pipe is what opening it finds.
        regular = tmp_path / "antes.yaml"
        regular.write_text("name: x\n", encoding="utf-8")
        looked_at, real_lstat = os.lstat(regular), os.lstat
        monkeypatch.setattr(os, "lstat", lambda p, *a, **k: looked_at if str(p) == str(pipe) else real_lstat(p, *a, **k))
    ordinary = tmp_path / "corriente.yaml"
    ordinary.write_text("system: wartime\nname: x\n", encoding="utf-8")
    before = baseline(lambda: timed(lambda: read_document(ordinary)))
    started = time.perf_counter()
    with pytest.raises(InputError) as caught:
        read_document(pipe)
    assert caught.value.code == "file-unreadable"
    assert caught.value.params["reason"].key == "os.not-regular"
    # Refused as soon as an ordinary file is read (a read waiting for a writer never ends).
    assert time.perf_counter() - started < bound(before, 5 / 3)


def test_a_file_that_grew_since_it_was_looked_at_is_read_whole_up_to_one_past_the_limit(tmp_path):
    import os

    from builder.core.reader import _read_all

    def read_told(size: int) -> bytes:
        handle = os.open(grown, os.O_RDONLY)
        try:
            return _read_all(handle, size)
        finally:
            os.close(handle)

    grown = tmp_path / "lista.yaml"
    grown.write_bytes(b"a" * 200_000)
    assert read_told(10) == b"a" * 200_000                  # told 10 bytes, it has 200,000
    grown.write_bytes(b"a" * (MAX_BYTES + 5000))
    assert len(read_told(10)) == MAX_BYTES + 1              # enough to tell it is too large


# --- by the book: bad input -----------------------------------------------------------------------
# Bad input by the book (the command-line contract's "Bad input").
#
# A missing file, invalid YAML, a key repeated in one mapping, a document that isn't a mapping, an
# unknown system, a file over the size limit, an alias bomb, a binary file or a folder: `check` and
# `inspect` exit 2 with a line that names the file (and the line, where there is one), write
# nothing, and never show a Python traceback; odd but readable files exit 1 or 2, never crash.


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


@pytest.mark.book
def test_bad_input_missing_file(tmp_path):
    assert_bad_input(tmp_path, tmp_path / "no-existe.yaml")


@pytest.mark.book
def test_bad_input_invalid_yaml(tmp_path):
    path = write(tmp_path, "roto.yaml", "system: wartime\nname: [sin cerrar\nsquads: {\n")
    assert_bad_input(tmp_path, path)


@pytest.mark.book
def test_bad_input_invalid_yaml_with_line(tmp_path):
    path = write(tmp_path, "roto.yaml", "system: wartime\nname: A\n  - : : bad\n")
    assert_bad_input(tmp_path, path, want_line=3)


@pytest.mark.book
def test_bad_input_repeated_key(tmp_path):
    path = write(tmp_path, "repetido.yaml",
                 "system: wartime\nname: A\nname: B\nwarbook: {bodies: []}\n")
    assert_bad_input(tmp_path, path, want_line=3)


@pytest.mark.book
def test_bad_input_repeated_key_nested(tmp_path):
    path = write(tmp_path, "repetido.yaml",
                 "system: wartime\nname: A\nwarbook:\n  bodies:\n"
                 "    - {name: S, con: 5, con: 6, agi: 1, int: 1, rea: 1, vol: 1}\n")
    assert_bad_input(tmp_path, path, want_line=5)


@pytest.mark.book
@pytest.mark.parametrize("text", ["- system: wartime\n- name: X\n", "hola\n", "42\n", ""],
                         ids=["list", "string", "number", "empty"])
def test_bad_input_not_a_mapping(tmp_path, text):
    assert_bad_input(tmp_path, write(tmp_path, "lista.yaml", text))


@pytest.mark.book
@pytest.mark.parametrize("system_line", ["system: warhammer\n", "team: sin sistema\n", "system: null\n"])
def test_bad_input_unknown_system_lists_known(tmp_path, system_line):
    path = write(tmp_path, "lista.yaml", system_line + "name: X\n")
    r = assert_bad_input(tmp_path, path)
    r = run("check", path)
    assert "wartime" in r.output and "cripmaquion" in r.output


@pytest.mark.book
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


@pytest.mark.book
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


@pytest.mark.book
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


@pytest.mark.book
def test_binary_file(tmp_path):
    path = tmp_path / "binario.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00")
    for cmd in ("check", "inspect"):
        r = run(cmd, path)
        no_crash(r)
        assert r.exit_code == 2


@pytest.mark.book
def test_directory_as_file(tmp_path):
    d = tmp_path / "carpeta.yaml"
    d.mkdir()
    r = run("check", d)
    no_crash(r)
    assert r.exit_code == 2
