"""The players' side of the desk: the form to submit a list (``/``, ``/submit``), its receipt
(``/receipt/<id>``), a team's status with its edit code (``/status``), and the lists once published
(``/lists``, kept until the event changes). A list is checked in the lane (:mod:`builder.desk.checks`),
what is stored and shown in a page thread. A POST that stores or finds something answers 303 to a
page that can be reloaded (:mod:`builder.desk.receipts`)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any
from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.desk.pages import (closed, in_page_thread, kept_findings, local_time, page, rechecked, refusal,
                                team_rows)
from builder.desk.receipts import (RECEIPT_COOKIE, RECEIPT_MINUTES, REFUSED_COOKIE, REFUSED_MINUTES, STATUS_COOKIE,
                                   keep, kept, new_receipt_id)
from builder.desk.state import Desk, desk_of
from builder.events.codes import matches_no_team
from builder.events.schema import Checked, Submission
from builder.events.bounds import StoreRefused, team_key, team_name
from builder.events.submitted import Checking
from builder.web.intake import Form
from builder.web.shown import unreadable

REFUSED_STATUS = {"wrong-edit-code": 403, "event-locked": 423, "team-locked": 423, "past-deadline": 423,
                  "file-too-large": 413, "team-versions-full": 409, "team-bytes-full": 413, "check-too-heavy": 422,
                  "event-full": 409}
"""The HTTP status of a store's refusal; any other (a bad name, no files…) is 400."""
NO_MATCH = ("team-exists", "no-such-team")
"""A store's refusals answered as a wrong code: a taken name given without its code, a name no team
has given with a code. One answer for all three, so no answer tells which names exist."""


def team_named(desk: Desk, team: str) -> tuple[int | None, str | None]:
    """The event's team of that name, whatever its case, accents or compatibility forms (``team``
    as :func:`builder.events.store.team_name` makes it): its id and its name as kept."""
    key = team_key(team)
    return next(((i, n) for i, n in desk.store.teams(desk.event_id).items() if team_key(n) == key), (None, None))


def home(request: Request, form: Form, lang: str) -> Response:
    """The form; after a refused submission (``?refused=<id>``, while this browser keeps it), why it
    was refused above it, with the team's name and the pasted text the player sent, and its status."""
    rid = request.query_params.get("refused")
    given = kept(request, REFUSED_COOKIE, REFUSED_MINUTES) if rid else None
    if given is None or given.get("id") != rid:
        return page(request, "player.html", lang, team="", pasted="", refused=None)
    status = given.get("status")
    return page(request, "player.html", lang, status if isinstance(status, int) and 400 <= status < 600 else 400,
                team=str(given.get("team", "")), pasted=str(given.get("pasted", "")), refused=given)


def refused_form(request: Request, form: Form, lang: str, code: str, status: int, **context: Any) -> Response:
    """A refused submission answered as a stored one is (POST-redirect-GET): 303 to the form, which
    says why (a reload sends nothing again). The pasted text kept if a cookie holds it, the
    findings too; the refusal always."""
    rid = new_receipt_id()
    answer = RedirectResponse(f"/?refused={rid}&lang={lang}", status_code=303)
    said = {"id": rid, "code": code, "status": status, "team": " ".join(form.get("team").split()),
            "club": " ".join(form.get("club").split())[:80], **context}
    for value in ({**said, "pasted": form.get("pasted")}, said, {k: v for k, v in said.items() if k != "findings"}):
        if keep(request, answer, REFUSED_COOKIE, "/", value, REFUSED_MINUTES):
            return answer
    return refusal(request, lang, code, status, **context)


async def submit(request: Request, form: Form, lang: str) -> Response:
    try:
        checking: Checking | StoreRefused | InputError = await desk_of(request).checks.check(submitted(form))
    except (StoreRefused, InputError) as exc:
        checking = exc
    return await in_page_thread(request, store_checked, request, form, lang, checking)


def submitted(form: Form) -> dict[str, bytes]:
    """The files a submission's form sends, the pasted list first."""
    files = {name: data for name, data in form.files}
    if len(form.files) != len(files):
        raise StoreRefused("bad-file-name", "two files of one name")
    pasted = form.get("pasted")
    if pasted.strip():
        name = "lista.yaml" if "lista.yaml" not in files else "lista-pegada.yaml"
        files = {name: pasted.encode("utf-8"), **files}
    return files


def store_checked(request: Request, form: Form, lang: str, checking: Checking | StoreRefused | InputError) -> Response:
    """A checked submission stored (or why not), and the page that says so."""
    desk = desk_of(request)
    given, code = " ".join(form.get("team").split()), form.get("code").strip()
    try:
        team = team_name(given)
        if isinstance(checking, Exception):
            raise checking
        if checking.evaluation is None:
            found = [unreadable(checking.unreadable, lang)]
            return refused_form(request, form, lang, "unreadable", 422, findings=found)
        ev = checking.evaluation
        now = datetime.now(timezone.utc)
        checked = Checked.of(ev, lang)
        team_id, kept = team_named(desk, team) if code else (None, None)
        if code:
            if team_id is None:
                matches_no_team(code)
                raise StoreRefused("wrong-edit-code")
            receipt = desk.store.submit(team_id, code, checking.files, checked, now=now, limits=desk.limits)
        else:
            receipt = desk.store.register(desk.event_id, team, checking.files, checked, now=now, limits=desk.limits,
                                          club=form.get("club")[:400] or None)
        if desk.sheets is not None:  # its sheet drawn a while later, for the organiser's print
            desk.sheets.stored(receipt.team_id, receipt.submission_id)
    except StoreRefused as exc:
        answer = "wrong-edit-code" if exc.code in NO_MATCH else exc.code
        return refused_form(request, form, lang, answer, REFUSED_STATUS.get(answer, 400))
    except InputError as exc:
        return refused_form(request, form, lang, "unreadable", 422, findings=[unreadable(exc, lang)])
    # The receipt on a page of its own: a reload shows it again and sends nothing.
    rid = new_receipt_id()
    answer = RedirectResponse(f"/receipt/{rid}?lang={lang}", status_code=303)
    keep(request, answer, RECEIPT_COOKIE, "/receipt",
         {"id": rid, "submission": receipt.submission_id, "code": receipt.edit_code})
    return answer


