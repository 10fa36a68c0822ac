"""The hosted builder's pages and clicks over HTTP: a start page of every game, the desk's builder page
for each with no event, each click checked under its list's game and answered from the texts sent;
hostile values in every field, the game's among them, refused, never a bug."""

from __future__ import annotations

import html
import json
import re

import pytest

from builder.core import registry

from tests.desk.test_build import HOSTILE
from tests.hosted.support import LEGAL, click, files_of

GAMES = sorted(LEGAL)


def test_the_start_page_offers_every_game(client):
    es, en = client.get("/"), client.get("/?lang=en")
    assert es.status_code == 200 and '<html lang="es">' in es.text and "Elige un juego" in es.text
    assert en.status_code == 200 and '<html lang="en">' in en.text and "Choose a game" in en.text
    assert "Elige" not in en.text and "Choose" not in es.text
    assert re.findall(r'href="/build\?game=([a-z-]+)&amp;lang=es"', es.text) == [
        "confrontation", "cripmaquion", "dungeon-universalis", "porcrom", "wartime"]
    # Its scripts («Mis listas», the worker's registration) are the builder page's own files, each in the
    # worker's shell (so the start page works with no signal); no inline script or style, none allowed.
    policy = es.headers["content-security-policy"]
    assert policy.startswith("default-src 'none'") and "script-src 'self';" in policy and "unsafe" not in policy
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", es.text, re.S)
    assert {attrs for attrs, body in scripts if 'type="application/json"' not in attrs and body.strip()} == set()
    sources = [re.search(r'src="([^"]+)"', attrs).group(1) for attrs, _ in scripts if "src=" in attrs]
    assert sources == ["/static/lists.js", "/static/lists_view.js", "/static/installing.js"]
    assert " style=" not in es.text and "<style" not in es.text
    settings = json.loads(re.match(r"const SETTINGS = (.*);\n", client.get("/build/worker.js").text).group(1))
    assert set(sources) <= set(settings["shell"]) and "/static/app.css" in settings["shell"]


def test_the_start_pages_my_lists_has_its_words_and_every_games_title_and_no_new_list(client):
    for lang, title, none in (("es", "Mis listas", "Aún no guardas"), ("en", "My lists", "This browser keeps no")):
        answer = client.get(f"/?lang={lang}").text
        assert title in answer and none in answer and 'id="lists-new"' not in answer
        assert 'id="lists-export"' in answer and '<label for="lists-import">' in answer
        words = json.loads(html.unescape(re.search(r'<script type="application/json" id="words">(.*?)</script>',
                                                   answer).group(1)))
        assert {"desk.lists-open-named", "desk.lists-delete-named", "serve.legal", "serve.points"} <= set(words)
        games = json.loads(html.unescape(re.search(r'<script type="application/json" id="games">(.*?)</script>',
                                                   answer).group(1)))
        assert {key: games[key] for key in GAMES} == {key: registry.get(key).title for key in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_the_builder_page_of_each_game_has_no_event_to_submit_to(client, game):
    page = client.get(f"/build?game={game}&lang=en")
    assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]
    assert f'data-game="{game}"' in page.text and f'data-event="{game}"' in page.text
    assert 'id="submit-part"' not in page.text and 'id="start-last"' not in page.text
    assert "Choose another game" in page.text and "kept in this browser, not on the server" in page.text
    starts = json.loads(html.unescape(re.search(r'id="starts">(.*?)</script>', page.text).group(1)))
    assert f"system: {game}" in starts["roster"]
    for name in re.findall(r'<script src="/static/([^"]+)" defer></script>', page.text):
        assert client.get(f"/static/{name}").headers["content-type"].startswith("text/javascript")
    # Its language link keeps the game.
    assert f'href="?game={game}&amp;lang=es"' in page.text


