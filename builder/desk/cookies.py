"""How the desk reads the scheme a browser used, and so how it sends its cookies.

A desk whose public URL is https is reached over https alone (Caddy answers plain http only with
its redirect): every cookie it sends is then ``Secure``, whatever the scheme the request says it
came by, so a browser never sends one over plain http to the same name (the organiser's session on
a venue's Wi-Fi, say), and every answer carries HSTS, so the browser doesn't even try.
"""

from __future__ import annotations

from starlette.requests import Request

from builder.desk.state import desk_of
from builder.desk.transport import within

HSTS = "max-age=31536000"
"""A year: the browser goes straight to https for the desk's name (no subdomains: the name may
serve other things), renewed by every answer."""


def scheme_of(request: Request) -> str:
    """``http`` or ``https`` as the browser used it: the connection's, or from a trusted proxy its
    ``X-Forwarded-Proto`` (the last one, the proxy nearest the desk)."""
    direct = request.url.scheme
    if request.client is None or not within(request.client.host, desk_of(request).proxies):
        return direct
    said = [p.strip().lower() for line in request.headers.getlist("x-forwarded-proto") for p in line.split(",")]
    return said[-1] if said and said[-1] in ("http", "https") else direct


def over_https(origin: str | None) -> bool:
    """Whether a desk of public origin ``origin`` is served over https."""
    return (origin or "").lower().startswith("https://")


def secure(request: Request) -> bool:
    """Whether the desk's cookies are ``Secure`` on the answer to ``request``: when its public URL
    is https, or the request came over https."""
    return over_https(desk_of(request).public_origin) or scheme_of(request) == "https"
