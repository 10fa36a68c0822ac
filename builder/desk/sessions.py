"""The organiser's session: the token, given once at ``/admin/login``, leaves a cookie the
organiser's routes ask for (compared in constant time)."""

from __future__ import annotations

import hashlib
import hmac

from starlette.requests import Request
from starlette.responses import Response

from builder.desk.state import Desk, desk_of
from builder.serve.intake import same

ADMIN_COOKIE = "desk_admin"


def mark_of(token: str) -> str:
    """The cookie's value for ``token``."""
    return hmac.new(token.encode("utf-8"), b"builder-desk-organiser", hashlib.sha256).hexdigest()


def is_token(desk: Desk, given: str | None) -> bool:
    return same(given, desk.token)


def organiser(request: Request) -> bool:
    """Whether the request comes from the organiser (it carries the session's cookie)."""
    return same(request.cookies.get(ADMIN_COOKIE), desk_of(request).admin_mark)


def open_session(response: Response, desk: Desk) -> None:
    response.set_cookie(ADMIN_COOKIE, desk.admin_mark, httponly=True, samesite="strict", path="/admin")
