"""The rounds' public pages: /rounds (a phone's), /rounds/screen and its board (the big screen's),
from a day made in memory as the store would give it."""

from __future__ import annotations

from starlette.testclient import TestClient

from builder.events.rounds import Day
from tests.desk.show_support import a_day, desk_with, showing  # noqa: F401 - the fixture
from tests.desk.support import BASE

def test_the_phone_page_shows_the_last_published_round_and_the_standings(showing):
    client, app, kept, ids = showing
    page = client.get("/rounds")
    assert page.status_code == 200
    text = page.text
    assert "Ronda 1 de 4" in text and "Ronda 2" not in text  # the second is paired, not published
    assert "Patrulla Alfa" in text and "Gana Patrulla Alfa · 12–7" in text
    assert "En disputa" in text and "Descansa (bye)" in text
    assert "Asalto &lt;b&gt;pesado&lt;/b&gt;" in text and "<b>pesado" not in text
    fingerprint = app.state.desk.store.newest(ids[0]).checked.fingerprint
    assert fingerprint and fingerprint in text
    assert 'id="standings-title"' in text and "Clasificación" in text


def test_a_published_round_is_shown_and_each_round_can_be_chosen(showing):
    client, app, kept, ids = showing
    kept["day"] = a_day(ids + [901, 902, 903], published_second=True)
    last = client.get("/rounds?lang=en").text
    assert "Round 2 of 4" in last and "No result yet" in last and 'aria-current="page"' in last
    first = client.get("/rounds?round=1&lang=en").text
    assert "Round 1 of 4" in first and "Patrulla Alfa wins · 12–7" in first
    assert client.get("/rounds?round=9").status_code == 200  # a round not shown: the last instead


def test_nothing_published_says_so(db):
    app = desk_with(db)
    with TestClient(app, base_url=BASE) as client:
        app.state.desk.store.day = lambda event_id: Day((), (), ())
        assert "Aún no se ha publicado ninguna ronda" in client.get("/rounds").text
        assert "No team has checked in yet" in client.get("/rounds/screen?lang=en").text


def test_a_store_without_the_day_shows_nothing_yet(db):
    with TestClient(desk_with(db), base_url=BASE) as client:
        assert "Aún no se ha publicado ninguna ronda" in client.get("/rounds").text


def test_an_event_without_rounds_shows_none_of_it(db):
    with TestClient(desk_with(db, rounds=None), base_url=BASE) as client:
        for path in ("/rounds", "/rounds/screen", "/rounds/board"):
            answer = client.get(path)
            assert answer.status_code == 404 and "rounds:" in answer.text


def test_the_screen_asks_for_its_board_again_with_htmx_alone(showing):
    client, app, kept, ids = showing
    screen = client.get("/rounds/screen")
    assert screen.status_code == 200
    assert '<script src="/rounds/htmx.min.js" defer></script>' in screen.text
    assert 'hx-get="/rounds/board?lang=es"' in screen.text and 'hx-trigger="every 20s"' in screen.text
    policy = screen.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe" not in policy
    assert client.get("/rounds").headers["content-security-policy"].startswith("default-src 'none'")
    assert "script-src" not in client.get("/rounds").headers["content-security-policy"]
    board = client.get("/rounds/board?lang=en")
    assert board.text.lstrip().startswith("{#") is False and 'id="board"' in board.text
    assert "<html" not in board.text and "Round 1 of 4" in board.text
    htmx = client.get("/rounds/htmx.min.js")
    assert htmx.status_code == 200 and htmx.headers["content-type"].startswith("text/javascript")
    assert client.get("/rounds/show.css").headers["content-type"].startswith("text/css")
    assert client.get("/rounds/other.js").status_code == 404


def test_hostile_round_numbers_are_passed_over(showing):
    client, *_ = showing
    for given in ("-1", "1e9", "٣", "x" * 5000, "99999999999999999999"):
        assert client.get("/rounds", params={"round": given}).status_code == 200


def test_the_dashboard_leads_to_the_rounds_pages_and_the_events_json(showing, db):
    from tests.desk.support import admin
    client, *_ = showing
    admin(client)
    dashboard = client.get("/admin").text
    assert 'href="/rounds?lang=es"' in dashboard and 'href="/rounds/screen?lang=es"' in dashboard
    assert 'action="/admin/exports/event-json?lang=es"' in dashboard and "race-days-link" not in dashboard
    with TestClient(desk_with(db, rounds=None), base_url=BASE) as other:
        other.get("/")
        admin(other)
        plain = other.get("/admin").text
        assert "rounds-link" not in plain and 'id="event-json"' in plain


def test_the_standings_name_the_score_in_the_pages_language(db):
    """Issue 55, point 11: a pack naming its score in both languages; the English standings head its
    columns in English, the Spanish in Spanish."""
    from builder.core.pack import RoundsFormat
    from tests.desk.support import submit

    named = RoundsFormat(count=4, score="puntos de victoria", score_en="victory points")
    with TestClient(desk_with(db, named), base_url=BASE) as client:
        client.get("/")
        submit(client, "Patrulla Alfa")
        submit(client, "Exploradores")
        store = client.app.state.desk.store
        ids = sorted(store.teams(client.app.state.desk.event_id))
        store.day = lambda event_id: a_day(ids + [901, 902, 903])
        english, spanish = client.get("/rounds?lang=en").text, client.get("/rounds?lang=es").text
    assert "victory points for" in english and "puntos" not in english
    assert "puntos de victoria a favor" in spanish
