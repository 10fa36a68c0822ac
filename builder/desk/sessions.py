"""The organiser's session: the token, given once by POST at ``/admin/login``, opens a session kept
in a cookie that Starlette's ``SessionMiddleware`` signs and dates (itsdangerous).

- The signing key is derived from the token: every worker process sharing the token agrees on it,
  and a new token ends every session made under the old one.
- A session lasts ``session_hours`` from the login (12 by default), however busy: the cookie's
  ``Max-Age``, its signature's age and the login time it carries all say so. POST ``/admin/logout``
  ends it in the browser.
- The cookie is HttpOnly, SameSite=strict, for ``/admin`` only, and Secure when the request came
  over https.
- The token's strength is judged at start (:func:`token_bits`): a token the organiser chose must be
  worth at least :data:`STRONG_BITS` bits, as much as one drawn at random.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import string
import time
from typing import Any

from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request

from builder.desk.state import Desk, desk_of
from builder.web.intake import same

SESSION_COOKIE = "desk_session"
SESSION_HOURS = 12
STRONG_BITS = 128
"""A token's least strength: 22 URL-safe characters drawn at random, or 32 hexadecimal digits."""
URL_SAFE = frozenset(string.ascii_letters + string.digits + "-_")

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


class Sessions:
    """Starlette's ``SessionMiddleware`` with the desk's settings, its cookie Secure when the request
    came over https (the scheme as the server, or a trusted proxy, says)."""

    def __init__(self, app: Any, token: str, max_age: int):
        settings = {"secret_key": signing_key(token, "organiser-session"), "session_cookie": SESSION_COOKIE, "max_age": max_age,
                    "path": "/admin", "same_site": "strict"}
        self.plain = SessionMiddleware(app, **settings)
        self.secure = SessionMiddleware(app, https_only=True, **settings)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        chosen = self.secure if scope.get("scheme") in ("https", "wss") else self.plain
        await chosen(scope, receive, send)


def is_token(desk: Desk, given: str | None) -> bool:
    return same(given, desk.token)


def organiser(request: Request) -> bool:
    """Whether the request comes from the organiser: a session opened by the login, not yet expired."""
    session = request.session
    since = session.get("since")
    return (session.get("organiser") is True and isinstance(since, (int, float))
            and clock() - since < desk_of(request).session_seconds)


def open_session(request: Request) -> None:
    """A new session for the organiser (whatever the browser held before is dropped)."""
    request.session.clear()
    request.session.update({"organiser": True, "since": int(clock())})


def close_session(request: Request) -> None:
    request.session.clear()
