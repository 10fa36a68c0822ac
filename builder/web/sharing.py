"""A list shared by a link: the list itself (and the files it reads, a Warbook) in the part of the
address after ``#``, which the browser never sends; the page that opens it posts it to be checked.

The link's part is ``1.`` (the format's version) and the files as JSON (``{"game", "open",
"files": {name: text}}``), compressed (raw DEFLATE, as the browser's ``CompressionStream('deflate-raw')``
makes it) and written in base64url without padding. What a link may cost here is bounded: its
length, what it unpacks to (read no further than the bound, so a small link that unpacks to
gigabytes costs the bound), the number, names and sizes of its files as a click's are bounded.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass

from builder.core.reader import MAX_BYTES
from builder.events.bounds import plain_file_name
from builder.events.submitted import FILES_MOST

VERSION = "1"
LINK_MOST = 60 * 1024
"""The characters of a link's part (after its version), within a page form's field; a real list's is a few
hundred, a list and its Warbook a few thousand."""
UNPACKED_MOST = 2 * MAX_BYTES
"""What a link may unpack to: a list and its Warbook as large as a click may send them."""
GAME_MOST = 40
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
WORDS = ("serve.share-copied", "serve.share-copy-failed", "serve.share-too-long-for-qr", "serve.share-qr", "serve.share-making",
         "serve.share-opening", "serve.share-saved", "serve.share-already-saved", "serve.share-replace",
         "serve.share-no-link")
"""What a page's script says of sharing (the link made, copied, opened), in the page's language."""


class LinkRefused(Exception):
    """A link that can't be opened: why, as a code of ``serve.error.<code>``."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Shared:
    """What a link carries: the game the list is of, the file to open (the list), every file."""

    game: str
    open: str
    files: dict[str, str]


def fragment_of(given: str) -> str:
    """The link's own part of what a player pasted: a whole address, its ``#…`` or the part alone."""
    given = given.strip()
    return given.rpartition("#")[2] if "#" in given else given


def packed(shared: Shared) -> str:
    """The link's part for ``shared`` (as the page makes it; here for the tests and any host)."""
    data = json.dumps({"game": shared.game, "open": shared.open, "files": shared.files},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = deflate.compress(data) + deflate.flush()
    return f"{VERSION}.{base64.urlsafe_b64encode(raw).decode('ascii').rstrip('=')}"


def unpacked(given: str) -> Shared:
    """The files a link carries; LinkRefused ``share-link-damaged`` (not a link this builder
    makes, cut short, changed), ``share-link-version`` (a newer format's), ``share-link-too-large``."""
    version, dot, body = fragment_of(given).partition(".")
    if not dot or not version.isdigit() or len(version) > 4:
        raise LinkRefused("share-link-damaged")
    if version != VERSION:
        raise LinkRefused("share-link-version")
    if len(body) > LINK_MOST:
        raise LinkRefused("share-link-too-large")
    if not BASE64URL.fullmatch(body) or len(body) % 4 == 1:
        raise LinkRefused("share-link-damaged")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise LinkRefused("share-link-damaged") from None
    inflate = zlib.decompressobj(-15)
    try:
        data = inflate.decompress(raw, UNPACKED_MOST + 1)
    except zlib.error:
        raise LinkRefused("share-link-damaged") from None
    if len(data) > UNPACKED_MOST or inflate.unconsumed_tail:
        raise LinkRefused("share-link-too-large")
    if not inflate.eof:
        raise LinkRefused("share-link-damaged")  # cut short: the stream never ends
    try:
        given_json = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise LinkRefused("share-link-damaged") from None
    return _checked_shape(given_json)


def _checked_shape(given: object) -> Shared:
    if not isinstance(given, dict) or set(given) != {"game", "open", "files"}:
        raise LinkRefused("share-link-damaged")
    game, opened, files = given["game"], given["open"], given["files"]
    if not isinstance(game, str) or len(game) > GAME_MOST or not isinstance(files, dict):
        raise LinkRefused("share-link-damaged")
    if not files or len(files) > FILES_MOST or opened not in files:
        raise LinkRefused("share-link-damaged")
    seen: set[str] = set()
    for name, text in files.items():
        if not plain_file_name(name) or name.casefold() in seen or not isinstance(text, str):
            raise LinkRefused("share-link-damaged")
        seen.add(name.casefold())
        try:
            size = len(text.encode("utf-8"))  # a lone surrogate (``"\\ud800"`` in the JSON) is no text
        except UnicodeEncodeError:
            raise LinkRefused("share-link-damaged") from None
        if size > MAX_BYTES:
            raise LinkRefused("share-link-too-large")
    return Shared(game, opened, dict(files))
