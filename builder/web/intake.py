"""What a page's host takes in from a request: a bounded body, its form, and the gates before it
(the event desk's forms and the local page's JSON bodies alike).

- The body is refused from its Content-Length, or as soon as more than the limit has arrived,
  never read whole first.
- The desk's bodies (:func:`spool_body`) are also streamed to a spooled file, in memory up to
  :data:`SPOOL_MEMORY` and on disk past it, each wait for more of them bounded in time (408).
- Forms are ``application/x-www-form-urlencoded`` or ``multipart/form-data``, the latter read by
  python-multipart (the parser Starlette itself uses), held to at most :data:`PARTS_MOST`
  parts and each field's and file's size; a file part keeps its name as sent (the caller
  decides whether it is a plain file name). A body given as a file is parsed from it piece by
  piece, its large file parts spooled to disk the same way until the form is used.
- The CSRF token compared in constant time. (The per-client limits are the store's:
  :mod:`builder.events.limits`.)
"""

from __future__ import annotations

import hmac
import secrets
import tempfile
from dataclasses import dataclass, field
from typing import IO
from urllib.parse import parse_qsl

import anyio

from starlette.requests import Request

PARTS_MOST = 16
"""Parts of one form: a handful of fields and at most five files."""
FIELD_MOST = 64 * 1024
"""A text field's bytes (a team name, a note, a token); pasted YAML is a file's size, as a file."""
URLENCODED_MOST = PARTS_MOST * (3 * FIELD_MOST + 256)
"""A url-encoded form's bytes: its fields at their most, every byte percent-encoded."""
SPOOL_MEMORY = 64 * 1024
"""A spooled body's (or file part's) bytes kept in memory; the rest goes to a temporary file."""
READ_TIMEOUT = 10.0
"""Seconds the desk waits for the next piece of a body before answering 408."""


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

    uploads: list[tuple[str, IO[bytes]]] = field(default_factory=list)
    """File parts read from a spooled body, not yet in memory: :meth:`load` reads them into ``files``."""

    def get(self, name: str, default: str = "") -> str:
        return self.fields.get(name, default)

    def load(self) -> Form:
        """The form with its uploads read into ``files`` (once the request is known to be genuine)."""
        for name, upload in self.uploads:
            upload.seek(0)
            self.files.append((name, upload.read()))
        self.close()
        return self

    def close(self) -> None:
        for _, upload in self.uploads:
            upload.close()
        self.uploads.clear()


def declared_length(request: Request) -> int | None:
    """The body's length as its Content-Length says (0 when it says none); None when it is no number."""
    try:
        return int(request.headers.get("content-length") or 0)
    except ValueError:
        return None


def refuse_declared(request: Request, most: int) -> None:
    """Rejected before a byte of the body is read: a Content-Length that is no number (400) or over
    ``most`` (413)."""
    declared = declared_length(request)
    if declared is None:
        raise Rejected("desk-bad-request", 400)
    if declared > most:
        raise Rejected("desk-too-large", 413)


async def read_body(request: Request, most: int) -> bytes:
    """The request's body; Rejected 413 from a Content-Length over ``most``, or as soon as more
    than ``most`` bytes have arrived."""
    refuse_declared(request, most)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > most:
            raise Rejected("desk-too-large", 413)
    return bytes(raw)


async def spool_body(request: Request, most: int, timeout: float = READ_TIMEOUT) -> IO[bytes]:
    """The request's body in a spooled file (in memory up to :data:`SPOOL_MEMORY`, then on disk),
    read from its start. Rejected 413 from a Content-Length over ``most`` or as soon as more than
    ``most`` bytes have arrived; 408 when ``timeout`` seconds pass with nothing more of it; 400 when
    the client goes away."""
    refuse_declared(request, most)
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY)
    received = 0
    try:
        while True:
            try:
                with anyio.fail_after(timeout):
                    message = await request.receive()
            except TimeoutError:
                raise Rejected("desk-slow-body", 408) from None
            if message["type"] == "http.disconnect":
                raise Rejected("desk-bad-request", 400)
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > most:
                raise Rejected("desk-too-large", 413)
            spool.write(chunk)
            if not message.get("more_body", False):
                break
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool


def parse_form(content_type: str, body: bytes | IO[bytes], file_most: int) -> Form:
    """The form a body holds (bytes, or a file read from its start); Rejected 400 for anything but
    a well-formed form, 413 for a file over ``file_most`` bytes or a text field over
    :data:`FIELD_MOST`, 415 for another content type. From a file, the form's file parts are
    ``uploads``, until :meth:`Form.load`."""
    kind = content_type.split(";")[0].strip().lower()
    if kind == "application/x-www-form-urlencoded" and not isinstance(body, bytes):
        body = body.read(URLENCODED_MOST + 1)
        if len(body) > URLENCODED_MOST:
            raise Rejected("desk-too-large", 413)
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
    return _multipart(content_type, body, file_most)


def _multipart(content_type: str, body: bytes | IO[bytes], file_most: int) -> Form:
    """A multipart body read by python-multipart (Starlette's own parser), held to the desk's
    limits: at most PARTS_MOST parts, each field and file within its size. From bytes (already
    bounded), every part stays in memory; from a spooled file, the file parts past
    SPOOL_MEMORY go to temporary files, left for :meth:`Form.load`."""
    from python_multipart import create_form_parser  # the parser, only when a form arrives
    from python_multipart.exceptions import FormParserError  # with it

    form, parts = Form(), [0]

    def counted() -> None:
        parts[0] += 1
        if parts[0] > PARTS_MOST:
            raise Rejected("desk-bad-request", 400)

    def on_field(field) -> None:
        counted()
        value = field.value or b""
        if len(value) > FIELD_MOST:
            raise Rejected("desk-too-large", 413)
        try:
            form.fields[field.field_name.decode("utf-8")] = value.decode("utf-8")
        except UnicodeDecodeError:
            raise Rejected("desk-bad-request", 400) from None

    def on_file(file) -> None:
        counted()
        upload = file.file_object
        name = (file.file_name or b"").decode("utf-8", "replace")
        if not name and not file.size:
            upload.close()
            return  # a file input left empty
        if file.size > file_most:
            upload.close()
            raise Rejected("desk-too-large", 413)
        upload.seek(0)
        if spooled:
            form.uploads.append((name, upload))
        else:
            form.files.append((name, upload.read()))

    spooled = not isinstance(body, bytes)
    config = {"MAX_MEMORY_FILE_SIZE": SPOOL_MEMORY if spooled else len(body) + 1,
              "MAX_BODY_SIZE": 2**63 if spooled else len(body)}
    try:
        parser = create_form_parser({"Content-Type": content_type.encode("latin-1", "replace")}, on_field, on_file,
                                    config=config)
        if isinstance(body, bytes):
            parser.write(body)
        else:
            while piece := body.read(SPOOL_MEMORY):
                parser.write(piece)
        parser.finalize()
    except (FormParserError, ValueError):
        form.close()
        raise Rejected("desk-bad-request", 400) from None
    except BaseException:
        form.close()
        raise
    return form


def new_token() -> str:
    return secrets.token_urlsafe(32)


def same(given: str | None, expected: str | None) -> bool:
    """Whether two secrets are equal, compared in constant time; an empty one never matches."""
    if not given or not expected:
        return False
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))
