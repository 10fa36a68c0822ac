"""The organiser's session: the token, given once by POST at ``/admin/login``, opens a session kept
in the event store (:mod:`builder.events.sessions`), one row each, which every desk process on the
database checks on every organiser's request.

- The cookie holds the session's id alone (32 random bytes), signed and dated with itsdangerous by
  a key derived from the token: every process sharing the token agrees on it, and a new token ends
  every session made under the old one. The store keeps only the id's hash.
- A session lasts ``session_hours`` from the login (12 by default), however busy: its row's end,
  the cookie's ``Max-Age`` and its signature's age all say so. POST ``/admin/logout`` deletes the
  row: a copy of the cookie opens nothing after it, in any process.
- The cookie is HttpOnly, SameSite=strict, for ``/admin`` only, and Secure whenever the public URL
  is https or the request came over https (:func:`builder.desk.cookies.secure`).
- A new edit code the organiser issues a team waits in the session's row, never in the cookie,
  sealed with the session's id (the database alone can't read it), until the team's page shows it.
- The token's strength is judged at start (:func:`token_bits`): a token the organiser chose must be
  worth at least :data:`STRONG_BITS` bits, as much as one drawn at random.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import string
import time

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import Request
from starlette.responses import Response

from builder.desk.cookies import secure
from builder.desk.state import Desk, desk_of
from builder.events.sessions import OrganiserSessions
from builder.web.intake import same

SESSION_COOKIE = "desk_session"
SESSION_HOURS = 12
STRONG_BITS = 128
"""A token's least strength: 22 URL-safe characters drawn at random, or 32 hexadecimal digits."""
URL_SAFE = frozenset(string.ascii_letters + string.digits + "-_")
ENDED = "Thu, 01 Jan 1970 00:00:00 GMT"

clock = time.time
"""The time a session is measured by (a test moves it)."""


def token_bits(token: str) -> float:
    """What a token is worth at most, in bits: its length times the bits of one character of the
    smallest alphabet it is written in (digits, hexadecimal, URL-safe, any printable). An
    estimate from above: it can't tell a phrase from a token drawn at random."""
    chars = set(token)
    for alphabet, size in ((set(string.digits), 10), (set(string.hexdigits), 16), (URL_SAFE, 64)):
        if chars <= alphabet:
            return len(token) * math.log2(size)
    return len(token) * math.log2(94)


def signing_key(token: str, purpose: str) -> str:
    """A key a cookie of the desk is signed with, one for each ``purpose``: the token's own (every
    process that shares the token agrees on it, and a new token ends what the old one signed),
    never the token itself."""
    return hmac.new(token.encode("utf-8"), b"builder-desk-" + purpose.encode(), hashlib.sha256).hexdigest()


def is_token(desk: Desk, given: str | None) -> bool:
    return same(given, desk.token)


def _signer(desk: Desk) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(signing_key(desk.token, "organiser-session"), salt="organiser-session")


def _book(desk: Desk) -> OrganiserSessions:
    return OrganiserSessions(desk.store.engine, desk.event_id)


def _key(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("ascii")).hexdigest()


def session_id(request: Request) -> str | None:
    """The id the request's cookie holds, if its signature holds and it is no older than a session."""
    desk = desk_of(request)
    given = request.cookies.get(SESSION_COOKIE)
    if not given or len(given) > 200:
        return None
    try:
        found = _signer(desk).loads(given, max_age=desk.session_seconds)
    except BadSignature:  # SignatureExpired is one too
        return None
    return found if isinstance(found, str) and found.isascii() else None


def organiser(request: Request) -> bool:
    """Whether the request comes from the organiser: a session opened by the login, kept in the
    store, neither ended nor expired."""
    found = session_id(request)
    return found is not None and _book(desk_of(request)).alive(_key(found), clock())


def open_session(request: Request, response: Response) -> None:
    """A new session for the organiser, its cookie on ``response``; the one the browser held before,
    if any, ended (a session is never carried over a login)."""
    desk = desk_of(request)
    before = session_id(request)
    if before is not None:
        _book(desk).end(_key(before))
    new = secrets.token_urlsafe(32)
    _book(desk).open(_key(new), desk.session_seconds, clock())
    response.set_cookie(SESSION_COOKIE, _signer(desk).dumps(new), max_age=desk.session_seconds, path="/admin",
                        httponly=True, samesite="strict", secure=secure(request))


def close_session(request: Request, response: Response) -> None:
    """The session ended in the store (every process), its cookie dropped from the browser."""
    found = session_id(request)
    if found is not None:
        _book(desk_of(request)).end(_key(found))
    response.set_cookie(SESSION_COOKIE, "null", expires=ENDED, path="/admin", httponly=True, samesite="strict",
                        secure=secure(request))


def _pad(session: str, salt: bytes, size: int) -> bytes:
    return hmac.new(session.encode("ascii"), b"new-code" + salt, hashlib.sha256).digest()[:size]


def hold_new_code(request: Request, team_id: int, code: str) -> bool:
    """A team's new edit code kept in the organiser's session (its row) until its page shows it:
    sealed with the session's id, which only the organiser's cookie holds (an edit code is 19
    characters; each sealing draws its own salt)."""
    found = session_id(request)
    data = code.encode("ascii")
    if found is None or len(data) > 32:
        return False
    salt = secrets.token_bytes(16)
    masked = bytes(a ^ b for a, b in zip(data, _pad(found, salt, len(data))))
    return _book(desk_of(request)).hold_code(_key(found), team_id, f"{salt.hex()}${masked.hex()}", clock())


def take_new_code(request: Request, team_id: int) -> str | None:
    """The new edit code the session holds for ``team_id``, once: taken out as it is read."""
    found = session_id(request)
    sealed = _book(desk_of(request)).take_code(_key(found), team_id, clock()) if found else None
    if sealed is None:
        return None
    try:
        salt, masked = (bytes.fromhex(part) for part in sealed.split("$"))
        return bytes(a ^ b for a, b in zip(masked, _pad(found, salt, len(masked)))).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None
