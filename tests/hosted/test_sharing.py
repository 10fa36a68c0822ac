"""A list shared by a link on the hosted builder: the page a link opens, and its list read under its
own game, whichever of the five it is (no event restricts it), with the fingerprint `builder check`
gives; a link of a game it doesn't serve, or a damaged one, refused in words."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from builder.web.sharing import Shared, packed
from tests.hosted.support import LEGAL, ROOT, files_of


def read(client, link: str, lang: str = "es"):
    client.get("/")  # the CSRF cookie
    return client.post(f"/build/read?lang={lang}",
                       data={"csrf": client.cookies.get("builder_csrf", ""), "lang": lang, "link": link})


def checked(game: str) -> dict:
    """What `builder check --format json` says of the game's example list (the shared one)."""
    done = subprocess.run([sys.executable, "-m", "builder", "check", "--format", "json", str(LEGAL[game][0][1])],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout)["results"][0]


@pytest.mark.parametrize("game", sorted(LEGAL))
def test_a_shared_list_of_each_game_is_read_under_its_game_with_the_fingerprint_check_gives(client, game):
    files = {name: data.decode("utf-8") for name, data in files_of(game)}
    open_ = LEGAL[game][0][0]
    answer = read(client, packed(Shared(game, open_, files)))
    assert answer.status_code == 200, answer.text
    said = answer.json()
    expected = checked(game)
    assert said["fingerprint"] == expected["fingerprint"] and said["game"] == game
    assert said["files"] == files and said["open"] == open_
    assert 'data-legal="true"' in said["html"] and "<button" not in said["html"] and "<input" not in said["html"]


def test_a_link_of_a_game_it_does_not_serve_or_a_damaged_one_is_refused_in_words(client):
    other = read(client, packed(Shared("ajedrez", "lista.yaml", {"lista.yaml": "system: ajedrez\n"})), "en")
    assert other.status_code == 400 and other.json()["code"] == "hosted-unknown-game"
    damaged = read(client, "1.%%%", "en")
    assert damaged.status_code == 400 and damaged.json()["code"] == "share-link-damaged"
    assert "Traceback" not in damaged.text and damaged.json()["message"]


def test_the_page_a_link_opens_is_served_with_the_builders_script_alone(client):
    page = client.get("/build/shared?lang=en")
    assert page.status_code == 200 and 'id="shared-page"' in page.text and 'data-event=""' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