def test_a_game_it_does_not_serve_leads_back_to_the_start_page(client):
    for given in ("", "?game=nope", "?game=cripmaquion-campaign", "?game=%00"):
        answer = client.get(f"/build{given}", follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/?lang=es"


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_list_of_each_game_is_checked_under_its_game(client, game):
    view = click(client, "/build/view", game=game, at="[]")
    assert view.status_code == 200 and f'data-system="{game}"' in view.text and 'data-legal="true"' in view.text
    key = registry.get(game).name_key
    edit = click(client, "/build/edit", game=game, op="set", path=json.dumps([key]), value="Lista Nueva", at="[]")
    assert edit.status_code == 200 and f"{key}: Lista Nueva" in html.unescape(edit.text)
    assert click(client, "/build/choices", game=game, at="[]").status_code == 200
    assert click(client, "/build/export", game=game, kind="xlsx").status_code == 200


def test_the_game_a_click_names_is_the_pack_it_is_checked_under(client, monkeypatch):
    lane = client.app.state.desk.building
    sent = []
    real = lane.run

    async def spied(job, *args):
        sent.append((job, args[0]))
        return await real(job, *args)
    monkeypatch.setattr(lane, "run", spied)
    assert click(client, "/build/view", game="porcrom", at="[]").status_code == 200
    assert sent == [("view", "porcrom")]


@pytest.mark.parametrize("game", [None, "", "nope", "cripmaquion-campaign", "wartime\x00", "x" * 5000, "__class__",
                                  "../wartime", "WARTIME"])
def test_a_click_for_a_game_it_does_not_serve_is_refused(client, game):
    answer = click(client, "/build/view", game=game, files=files_of("wartime"), at="[]")
    assert answer.status_code == 400 and answer.json()["code"] == "hosted-unknown-game"


def test_choices_are_kept_by_the_texts_and_the_game(client, monkeypatch):
    lane = client.app.state.desk.trying
    calls = []
    real = lane.run

    async def counted(job, *args):
        calls.append(args[0])
        return await real(job, *args)
    monkeypatch.setattr(lane, "run", counted)
    files = tuple((name, data + b"# tried once\n") for name, data in files_of("porcrom"))  # new to the cache
    assert click(client, "/build/choices", game="porcrom", files=files, at="[]").status_code == 200
    assert click(client, "/build/choices", game="porcrom", files=files, at="[]").status_code == 200
    assert click(client, "/build/choices", game="wartime", files=files, at="[]").status_code == 200
    assert calls == ["porcrom", "wartime"]


def test_the_cards_preview_and_a_pdf_are_made_and_pdfs_have_their_budget(client):
    answer = click(client, "/build/preview", game="porcrom")
    assert answer.status_code == 200 and "Lobos de Zamora" in answer.json()["html"]
    assert client.get("/templates/base/base.css").headers["content-type"].startswith("text/css")
    assert client.get("/templates/../pyproject.toml").status_code == 404
    pdf = click(client, "/build/export", game="porcrom", kind="pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert click(client, "/build/export", game="porcrom", kind="exe").status_code == 400


@pytest.mark.parametrize("route", ["/build/edit", "/build/view", "/build/choices", "/build/export", "/build/preview"])
@pytest.mark.parametrize("what, fields, files", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_values_in_every_field_of_a_click_are_refused_never_a_bug(client, route, what, fields, files):
    extra = {"kind": "xlsx"} if route == "/build/export" else {}
    answer = click(client, route, game="wartime", files=files_of("wartime") if files is None else files,
                   **{**fields, **extra})
    assert answer.status_code in (200, 400, 403, 413, 415, 422), (what, answer.status_code, answer.text[:300])
    assert "Traceback" not in answer.text
    assert client.get("/").status_code == 200


def test_an_unknown_route_or_method_is_a_page_that_says_so(client):
    assert client.get("/admin").status_code == 404
    assert client.get("/static/app.py").status_code == 404
    assert client.post("/build/submit", data={}).status_code in (403, 404, 415)
    assert client.get("/healthz").text == "ok\n"


def test_a_players_first_click_of_any_game_is_light_in_a_fresh_server():
    """Each worker loads every game before its first job: a player's first click of each game costs
    what any other does, so its player is never taken for a slow client and sent behind heavy jobs."""
    from starlette.testclient import TestClient

    from builder.desk.workers import LIGHT_SECONDS
    from builder.hosted.app import create_hosted
    from tests.hosted.support import BASE

    with TestClient(create_hosted("127.0.0.1:8090"), base_url=BASE) as fresh:
        fresh.get("/")
        for game in GAMES:
            assert click(fresh, "/build/view", game=game, at="[]").status_code == 200
        workers = fresh.app.state.desk.building.workers
        (costliest,) = [used[2] for used in workers.used.values()]
    assert costliest <= LIGHT_SECONDS, costliest
