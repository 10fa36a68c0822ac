"""The organiser's exports of the tournament day: a round's sheet and its table slips as PDF
(``/admin/round/{n}/sheet.pdf``, ``…/slips.pdf``, drawn in a worker process as the event's print is)
and the whole event as one JSON file (``/admin/event.json``). Each is made as the desk's other
exports are (:func:`builder.desk.exports.exported`): one at a time, given up when the client leaves,
its file sent a piece at a time."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from starlette.requests import Request
from starlette.responses import Response

from builder.desk.exports import exported, latest
from builder.desk.pages import in_page_thread, refusal
from builder.desk.race_days import race_export
from builder.desk.day_reading import day_of, fingerprints
from builder.desk.state import Desk, desk_of
from builder.events.bounds import slug
from builder.events.event_json import write_event_json
from builder.events.round_print import print_round
from builder.events.showing import seats
from builder.web.intake import Form


async def sheet(request: Request, form: Form, lang: str) -> Response:
    return await round_pdf(request, lang, "sheet")


async def slips(request: Request, form: Form, lang: str) -> Response:
    return await round_pdf(request, lang, "slips")


async def round_pdf(request: Request, lang: str, kind: str) -> Response:
    """Round ``n``'s sheet or slips, published or not (the organiser prints them before publishing)."""
    desk = desk_of(request)
    if desk.pack.rounds is None:
        return refusal(request, lang, "desk-no-rounds", 404)
    given = request.path_params["n"]
    day = await in_page_thread(request, day_of, desk)
    if day is None or not (given.isascii() and given.isdigit() and len(given) < 4) \
            or int(given) not in {r.number for r in day.rounds}:
        return refusal(request, lang, "no-such-round", 404)
    number = int(given)
    shown = await in_page_thread(request, lambda: seats(day, number, fingerprints(desk)))
    paper = "letter" if request.query_params.get("paper") == "letter" else "a4"
    name = f"{slug(desk.pack.name)}-{kind}-{number}.pdf"
    work: Callable[[Path, Callable[[], bool]], None] = lambda target, stop: print_round(
        kind, shown, desk.pack.rounds, desk.pack.name, number, target, lang, paper, apart=True, stop=stop)
    return await exported(request, lang, "round.pdf", "application/pdf", name, work)


async def event_json(request: Request, form: Form, lang: str) -> Response:
    """The whole event as one JSON file (:mod:`builder.events.event_json`)."""
    desk = desk_of(request)
    return await exported(request, lang, "evento.json", "application/json", f"{slug(desk.pack.name)}.json",
                          lambda target, stop: write_json(desk, target, lang, stop))


def write_json(desk: Desk, target: Path, lang: str, stop: Callable[[], bool]) -> None:
    write_event_json(target, desk.store.event(desk.event_id), desk.pack, latest(desk), day_of(desk),
                     race_export(desk, lang), stop=stop)
