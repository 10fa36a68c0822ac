"""What a player's POST leaves for the page it is sent on to (POST-redirect-GET): a reload, or the
Back button, shows that page again and never sends the form a second time.

- ``/submit`` stores the list and answers 303 to ``/receipt/<id>``, an id drawn at random for this
  one receipt. The receipt itself, its edit code included, is in a cookie of the submitting
  browser alone: signed and dated with itsdangerous (a key of its own, derived from the organiser's
  token, so every worker process reads it), HttpOnly, SameSite=strict, for ``/receipt`` only,
  Secure over https, for :data:`RECEIPT_MINUTES`. The address holds no code and shows nothing
  without the cookie; the code is never in an address, a log line or a Referer.
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

from builder.desk.guard import scheme_of
from builder.desk.sessions import signing_key
from builder.desk.state import desk_of

RECEIPT_COOKIE = "desk_receipt"
STATUS_COOKIE = "desk_status"
RECEIPT_MINUTES = 120
"""How long the browser that submitted keeps its receipt (and a status looked up) on show."""


def _serializer(request: Request, purpose: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(signing_key(desk_of(request).token, f"player-{purpose}"), salt=purpose)


def new_receipt_id() -> str:
    return secrets.token_urlsafe(12)


def keep(request: Request, response: Response, cookie: str, path: str, value: dict[str, Any]) -> None:
    """``value`` kept, signed, in the browser's cookie for ``path``."""
    response.set_cookie(cookie, _serializer(request, cookie).dumps(value), max_age=RECEIPT_MINUTES * 60,
                        path=path, httponly=True, samesite="strict", secure=scheme_of(request) == "https")


def kept(request: Request, cookie: str) -> dict[str, Any] | None:
    """What :func:`keep` left in the request's cookie, if it is there, genuine and not too old."""
    given = request.cookies.get(cookie)
    if not given:
        return None
    try:
        value = _serializer(request, cookie).loads(given, max_age=RECEIPT_MINUTES * 60)
    except BadSignature:  # SignatureExpired is one too
        return None
    return value if isinstance(value, dict) else None
