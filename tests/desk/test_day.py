"""A team's tournament day on the desk (``/day``, builder/desk/day.py), over a test client, on SQLite
and on the PostgreSQL that BUILDER_TEST_DB names: looked up by name and code, check-in, its table and
opponent once the round is published, the opponent's list, the result reported by both teams, a drop
asked first; the club named when it registers; hostile values refused with nothing stored."""

from __future__ import annotations

import html
import re

import pytest

from builder.events.rounds import Result
from tests.desk.support import ROUNDS, csrf, edit_code, look_up, on_day, submit


def register(client, *names: str, club: str = "") -> dict[str, tuple[int, str]]:
    """Teams registered with the example's list: name → (id, code)."""
    made = {}
    for name in names:
        page = client.post("/submit", data={"csrf": csrf(client), "team": name, "code": "", "lang": "es",
                                            "pasted": "", "club": club},
                           files=[("files", (n, d, "application/x-yaml")) for n, d in _files()])
        assert page.status_code == 200, page.text
        store = client.app.state.desk.store
        team_id = {v: k for k, v in store.teams(client.app.state.desk.event_id).items()}[name]
        made[name] = (team_id, edit_code(page))
    return made


def _files():
    from tests.desk.support import ALFA, WARBOOK

    return (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK))


def desk_of(client):
    desk = client.app.state.desk
    return desk.store, desk.event_id


def paired(client, made) -> None:
    """Every team checked in, round 1 paired and published (by the store, as the organiser's page does)."""
    store, event = desk_of(client)
    for team_id, _ in made.values():
        store.check_in(team_id, organiser=True)
    store.pair_next_round(event, ROUNDS)
    store.publish(event, 1)


def test_an_event_without_rounds_has_no_day(client):
    assert "day-link" not in client.get("/").text
    answer = client.get("/day")
    assert answer.status_code == 404 and 'data-code="desk-no-rounds"' in answer.text
    assert on_day(client, "look", team="x", code="y").status_code == 404
    assert client.get("/day/opponent").status_code == 404


def test_a_team_looks_itself_up_and_checks_in_once_check_in_is_open(day_client):
    client = day_client
    assert 'id="day-link"' in client.get("/").text
    made = register(client, "Alfa", "Beta")
    team_id, code = made["Alfa"]
    assert look_up(client, "Alfa", "AAAA-BBBB-CCCC-DDDD").status_code == 403
    assert look_up(client, "Nadie", code).status_code == 403  # one answer for a name no team has
    assert look_up(client, "alfa", code).status_code == 303
    page = client.get("/day")
    assert 'id="day-team">Alfa<' in page.text and 'id="checkin-closed"' in page.text
    assert on_day(client, "checkin").status_code == 423  # not open yet
    store, event = desk_of(client)
    store.open_checkin(event)
    assert 'id="check-in"' in client.get("/day").text
    answer = on_day(client, "checkin")
    assert answer.status_code == 303 and answer.headers["location"].startswith("/day?")
    page = client.get(answer.headers["location"])
    assert 'id="checked-in"' in page.text and 'id="said"' in page.text
    assert store.day(event).entrants[0].checked_in
    # A new code from the organiser ends what the phone kept.
    store.new_code(team_id)
    assert 'id="day-team"' not in client.get("/day").text and on_day(client, "checkin").status_code == 403
    assert 'id="team"' in client.get("/day?lang=en").text


def test_a_team_sees_its_table_and_opponent_and_reads_its_list_once_the_round_is_published(day_client):
    client = day_client
    made = register(client, "Alfa", "Beta")
    look_up(client, "Alfa", made["Alfa"][1])
    assert client.get("/day/opponent").status_code == 404  # no round yet
    assert 'id="no-round"' in client.get("/day").text
    store, event = desk_of(client)
    for team_id, _ in made.values():
        store.check_in(team_id, organiser=True)
    store.pair_next_round(event, ROUNDS)
    assert 'id="no-round"' in client.get("/day").text and client.get("/day/opponent").status_code == 404  # a draft
    store.publish(event, 1)
    page = client.get("/day")
    assert 'id="my-table">Mesa 1<' in page.text and re.search(r'id="opponent">Beta<', page.text)
    read = client.get("/day/opponent")
    assert read.status_code == 200 and 'id="team-head">Beta<' in read.text and "Patrulla Alfa" in read.text
    assert client.get("/day/opponent?lang=en").status_code == 200
    assert 'href="/day/opponent/alfa.yaml?lang=es"' in read.text
    sent = client.get("/day/opponent/alfa.yaml")
    assert sent.status_code == 200 and b"Patrulla Alfa" in sent.content and "attachment" in sent.headers["content-disposition"]
    for wrong in ("/day/opponent/otro.yaml", "/day/opponent/..%2Fx.yaml", "/day/opponent/%00"):
        assert client.get(wrong).status_code == 404


