"""A list as players read it on the desk: a list shared by a link, posted to be checked (bounded as
a click, hostile links refused in words, never a bug, nothing kept), and each published list read
on a page of its own, its YAML a download."""

from __future__ import annotations

import base64
import re
import zlib

import pytest

from builder.web.sharing import LINK_MOST, Shared, packed
from tests.desk.support import ALFA, BASE, OVER, PACK, TOKEN, WARBOOK, admin, csrf, submit
from tests.desk.test_build import everything

FILES = {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()}
ALFA_FINGERPRINT = "WT-068D-E2A7"  # builder check --pack of the example tournament's Patrulla Alfa


def kept(db: str) -> dict[str, list]:
    """Every row the desk keeps but the rate limits' counts (a link's POST is counted as a click)."""
    return {name: rows for name, rows in everything(db).items() if name != "rate_hits"}


def read(client, link: str, lang: str = "es"):
    return client.post(f"/build/read?lang={lang}", data={"csrf": csrf(client), "lang": lang, "link": link})


def test_a_shared_link_is_read_checked_under_the_pack_with_its_files_back(client, db):
    before = kept(db)
    answer = read(client, packed(Shared("wartime", "alfa.yaml", FILES)))
    assert answer.status_code == 200
    said = answer.json()
    assert said["fingerprint"] == ALFA_FINGERPRINT and said["file"] == "alfa.yaml" and said["name"] == "Patrulla Alfa"
    assert said["files"] == FILES and said["open"] == "alfa.yaml" and said["game"] == "wartime"
    html = said["html"]
    # Sargento 58 + 3 × Fusilero 40 = 178, of the pack's 250 (not the list's own 300).
    assert "178 / 250" in html and 'data-legal="true"' in html and "Ana Robles" in html
    assert "<button" not in html and "<input" not in html  # read-only
    assert kept(db) == before  # nothing of it kept


def test_an_illegal_shared_list_says_its_problem_in_words(client):
    said = read(client, packed(Shared("wartime", "alfa.yaml", {**FILES, "alfa.yaml": OVER.decode()})), "en").json()
    # 58 + 5 × 40 = 258 of 250
    assert "258 / 250" in said["html"] and 'data-legal="false"' in said["html"]
    problems = re.search(r'<section class="reading-problems">(.*?)</section>', said["html"], re.S).group(1)
    assert "258" in problems and "250" in problems and "Error:" in problems


def deflated(data: bytes) -> str:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "1." + base64.urlsafe_b64encode(squeeze.compress(data) + squeeze.flush()).decode().rstrip("=")


HOSTILE = [
    ("garbage base64", "1.%%%not-base64%%%", "share-link-damaged"),
    ("no version", "bm90aGluZw", "share-link-damaged"),
    ("empty", "", "share-link-damaged"),
    ("newer version", "2.AAAA", "share-link-version"),
    ("not deflate", "1." + base64.urlsafe_b64encode(b"plain words, not compressed").decode().rstrip("="),
     "share-link-damaged"),
    ("cut short", packed(Shared("wartime", "alfa.yaml", FILES))[:-40], "share-link-damaged"),
    ("a bomb", deflated(b"{" + b" " * (20 * 1024 * 1024) + b"}"), "share-link-too-large"),
    ("lone surrogate", deflated(b'{"game":"wartime","open":"a.yaml","files":{"a.yaml":"\\ud800"}}'), "share-link-damaged"),
    ("bad name", deflated(b'{"game":"wartime","open":"../a.yaml","files":{"../a.yaml":"x: 1"}}'), "share-link-damaged"),
    ("not text", deflated(b'{"game":"wartime","open":"a.yaml","files":{"a.yaml":7}}'), "share-link-damaged"),
    ("too many files", deflated(('{"game":"w","open":"a0.yaml","files":{'
                                 + ",".join(f'"a{n}.yaml":"x: 1"' for n in range(9)) + "}}").encode()),
     "share-link-damaged"),
    ("deep json", deflated(b"[" * 100000 + b"]" * 100000), "share-link-damaged"),
    ("too long", "1." + "A" * (LINK_MOST + 4), "share-link-too-large"),
]


