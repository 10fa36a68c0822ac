"""What the event desk takes in from a request: a bounded body, its form, and the gates before it.

- The body is refused from its Content-Length, or as soon as more than the limit has arrived,
  never read whole first (as ``builder serve`` does).
- Forms are ``application/x-www-form-urlencoded`` or ``multipart/form-data``. The multipart parser
  is small and strict on purpose: at most :data:`PARTS_MOST` parts, each with a
  ``Content-Disposition: form-data`` and a name; a file part keeps its name as sent (the caller
  decides whether it is a plain file name), and nothing here touches the disk.
- A per-client limit on POSTs (a sliding minute, in memory), and the CSRF token compared in
  constant time.
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from starlette.requests import Request

PARTS_MOST = 16
"""Parts of one form: a handful of fields and at most five files."""
FIELD_MOST = 64 * 1024
"""A text field's bytes (a team name, a note, a token); pasted YAML is a file's size, as a file."""
BOUNDARY = re.compile(r'boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))', re.IGNORECASE)
PARAM = re.compile(r';\s*([A-Za-z*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))')


class Rejected(Exception):
    """A request refused before it is served: ``code`` (``desk-*``) and the HTTP status."""

    def __init__(self, code: str, status: int):
        super().__init__(code)
        self.code, self.status = code, status


@dataclass
class Form:
    fields: dict[str, str] = field(default_factory=dict)
    """Each text field's value (the last, when a name is sent twice)."""
    files: list[tuple[str, bytes]] = field(default_factory=list)
    """Each file part with a file chosen: its name as sent, its bytes (empty choices left out)."""

    def get(self, name: str, default: str = "") -> str:
        return self.fields.get(name, default)


async def read_body(request: Request, most: int) -> bytes:
    """The request's body; Rejected 413 from a Content-Length over ``most``, or as soon as more
    than ``most`` bytes have arrived."""
    try:
        declared = int(request.headers.get("content-length") or 0)
    except ValueError:
        raise Rejected("desk-bad-request", 400) from None
    if declared > most:
        raise Rejected("desk-too-large", 413)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > most:
            raise Rejected("desk-too-large", 413)
    return bytes(raw)


def parse_form(content_type: str, body: bytes, file_most: int) -> Form:
    """The form a body holds; Rejected 400 for anything but a well-formed form, 413 for a file over
    ``file_most`` bytes or a text field over :data:`FIELD_MOST`, 415 for another content type."""
    kind = content_type.split(";")[0].strip().lower()
    if kind == "application/x-www-form-urlencoded":
        try:
            pairs = parse_qsl(body.decode("ascii"), keep_blank_values=True, strict_parsing=False,
                              max_num_fields=PARTS_MOST, errors="strict")
        except (UnicodeDecodeError, ValueError):
            raise Rejected("desk-bad-request", 400) from None
        if any(len(value.encode("utf-8")) > FIELD_MOST for _, value in pairs):
            raise Rejected("desk-too-large", 413)
        return Form(fields=dict(pairs))
    if kind != "multipart/form-data":
        raise Rejected("desk-not-a-form", 415)
    found = BOUNDARY.search(content_type)
    if found is None:
        raise Rejected("desk-bad-request", 400)
    return _multipart(body, (found.group(1) or found.group(2)).encode("ascii", "replace"), file_most)


def _multipart(body: bytes, boundary: bytes, file_most: int) -> Form:
    chunks = (b"\r\n" + body).split(b"\r\n--" + boundary)
    # chunks[0] is the preamble; the last must start with "--", the close delimiter.
    if len(chunks) < 2 or not chunks[-1].startswith(b"--") or len(chunks) - 2 > PARTS_MOST:
        raise Rejected("desk-bad-request", 400)
    form = Form()
    for chunk in chunks[1:-1]:
        head, sep, content = chunk.partition(b"\r\n\r\n")
        if not sep or not head.startswith(b"\r\n"):
            raise Rejected("desk-bad-request", 400)
        headers = _headers(head[2:])
        disposition = headers.get("content-disposition", "")
        if not disposition.lower().startswith("form-data"):
            raise Rejected("desk-bad-request", 400)
        params = {key.lower(): (quoted.replace('\\"', '"') if quoted is not None and unquoted == "" else unquoted)
                  for key, quoted, unquoted in PARAM.findall(disposition)}
        name = params.get("name")
        if not name:
            raise Rejected("desk-bad-request", 400)
        if "filename" in params:
            if not params["filename"] and not content:
                continue  # a file input left empty
            if len(content) > file_most:
                raise Rejected("desk-too-large", 413)
            form.files.append((params["filename"], content))
            continue
        if len(content) > FIELD_MOST:
            raise Rejected("desk-too-large", 413)
        try:
            form.fields[name] = content.decode("utf-8")
        except UnicodeDecodeError:
            raise Rejected("desk-bad-request", 400) from None
    return form


def _headers(block: bytes) -> dict[str, str]:
    out = {}
    for line in block.split(b"\r\n"):
        key, sep, value = line.partition(b":")
        if not sep:
            raise Rejected("desk-bad-request", 400)
        # Browsers send a file's name in UTF-8; anything else is kept, replaced, and then refused
        # by the name check (it is not a plain name).
        out[key.decode("latin-1").strip().lower()] = value.decode("utf-8", "replace").strip()
    return out


class RateLimit:
    """At most ``most`` POSTs a minute from one client, in memory (one server process)."""

    def __init__(self, most: int, window: float = 60.0):
        self.most, self.window = most, window
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, client: str, now: float | None = None) -> bool:
        moment = time.monotonic() if now is None else now
        with self._lock:
            if len(self._seen) > 10_000:  # forget clients gone quiet, so memory stays bounded
                self._seen = {k: v for k, v in self._seen.items() if v and v[-1] > moment - self.window}
            recent = self._seen.setdefault(client, deque())
            while recent and recent[0] <= moment - self.window:
                recent.popleft()
            if len(recent) >= self.most:
                return False
            recent.append(moment)
            return True


def new_token() -> str:
    return secrets.token_urlsafe(32)


def same(given: str | None, expected: str | None) -> bool:
    """Whether two secrets are equal, compared in constant time; an empty one never matches."""
    if not given or not expected:
        return False
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))