def test_a_team_prints_its_opponents_sheet_once_the_round_is_published_a_few_a_minute(day_client):
    client = day_client
    made = register(client, "Alfa", "Beta")
    look_up(client, "Alfa", made["Alfa"][1])
    assert client.get("/day/opponent.pdf").status_code == 404  # no round yet
    paired(client, made)
    read = client.get("/day/opponent")
    assert 'id="their-sheet"' in read.text and 'href="/day/opponent.pdf?lang=es"' in read.text
    sheet = client.get("/day/opponent.pdf")
    assert sheet.status_code == 200 and sheet.headers["content-type"] == "application/pdf"
    assert sheet.content.startswith(b"%PDF") and "attachment" in sheet.headers["content-disposition"]
    budget = client.app.state.desk.pdfs
    while budget.allow("testclient"):  # the address's PDFs for this minute, spent
        pass
    refused = client.get("/day/opponent.pdf")
    assert refused.status_code == 429 and refused.headers["retry-after"] == "60"
    client.cookies.delete("desk_day")
    assert client.get("/day/opponent.pdf").status_code == 403  # no team on this phone


def test_both_teams_report_and_their_result_stands_and_a_reload_stores_nothing_twice(day_client):
    client = day_client
    made = register(client, "Alfa", "Beta")
    paired(client, made)
    store, event = desk_of(client)
    table = store.day(event).rounds[0].tables[0]
    first = next(name for name, (i, _) in made.items() if i == table.a)
    second = next(name for name, (i, _) in made.items() if i == table.b)
    look_up(client, first, made[first][1])
    answer = on_day(client, "report", round="1", winner="a", score_a="12", score_b="7")
    assert answer.status_code == 303
    assert on_day(client, "report", round="1", winner="a", score_a="12", score_b="7").status_code == 303  # again
    page = client.get("/day")
    assert 'id="waiting"' in page.text and 'id="you-said"' in page.text
    look_up(client, second, made[second][1])
    on_day(client, "report", round="1", winner="a", score_a="12", score_b="7")
    assert 'id="stands"' in client.get("/day").text
    assert store.day(event).games[0].result == Result("a", 12, 7)
    with store.engine.connect() as conn:
        from builder.events.schema import reports
        import sqlalchemy as sa
        assert conn.execute(sa.select(sa.func.count()).select_from(reports)).scalar() == 2
    # A different report by one of them makes it a dispute for the organiser.
    on_day(client, "report", round="1", winner="b", score_a="7", score_b="12")
    assert 'id="disputed"' in client.get("/day").text


@pytest.mark.parametrize("fields", [
    {"round": "1", "winner": "x", "score_a": "1", "score_b": "0"},
    {"round": "1", "winner": "a", "score_a": "-1", "score_b": "0"},
    {"round": "1", "winner": "a", "score_a": "9" * 40, "score_b": "0"},
    {"round": "1", "winner": "a", "score_a": "١", "score_b": "0"},
    {"round": "1", "winner": "a", "score_a": "<script>", "score_b": "0"},
    {"round": "abc", "winner": "a", "score_a": "1", "score_b": "0"},
    {"round": "9" * 30, "winner": "a", "score_a": "1", "score_b": "0"},
    {"round": "2", "winner": "a", "score_a": "1", "score_b": "0"},
])
def test_hostile_reports_are_refused_and_store_nothing(day_client, fields):
    client = day_client
    made = register(client, "Alfa", "Beta")
    paired(client, made)
    look_up(client, "Alfa", made["Alfa"][1])
    answer = on_day(client, "report", **fields)
    assert answer.status_code in (400, 404) and "<script>" not in answer.text
    store, event = desk_of(client)
    assert store.claims(event, 1)[1].a is None and store.claims(event, 1)[1].b is None


def test_a_drop_is_asked_first_and_then_the_team_is_paired_no_more(day_client):
    client = day_client
    made = register(client, "Alfa", "Beta", "Gamma")
    look_up(client, "Alfa", made["Alfa"][1])
    asked = on_day(client, "drop")
    assert asked.status_code == 303 and "ask=drop" in asked.headers["location"]
    page = client.get(asked.headers["location"])
    assert 'id="drop-yes"' in page.text
    store, event = desk_of(client)
    assert store.day(event).entrants[0].dropped_after is None  # only asked
    assert on_day(client, "drop", confirm="yes").status_code == 303
    assert 'id="dropped"' in client.get("/day").text and 'id="drop-ask"' not in client.get("/day").text
    for team_id, _ in made.values():
        if team_id != made["Alfa"][0]:
            store.check_in(team_id, organiser=True)
    assert made["Alfa"][0] not in {t for table in store.pair_next_round(event, ROUNDS).tables for t in table.teams()}
    assert on_day(client, "nonsense").status_code == 400


