"""What everyone may look at on the tournament day: ``/rounds`` (the published rounds' tables and the
standings, a phone first) and ``/rounds/screen`` (the same for the venue's big screen, in large type,
asking for ``/rounds/board`` again every :data:`REFRESH_SECONDS` with the vendored htmx: no script of
the desk's own). Only published rounds are shown; an event whose pack has no ``rounds:`` block shows
none of it. The day is the store's (``store.day``); the standings, the pack's
(:mod:`builder.events.showing`), or a race day's campaign's (:mod:`builder.desk.race_days`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response

from builder.core import messages
from builder.core.pack import TIE_BREAKERS
from builder.desk.day_reading import day_of, fingerprints
from builder.desk.pages import page, refusal
from builder.desk.race_days import race_board
from builder.desk.state import Desk, desk_of
from builder.events import show_texts  # noqa: F401 - the day's words join the message table
from builder.events.rounds import Day
from builder.events.showing import public_day, published, seats, standings
from builder.web.intake import Form

REFRESH_SECONDS = 20
"""How often the big screen asks for the board again: a round's results come in over minutes."""
HTMX = Path(__file__).resolve().parents[1] / "web" / "static" / "vendor" / "htmx.min.js"
STYLE = Path(__file__).resolve().parent / "static" / "show.css"
SCREEN_POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; "
                 "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
"""The big screen's page: htmx, served by the desk, asking the desk alone."""


def board(desk: Desk, lang: str, wanted: str | None = None) -> dict[str, Any]:
    """What the pages show: the published rounds, one of them (``wanted``, else the last) with its
    tables, and the standings from the published rounds' results."""
    rounds = desk.pack.rounds
    if rounds is None:
        return {"rounds": None}
    raced = race_board(desk, lang)
    if raced is not None:
        return {"rounds": rounds, "race": raced, "shown": [], "number": None, "seats": [], "standings": [],
                "breakers": []}
    day = day_of(desk)
    day = public_day(day) if day is not None else Day((), (), ())
    shown = [r.number for r in published(day)]
    number = int(wanted) if wanted and wanted.isascii() and wanted.isdigit() and int(wanted) in shown else \
        (shown[-1] if shown else None)
    t = lambda key, **p: messages.text(key, lang, **p)  # noqa: E731
    words = {"bye": t("show.bye"), "draw": t("show.draw"), "pending": t("show.pending"),
             "disputed": t("show.disputed"), "won": t("show.won", team="{team}")}
    return {"rounds": rounds, "race": None, "shown": shown, "number": number, "words": words,
            "seats": seats(day, number, fingerprints(desk)) if number is not None else [],
            "standings": standings(rounds, day) if day.entrants else [],
            "breakers": [b for b in rounds.tie_breakers if b in TIE_BREAKERS]}


def rounds_page(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    if desk.pack.rounds is None:
        return refusal(request, lang, "desk-no-rounds", 404)
    return page(request, "rounds.html", lang, **board(desk, lang, request.query_params.get("round")))


def screen(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    if desk.pack.rounds is None:
        return refusal(request, lang, "desk-no-rounds", 404)
    answer = page(request, "screen.html", lang, refresh=REFRESH_SECONDS, **board(desk, lang))
    answer.headers["content-security-policy"] = SCREEN_POLICY
    return answer


def screen_board(request: Request, form: Form, lang: str) -> Response:
    """The big screen's board alone, as htmx asks for it every :data:`REFRESH_SECONDS`."""
    desk = desk_of(request)
    if desk.pack.rounds is None:
        return refusal(request, lang, "desk-no-rounds", 404)
    return page(request, "screen_board.html", lang, refresh=REFRESH_SECONDS, **board(desk, lang))


def asset(request: Request, form: Form, lang: str) -> Response:
    """The pages' stylesheet and the big screen's htmx."""
    name = request.path_params["name"]
    if name == "htmx.min.js":
        answer = FileResponse(HTMX, media_type="text/javascript")
    elif name == "show.css":
        answer = FileResponse(STYLE, media_type="text/css")
    else:
        return refusal(request, lang, "desk-no-such-page", 404)
    answer.headers["content-security-policy"] = SCREEN_POLICY
    return answer
