"""Race days on the desk: a Cripmaquión event's organiser writes each day as a stage of the campaign
file (a typo refused at the day's line), everyone sees the campaign's classifications, and
`builder campaign` on the campaign the desk exports gives the standings the desk shows."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import zipfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from starlette.testclient import TestClient

from builder.cli.main import cli
from builder.core.pack import RoundsFormat
from builder.desk.app import create_desk
from builder.desk.race_days import race_board
from builder.events.packs import load_pack
from tests.desk.support import BASE, TOKEN, admin, csrf, exported as downloaded, submit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "cripmaquion"
STAGES = yaml.safe_load((EXAMPLE / "infierno-de-amauta.yaml").read_text(encoding="utf-8"))["stages"]


@pytest.fixture
def race(db, tmp_path):
    app = desk_of(db, tmp_path, "system: cripmaquion\nname: El infierno de Amauta\n")
    with TestClient(app, base_url=BASE) as client:
        client.get("/")
        for name in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml"):
            answer = submit(client, name.removesuffix(".yaml"), files=((name, (EXAMPLE / name).read_bytes()),))
            assert answer.status_code == 200, answer.text
        admin(client)
        yield client, app


def desk_of(db, tmp_path, pack_text: str):
    pack_file = tmp_path / "carrera.yaml"
    pack_file.write_text(pack_text, encoding="utf-8")
    pack = dataclasses.replace(load_pack(str(pack_file)), rounds=RoundsFormat(count=3))
    return create_desk(pack, db, TOKEN, "127.0.0.1:8080")


def enter(client, number: int, text: str, lang: str = "es"):
    return client.post("/admin/race-days", data={"csrf": csrf(client), "lang": lang, "number": str(number),
                                                 "text": text}, follow_redirects=False)


def test_the_days_entered_give_the_standings_builder_campaign_gives_on_the_export(race, tmp_path):
    client, app = race
    for n, stage in enumerate(STAGES, start=1):
        answer = enter(client, n, yaml.safe_dump(stage, allow_unicode=True, sort_keys=False))
        assert answer.status_code == 303, answer.text
    shown = race_board(app.state.desk, "es")
    assert shown["days"] == ["1ª jornada", "2ª jornada"]
    archive = downloaded(client, "/admin/race-days/campaign.zip")
    assert archive.status_code == 200 and archive.headers["content-type"] == "application/zip"
    zipfile.ZipFile(io.BytesIO(archive.content)).extractall(tmp_path / "out")
    campaign = next((tmp_path / "out").glob("*/campaign.yaml"))
    done = CliRunner().invoke(cli, ["campaign", str(campaign), "--format", "json"])
    assert done.exit_code == 0, done.output
    exported = json.loads(done.output)
    for key in ("general", "dureza", "honor"):
        assert exported[key] == shown[key] and shown[key]
    page = client.get("/rounds").text
    general = page[page.index('class="standings race-general"'):page.index('class="standings race-dureza"')]
    runners = re.findall(r'<th scope="row">([^<]+)</th>', general)
    assert runners == [row["runner"] for row in exported["general"]]
    assert "Clasificación de honor" in page and "Cripmaquiazos" in page
    screen = client.get("/rounds/board?lang=en").text
    assert "General classification" in screen and exported["general"][0]["runner"] in screen


def test_a_typo_is_refused_at_the_days_line_and_nothing_is_stored(race):
    client, app = race
    assert 'href="/admin/race-days?lang=es"' in client.get("/admin").text  # the dashboard leads here
    answer = enter(client, 1, "name: 1ª jornada\nfinish: [Arcada, Gnatte Franz]\nsumits: []\n")
    assert answer.status_code == 422
    assert "campaign-unknown-runner" in answer.text and "línea 2" in answer.text and "Gnatte Franzs" in answer.text
    assert "línea 3" in answer.text and "summits" in answer.text
    assert "Gnatte Franz]" in answer.text  # the text given back to correct, not lost
    assert app.state.desk.store.race_days(app.state.desk.event_id) == []
    for text in ("- una lista\n", "name: [", "¿"):
        assert enter(client, 1, text).status_code == 422
    assert enter(client, 1, "name: x\n" + "#" * 300_000).status_code == 413
    assert app.state.desk.store.race_days(app.state.desk.event_id) == []


def test_a_day_can_be_corrected_and_taken_back(race):
    client, app = race
    assert enter(client, 2, "name: Segunda\nfinish: [Arcada]\n").status_code == 303
    form = client.get("/admin/race-days?day=2&saved=1&lang=en").text
    assert "Day 2 saved." in form and "finish: [Arcada]" in form and "Day 2: Segunda" in form
    assert enter(client, 2, "").status_code == 303
    assert app.state.desk.store.race_days(app.state.desk.event_id) == []


def test_hostile_day_numbers_and_other_events(race, db):
    client, app = race
    for given in ("0", "4", "-1", "x", "9" * 30, "٣"):
        assert enter(client, given, "name: x\n").status_code == 404
        assert client.get("/admin/race-days", params={"day": given}).status_code == 404


def test_only_the_organiser_writes_days(race):
    client, app = race
    client.post("/admin/logout", data={"csrf": csrf(client)})
    assert enter(client, 1, "name: x\nfinish: []\n").status_code == 403
    assert client.get("/admin/race-days/campaign.zip").status_code == 403
    assert app.state.desk.store.race_days(app.state.desk.event_id) == []


def test_an_event_of_another_game_has_no_race_days(db):
    from tests.desk.show_support import desk_with
    with TestClient(desk_with(db), base_url=BASE) as client:
        client.get("/")
        admin(client)
        assert client.get("/admin/race-days").status_code == 404
        assert client.get("/admin/race-days/campaign.zip").status_code == 404


def test_the_events_json_holds_the_days_and_the_campaigns_classifications(race):
    from builder.events.event_json import EventExport
    client, app = race
    assert enter(client, 1, yaml.safe_dump(STAGES[0], allow_unicode=True, sort_keys=False)).status_code == 303
    found = EventExport.model_validate_json(downloaded(client, "/admin/event.json").content)
    assert found.race.system == "cripmaquion-campaign" and [d.number for d in found.race.days] == [1]
    assert found.race.days[0].stage["name"] == "1ª jornada"
    assert found.race.classifications["general"] == race_board(app.state.desk, "es")["general"]


def test_hostile_days_are_refused_never_a_server_error(race):
    client, app = race
    hostile = ["a: &a [" + "*a, " * 5 + "]\n" + "".join(f"b{i}: &b{i} [*b{i - 1}, *b{i - 1}]\n" if i else "b0: &b0 [x]\n"
                                                        for i in range(40)),
               "name: " + "[" * 5000 + "]" * 5000 + "\n",
               "name: x\nfinish: " + str(list(range(2000))) + "\n",
               "name: \"\\u0000\"\nfinish: []\n", "!!python/object:os.system {}\n", "name: x\nname: y\n"]
    for text in hostile:
        answer = enter(client, 1, text)
        assert answer.status_code in (413, 422), (text[:40], answer.status_code)
    assert app.state.desk.store.race_days(app.state.desk.event_id) == []


def test_race_days_under_the_events_house_rules_give_what_builder_campaign_pack_gives(db, tmp_path):
    # The event's first finisher of a day gets 50 cripmaquiazos instead of 25: Lizardo Rodríguez, 1st
    # then 2nd, 25 + 18 = 43 by the book, 50 + 18 = 68 here (tests/events/test_race_campaign.py).
    app = desk_of(db, tmp_path, "system: cripmaquion\nname: El infierno de Amauta\nhouse_rules:\n"
                                "  - set: tables/campaign/cripmaquiazos/1\n    to: 50\n")
    with TestClient(app, base_url=BASE) as client:
        client.get("/")
        for name in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml"):
            assert submit(client, name.removesuffix(".yaml"), files=((name, (EXAMPLE / name).read_bytes()),)).status_code == 200
        admin(client)
        for n, stage in enumerate(STAGES, start=1):
            assert enter(client, n, yaml.safe_dump(stage, allow_unicode=True, sort_keys=False)).status_code == 303
        shown = race_board(app.state.desk, "es")
        assert (shown["general"][0]["runner"], shown["general"][0]["cripmaquiazos"]) == ("Lizardo Rodríguez", 68)
        zipfile.ZipFile(io.BytesIO(downloaded(client, "/admin/race-days/campaign.zip").content)).extractall(tmp_path / "out")
    campaign = next((tmp_path / "out").glob("*/campaign.yaml"))
    pack = campaign.parent / "pack.yaml"
    assert "token" not in pack.read_text(encoding="utf-8")
    done = CliRunner().invoke(cli, ["campaign", str(campaign), "--pack", str(pack), "--format", "json"])
    assert done.exit_code == 0, done.output
    for key in ("general", "dureza", "honor"):
        assert json.loads(done.output)[key] == shown[key]
