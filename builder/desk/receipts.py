"""What a player's POST leaves for the page it is sent on to (POST-redirect-GET): a reload, or the
Back button, shows that page again and never sends the form a second time.

- ``/submit`` stores the list and answers 303 to ``/receipt/<id>``, an id drawn at random for this
  one receipt. The receipt itself, its edit code included, is in a cookie of the submitting
  browser alone: signed and dated with itsdangerous (a key of its own, derived from the organiser's
  token, so every worker process reads it), HttpOnly, SameSite=strict, for ``/receipt`` only,
  Secure over https (:func:`builder.desk.cookies.secure`), for :data:`RECEIPT_MINUTES`. The
  address holds no code and shows nothing without the cookie; the code is never in an address, a
  log line or a Referer.
- A refused ``/submit`` answers 303 to ``GET /?refused=<id>``: the form again, with why it was refused
  and the player's team name and pasted text, kept the same way (a cookie for ``/``, for
  :data:`REFUSED_MINUTES`; no edit code: a wrong one is not worth keeping, a right one is a secret).
  What does not fit in a cookie (a long pasted list) is left out, the refusal is always said.
- ``/status`` checks the team's name and code and answers 303 to ``GET /status``, which shows the
  team while the browser holds the same kind of cookie (for ``/status``); the code is checked again
  on every view, so a new code from the organiser ends it.
"""

from __future__ import annotations

import secrets
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import Request
from starlette.responses import Response

from builder.desk.cookies import secure
from builder.desk.sessions import signing_key
from builder.desk.state import desk_of

RECEIPT_COOKIE = "desk_receipt"
STATUS_COOKIE = "desk_status"
RECEIPT_MINUTES = 120
"""How long the browser that submitted keeps its receipt (and a status looked up) on show."""
REFUSED_COOKIE = "desk_refused"
REFUSED_MINUTES = 15
"""How long a refused submission's form keeps what the player sent, and why it was refused."""
COOKIE_MOST = 3800
"""A cookie's value at most, in characters: browsers keep 4096 bytes with the name and attributes."""


def _serializer(request: Request, purpose: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(signing_key(desk_of(request).token, f"player-{purpose}"), salt=purpose)


def new_receipt_id() -> str:
    return secrets.token_urlsafe(12)


def keep(request: Request, response: Response, cookie: str, path: str, value: dict[str, Any],
         minutes: int = RECEIPT_MINUTES) -> bool:
    """``value`` kept, signed, in the browser's cookie for ``path``; False (nothing kept) if it is
    too long for a cookie."""
    signed = _serializer(request, cookie).dumps(value)
    if len(signed) > COOKIE_MOST:
        return False
    response.set_cookie(cookie, signed, max_age=minutes * 60,
                        path=path, httponly=True, samesite="strict", secure=secure(request))
    return True


def kept(request: Request, cookie: str, minutes: int = RECEIPT_MINUTES) -> dict[str, Any] | None:
    """What :func:`keep` left in the request's cookie, if it is there, genuine and not too old."""
    given = request.cookies.get(cookie)
    if not given:
        return None
    try:
        value = _serializer(request, cookie).loads(given, max_age=minutes * 60)
    except BadSignature:  # SignatureExpired is one too
        return None
    return value if isinstance(value, dict) else None
