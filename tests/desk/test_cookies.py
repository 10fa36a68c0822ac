"""The scheme a request came by, believed from a trusted proxy only, and the desk's cookies Secure
whenever its public URL is https or the request came over https."""

from __future__ import annotations

from starlette.requests import Request

from builder.desk.cookies import over_https, scheme_of, secure
from builder.desk.state import Desk
from builder.desk.transport import networks


class App:
    def __init__(self, desk):
        self.state = type("State", (), {"desk": desk})()


def request(origin: str | None, scheme: str = "http", client: str = "127.0.0.1", proto: str | None = None) -> Request:
    desk = Desk.__new__(Desk)
    object.__setattr__(desk, "public_origin", origin)
    object.__setattr__(desk, "proxies", networks(("127.0.0.1",)))
    headers = [(b"x-forwarded-proto", proto.encode())] if proto else []
    return Request({"type": "http", "scheme": scheme, "method": "GET", "path": "/", "headers": headers,
                    "client": (client, 5000), "server": ("127.0.0.1", 8080), "app": App(desk)})


def test_the_scheme_is_the_connections_or_a_trusted_proxys_word():
    assert scheme_of(request(None, proto="https")) == "https"  # from Caddy on 127.0.0.1
    assert scheme_of(request(None, client="192.0.2.7", proto="https")) == "http"  # anyone else: not believed
    assert scheme_of(request(None, scheme="https")) == "https"


def test_cookies_are_secure_behind_an_https_public_url_whatever_the_request_says():
    assert secure(request("https://torneo.example"))  # plain http reaching the desk: still Secure
    assert secure(request(None, proto="https")) and not secure(request(None))
    assert not secure(request("http://192.168.1.20:8080"))  # a venue's Wi-Fi without https
    assert over_https("HTTPS://torneo.example") and not over_https(None)
