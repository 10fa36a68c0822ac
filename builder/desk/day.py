"""A team's tournament day on its phone (``/day``): its name and edit code, as ``/status`` takes
them, then: check in, its table and opponent in the round published, the opponent's checked list
(``/day/opponent``) and its printed sheet (``/day/opponent.pdf``), the result reported, and a drop (asked first).

The name and code are checked on every view and every action (a new code from the organiser ends
them); the browser keeps them in a signed cookie for ``/day`` alone (:mod:`builder.desk.receipts`),
for the day (:data:`DAY_MINUTES`). Every POST answers 303 to ``GET /day`` (a reload sends nothing
again); a refusal is a page of its own. An event whose pack plays no rounds has no ``/day``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from builder.core import messages
from builder.desk.guard import client_address, within_rate
from builder.desk.pages import in_page_thread, page, refusal
from builder.desk.players import team_named
from builder.desk.receipts import keep, kept
from builder.desk.sharing import printed_of, reading_of
from builder.desk.state import Desk, desk_of
from builder.events.bounds import StoreRefused, team_name
from builder.events.codes import matches_no_team
from builder.events.rounds import Day, Game, Result
from builder.web.downloads import attachment
from builder.web.intake import Form

DAY_COOKIE = "desk_day"
DAY_MINUTES = 16 * 60
"""How long a phone keeps its team: a long tournament day."""
SAID = ("checkin", "drop", "report")
"""What a POST done says on the page it leads to (``?said=``)."""
REFUSED_STATUS = {"wrong-edit-code": 403, "checkin-closed": 423, "round-closed": 409, "too-many-reports": 409,
                  "round-not-published": 409, "team-dropped": 409, "log-full": 507}


def no_rounds(request: Request, lang: str) -> Response | None:
    """The refusal of every day's page of an event that plays no rounds."""
    return refusal(request, lang, "desk-no-rounds", 404) if desk_of(request).pack.rounds is None else None


def result_words(result: Result | None, names: tuple[str, str], lang: str, scored: bool = True) -> str:
    """A result in words: who won and, where the pack keeps a score, each team's score beside its name
    («ganó Halcones (Dragones Rojos 6 – 12 Halcones)»), never two numbers to match to the names."""
    if result is None:
        return messages.text("desk.day-nothing-said", lang)
    scores = {"first": names[0], "second": names[1], "a": result.score_a, "b": result.score_b}
    if result.winner == "draw":
        return messages.text("desk.result-draw" if scored else "desk.result-draw-plain", lang, **scores)
    return messages.text("desk.result-a" if scored else "desk.result-a-plain", lang,
                         team=names[0 if result.winner == "a" else 1], **scores)


def team_game(day: Day, team_id: int) -> Game | None:
    """The team's game in the latest published round it plays, or None."""
    published = {r.number for r in day.rounds if r.published}
    mine = [g for g in day.games if g.round in published and team_id in g.table.teams()]
    return max(mine, key=lambda g: g.round) if mine else None


def looked_up(request: Request) -> tuple[int, str] | None:
    """The team this browser looked up, if its code still is the team's."""
    given = kept(request, DAY_COOKIE, DAY_MINUTES)
    if given is None or not isinstance(given.get("team"), int) or not isinstance(given.get("code"), str):
        return None
    try:
        return (given["team"], given["code"]) if desk_of(request).store.code_is(given["team"], given["code"]) else None
    except StoreRefused:
        return None


def day_page(request: Request, form: Form, lang: str) -> Response:
    refused = no_rounds(request, lang)
    if refused is not None:
        return refused
    if request.method == "POST":
        return act(request, form, lang)
    team = None if "look" in request.query_params else looked_up(request)
    found = shown(desk_of(request), team[0], lang) if team is not None else None
    if found is None:  # none looked up, or a team removed since
        return page(request, "day.html", lang, team=None, given="")
    return page(request, "day.html", lang, **found,
                said=request.query_params.get("said") if request.query_params.get("said") in SAID else None,
                ask=request.query_params.get("ask") == "drop")


def shown(desk: Desk, team_id: int, lang: str) -> dict[str, Any] | None:
    """What the team's page shows: the team, its game in the round published, what was said of it."""
    day = desk.store.day(desk.event_id)
    entrants = {e.team_id: e for e in day.entrants}
    me = entrants.get(team_id)
    if me is None:
        return None
    names = {e.team_id: e.name for e in day.entrants}
    game = team_game(day, team_id)
    said = sides = opponent = None
    over = False
    if game is not None and not game.table.bye:
        sides = (names.get(game.table.a, "?"), names.get(game.table.b or 0, "?"))
        claims = desk.store.claims(desk.event_id, game.round)[game.table.number]
        said = claims.a if game.table.a == team_id else claims.b
        opponent = entrants.get(game.table.b if game.table.a == team_id else game.table.a)
        over = any(r.number == game.round + 1 for r in day.rounds)
    latest = max((r.number for r in day.rounds if r.published), default=0)
    return {"team": me, "day": day, "game": game, "sides": sides, "opponent": opponent, "mine": said,
            "over": over, "latest": latest, "fmt": desk.pack.rounds,
            "words": lambda result: result_words(result, sides or ("", ""), lang, bool(desk.pack.rounds.score))}