def test_a_team_names_its_club_when_it_registers_and_a_hostile_club_stores_nothing(day_client):
    client = day_client
    made = register(client, "Alfa", club="Club de Rol Ñ")
    store, event = desk_of(client)
    assert store.clubs(event) == {made["Alfa"][0]: "Club de Rol Ñ"}
    refused = client.post("/submit", data={"csrf": csrf(client), "team": "Beta", "code": "", "lang": "es",
                                           "pasted": "", "club": "a\u202eb"},
                          files=[("files", (n, d, "application/x-yaml")) for n, d in _files()])
    assert 'data-code="bad-club-name"' in refused.text and len(store.teams(event)) == 1
    assert 'id="club"' in client.get("/build").text  # the builder's «Entregar» takes it too


def test_a_post_without_its_csrf_token_is_refused(day_client):
    made = register(day_client, "Alfa")
    look_up(day_client, "Alfa", made["Alfa"][1])
    answer = day_client.post("/day", data={"action": "checkin", "lang": "es"}, follow_redirects=False)
    assert answer.status_code == 403


def test_submit_still_registers_without_a_club(day_client):
    assert submit(day_client, "Sin club").status_code == 200
    store, event = desk_of(day_client)
    assert store.clubs(event) == {}


def test_a_refused_registration_keeps_the_club_typed(day_client):
    client = day_client
    answer = client.post("/submit", data={"csrf": csrf(client), "team": "", "code": "", "lang": "es", "pasted": "",
                                          "club": "Club de Rol"},
                         files=[("files", (n, d, "application/x-yaml")) for n, d in _files()])
    assert 'id="refusal"' in answer.text and 'value="Club de Rol"' in answer.text


def test_a_team_whose_opponent_was_removed_still_sees_its_page(day_client):
    client = day_client
    made = register(client, "Alfa", "Beta")
    paired(client, made)
    look_up(client, "Alfa", made["Alfa"][1])
    store, event = desk_of(client)
    store.remove_teams(event, [made["Beta"][0]])  # spam found late
    page = client.get("/day")
    assert page.status_code == 200 and 'id="their-list"' not in page.text
    assert client.get("/day/opponent").status_code == 404
    store.remove_teams(event, [made["Alfa"][0]])
    assert 'id="day-team"' not in client.get("/day").text  # the phone's team is gone: the form again


def test_a_dispute_shows_each_sides_score_beside_its_name_in_the_packs_words(day_client):
    """Issue 55, points 8 and 11: «Your team said: Dragones Rojos won (6–12)» gave the scores in table
    order, and the score named in Spanish read «Halcones's puntos de victoria» on the English page. Each
    team's score now stands beside its name, and English pages name the score in English (the pack
    names it in both), with English's possessive."""
    client = day_client
    made = register(client, "Halcones", "Dragones Rojos")
    paired(client, made)
    store, event = desk_of(client)
    table = store.day(event).rounds[0].tables[0]
    names = {i: name for name, (i, _) in made.items()}
    first, second = names[table.a], names[table.b]
    store.report(table.a, made[first][1], 1, "a", 12, 6)  # the first team: it won, 12 to 6
    store.report(table.b, made[second][1], 1, "b", 6, 12)  # the second: it won, 6 (the first's) to 12
    look_up(client, second, made[second][1])
    page = client.get("/day?lang=en")
    assert 'id="disputed"' in page.text
    said = re.search(r'id="you-said">([^<]*)<', page.text).group(1)
    assert said == f"Your team said: {second} won ({first} 6 – 12 {second}).", said
    english = html.unescape(page.text)
    assert "Halcones' victory points" in english and "puntos" not in english and "Halcones's" not in english
    spanish = client.get("/day?lang=es").text
    assert f"Tu equipo dijo: ganó {second} ({first} 6 – 12 {second})." in spanish
    assert "puntos de victoria de Halcones" in spanish
    admin_page = client.post("/admin/login", data={"csrf": client.cookies["desk_csrf"],
                                                   "token": "la-clave-de-la-organizacion"}, follow_redirects=True)
    assert admin_page.status_code == 200
    organiser = client.get("/admin/day?lang=en").text
    assert f"{first} says: {first} won ({first} 12 – 6 {second})" in organiser
    assert f"{second} says: {second} won ({first} 6 – 12 {second})" in organiser