@pytest.mark.parametrize("what, link, code", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_link_is_refused_in_words_never_a_bug(client, db, what, link, code):
    before = kept(db)
    answer = read(client, link, "en")
    assert answer.status_code in (400, 413), answer.text
    said = answer.json()
    assert said["code"] == code and said["message"] and "Traceback" not in answer.text
    spanish = read(client, link, "es").json()["message"]
    assert spanish != said["message"]  # each language its own words
    assert kept(db) == before


def test_a_shared_links_post_is_a_click_past_the_desks_gates(client):
    link = packed(Shared("wartime", "alfa.yaml", FILES))
    assert client.post("/build/read", data={"lang": "es", "link": link}).status_code == 403  # no CSRF token
    field_too_long = client.post("/build/read", data={"csrf": csrf(client), "link": "1." + "A" * (70 * 1024)})
    assert field_too_long.status_code in (400, 413)
    surrogate = client.post("/build/read", content=b"csrf=" + csrf(client).encode() + b"&link=1.%ED%A0%80",
                            headers={"content-type": "application/x-www-form-urlencoded"})
    assert surrogate.status_code == 400


def test_the_page_a_link_opens_runs_the_desks_script_alone(client):
    page = client.get("/build/shared?lang=en")
    assert page.status_code == 200 and "Shared list" in page.text and "Lista compartida" not in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert '<script type="module" src="/static/sharing.js"></script>' in page.text
    for name in ("sharing.js", "uqr.mjs"):
        served = client.get(f"/static/{name}")
        assert served.status_code == 200 and served.headers["content-type"].startswith("text/javascript")
    builder = client.get("/build")
    assert 'id="share-open"' in builder.text and 'id="start-link"' in builder.text
    assert "Compartir" in builder.text and "Desde un enlace compartido" in builder.text


@pytest.fixture
def published(tmp_path):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    app = create_desk(load_pack(PACK), f"sqlite:///{tmp_path / 'e.sqlite'}", TOKEN, "127.0.0.1:8080", publish=True)
    with TestClient(app, base_url=BASE) as c:
        c.get("/")
        submit(c, "Patrulla <b>Alfa</b>")
        yield c


def lock(client) -> None:
    admin(client)
    client.post("/admin/event", data={"csrf": csrf(client), "action": "lock", "confirm": "yes"})


def test_each_published_list_is_read_as_players_read_it_and_its_yaml_downloaded(published):
    assert published.get("/lists/1").status_code == 404  # not published before the event closes
    lock(published)
    lists = published.get("/lists")
    assert lists.status_code == 200 and "<pre>" not in lists.text  # no raw YAML
    team = re.search(r'href="/lists/(\d+)\?lang=es"', lists.text).group(1)
    assert "Patrulla &lt;b&gt;Alfa&lt;/b&gt;" in lists.text and ALFA_FINGERPRINT in lists.text
    page = published.get(f"/lists/{team}")
    assert page.status_code == 200
    assert ALFA_FINGERPRINT in page.text and "178 / 250" in page.text and "Ana Robles" in page.text
    assert "Patrulla &lt;b&gt;Alfa&lt;/b&gt;" in page.text and "<b>Alfa</b>" not in page.text
    # One squad, Alfa: a Sargento and three Fusileros.
    squads = re.findall(r'<section class="reading-section">\s*<h4>[^<]*: (\d+)</h4>(.*?)</section>', page.text, re.S)
    assert [n for n, _ in squads] == ["1"]
    assert re.findall(r'<span class="title">([^<]*)</span>', squads[0][1]) == ["Alfa"]
    assert '<span class="inside">Sargento · Fusilero ×3</span>' in squads[0][1]
    files = {name: href for href, name in re.findall(r'href="(/lists/\d+/([^"?]+))\?lang=es"', page.text)}
    assert set(files) == {"alfa.yaml", "fenix-warbook.yaml"}
    for name, body in (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK)):
        got = published.get(files[name])
        assert got.status_code == 200 and got.content == body and "attachment" in got.headers["content-disposition"]
    english = published.get(f"/lists/{team}?lang=en")
    assert "Points" in english.text and "Puntos" not in english.text


@pytest.mark.parametrize("path", ["/lists/999", "/lists/abc", "/lists/" + "9" * 40, "/lists/1/otro.yaml",
                                  "/lists/1/..%2Fapp.py", "/lists/-1"])
def test_a_published_list_that_is_not_there_is_a_page_that_says_so(published, path):
    lock(published)
    answer = published.get(path)
    assert answer.status_code == 404 and "Traceback" not in answer.text


def test_a_list_of_another_game_is_read_with_the_events_problem_never_a_bug(client):
    from tests.desk.support import ROOT

    other = (ROOT / "examples" / "cripmaquion" / "grupetto-verde.yaml").read_text(encoding="utf-8")
    answer = read(client, packed(Shared("cripmaquion", "grupetto.yaml", {"grupetto.yaml": other})), "en")
    assert answer.status_code == 200
    assert 'data-legal="false"' in answer.json()["html"] and "Error:" in answer.json()["html"]


def test_shared_links_are_counted_in_the_clicks_budget_of_the_address(tmp_path):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    app = create_desk(load_pack(PACK), f"sqlite:///{tmp_path / 'e.sqlite'}", TOKEN, "127.0.0.1:8080",
                      clicks_per_minute=3)
    link = packed(Shared("wartime", "alfa.yaml", FILES))
    with TestClient(app, base_url=BASE) as c:
        c.get("/")
        answers = [read(c, link).status_code for _ in range(5)]
    assert answers[:3] == [200, 200, 200] and answers[3:] == [429, 429]