async def receipt(request: Request, form: Form, lang: str) -> Response:
    """The receipt of the submission this browser made, while its cookie lasts; the list's problems
    as kept with it (:func:`builder.desk.pages.kept_findings`)."""
    given = kept(request, RECEIPT_COOKIE)
    if given is None or given.get("id") != request.path_params["receipt"]:
        return await in_page_thread(request, refusal, request, lang, "desk-receipt-gone", 404,
                                    said={"minutes": RECEIPT_MINUTES})
    s = await in_page_thread(request, desk_of(request).store.submission, given["submission"])
    findings, player, measure = await kept_findings(request, s, lang)
    game = registry.find(s.checked.system or "")
    when = local_time(desk_of(request), s.submitted_at, seconds=True)
    return await in_page_thread(
        request, page, request, "receipt.html", lang, s=s, code=given.get("code"), player=player,
        system=game.title if game is not None else "—", findings=findings, when=when,
        measure=measure,
        mail=mail_link(lang, desk_of(request).pack.name, s, when, given.get("code")),
        minutes=RECEIPT_MINUTES)


def mail_link(lang: str, event: str, s: Submission, when: str, code: str | None) -> str:
    """A ``mailto:`` with no address, the receipt of the version ``s`` in its subject and body, for
    the player to send to themself (no script: the browser's mail program fills in the rest)."""
    t = lambda key, **p: messages.text(key, lang, **p)  # noqa: E731
    edition = " · ".join(filter(None, (s.checked.edition, s.checked.short_hash))) or "—"
    lines = [t("desk.receipt-mail-intro", event=event), "",
             f"{t('desk.team')}: {s.team}", f"{t('desk.version')}: {s.version}",
             f"{t('desk.fingerprint')}: {s.checked.fingerprint or '—'}", f"{t('desk.edition')}: {edition}",
             f"{t('desk.time')}: {when}"]
    if code:
        lines.append(f"{t('desk.edit-code')}: {code}")
    subject = t("desk.receipt-mail-subject", team=s.team, version=s.version)
    return "mailto:?" + urlencode({"subject": subject, "body": "\r\n".join(lines)}, quote_via=quote)


async def status(request: Request, form: Form, lang: str) -> Response:
    found = await in_page_thread(request, team_status, request, form, lang)
    if isinstance(found, Response):
        return found
    findings = await rechecked(request, found["s"], lang)
    return await in_page_thread(request, page, request, "status.html", lang, findings=findings, **found)


def team_status(request: Request, form: Form, lang: str) -> Response | dict:
    """A POST's name and code checked, and a 303 to ``GET /status``; a GET's team (what it shows but
    the list's problems) while the browser keeps the one it looked up, else the form."""
    if request.method != "POST":
        looked = kept(request, STATUS_COOKIE)
        if looked is None or "look" in request.query_params:
            return page(request, "status.html", lang, s=None, team="")
        return shown_status(request, lang, looked["team"], looked["code"])
    desk = desk_of(request)
    store = desk.store
    team, code = " ".join(form.get("team").split()), form.get("code").strip()
    try:
        team_id, _ = team_named(desk, team_name(team))
    except StoreRefused as exc:
        return refusal(request, lang, exc.code, 400, team=team)
    # One answer for a team that isn't there and a code that isn't its, as slow: names can't be probed.
    if not (store.code_is(team_id, code) if team_id is not None else matches_no_team(code)):
        return refusal(request, lang, "wrong-edit-code", 403, team=team)
    answer = RedirectResponse(f"/status?lang={lang}", status_code=303)
    keep(request, answer, STATUS_COOKIE, "/status", {"team": team_id, "code": code})
    return answer


def shown_status(request: Request, lang: str, team_id: int, code: str) -> Response | dict:
    """The team looked up, if its code is still the one given (the organiser may have issued another)."""
    desk = desk_of(request)
    store = desk.store
    try:
        still = store.code_is(team_id, code)
    except StoreRefused:
        still = False
    if not still:
        return page(request, "status.html", lang, s=None, team="")
    history = store.reviews(team_id)
    resubmit = not closed(store.event(desk.event_id)) and team_id not in store.locked_teams(desk.event_id)
    return {"s": store.newest(team_id), "standing": history[-1] if history else None, "open": resubmit,
            "team": store.teams(desk.event_id).get(team_id, "")}


def published_lists(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    event = desk.store.event(desk.event_id)
    if not event.publish:
        return refusal(request, lang, "desk-no-publishing", 404)
    if not closed(event):
        return refusal(request, lang, "desk-not-published", 404)
    rows = desk.published.get(event.changes, lambda: team_rows(desk, desk.store.latest(desk.event_id)))
    return page(request, "published.html", lang, rows=rows)
