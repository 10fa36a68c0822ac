"""Race days on the desk, for an event whose game runs its rounds as a campaign's days
(:mod:`builder.events.race_campaign`): the organiser writes each day as one stage of the campaign's
file (``/admin/race-days``), checked by the campaign before it is stored; everyone sees the
campaign's classifications on ``/rounds`` and the big screen; the organiser downloads the campaign
as files ``builder campaign`` reads (``/admin/race-days/campaign.zip``).

The classifications are made once per change of the event (a day entered, a list sent), not once
per look: the big screen and every phone ask for them again and again.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from builder.core import messages
from builder.core.errors import InputError
from builder.desk.exports import latest
from builder.desk.pages import page, refusal
from builder.desk.state import Desk, Kept, desk_of
from builder.events import show_texts  # noqa: F401 - the race days' words join the message table
from builder.events.bounds import StoreRefused
from builder.events.race_days import DAY_BYTES
from builder.events.race_campaign import CLASSIFICATIONS, campaign_of, day_findings, race_part, standings_of_days
from builder.web.intake import Form
from builder.web.shown import unreadable

KEPT: dict[tuple[int, str], Kept] = {}
"""The classifications of each desk's event (by its store) in each language, until the event changes."""
STATUS = {"no-such-round": 404, "race-day-too-large": 413, "event-full": 409}


def classifications(desk: Desk, lang: str) -> dict[str, Any] | None:
    """The campaign's JSON for the event's days (None: its rounds are no race days), made once per
    change of the event and language."""
    campaign = campaign_of(desk.pack)
    if campaign is None:
        return None
    kept = KEPT.setdefault((id(desk.store), lang), Kept())
    return kept.get(desk.store.event(desk.event_id).changes, lambda: standings_of_days(
        campaign, desk.pack.name, latest(desk), desk.store.race_days(desk.event_id), lang, desk.pack))


def race_board(desk: Desk, lang: str) -> dict[str, Any] | None:
    """What the rounds' pages show of the race days: each classification, the days' names."""
    found = classifications(desk, lang)
    if found is None:
        return None
    t = lambda key, **p: messages.text(key, lang, **p)  # noqa: E731
    return {**{key: found.get(key, []) for key in CLASSIFICATIONS},
            "days": [stage.get("name", "") for stage in found.get("stages", [])], "problems": [],
            "titles": {key: t(f"show.race.{key}") for key in CLASSIFICATIONS},
            "words": {"runner": t("show.race.runner"), "cripmaquiazos": t("show.race.cripmaquiazos"),
                      "dureza": t("show.race.dureza-points"), "honor": t("show.race.honor-points")}}


def race_export(desk: Desk, lang: str) -> dict[str, Any] | None:
    """The race days as the event's JSON file holds them (:func:`builder.events.race_campaign.race_part`)."""
    campaign = campaign_of(desk.pack)
    if campaign is None:
        return None
    return race_part(campaign, desk.store.race_days(desk.event_id), classifications(desk, lang) or {})


def race_days_page(request: Request, form: Form, lang: str) -> Response:
    """The organiser's days: each one written or not, one day's form (``?day=N``), the campaign's
    problems; a POST stores a day once the campaign finds no error in it."""
    desk = desk_of(request)
    campaign = campaign_of(desk.pack)
    if campaign is None:
        return refusal(request, lang, "no-race-days", 404)
    count = desk.pack.rounds.count
    given = form.get("number") if request.method == "POST" else request.query_params.get("day", "1")
    if not (given.isascii() and given.isdigit() and 1 <= int(given) <= count):
        return refusal(request, lang, "no-such-round", 404)
    number = int(given)
    days = desk.store.race_days(desk.event_id)
    if request.method == "POST":
        text = form.get("text").replace("\r\n", "\n")
        if len(text.encode("utf-8")) > DAY_BYTES:  # refused before the campaign reads it
            return refusal(request, lang, "race-day-too-large", 413)
        problems: list[dict[str, Any]] = []
        try:
            if text.strip():
                found = day_findings(campaign, desk.pack.name, latest(desk), days, text, number, desk.pack)
                problems = [{"message": f.detail(lang), "code": f.code, "line": f.place.line, "severity": f.severity}
                            for f in found if f.severity == "error"]
            if not problems:
                desk.store.enter_race_day(desk.event_id, number, text)
                return RedirectResponse(f"/admin/race-days?day={number}&saved=1&lang={lang}", status_code=303)
        except InputError as exc:
            said = unreadable(exc, lang)
            problems = [{"message": said["message"], "code": exc.code, "line": exc.line, "severity": "error"}]
        except StoreRefused as exc:
            return refusal(request, lang, exc.code, STATUS.get(exc.code, 400))
        return shown(request, lang, days, number, text, problems, 422)
    stored = next((d.text for d in days if d.number == number), "")
    return shown(request, lang, days, number, stored, [], 200, saved=request.query_params.get("saved") == "1")


def shown(request: Request, lang: str, days: list[Any], number: int, text: str, problems: list[dict[str, Any]],
          status: int, saved: bool = False) -> Response:
    desk = desk_of(request)
    found = classifications(desk, lang) or {}
    names = {d.number: n for d, n in zip(days, [s.get("name", "") for s in found.get("stages", [])])}
    campaign_errors = [f"{e.get('where') or ''} {e.get('message', '')}".strip() for e in found.get("errors", [])]
    return page(request, "race_days.html", lang, status, count=desk.pack.rounds.count, number=number, text=text,
                problems=problems, names=names, saved=saved, campaign_errors=campaign_errors)
