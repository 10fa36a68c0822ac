"""The organiser's tournament day (``/admin/day``): check-in opened and closed, a team checked in,
dropped (asked first) or given a fixed table; the next round paired (its seed shown), two teams
swapped, the round published; every table's result with what each team said, the disputes to
settle, any result entered or corrected; and the log of all of it.

Every action is a POST past the desk's gates (the organiser's session, CSRF, the POST budget), done
by the store in one transaction (:mod:`builder.events.day`), and answered 303 to the page again;
a refusal is a page of its own. An event whose pack plays no rounds has no day.
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from builder.core import messages
from builder.desk.day import no_rounds, result_words
from builder.desk.pages import page, refusal
from builder.desk.state import Desk, desk_of
from builder.events.bounds import StoreRefused
from builder.events.results import unsettled
from builder.events.rounds import Day
from builder.web.intake import Form

LOG = logging.getLogger("builder.desk")
LOG_SHOWN = 100
"""The log's newest rows on the page."""
REFUSED_STATUS = {"no-such-team": 404, "no-such-round": 404, "no-such-table": 404, "log-full": 507}
ACTIONS = ("checkin-open", "checkin-close", "check-in", "check-out", "drop", "fixed-table", "pair", "swap", "publish",
           "result")


def number_of(given: str, most: int = 10 ** 9) -> int | None:
    """A whole number as a form sends it (plain digits, at most ``most``), else None."""
    given = given.strip()
    if given.isascii() and given.isdigit() and len(given) < 10 and int(given) <= most:
        return int(given)
    return None


def day_admin(request: Request, form: Form, lang: str) -> Response:
    refused = no_rounds(request, lang)
    if refused is not None:
        return refused
    if request.method == "POST":
        return act(request, form, lang)
    return page(request, "day_admin.html", lang, **shown(request, lang))


def shown(request: Request, lang: str) -> dict[str, Any]:
    desk = desk_of(request)
    store, fmt = desk.store, desk.pack.rounds
    day = store.day(desk.event_id)
    names = {e.team_id: e.name for e in day.entrants}
    rounds = []
    focus = number_of(request.query_params.get("round", ""), 1000) or len(day.rounds)
    for found in reversed(day.rounds):  # the newest first: the one the organiser works on
        if found.number != focus:  # another round's tables are a link away: the page stays light
            rounds.append({"round": found, "rows": None,
                           "disputes": sum(g.disputed for g in day.games_of(found.number))})
            continue
        claims = store.claims(desk.event_id, found.number)
        games = {g.table.number: g for g in day.games_of(found.number)}
        rows = []
        for table in found.tables:
            sides = (names.get(table.a, "?"), names.get(table.b, "?") if table.b is not None else "")
            said = claims[table.number]
            rows.append({"table": table, "sides": sides, "game": games[table.number], "said": said,
                         "words": lambda result, sides=sides: result_words(result, sides, lang, bool(fmt.score))})
        rounds.append({"round": found, "rows": rows, "disputes": sum(r["game"].disputed for r in rows)})
    next_number = len(day.rounds) + 1
    ask = number_of(request.query_params.get("team", "")) if request.query_params.get("ask") == "drop" else None
    playing = [e for e in day.entrants if e.dropped_after is None]
    waits = pairing_waits(desk, day, names, lang) if next_number <= fmt.count else []
    return {"day": day, "fmt": fmt, "rounds": rounds, "next_number": next_number, "waits": waits,
            "can_pair": next_number <= fmt.count and not waits, "teams": len(playing),
            "here": sum(e.checked_in for e in playing), "dropped": len(day.entrants) - len(playing),
            "log": store.round_changes(desk.event_id, LOG_SHOWN), "names": names,
            "ask": ask if ask in names else None, "seated": {t for g in day.games for t in g.table.teams()},
            "done": request.query_params.get("done") in ACTIONS}


