"""The organiser's tournament day on the desk (``/admin/day``, builder/desk/day_admin.py), over a test
client, on SQLite and on the PostgreSQL that BUILDER_TEST_DB names: check-in opened, teams checked in,
a fixed table, a round paired (its seed shown) once, swapped, published, a dispute settled, a result
entered and corrected, a drop asked first, the log; hostile values refused with nothing stored."""

from __future__ import annotations

import html
import re

import pytest

from builder.events.rounds import Result
from tests.desk.support import ROUNDS, admin, on_day_admin


def teams(client, count: int) -> dict[str, tuple[int, str]]:
    store, event = client.app.state.desk.store, client.app.state.desk.event_id
    from builder.events.schema import Checked

    made = {}
    for n in range(count):
        receipt = store.register(event, f"Equipo {n}", {"lista.yaml": "system: wartime\n"},
                                 Checked("wartime", 200, 250, True, 0, f"WT-{n:04d}"), club=f"Club {n % 2}")
        made[f"Equipo {n}"] = (receipt.team_id, receipt.edit_code)
    return made


def desk_of(client):
    desk = client.app.state.desk
    return desk.store, desk.event_id


def all_here(client, count: int):
    """The organiser logged in, ``count`` teams registered, each checked in: the teams, store and event."""
    admin(client)
    made = teams(client, count)
    store, event = desk_of(client)
    for team_id, _ in made.values():
        store.check_in(team_id, organiser=True)
    return made, store, event


def test_the_day_is_the_organisers_alone_and_absent_without_rounds(client, day_client):
    assert day_client.get("/admin/day").status_code == 403  # the login form
    assert on_day_admin(day_client, "checkin-open").status_code == 403
    admin(client)
    assert client.get("/admin/day").status_code == 404 and "day-admin-link" not in client.get("/admin").text
    admin(day_client)
    assert 'id="day-admin-link"' in day_client.get("/admin").text


def test_a_whole_round_from_the_organisers_page(day_client):
    client = day_client
    admin(client)
    made = teams(client, 5)
    store, event = desk_of(client)
    assert on_day_admin(client, "checkin-open").status_code == 303 and store.day(event).checkin_open
    for team_id, _ in made.values():
        assert on_day_admin(client, "check-in", team=str(team_id)).status_code == 303
    assert on_day_admin(client, "fixed-table", team=str(made["Equipo 4"][0]), table="3").status_code == 303
    page = client.get("/admin/day")
    assert "5 de 5 equipos presentados" in page.text and 'value="3"' in page.text
    answer = on_day_admin(client, "pair", round="1")
    assert answer.status_code == 303
    assert on_day_admin(client, "pair", round="1").status_code == 409  # a second click, or another desk
    seed = store.day(event).rounds[0].seed
    page = client.get("/admin/day")
    assert f"Semilla del sorteo: {seed}" in page.text and 'id="publish"' in page.text and 'id="swap-form"' in page.text
    first, second = (t for t in store.day(event).rounds[0].tables if not t.bye)
    assert on_day_admin(client, "swap", round="1", first=str(first.a), second=str(second.a)).status_code == 303
    assert store.day(event).rounds[0].tables[first.number - 1].a == second.a
    assert on_day_admin(client, "publish", round="1").status_code == 303
    assert 'id="publish"' not in client.get("/admin/day").text
    # A dispute: both teams say they won. The organiser sees it and settles it.
    table = store.day(event).rounds[0].tables[0]
    codes = dict(made.values())
    store.report(table.a, codes[table.a], 1, "a", 10, 2)
    store.report(table.b, codes[table.b], 1, "b", 2, 10)
    page = client.get("/admin/day")
    assert 'id="disputes-1"' in page.text and "1 disputa por resolver" in page.text
    assert on_day_admin(client, "result", round="1", table=str(table.number), winner="draw",
                        score_a="6", score_b="6").status_code == 303
    assert store.day(event).games_of(1)[0].result == Result("draw", 6, 6)
    assert 'id="disputes-1"' not in client.get("/admin/day").text
    # Entered for a table no team reported; then corrected.
    other = store.day(event).rounds[0].tables[1]
    entered = on_day_admin(client, "result", round="1", table=str(other.number), winner="a", score_a="3", score_b="1")
    assert entered.headers["location"].endswith("&round=1#round-1")
    on_day_admin(client, "result", round="1", table=str(other.number), winner="b", score_a="1", score_b="3")
    assert store.day(event).games_of(1)[1].result == Result("b", 1, 3)
    assert on_day_admin(client, "pair", round="2").status_code == 303
    # The newest round's tables on the page; an earlier one's a link away, still correctable.
    page = client.get("/admin/day")
    assert 'id="see-round-1"' in page.text and 'id="table-1-1"' not in page.text and 'id="table-2-1"' in page.text
    earlier = client.get("/admin/day?round=1")
    assert 'id="table-1-1"' in earlier.text and 'id="see-round-2"' in earlier.text
    assert client.get("/admin/day?round=abc").status_code == 200
    log = client.get("/admin/day?lang=en")
    for said in ("settled the dispute", "corrected", "swapped", "published round", "paired round", "checked in",
                 "fixed table"):
        assert said in log.text