def act(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    action = form.get("action")
    if action == "look":
        return look(request, form, lang)
    team = looked_up(request)
    if team is None:
        return refusal(request, lang, "wrong-edit-code", 403)
    team_id, code = team
    try:
        if action == "checkin":
            desk.store.check_in(team_id, code)
        elif action == "drop":
            if form.get("confirm") != "yes":
                return RedirectResponse(f"/day?lang={lang}&ask=drop#drop", status_code=303)
            desk.store.drop(team_id, code)
        elif action == "report":
            number = form.get("round")
            if not (number.isascii() and number.isdigit() and len(number) < 4):
                raise StoreRefused("no-such-round")
            scores = (form.get("score_a"), form.get("score_b")) if desk.pack.rounds.score else (0, 0)
            desk.store.report(team_id, code, int(number), form.get("winner"), *scores)
        else:
            return refusal(request, lang, "bad-verdict", 400)
    except StoreRefused as exc:
        return refusal(request, lang, exc.code, REFUSED_STATUS.get(exc.code, 400))
    return RedirectResponse(f"/day?lang={lang}&said={action}#said", status_code=303)


def look(request: Request, form: Form, lang: str) -> Response:
    """The team's name and code checked (one answer, as slow, for a name no team has), kept in the
    browser, and a 303 to its page."""
    desk = desk_of(request)
    given, code = " ".join(form.get("team").split()), form.get("code").strip()
    try:
        team_id, _ = team_named(desk, team_name(given))
    except StoreRefused as exc:
        return refusal(request, lang, exc.code, 400)
    if not (desk.store.code_is(team_id, code) if team_id is not None else matches_no_team(code)):
        return refusal(request, lang, "wrong-edit-code", 403)
    answer = RedirectResponse(f"/day?lang={lang}", status_code=303)
    keep(request, answer, DAY_COOKIE, "/day", {"team": team_id, "code": code}, DAY_MINUTES)
    return answer


async def opponent_list(request: Request, form: Form, lang: str) -> Response:
    """The opponent's latest list as players read it, once the round they play is published."""
    found = await in_page_thread(request, _opponent, request, lang)
    if isinstance(found, Response):
        return found
    said = await reading_of(request, found, lang)
    if isinstance(said, Response):
        return said
    downloads = {name: f"/day/opponent/{quote(name)}?lang={lang}" for name in found.files}
    return await in_page_thread(request, page, request, "day_list.html", lang, s=found, reading=said,
                                downloads=downloads, sheet=f"/day/opponent.pdf?lang={lang}")


async def opponent_sheet(request: Request, form: Form, lang: str) -> Response:
    """The opponent's printed sheet (PDF), as the organiser's print draws it; a few a minute per
    address, as every PDF a player asks for."""
    found = await in_page_thread(request, _opponent, request, lang)
    if isinstance(found, Response):
        return found
    desk = desk_of(request)
    if not await within_rate(desk.pdfs, client_address(request)):
        answer = await in_page_thread(request, refusal, request, lang, "desk-rate", 429)
        answer.headers["Retry-After"] = "60"
        return answer
    made = await printed_of(request, found, lang)
    if isinstance(made, Response):
        return made
    data, media, name = made
    return Response(data, media_type=media, headers={"Content-Disposition": attachment(name)})


def opponent_file(request: Request, form: Form, lang: str) -> Response:
    """A file of the opponent's list, as its team sent it (YAML)."""
    found = _opponent(request, lang)
    if isinstance(found, Response):
        return found
    name = request.path_params["name"]
    if name not in found.files:
        return refusal(request, lang, "desk-no-such-page", 404)
    return Response(found.files[name].encode("utf-8"), media_type="application/yaml; charset=utf-8",
                    headers={"Content-Disposition": attachment(name)})


def _opponent(request: Request, lang: str) -> Any:
    refused = no_rounds(request, lang)
    if refused is not None:
        return refused
    desk = desk_of(request)
    team = looked_up(request)
    if team is None:
        return refusal(request, lang, "wrong-edit-code", 403)
    game = team_game(desk.store.day(desk.event_id), team[0])
    if game is None or game.table.bye:
        return refusal(request, lang, "desk-no-such-page", 404)
    other = game.table.b if game.table.a == team[0] else game.table.a
    try:
        return desk.store.newest(other)
    except StoreRefused:
        return refusal(request, lang, "desk-no-such-page", 404)
