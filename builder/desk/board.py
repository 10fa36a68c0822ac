"""The organiser's dashboard (``/admin``) and the removal of spam teams (``/admin/remove``).

The dashboard costs one page of teams, never the event: :data:`TEAMS_PER_PAGE` rows (``?page=N``),
or the teams that sent one list (``?same=<fingerprint>``), each row naming at most
:data:`SAME_NAMES` of the teams that sent its list and counting the rest, behind a link to them.
A flood of a thousand teams with one list is a count and a link, not a thousand names a row.

A removal is asked first, on a page of its own (the desk runs no script), like closing the event:
the teams chosen on the page, every team of the page, or every team that sent one list. Removed
teams are marked so in the store (:meth:`builder.events.store.Store.remove_teams`), never deleted,
and logged; they leave the dashboard, the lists, the exports and the counts, and free their names.
"""

from __future__ import annotations

import logging
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from builder.core import messages
from builder.desk.pages import page, refusal, team_rows, zone_label
from builder.desk.state import desk_of
from builder.events.bounds import StoreRefused
from builder.events.race_campaign import campaign_of
from builder.web.intake import Form

LOG = logging.getLogger("builder.desk")
TEAMS_PER_PAGE = 50
"""The dashboard's rows on one page: a phone scrolls through them, a slow link loads them at once."""
SAME_NAMES = 3
"""The teams named beside a list that several sent (the rest are counted, behind a link)."""
SAME_LISTS_SHOWN = 20
"""The lists sent by several teams shown above the rows, the most sent first (the rest counted)."""
REMOVE_MOST = 200
"""The teams one removal names one by one (every team of one list goes by its fingerprint)."""
NAMES_ASKED = 10
"""The teams a removal's confirmation names (the rest are counted)."""

messages.register({
    "desk.teams-count": {"es": "{teams} equipos de {most} como mucho", "en": "{teams} teams of at most {most}"},
    "desk.removed-count": {"es": "{removed} quitados por la organización", "en": "{removed} removed by the organiser"},
    "desk.zone": {
        "es": "Las horas de este panel, de la hoja resumen y del plazo que escribas aquí son del huso {zone}.",
        "en": "The times on this dashboard, in the summary sheet and of a deadline you write here are in {zone}."},
    "desk.teams-page": {"es": "Página {page} de {pages}", "en": "Page {page} of {pages}"},
    "desk.pages": {"es": "Páginas de equipos", "en": "Pages of teams"},
    "desk.first-page": {"es": "« Primera", "en": "« First"},
    "desk.previous-page": {"es": "‹ Anterior", "en": "‹ Previous"},
    "desk.next-page": {"es": "Siguiente ›", "en": "Next ›"},
    "desk.last-page": {"es": "Última »", "en": "Last »"},
    "desk.go-to-page": {"es": "Ir a la página", "en": "Go to page"},
    "desk.go": {"es": "Ir", "en": "Go"},
    "desk.duplicate-more": {"es": "misma lista que: {teams} y {more} equipos más",
                            "en": "same list as: {teams} and {more} more teams"},
    "desk.see-same": {"es": "ver los {count} equipos de esta lista", "en": "see the {count} teams with this list"},
    "desk.more-same-lists": {"es": "y {more} listas repetidas más", "en": "and {more} more repeated lists"},
    "desk.same-list-of": {"es": "Equipos que entregaron la lista {fingerprint}",
                          "en": "Teams that handed in the list {fingerprint}"},
    "desk.all-teams": {"es": "Ver todos los equipos", "en": "See every team"},
    "desk.choose-team": {"es": "Elegir {team}", "en": "Choose {team}"},
    "desk.choose": {"es": "Elegir", "en": "Choose"},
    "desk.remove-chosen": {"es": "Quitar los equipos elegidos", "en": "Remove the chosen teams"},
    "desk.remove-page": {"es": "Quitar todos los equipos de esta página", "en": "Remove every team on this page"},
    "desk.remove-same": {"es": "Quitar los {count} equipos de esta lista", "en": "Remove the {count} teams with this list"},
    "desk.remove-hint": {
        "es": "Para el spam: un equipo quitado desaparece del panel, de las listas publicadas, de la hoja "
              "resumen y de la impresión, deja libre su nombre y su plaza, y no puede entregar más. Se pide "
              "confirmación antes.",
        "en": "For spam: a removed team leaves the dashboard, the published lists, the summary sheet and the "
              "print, frees its name and its place, and can hand in nothing more. You are asked to confirm first."},
    "desk.confirm-remove": {"es": "¿Quitar {count} {count|equipo|equipos} del evento?",
                            "en": "Remove {count} {count|team|teams} from the event?"},
    "desk.confirm-remove-why": {
        "es": "Desaparecerán del panel, de las listas y de las exportaciones, y sus nombres quedarán libres. Sus "
              "entregas se conservan en la base de datos, pero desde la mesa no se pueden recuperar.",
        "en": "They will leave the dashboard, the lists and the exports, and their names will be free. Their "
              "submissions stay in the database, but the desk can't bring them back."},
    "desk.names-more": {"es": "{names} y {more} más", "en": "{names} and {more} more"},
    "desk.confirm-remove-yes": {"es": "Sí, quitarlos", "en": "Yes, remove them"},
    "desk.removed": {"es": "Equipos quitados: {count}.", "en": "Teams removed: {count}."},
    "desk.error.desk-no-teams-chosen": {"es": "No elegiste ningún equipo.", "en": "You chose no team."},
    "desk.error.desk-too-many-teams": {
        "es": "Demasiados equipos de una vez: quita como mucho 200, o todos los de una lista.",
        "en": "Too many teams at once: remove at most 200, or every team with one list."},
})


