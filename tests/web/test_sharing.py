"""A list shared by a link (builder/web/sharing.py): what a link carries comes back whole, and a
link that is not one this builder makes is refused with a reason, within its bounds."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.web.sharing import LINK_MOST, UNPACKED_MOST, LinkRefused, Shared, fragment_of, packed, unpacked

LIST = "system: wartime\nname: Ñandú «uno»\nwarbook: libro.yaml\n"
BOOK = "system: wartime\nname: Libro\n"


def raw(data: bytes, version: str = "1") -> str:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return f"{version}." + base64.urlsafe_b64encode(squeeze.compress(data) + squeeze.flush()).decode().rstrip("=")


def refused(link: str) -> str:
    with pytest.raises(LinkRefused) as caught:
        unpacked(link)
    return caught.value.code


def test_a_list_and_its_warbook_come_back_whole_from_a_whole_address_or_its_part():
    shared = Shared("wartime", "lista.yaml", {"lista.yaml": LIST, "libro.yaml": BOOK})
    part = packed(shared)
    assert part.startswith("1.") and "=" not in part and "+" not in part and "/" not in part
    for given_ in (part, "#" + part, f"https://club.example/build/shared?lang=es#{part}", f"  {part}\n"):
        assert unpacked(given_) == shared
    assert fragment_of("https://x/y#a#1.b") == "1.b"


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.from_regex(r"[a-z][a-z0-9-]{0,20}\.yaml", fullmatch=True), st.text(max_size=300),
                       min_size=1, max_size=5))
def test_any_files_a_link_may_carry_come_back_as_they_were(files):
    if len({n.casefold() for n in files}) != len(files):
        return
    files = {n: t for n, t in files.items() if all(not 0xD800 <= ord(c) <= 0xDFFF for c in t)} or {"a.yaml": ""}
    shared = Shared("g", next(iter(files)), files)
    assert unpacked(packed(shared)) == shared


def test_the_browsers_deflate_raw_is_read_as_zlibs_raw_deflate():
    # What CompressionStream('deflate-raw') makes: a raw DEFLATE stream, no zlib header, no checksum.
    body = json.dumps({"game": "g", "open": "a.yaml", "files": {"a.yaml": "x: 1"}}).encode()
    squeeze = zlib.compressobj(6, zlib.DEFLATED, -15)
    made = squeeze.compress(body) + squeeze.flush()
    assert unpacked("1." + base64.urlsafe_b64encode(made).decode().rstrip("=")).files == {"a.yaml": "x: 1"}


@pytest.mark.parametrize("link, code", [
    ("", "share-link-damaged"),
    ("1.", "share-link-damaged"),
    ("1.@@@@", "share-link-damaged"),
    ("1.A", "share-link-damaged"),  # no base64 is one character past a group
    ("nope", "share-link-damaged"),
    ("x.AAAA", "share-link-damaged"),
    ("99999.AAAA", "share-link-damaged"),
    ("3.AAAA", "share-link-version"),
    ("1." + "A" * (LINK_MOST + 4), "share-link-too-large"),
    ("1." + base64.urlsafe_b64encode(b"not deflate at all").decode(), "share-link-damaged"),
])
def test_a_link_that_is_not_one_is_refused_with_its_reason(link, code):
    assert refused(link) == code


def test_a_link_cut_short_is_damaged_not_half_read():
    part = packed(Shared("g", "a.yaml", {"a.yaml": "x: " + "y" * 4000}))
    assert refused(part[: len(part) // 2]) == "share-link-damaged"


def test_a_small_link_that_unpacks_to_much_costs_the_bound_alone():
    bomb = raw(b'{"game":"g","open":"a.yaml","files":{"a.yaml":"' + b"a" * (UNPACKED_MOST * 4) + b'"}}')
    assert len(bomb) < LINK_MOST and refused(bomb) == "share-link-too-large"


@pytest.mark.parametrize("body", [
    b"[]", b'"text"', b"{}", b"\xff\xfe", b"[" * 50000 + b"]" * 50000,
    b'{"game":"g","open":"a.yaml","files":{"a.yaml":"\\ud800"}}',  # a lone surrogate: no text
    b'{"game":"g","open":"b.yaml","files":{"a.yaml":"x"}}',  # opens a file it doesn't carry
    b'{"game":"g","open":"a.yaml","files":{}}',
    b'{"game":"g","open":"a.yaml","files":{"a.yaml":"x"},"more":1}',
    b'{"game":7,"open":"a.yaml","files":{"a.yaml":"x"}}',
    b'{"game":"g","open":"a.yaml","files":{"a.yaml":["x"]}}',
    b'{"game":"g","open":"../a.yaml","files":{"../a.yaml":"x"}}',
    b'{"game":"g","open":"a.yaml","files":{"a.yaml":"x","A.YAML":"y"}}',
    b'{"game":"g","open":"a.txt","files":{"a.txt":"x"}}',
    ('{"game":"g","open":"a0.yaml","files":{' + ",".join(f'"a{n}.yaml":"x"' for n in range(6)) + "}}").encode(),
])
def test_what_a_link_unpacks_to_is_held_to_a_lists_shape(body):
    assert refused(raw(body)) == "share-link-damaged"


def test_a_file_past_an_uploads_size_is_too_large():
    big = json.dumps({"game": "g", "open": "a.yaml", "files": {"a.yaml": "a" * (1024 * 1024 + 1)}}).encode()
    assert refused(raw(big)) == "share-link-too-large"


def test_the_vendored_qr_library_is_the_registrys_release():
    # uqr (MIT, a port of Project Nayuki's QR Code generator), copied from the npm package
    # tools/axe's lock pins, its licence beside it.
    root = Path(__file__).resolve().parents[2]
    lock = json.loads((root / "tools" / "axe" / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert lock["node_modules/uqr"]["version"] == "0.1.3" and lock["node_modules/uqr"]["license"] == "MIT"
    vendored = root / "builder" / "web" / "static" / "vendor"
    assert "MIT License" in (vendored / "uqr.LICENSE").read_text(encoding="utf-8")
    installed = root / "tools" / "axe" / "node_modules" / "uqr" / "dist" / "index.mjs"
    if installed.is_file():  # where make page-tools ran
        assert (vendored / "uqr.mjs").read_bytes() == installed.read_bytes()
