"""The organiser's exports of the tournament day, at their addresses: a round's sheet and its table
slips as PDF (``/admin/round/{n}/sheet.pdf``, ``…/slips.pdf``) and the campaign's files as a ZIP
(``/admin/race-days/campaign.zip``). Each is asked for as the desk's other exports are, a job whose
page shows how far it got and then its file (:mod:`builder.desk.export_pages`)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from builder.desk.export_pages import started
from builder.desk.pages import in_page_thread, refusal
from builder.desk.day_reading import day_of
from builder.desk.state import desk_of
from builder.events.race_campaign import campaign_of
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
    return await started(request, lang, f"{kind}-{int(given)}")


async def campaign_zip(request: Request, form: Form, lang: str) -> Response:
    """The campaign as files: ``campaign.yaml`` and each team's latest list, in a ZIP."""
    if campaign_of(desk_of(request).pack) is None:
        return refusal(request, lang, "no-race-days", 404)
    return await started(request, lang, "campaign")