def test_a_drop_by_the_organiser_is_asked_first(day_client):
    client = day_client
    admin(client)
    made = teams(client, 2)
    team_id = made["Equipo 0"][0]
    store, event = desk_of(client)
    store.check_in(team_id, organiser=True)
    asked = on_day_admin(client, "drop", team=str(team_id))
    assert asked.status_code == 303 and "ask=drop" in asked.headers["location"]
    assert 'id="confirm-drop"' in client.get(asked.headers["location"]).text
    assert store.day(event).entrants[0].dropped_after is None
    assert on_day_admin(client, "drop", team=str(team_id), confirm="yes").status_code == 303
    assert store.day(event).entrants[0].dropped_after == 0
    assert "retirado tras la ronda 0" in client.get("/admin/day").text


@pytest.mark.parametrize("action, fields, status", [
    ("nonsense", {}, 400),
    ("check-in", {"team": "abc"}, 404),
    ("check-in", {"team": "99999999999999999999"}, 404),
    ("fixed-table", {"team": "TEAM", "table": "abc"}, 409),
    ("fixed-table", {"team": "TEAM", "table": "0"}, 409),
    ("fixed-table", {"team": "TEAM", "table": "99999999"}, 409),
    ("pair", {"round": "x"}, 404),
    ("pair", {"round": "2"}, 409),
    ("swap", {"round": "1", "first": "x", "second": "<b>"}, 404),
    ("publish", {"round": "7"}, 404),
    ("result", {"round": "1", "table": "1", "winner": "a", "score_a": "1"}, 404),  # round 1 is not paired
])
def test_hostile_values_are_refused_and_store_nothing(day_client, action, fields, status):
    client = day_client
    admin(client)
    made = teams(client, 2)
    store, event = desk_of(client)
    fields = {k: (str(made["Equipo 0"][0]) if v == "TEAM" else v) for k, v in fields.items()}
    before = store.day(event)
    answer = on_day_admin(client, action, **fields)
    assert answer.status_code == status and "<b>" not in answer.text
    assert store.day(event) == before and store.round_changes(event) == []


def test_a_hostile_result_is_refused(day_client):
    client = day_client
    made, store, event = all_here(client, 2)
    store.pair_next_round(event, ROUNDS)
    store.publish(event, 1)
    for fields in ({"winner": "c"}, {"winner": "a", "score_a": "-3"}, {"winner": "a", "score_a": "1" * 30},
                   {"winner": "a", "score_a": "1", "table": "x"}):
        answer = on_day_admin(client, "result", round="1", **{"table": "1", "score_b": "0", **fields})
        assert answer.status_code in (400, 404)
    assert store.claims(event, 1)[1].organiser is None


