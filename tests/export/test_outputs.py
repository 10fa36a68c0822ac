"""Outputs are never written over an input, and never left half-written."""

import os
from pathlib import Path

import pytest

from builder.core.errors import InputError
from builder.export.outputs import check_output, write_atomically


def test_an_output_equal_to_the_input_is_refused(tmp_path):
    source = tmp_path / "lista.yaml"
    source.write_text("x")
    with pytest.raises(InputError) as caught:
        check_output(tmp_path / "." / "lista.yaml", [source])
    assert caught.value.code == "output-is-input"


def test_missing_folder_and_folder_outputs_are_refused(tmp_path):
    with pytest.raises(InputError) as caught:
        check_output(tmp_path / "no" / "x.xlsx", [])
    assert caught.value.code == "output-folder-missing"
    with pytest.raises(InputError) as caught:
        check_output(tmp_path, [])
    assert caught.value.code == "output-is-folder"


def test_a_failed_write_leaves_nothing_and_keeps_the_old_file(tmp_path):
    out = tmp_path / "hoja.xlsx"
    out.write_bytes(b"old")

    def broken(path: Path) -> None:
        path.write_bytes(b"half")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_atomically(out, broken)
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hoja.xlsx"]


def test_a_successful_write_replaces_the_file(tmp_path):
    out = tmp_path / "hoja.xlsx"
    write_atomically(out, lambda path: path.write_bytes(b"new"))
    assert out.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["hoja.xlsx"]


def test_several_outputs_are_written_all_or_none(tmp_path):
    from builder.export.outputs import write_all_atomically

    sheet, cards = tmp_path / "hoja.xlsx", tmp_path / "cartas.pdf"

    def broken(path: Path) -> None:
        path.write_bytes(b"half")
        raise RuntimeError("the PDF failed")

    with pytest.raises(RuntimeError):
        write_all_atomically([(sheet, lambda p: p.write_bytes(b"sheet")), (cards, broken)])
    assert list(tmp_path.iterdir()) == []  # the spreadsheet, written first, is not left behind

    sheet.write_bytes(b"old sheet")
    with pytest.raises(RuntimeError):
        write_all_atomically([(sheet, lambda p: p.write_bytes(b"sheet")), (cards, broken)])
    assert sheet.read_bytes() == b"old sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hoja.xlsx"]

    write_all_atomically([(sheet, lambda p: p.write_bytes(b"sheet")), (cards, lambda p: p.write_bytes(b"pdf"))])
    assert (sheet.read_bytes(), cards.read_bytes()) == (b"sheet", b"pdf")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cartas.pdf", "hoja.xlsx"]


def test_a_rename_that_fails_puts_back_the_files_already_placed(tmp_path, monkeypatch):
    import os

    from builder.export.outputs import write_all_atomically

    sheet, cards = tmp_path / "hoja.xlsx", tmp_path / "cartas.pdf"
    sheet.write_bytes(b"old sheet")
    real_replace = os.replace

    def replace(source, target):
        if str(target).endswith(".pdf"):
            raise PermissionError(13, "denied")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(InputError) as caught:
        write_all_atomically([(sheet, lambda p: p.write_bytes(b"new sheet")), (cards, lambda p: p.write_bytes(b"pdf"))])
    monkeypatch.setattr(os, "replace", real_replace)
    assert caught.value.code == "output-unwritable"
    assert sheet.read_bytes() == b"old sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hoja.xlsx"]


def test_an_output_gets_the_mode_of_any_new_file_not_the_temporary_files(tmp_path):
    import os

    previous = os.umask(0o027)
    try:
        out = tmp_path / "hoja.xlsx"
        write_atomically(out, lambda path: path.write_bytes(b"new"))
    finally:
        os.umask(previous)
    assert out.stat().st_mode & 0o777 == 0o666 & ~0o027  # 0640, not mkstemp's 0600


def test_each_file_reaches_the_disk_before_its_rename_and_its_folder_after(tmp_path, monkeypatch):
    # A power cut must find the old file or the new one, whole: the new bytes are synced
    # before the rename puts them in place, and the folder (the rename itself) after it.
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle):
        events.append(("sync", os.path.realpath(f"/proc/self/fd/{handle}")))
        real_fsync(handle)

    def replace(source, target):
        events.append(("rename", os.path.realpath(source), os.path.realpath(target)))
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    out = tmp_path / "lista.yaml"
    out.write_text("old", encoding="utf-8")
    write_atomically(out, lambda tmp: tmp.write_text("new", encoding="utf-8"))
    assert out.read_text(encoding="utf-8") == "new"
    [(_, temporary, target)] = [e for e in events if e[0] == "rename"]
    assert target == str(out.resolve())
    assert events.index(("sync", temporary)) < events.index(("rename", temporary, target))
    assert events[-1] == ("sync", str(tmp_path.resolve()))


def test_a_new_file_is_never_written_over_one_that_appeared(tmp_path):
    from builder.export.outputs import rename_new, write_new

    out = tmp_path / "nueva.yaml"
    write_new(out, lambda tmp: tmp.write_text("primera", encoding="utf-8"))
    with pytest.raises(FileExistsError):
        write_new(out, lambda tmp: tmp.write_text("segunda", encoding="utf-8"))
    assert out.read_text(encoding="utf-8") == "primera"
    assert [p.name for p in tmp_path.iterdir()] == ["nueva.yaml"]     # no temporary left behind
    other = tmp_path / "otra.yaml"
    other.write_text("otra", encoding="utf-8")
    with pytest.raises(FileExistsError):
        rename_new(other, out)
    assert out.read_text(encoding="utf-8") == "primera" and other.exists()
    rename_new(other, tmp_path / "tercera.yaml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nueva.yaml", "tercera.yaml"]


def test_the_umask_is_read_without_being_changed(monkeypatch):
    # Writers run in several threads under builder serve: reading the umask must not set it.
    from builder.export import outputs

    def refused(mask):
        raise AssertionError("the umask was set")

    previous = os.umask(0o027)
    try:
        monkeypatch.setattr(os, "umask", refused)
        assert outputs._new_file_mode() == 0o640
    finally:
        monkeypatch.undo()
        os.umask(previous)