def page_number(request: Request) -> int:
    given = request.query_params.get("page", "1")
    return max(1, int(given)) if given.isascii() and given.isdigit() and len(given) < 7 else 1


def fingerprint_of(given: str | None) -> str | None:
    """A fingerprint as the address may carry it (``WT-068D-E2A7``): short, plain; else None."""
    if given and len(given) <= 40 and given.isascii() and all(c.isalnum() or c == "-" for c in given):
        return given
    return None


def dashboard(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    store, event_id = desk.store, desk.event_id
    same = fingerprint_of(request.query_params.get("same"))
    number = page_number(request)
    latest, total = store.latest_page(event_id, number, TEAMS_PER_PAGE, fingerprint=same)
    pages = max(1, -(-total // TEAMS_PER_PAGE))
    if number > pages:  # past the last page (a removal emptied it): the last one
        number = pages
        latest, total = store.latest_page(event_id, number, TEAMS_PER_PAGE, fingerprint=same)
    groups, repeated = store.same_lists(event_id, most=SAME_LISTS_SHOWN, names=SAME_NAMES)
    here = {"lang": lang, **({"same": same} if same else {})}
    return page(request, "admin.html", lang, rows=team_rows(desk, latest), same_lists=groups,
                more_same_lists=max(0, repeated - len(groups)), same=same, page=number, pages=pages,
                page_link=lambda n: "/admin?" + urlencode({**here, "page": n}), teams=store.team_count(event_id),
                removed=store.removed_count(event_id), most=desk.pack.event.max_teams, zone=zone_label(desk),
                teams_of_same=total,
                races=campaign_of(desk.pack) is not None,
                size=f"{store.size() / 1024 / 1024:.1f}", done=_number(request.query_params.get("removed", "")))


def chosen(form: Form | None, query: dict[str, str]) -> tuple[list[int], str | None]:
    """The teams a removal names: the boxes ticked (``team-<id>``), a comma-separated ``teams``, or
    every team of one list (``same``)."""
    ids: set[int] = set()
    fields = dict(query) if form is None else form.fields
    for key, value in fields.items():
        if key.startswith("team-") and value == "yes":
            ids.add(_number(key[5:]))
    ids |= {_number(part) for part in fields.get("teams", "").split(",") if part.strip()}
    ids.discard(-1)
    return sorted(ids), fingerprint_of(fields.get("same"))


def _number(given: str) -> int:
    given = given.strip()
    return int(given) if given.isascii() and given.isdigit() and len(given) < 12 else -1


def remove(request: Request, form: Form, lang: str) -> Response:
    """Remove the teams named (:func:`chosen`): unconfirmed, first asked on a page of its own."""
    desk = desk_of(request)
    ids, same = chosen(form, {})
    if len(ids) > REMOVE_MOST:
        return refusal(request, lang, "desk-too-many-teams", 400)
    if same is not None:
        ids = sorted(set(ids) | set(_same_list_ids(desk, same)))
    if not ids:
        return refusal(request, lang, "desk-no-teams-chosen", 400)
    if form.get("confirm") != "yes":
        asked = {"action": "remove", "lang": lang, **({"same": same} if same else {"teams": ",".join(map(str, ids))})}
        return RedirectResponse("/admin/confirm?" + urlencode(asked), status_code=303)
    try:
        names = desk.store.remove_teams(desk.event_id, ids)
    except StoreRefused as exc:
        return refusal(request, lang, exc.code, 404)
    LOG.info("the organiser removed %d teams: %s%s", len(names), ", ".join(names[:20]),
             f" and {len(names) - 20} more" if len(names) > 20 else "")
    return RedirectResponse(f"/admin?lang={lang}&removed={len(names)}", status_code=303)


def _same_list_ids(desk, fingerprint: str) -> list[int]:
    ids, page_at = [], 1
    while True:
        found, total = desk.store.latest_page(desk.event_id, page_at, 1000, fingerprint=fingerprint)
        ids += [s.team_id for s in found]
        if len(ids) >= total or not found:
            return ids
        page_at += 1


def confirm_removal(request: Request, lang: str) -> Response:
    """The page that asks before a removal: how many teams, the first names, and what it does."""
    desk = desk_of(request)
    ids, same = chosen(None, dict(request.query_params))
    if len(ids) > REMOVE_MOST:
        return refusal(request, lang, "desk-too-many-teams", 400)
    if same is not None:
        ids = sorted(set(ids) | set(_same_list_ids(desk, same)))
    named = desk.store.teams(desk.event_id, ids) if ids else {}
    if not named or len(named) != len(ids):
        return refusal(request, lang, "no-such-team", 404)
    names = list(named.values())
    shown = ", ".join(names[:NAMES_ASKED])
    if len(names) > NAMES_ASKED:
        shown = messages.text("desk.names-more", lang, names=shown, more=len(names) - NAMES_ASKED)
    hidden = {"same": same} if same else {"teams": ",".join(map(str, ids))}
    return page(request, "confirm.html", lang, target="/admin/remove", asked="remove", team=shown,
                count=len(names), hidden=hidden, action="remove")