def test_two_desks_on_one_database_pair_a_round_once(db, day_client):
    """The organiser's click reaching two desks at once (a double tap through the proxy): one pairs
    the round, the other answers that it is paired already."""
    import threading

    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from tests.desk.support import BASE, TOKEN, day_pack

    made = teams(day_client, 6)
    store, event = desk_of(day_client)
    for team_id, _ in made.values():
        store.check_in(team_id, organiser=True)
    with TestClient(create_desk(day_pack(), db, TOKEN, "127.0.0.1:8080"), base_url=BASE) as other:
        other.get("/")
        admin(day_client)
        admin(other)
        start, answers = threading.Barrier(2), []

        def clicking(client) -> None:
            start.wait()
            answers.append(on_day_admin(client, "pair", round="1").status_code)

        threads = [threading.Thread(target=clicking, args=(c,)) for c in (day_client, other)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert sorted(answers) == [303, 409] and len(store.day(event).rounds) == 1
    assert [c.what for c in store.round_changes(event)].count("pair") == 1


def test_a_team_removed_after_the_pairing_leaves_the_page_readable(day_client):
    client = day_client
    made, store, event = all_here(client, 4)
    store.pair_next_round(event, ROUNDS)
    store.remove_teams(event, [made["Equipo 1"][0]])  # spam found late, the round in draft
    page = client.get("/admin/day")
    assert page.status_code == 200 and 'id="swap-form"' in page.text
    store.publish(event, 1)
    assert client.get("/admin/day").status_code == 200


def test_the_organiser_undoes_a_check_in_made_by_mistake(day_client):
    client = day_client
    admin(client)
    made = teams(client, 3)
    store, event = desk_of(client)
    for team_id, _ in made.values():
        on_day_admin(client, "check-in", team=str(team_id))
    assert on_day_admin(client, "check-out", team=str(made["Equipo 2"][0])).status_code == 303
    assert [e.checked_in for e in store.day(event).entrants] == [True, True, False]
    assert "Deshacer la presentación" in client.get("/admin/day").text
    on_day_admin(client, "pair", round="1")
    assert on_day_admin(client, "check-out", team=str(made["Equipo 0"][0])).status_code == 409


def test_pairing_is_offered_only_when_it_can_be_done_and_says_which_tables_wait(day_client):
    """Issue 55, point 7: «Emparejar ronda 2» was offered while a table of round 1 was disputed, and
    refused with «the last round is not published or lacks results». Seven teams: three tables and a
    bye. Until round 1 is published, and while a table is disputed, unconfirmed (one team reported) or
    unreported, the page says which, links to it, and offers no pairing."""
    client = day_client
    made, store, event = all_here(client, 7)
    assert 'id="pair"' in client.get("/admin/day").text and 'id="pair-waits"' not in client.get("/admin/day").text
    store.pair_next_round(event, ROUNDS)
    page = client.get("/admin/day").text
    assert 'id="pair"' not in page and 'id="wait-publish"' in page and "publicar la ronda 1" in page
    store.publish(event, 1)
    names = {team_id: name for name, (team_id, _) in made.items()}
    codes = dict(made.values())
    disputed, unconfirmed, unreported = (t for t in store.day(event).rounds[0].tables if not t.bye)
    store.report(disputed.a, codes[disputed.a], 1, "a", 10, 2)
    store.report(disputed.b, codes[disputed.b], 1, "b", 2, 10)
    store.report(unconfirmed.a, codes[unconfirmed.a], 1, "draw", 5, 5)
    page = client.get("/admin/day").text
    assert 'id="pair"' not in page and 'id="pair-waits"' in page and "La ronda 2 aún no se puede emparejar" in page
    for table, words in ((disputed, "en disputa"), (unconfirmed, "sin confirmar, falta el resultado de "
                                                                 f"{names[unconfirmed.b]}"),
                         (unreported, "ningún equipo ha dado su resultado")):
        link = re.search(rf'<a href="([^"]+)" id="wait-1-{table.number}">([^<]+)</a>', page)
        assert link is not None and words in link.group(2), page
        assert f"{names[table.a]} – {names[table.b]}" in link.group(2)
        href = link.group(1).replace("&amp;", "&")
        assert href.endswith(f"#table-1-{table.number}") and f'id="table-1-{table.number}"' in client.get(href).text
    english = html.unescape(client.get("/admin/day?lang=en").text)
    assert "Round 2 can't be paired yet" in english and f"unconfirmed, {names[unconfirmed.b]}'s report is missing" \
        in english and "neither team has reported" in english and "disputed, enter the result that stands" in english
    for table in (disputed, unconfirmed, unreported):
        on_day_admin(client, "result", round="1", table=str(table.number), winner="a", score_a="3", score_b="1")
    page = client.get("/admin/day").text
    assert 'id="pair"' in page and 'id="pair-waits"' not in page
    assert on_day_admin(client, "pair", round="2").status_code == 303


def test_too_few_teams_to_pair_is_said_instead_of_offering_the_pairing(day_client):
    client = day_client
    admin(client)
    made = teams(client, 2)
    store, event = desk_of(client)
    store.check_in(made["Equipo 0"][0], organiser=True)
    page = client.get("/admin/day").text
    assert 'id="pair"' not in page and 'id="wait-teams"' in page and "al menos dos equipos presentados" in page


def test_the_teams_table_has_headers_for_headers_and_counts_dropped_teams_apart(day_client):
    """Issue 55, point 10: the Club column was headed by the form's label «Club (opcional)», and after a
    drop the page still said «8 de 8 equipos presentados». Three teams checked in, one dropped: 2 of
    the 2 still playing are here, and 1 dropped is counted apart."""
    client = day_client
    made, store, event = all_here(client, 3)
    store.drop(made["Equipo 2"][0], organiser=True)
    page = client.get("/admin/day").text
    head = re.search(r'<section id="teams".*?<thead>(.*?)</thead>', page, re.S).group(1)
    assert "opcional" not in head and '<th scope="col">Club</th>' in head and '<th scope="col">Equipo</th>' in head
    assert re.search(r'id="here-count">2 de 2 equipos presentados<', page)
    assert re.search(r'id="dropped-count">1 retirado aparte<', page)
    english = client.get("/admin/day?lang=en").text
    assert "2 of 2 teams checked in" in english and "1 dropped, counted apart" in english
    assert "optional" not in re.search(r'<section id="teams".*?<thead>(.*?)</thead>', english, re.S).group(1)
