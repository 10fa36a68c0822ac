"""The organiser's side of the desk: the login, the event's deadline and lock, each team's page and
review (the dashboard and the removal of teams are :mod:`builder.desk.board`'s, the exports
:mod:`builder.desk.export_pages`')."""

from __future__ import annotations

from datetime import datetime

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from builder.desk.board import confirm_removal
from builder.desk.guard import client_address
from builder.desk.pages import in_page_thread, page, rechecked, refusal
from builder.desk.sessions import close_session, hold_new_code, is_token, open_session, take_new_code
from builder.desk.state import desk_of
from builder.events.bounds import StoreRefused
from builder.web.intake import Form


def login(request: Request, form: Form, lang: str) -> Response:
    """The login form; the token only by POST (one in the address, which the browser would keep in
    its history, is ignored), at most ``guesses`` tries a minute from one address."""
    desk = desk_of(request)
    if request.method != "POST":
        return page(request, "login.html", lang, failed=False)
    if not desk.guesses.allow(client_address(request)):
        return refusal(request, lang, "desk-too-many-tries", 429)
    if not is_token(desk, form.get("token")):
        return page(request, "login.html", lang, 403, failed=True)
    opened = RedirectResponse(f"/admin?lang={lang}", status_code=303)
    open_session(request, opened)
    return opened


def logout(request: Request, form: Form, lang: str) -> Response:
    """«Salir»: the session ended for every desk process, so a copy of its cookie opens nothing."""
    out = RedirectResponse(f"/admin/login?lang={lang}", status_code=303)
    close_session(request, out)
    return out


def lock_event(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    action = form.get("action")
    if action == "deadline":
        given = form.get("deadline").strip()
        try:  # a browser's date-time field: no zone, the event's clock (as its times are shown)
            moment = datetime.fromisoformat(given) if given else None
            if moment is not None and moment.tzinfo is None:
                moment = moment.replace(tzinfo=desk.zone) if desk.zone else moment.astimezone()
            desk.store.set_deadline(desk.event_id, moment)
        except ValueError:
            return refusal(request, lang, "bad-deadline", 400)
    elif action == "lock" and form.get("confirm") != "yes":
        return RedirectResponse(f"/admin/confirm?action=lock&lang={lang}", status_code=303)  # asked first
    elif action in ("lock", "unlock"):
        desk.store.lock_event(desk.event_id, locked=action == "lock")
    elif action in ("publish", "unpublish"):
        desk.store.set_publish(desk.event_id, action == "publish")
    else:
        return refusal(request, lang, "bad-verdict", 400)
    return RedirectResponse(f"/admin?lang={lang}", status_code=303)


def confirm(request: Request, form: Form, lang: str) -> Response:
    """What closing the event, or a team's list, will do, asked before it is done: a page of its own
    (the desk runs no script), whose «Sí» sends the action again, confirmed, and whose «No» goes back
    to the dashboard with nothing done."""
    desk = desk_of(request)
    if request.query_params.get("action") == "remove":
        return confirm_removal(request, lang)
    if request.query_params.get("action") != "lock":
        return refusal(request, lang, "bad-verdict", 400)
    team = request.query_params.get("team")
    if team is None:
        return page(request, "confirm.html", lang, target="/admin/event", asked="lock-event", team="")
    teams = desk.store.teams(desk.event_id)
    if not (team.isascii() and team.isdigit() and int(team) in teams):
        return refusal(request, lang, "no-such-team", 404)
    return page(request, "confirm.html", lang, target=f"/admin/team/{int(team)}", asked="lock-team", team=teams[int(team)])


PER_PAGE = 10
"""A team's versions on one page of its history."""


async def team_action(request: Request, form: Form, lang: str) -> Response:
    found = await in_page_thread(request, act_on_team, request, form, lang)
    if isinstance(found, Response):
        return found
    findings = await rechecked(request, found["s"], lang)  # in the lane, as a player's list
    return await in_page_thread(request, page, request, "team.html", lang, findings=findings, **found)


def act_on_team(request: Request, form: Form, lang: str) -> Response | dict:
    """A POST's action done, and the page it leads to; a GET's team page (but its list's problems)."""
    desk = desk_of(request)
    try:
        team_id = int(request.path_params["team"])
    except ValueError:
        return refusal(request, lang, "no-such-team", 404)
    if team_id not in desk.store.teams(desk.event_id):
        return refusal(request, lang, "no-such-team", 404)
    if request.method != "POST":
        return team_page(request, team_id)
    action = form.get("action")
    if action == "new-code":
        if form.get("confirm") != "yes":
            return refusal(request, lang, "desk-confirm-new-code", 400, team_id=team_id)
        # Shown once, on the team's page the 303 leads to: kept in the organiser's session (the store's
        # row, sealed; never the cookie) till then.
        hold_new_code(request, team_id, desk.store.new_code(team_id))
        # Straight to the code (a newcomer found it below the fold on a phone).
        return RedirectResponse(f"/admin/team/{team_id}?lang={lang}#new-code-box", status_code=303)
    if action == "lock" and form.get("confirm") != "yes":
        return RedirectResponse(f"/admin/confirm?action=lock&team={team_id}&lang={lang}", status_code=303)
    if action in ("lock", "unlock"):
        desk.store.lock_team(team_id, locked=action == "lock")
    elif action in ("approved", "sent-back"):
        # The version the organiser saw: a newer one that arrived meanwhile is not what was judged.
        shown = form.get("version")
        if not (shown.isascii() and shown.isdigit()):
            return refusal(request, lang, "desk-bad-request", 400)
        try:
            desk.store.review(team_id, action, form.get("note").strip()[:2000], version=int(shown))
        except StoreRefused as exc:
            if exc.code != "stale-version":
                raise
            return refusal(request, lang, "stale-version", 409, team_id=team_id,
                           said={"shown": int(shown), "latest": exc.detail})
    else:
        return refusal(request, lang, "bad-verdict", 400)
    return RedirectResponse(f"/admin?lang={lang}", status_code=303)


def team_page(request: Request, team_id: int) -> dict:
    """One team for the organiser: its latest list with its files (its problems are checked again
    apart), one page of the versions it sent (``?page=N``, the newest first, without their files),
    and every review."""
    desk = desk_of(request)
    try:
        number = max(1, int(request.query_params.get("page", "1")))
    except ValueError:
        number = 1
    versions, total = desk.store.history(team_id, number, PER_PAGE)
    return {"s": desk.store.newest(team_id), "versions": versions, "page": number,
            "pages": max(1, -(-total // PER_PAGE)), "reviews": desk.store.reviews(team_id),
            "locked": team_id in desk.store.locked_teams(desk.event_id),
            "new_code": take_new_code(request, team_id),
            "code_changes": desk.store.code_changes(team_id)}