def pairing_waits(desk: Desk, day: Day, names: dict[int, str], lang: str) -> list[dict[str, str]]:
    """What keeps the next round from being paired, as the page says it (each with the link to what
    settles it), as the store would refuse it: the last round unpublished, each of its tables without
    a standing result and why, fewer than two teams to play. None: it can be paired."""
    t = lambda key, **p: messages.text(key, lang, **p)  # noqa: E731
    last = day.rounds[-1] if day.rounds else None
    waits = []
    if last is not None and not last.published:
        waits.append({"id": "wait-publish", "text": t("desk.day-waits-publish", round=last.number),
                      "href": f"/admin/day?lang={lang}&round={last.number}#round-{last.number}"})
    elif last is not None:
        said = desk.store.claims(desk.event_id, last.number)
        for found in unsettled(day.games_of(last.number), said):
            table = found.table
            sides = f"{names.get(table.a, '?')} – {names.get(table.b or 0, '?')}"
            waits.append({"id": f"wait-{last.number}-{table.number}",
                          "text": t(f"desk.day-waits-{found.why}", table=table.number, teams=sides,
                                    team=names.get(found.waiting or 0, "?")),
                          "href": f"/admin/day?lang={lang}&round={last.number}#table-{last.number}-{table.number}"})
    if sum(e.plays_in(len(day.rounds) + 1) for e in day.entrants) < 2:
        waits.append({"id": "wait-teams", "text": t("desk.error.too-few-teams"), "href": f"/admin/day?lang={lang}#teams"})
    return waits


def act(request: Request, form: Form, lang: str) -> Response:
    desk = desk_of(request)
    store, event_id = desk.store, desk.event_id
    action = form.get("action")
    team = number_of(form.get("team"))
    number = number_of(form.get("round"), 1000)
    anchor = "rounds"
    try:
        if action in ("checkin-open", "checkin-close"):
            store.open_checkin(event_id, action == "checkin-open")
            anchor = "checkin"
        elif action in ("check-in", "check-out", "drop", "fixed-table"):
            if team is None or team not in store.teams(event_id):
                raise StoreRefused("no-such-team")
            anchor = "teams"
            if action == "check-in":
                store.check_in(team, organiser=True)
            elif action == "check-out":
                store.check_out(team)
            elif action == "drop" and form.get("confirm") != "yes":
                return RedirectResponse(f"/admin/day?lang={lang}&ask=drop&team={team}#teams", status_code=303)
            elif action == "drop":
                store.drop(team, organiser=True)
                LOG.info("the organiser dropped team %d", team)
            else:
                given = form.get("table").strip()
                table = number_of(given, 10 ** 6) if given else None
                if given and table is None:
                    raise StoreRefused("bad-table")
                store.set_fixed_table(team, table)
        elif action == "pair":
            if number is None:
                raise StoreRefused("no-such-round")
            store.pair_next_round(event_id, desk.pack.rounds, number=number)
        elif action in ("swap", "publish", "result") and number is None:
            raise StoreRefused("no-such-round")
        elif action == "swap":
            first, second = number_of(form.get("first")), number_of(form.get("second"))
            store.swap(event_id, number, first if first is not None else -1, second if second is not None else -1)
        elif action == "publish":
            store.publish(event_id, number)
        elif action == "result":
            table = number_of(form.get("table"), 10 ** 6)
            if table is None:
                raise StoreRefused("no-such-table")
            scores = (form.get("score_a"), form.get("score_b")) if desk.pack.rounds.score else (0, 0)
            store.enter_result(event_id, number, table, form.get("winner"), *scores)
        else:
            return refusal(request, lang, "bad-verdict", 400)
    except StoreRefused as exc:
        return refusal(request, lang, exc.code, REFUSED_STATUS.get(exc.code, 409 if exc.code != "bad-result" else 400))
    if anchor == "rounds" and number is not None:  # back to the round worked on
        return RedirectResponse(f"/admin/day?lang={lang}&done={action}&round={number}#round-{number}", status_code=303)
    return RedirectResponse(f"/admin/day?lang={lang}&done={action}#{anchor}", status_code=303)
