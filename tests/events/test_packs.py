"""Event packs: their values take precedence over what a list says about itself, each cited at the
pack's own line; a pack is read and refused as a usage error; its JSON Schema."""

import json
from pathlib import Path

import pytest

from tests.book_cases import by_file, check_json, run, stdout_json, wartime_list

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "tournament"
WARBOOK = ROOT / "examples" / "wartime" / "fenix-warbook.yaml"


def results(result) -> dict:
    return {Path(r["file"]).name: r for r in json.loads(result.output)["results"]}


def codes(result: dict) -> list[str]:
    return [e["code"] for e in result["errors"]]


def _fingerprint(path: Path) -> str:
    return json.loads(run("check", path, "--format", "json").output)["results"][0]["fingerprint"]


def test_pack_precedence_and_where_it_points(tmp_path):
    listing = tmp_path / "lista.yaml"
    listing.write_text(f"""\
system: wartime
name: Cinco
points_limit: 300
restrictions: {{max_level: 5}}
warbook: {WARBOOK}
squads:
  - name: A
    members: [{{character: Fusilero, count: 5}}]
""", encoding="utf-8")
    alone = results(run("check", listing, "--format", "json"))["lista.yaml"]
    # On its own: 5 × 40 = 200 of 300, but its own max_level 5 is broken by the Fusilero (level 18).
    assert (alone["points"], alone["points_limit"]) == (200, 300)
    assert codes(alone) == ["restriction-max-level"]
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: Copa\npoints_limit: 150\nrestrictions: {max_models: 4}\n", encoding="utf-8")
    event = results(run("check", listing, "--pack", pack, "--format", "json"))["lista.yaml"]
    # The pack's 150 and its restrictions replace the list's: 200 > 150 and 5 models > 4; no level limit now.
    assert event["points_limit"] == 150
    assert sorted(codes(event)) == ["over-points-limit", "restriction-max-models"]
    where = {e["code"]: e["where"] for e in event["errors"]}
    assert where["over-points-limit"].startswith(f"{pack}:3")
    assert where["restriction-max-models"].startswith(f"{pack}:4")
    # The fingerprint is the list's own, whichever event checks it.
    assert event["fingerprint"] == alone["fingerprint"]


def test_a_pack_without_a_key_leaves_the_lists_value(tmp_path):
    listing = tmp_path / "lista.yaml"
    listing.write_text(f"system: wartime\nname: X\npoints_limit: 100\nwarbook: {WARBOOK}\n"
                       "squads: [{name: A, members: [{character: Fusilero, count: 3}]}]\n", encoding="utf-8")
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: Sin límite\nformations: false\n", encoding="utf-8")
    r = results(run("check", listing, "--pack", pack, "--format", "json"))["lista.yaml"]
    assert r["points_limit"] == 100 and codes(r) == ["over-points-limit"]   # 3 × 40 = 120 > 100


def test_an_invalid_pack_is_a_usage_error(tmp_path):
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: X\npoints_limit: -3\n", encoding="utf-8")
    result = run("check", WARBOOK, "--pack", pack)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "pack" in result.output


def test_a_pack_that_is_a_folder_is_reported_in_the_users_language(tmp_path):
    (tmp_path / "pack").mkdir()
    result = run("check", EXAMPLE / "lists", "--pack", tmp_path / "pack", "--format", "json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "file-is-folder"
    result = run("verify", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "WT-0000-0000", "--pack", tmp_path / "pack")
    assert result.exit_code == 2 and "es una carpeta" in result.output and "directory" not in result.output


def test_schema_pack():
    schema = json.loads(run("schema", "pack").output)
    systems = {variant["properties"]["system"]["const"] for variant in schema["oneOf"]}
    assert systems == {"wartime", "cripmaquion", "confrontation", "porcrom", "dungeon-universalis"}
    wartime = next(v for v in schema["oneOf"] if v["properties"]["system"]["const"] == "wartime")
    assert {"points_limit", "formations", "restrictions"} <= set(wartime["properties"])


def _checked_under_a_pack(tmp_path: Path, listing: Path) -> dict:
    """The list's check result under a pack that overrides its limit, formations and restrictions."""
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: E\npoints_limit: 100\nformations: true\n"
                    "restrictions: {max_level: 30}\n", encoding="utf-8")
    return json.loads(run("check", listing, "--pack", pack, "--format", "json").output)["results"][0]


@pytest.mark.parametrize("own_keys", [
    "",                                                                              # left out: defaults
    "points_limit: 300\nformations: false\nrestrictions: {max_level: 40, max_models: 20}\n",  # written
])
def test_a_pack_over_the_lists_keys_keeps_its_fingerprint(tmp_path, own_keys):
    listing = tmp_path / "a.yaml"
    listing.write_text(f"system: wartime\nname: X\n{own_keys}warbook: {WARBOOK}\n"
                       "squads: [{name: A, members: [{character: Fusilero}]}]\n", encoding="utf-8")
    with_pack = _checked_under_a_pack(tmp_path, listing)
    assert with_pack["points_limit"] == 100
    assert with_pack["fingerprint"] == _fingerprint(listing)
    # The list written with a default left out is the same list.
    bare = tmp_path / "b.yaml"
    bare.write_text(listing.read_text(encoding="utf-8").replace("formations: false\n", ""), encoding="utf-8")
    assert _fingerprint(bare) == _fingerprint(listing)


def test_a_restriction_the_pack_sets_is_cited_at_the_packs_line(tmp_path):
    pack = tmp_path / "estricto.yaml"
    pack.write_text("system: wartime\nname: Torneo estricto\n\nrestrictions: {max_level: 20}\n", encoding="utf-8")
    listing = EXAMPLE / "lists" / "01-patrulla-alfa.yaml"
    report = json.loads(run("check", listing, "--pack", pack, "--format", "json").output)["results"][0]
    [error] = report["errors"]
    # The Sargento's level 25 breaks the event's max_level 20, which the pack sets on its line 4.
    assert error["code"] == "restriction-max-level"
    assert (error["file"], error["line"], error["path"]) == (str(pack), 4, "restrictions.max_level")
    # Without the pack the list's own restrictions allow it.
    assert json.loads(run("check", listing, "--format", "json").output)["results"][0]["legal"] is True


# --- tournaments by the book ----------------------------------------------------------------------
# Black-box, written from the tournament specification only (plus the shared command-line contract
# and file formats); the event (tests/events/conftest.py) and the Fénix examples (the `wt` fixture,
# tests/conftest.py) are worked out by hand beside their fixtures.


@pytest.mark.book
def test_batch_pack_precedence_and_codes(event):
    result = run("check", event / "lists", "--pack", event / "pack.yaml", "--format", "json")
    assert result.exit_code in (1, 2)  # illegal lists and an unreadable one: open point
    report = stdout_json(result)
    assert report["legal"] is False
    r = by_file(report)
    for legal in ("a-patrulla.yaml", "b-explor.yml", "c-pareja.yaml"):
        assert r[legal]["legal"] is True, r[legal]
        assert r[legal]["points_limit"] == 250
    assert (r["a-patrulla.yaml"]["points"], r["b-explor.yml"]["points"], r["c-pareja.yaml"]["points"]) == (178, 187, 98)
    # a list written for 300 points is checked at the pack's 250
    heavy = r["d-pesado.yaml"]
    assert heavy["legal"] is False and heavy["points"] == 260 and heavy["points_limit"] == 250
    assert [e["code"] for e in heavy["errors"]] == ["over-points-limit"]
    assert [e["code"] for e in r["e-cripma.yaml"]["errors"]] == ["wrong-system"]
    assert r["f-rota.yaml"]["legal"] is False
    # on its own (no pack) the heavy list is legal at its 300: 260 <= 300
    alone = check_json(event / "lists" / "d-pesado.yaml")[1]["results"][0]
    assert alone["legal"] is True and alone["points_limit"] == 300


@pytest.mark.book
def test_pack_restrictions_and_formations_replace_the_lists_own(event, wt):
    # Asalto Fénix on its own: over-points-limit (325 > 250), restriction-max-level (25 > 20),
    # formation-too-small (formations: true). Under the pack: max_level 25 (Sargento 25 is
    # allowed) and formations false, so only the points remain.
    report = check_json(wt / "asalto-ilegal.yaml", "--pack", event / "pack.yaml")[1]["results"][0]
    assert [e["code"] for e in report["errors"]] == ["over-points-limit"]
    assert not [w for w in report["warnings"] if w["code"].startswith("formation")]
    # and a tighter pack bites: Compañía Fénix has 7 models, the pack allows 5
    tight = event / "tight.yaml"
    tight.write_text("system: wartime\nname: Escaramuza\npoints_limit: 300\nrestrictions: {max_models: 5}\n",
                     encoding="utf-8")
    result = run("check", wt / "compania-fenix.yaml", "--pack", tight)
    assert result.exit_code == 1
    assert "restriction-max-models" in result.output


@pytest.mark.book
def test_pack_limit_wins_even_when_higher_than_the_lists(event):
    # "its values take precedence over what a list says about itself": a list written for
    # 200 with 260 points (illegal alone) is legal at a 300-point event.
    lst = wartime_list(event / "lists" / "d2.yaml", "Asalto Pesado", [("Sargento", 1), ("Fusilero", 4), ("Granadero", 1)],
                       warbook="../wartime/fenix-warbook.yaml", points_limit=200)
    assert run("check", lst).exit_code == 1
    pack = event / "p300.yaml"
    pack.write_text("system: wartime\nname: Gran Torneo\npoints_limit: 300\n", encoding="utf-8")
    result = run("check", lst, "--pack", pack, "--format", "json")
    assert result.exit_code == 0, result.output
    res = stdout_json(result)["results"][0]
    assert res["points"] == 260 and res["points_limit"] == 300


@pytest.mark.book
def test_schema_pack_names_the_keys_a_pack_may_set(tmp_path):
    result = run("schema", "pack")
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    assert isinstance(schema, dict)
    assert "points_limit" in result.output and "runners_per_team" in result.output


EVENT_PACK = "system: wartime\nname: Torneo\npoints_limit: 250\n"


@pytest.mark.parametrize("block, deadline, token, publish", [
    ("", None, None, False),
    ("event:\n  deadline: 2026-12-01T20:00:00+01:00\n", "2026-12-01T19:00:00+00:00", None, False),
    ("event:\n  deadline: '2026-12-01 20:00+01:00'\n  publish: true\n", "2026-12-01T19:00:00+00:00", None, True),
    ("event: {token: abcdefghijklmnop}\n", None, "abcdefghijklmnop", False),  # 16 characters, the least
])
def test_the_event_block_sets_the_desks_deadline_token_and_publishing(tmp_path, block, deadline, token, publish):
    from datetime import timezone

    from builder.events.packs import load_pack

    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK + block, encoding="utf-8")
    event = load_pack(pack).event
    shown = event.deadline.astimezone(timezone.utc).isoformat() if event.deadline else None
    assert (shown, event.token, event.publish) == (deadline, token, publish)
    assert (event.versions_per_team, event.bytes_per_team) == (30, 16 * 1024 * 1024)  # the defaults
    # Checking ignores the block: the same list, the same answer under the pack.
    listing = EXAMPLE / "lists" / "01-patrulla-alfa.yaml"
    assert run("check", listing, "--pack", pack).exit_code == 0  # 178 of 250


@pytest.mark.parametrize("block, line, words", [
    ("event:\n  deadlin: 2026-12-01 20:00\n", 5, "¿quisiste decir «deadline»?"),
    ("event:\n  deadline: 2026-12-01\n", 5, "fecha con hora"),  # a day alone: at what hour would it close?
    ("event:\n  deadline: mañana\n", 5, "fecha con hora"),
    ("event:\n  token: corta\n", 5, "de 16 a 200 caracteres"),
    ("event:\n  token: con espacios dentro de ella\n", 5, "sin espacios"),
    ("event:\n  publish: si\n", 5, "true o false"),
    ("event:\n  publish: true\n  versions_per_team: 0\n", 6, "«versions_per_team» debe ser un número entero de 1 a 1000"),
    ("event:\n  bytes_per_team: 16 MiB\n", 5, "«bytes_per_team» debe ser un número entero de 65536 a 1073741824"),
    ("event:\n  bytes_per_team: true\n", 5, "«bytes_per_team» debe ser"),
    ("event:\n  max_teams: 0\n", 5, "«max_teams» debe ser un número entero de 1 a 10000"),
    ("event:\n  publish: true\n  max_teams: 10001\n", 6, "«max_teams» debe ser un número entero de 1 a 10000"),
    ("event:\n  max_teams: muchos\n", 5, "«max_teams» debe ser"),
    ("event: [deadline]\n", 4, "bloque de claves"),
    ("event:\n  public_url: torneo.example\n", 5, "https://torneo.example"),
    ("event:\n  public_url: https://torneo.example/mesa\n", 5, "sin ruta"),
])
def test_a_bad_event_block_is_a_usage_error_at_its_line(tmp_path, block, line, words):
    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK + block, encoding="utf-8")
    result = run("check", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "--pack", pack)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"pack.yaml:{line}" in result.output and words in result.output


@pytest.mark.parametrize("url, origin", [
    ("https://Torneo.Example", "https://torneo.example"),
    ("https://torneo.example:443/", "https://torneo.example"),  # the default port, left out as browsers do
    ("http://192.168.1.10:8080", "http://192.168.1.10:8080"),
    ("http://[::1]:8080", "http://[::1]:8080"),
])
def test_the_public_url_is_read_as_its_origin(tmp_path, url, origin):
    from builder.events.packs import load_pack, public_origin

    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK + f"event:\n  public_url: '{url}'\n", encoding="utf-8")
    assert load_pack(pack).event.public_url == url and public_origin(url) == origin


def test_schema_pack_describes_the_event_block():
    from builder.events.packs import pack_schema

    for variant in pack_schema()["oneOf"]:
        event = variant["properties"]["event"]
        assert set(event["properties"]) == {"deadline", "token", "publish", "versions_per_team", "bytes_per_team", "max_teams",
                                             "public_url"}
        assert event["additionalProperties"] is False


def test_schema_pack_describes_the_edition_and_the_house_rules():
    from builder.events.packs import pack_schema

    for variant in pack_schema()["oneOf"]:
        assert variant["properties"]["edition"]["type"] == ["string", "number"]
        assert "house_rules" in variant["properties"]


def test_the_event_block_bounds_what_a_team_may_keep(tmp_path):
    from builder.events.packs import load_pack

    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK + "event:\n  versions_per_team: 5\n  bytes_per_team: 1048576\n", encoding="utf-8")
    event = load_pack(pack).event
    assert (event.versions_per_team, event.bytes_per_team) == (5, 1024 * 1024)


def test_the_event_block_bounds_the_teams_an_event_takes(tmp_path):
    from builder.events.packs import load_pack

    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK, encoding="utf-8")
    assert load_pack(pack).event.max_teams == 300  # the default: far past a day's event, far short of a flood
    pack.write_text(EVENT_PACK + "event:\n  max_teams: 40\n", encoding="utf-8")
    assert load_pack(pack).event.max_teams == 40


# The pack's rounds: block (issue 48): the tournament day's format.

def test_a_pack_without_rounds_is_an_event_as_today(tmp_path):
    from builder.events.packs import load_pack

    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK, encoding="utf-8")
    assert load_pack(pack).rounds is None


@pytest.mark.parametrize("block, expected", [
    # Only the count given: the defaults, 3/1/0 and 3 for a bye, no score kept.
    ("rounds:\n  count: 4\n", dict(count=4, win=3, draw=1, loss=0, bye=3, bye_score=0, score=None,
                                   tie_breakers=("opponents-points", "score-difference"))),
    ("rounds:\n  count: 5\n  points: {win: 2, draw: 1, bye: 2}\n  bye_score: 10\n  score: puntos de victoria\n"
     "  tie_breakers: [head-to-head, opponents-points, wins]\n",
     dict(count=5, win=2, draw=1, loss=0, bye=2, bye_score=10, score="puntos de victoria",
          tie_breakers=("head-to-head", "opponents-points", "wins"))),
    ("rounds: {count: 1, tie_breakers: []}\n", dict(count=1, tie_breakers=())),  # no tie-breaker: ties share a rank
    # Issue 55, point 11: the score named in both languages; a plain text names it in every language.
    ("rounds:\n  count: 4\n  score: {es: puntos de victoria, en: victory points}\n",
     dict(score="puntos de victoria", score_en="victory points")),
    ("rounds:\n  count: 4\n  score: PV\n", dict(score="PV", score_en=None)),
    ("rounds:\n  count: 30\n  points: {win: 100, draw: 0, loss: 0, bye: 0}\n", dict(count=30, win=100, bye=0)),
])
def test_the_rounds_block_sets_the_events_format(tmp_path, block, expected):
    from builder.events.packs import load_pack

    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK + block, encoding="utf-8")
    rounds = load_pack(pack).rounds
    assert {key: getattr(rounds, key) for key in expected} == expected
    # Checking ignores the block: the same list, the same answer under the pack.
    assert run("check", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "--pack", pack).exit_code == 0


@pytest.mark.parametrize("block, line, words", [
    ("rounds: 4\n", 4, "«rounds» debe ser un bloque de claves"),
    ("rounds:\n  points: {win: 3}\n", 4, "«count» (cuántas rondas) es obligatorio"),
    ("rounds:\n  count: 0\n", 5, "de 1 a 30"),
    ("rounds:\n  count: 31\n", 5, "de 1 a 30"),
    ("rounds:\n  count: cuatro\n", 5, "de 1 a 30"),
    ("rounds:\n  count: true\n", 5, "de 1 a 30"),
    ("rounds:\n  count: 4\n  rondas: 5\n", 6, "no tiene la clave «rondas»"),
    ("rounds:\n  count: 4\n  tie_breaker: [wins]\n", 6, "¿quisiste decir «tie_breakers»?"),
    ("rounds:\n  count: 4\n  points: 3\n", 6, "«points» debe ser un bloque"),
    ("rounds:\n  count: 4\n  points:\n    win: 3\n    drawn: 1\n", 8, "«drawn» (tiene win, draw, loss y bye); ¿quisiste decir «draw»?"),
    ("rounds:\n  count: 4\n  points:\n    win: 101\n", 7, "«win» debe ser un número entero de 0 a 100"),
    ("rounds:\n  count: 4\n  points:\n    draw: -1\n", 7, "«draw» debe ser un número entero de 0 a 100"),
    ("rounds:\n  count: 4\n  points:\n    bye: 1.5\n", 7, "«bye» debe ser un número entero"),
    ("rounds:\n  count: 4\n  bye_score: muchos\n", 6, "«bye_score» debe ser un número entero de 0 a 10000"),
    ("rounds:\n  count: 4\n  score: ''\n", 6, "«score» debe ser el nombre"),
    ("rounds:\n  count: 4\n  score: [pv]\n", 6, "«score» debe ser el nombre"),
    ("rounds:\n  count: 4\n  score: {es: pv}\n", 6, "o uno en cada idioma: {es: puntos de victoria, en: victory"),
    ("rounds:\n  count: 4\n  score: {es: pv, en: vp, fr: pv}\n", 6, "«score» debe ser el nombre"),
    ("rounds:\n  count: 4\n  score: {es: '', en: vp}\n", 6, "«score» debe ser el nombre"),
    ("rounds:\n  count: 4\n  tie_breakers: wins\n", 6, "«tie_breakers» debe ser una lista"),
    ("rounds:\n  count: 4\n  tie_breakers:\n    - wins\n    - opponent-points\n", 8,
     "no hay desempate «opponent-points»; ¿quisiste decir «opponents-points»?"),
    ("rounds:\n  count: 4\n  tie_breakers:\n    - wins\n    - wins\n", 8, "«wins» está dos veces"),
])
def test_a_bad_rounds_block_is_a_usage_error_at_its_line(tmp_path, block, line, words):
    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK + block, encoding="utf-8")
    result = run("check", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "--pack", pack)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"pack.yaml:{line}" in result.output and words in result.output


def test_every_problem_of_the_rounds_block_is_reported_at_its_own_line_in_either_language(tmp_path):
    pack = tmp_path / "pack.yaml"
    pack.write_text(EVENT_PACK + "rounds:\n  count: 0\n  points: {win: x}\n  tie_breakers: [wins, wins]\n",
                    encoding="utf-8")
    spanish = run("check", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "--pack", pack).output
    assert all(f"pack.yaml:{line} rounds" in spanish for line in (5, 6, 7))
    # In reading order: the first problem's line heads the message.
    assert spanish.index("pack.yaml:5 rounds") < spanish.index("pack.yaml:6 rounds") < spanish.index("pack.yaml:7")
    english = run("check", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "--pack", pack, "--lang", "en").output
    assert "“count” (how many rounds) is required" in english and "“win” must be a whole number from 0 to 100" in english
    assert "the tie-breaker “wins” is twice" in english and "«" not in english


def test_schema_pack_describes_the_rounds_block():
    from builder.core.pack import TIE_BREAKERS
    from builder.events.packs import pack_schema

    for variant in pack_schema()["oneOf"]:
        rounds = variant["properties"]["rounds"]
        assert set(rounds["properties"]) == {"count", "points", "bye_score", "score", "tie_breakers"}
        assert rounds["required"] == ["count"] and rounds["additionalProperties"] is False
        assert set(rounds["properties"]["points"]["properties"]) == {"win", "draw", "loss", "bye"}
        assert rounds["properties"]["tie_breakers"]["items"]["enum"] == list(TIE_BREAKERS)
        # The score's name: one text, or one in each language (issue 55, point 11).
        text, both = rounds["properties"]["score"]["oneOf"]
        assert text["type"] == "string" and both["type"] == "object" and both["required"] == ["es", "en"]
        assert both["additionalProperties"] is False and set(both["properties"]) == {"es", "en"}



def test_the_example_with_rounds_checks_the_lists_as_the_example_without():
    from builder.core.pack import RoundsFormat
    from builder.events.packs import load_pack

    pack = load_pack(EXAMPLE / "pack" / "torneo-otono-rondas.yaml")
    assert pack.rounds == RoundsFormat(4, 3, 1, 0, 3, 10, "puntos de victoria",
                                       ("opponents-points", "score-difference", "head-to-head"), "victory points")
    assert (pack.rounds.score_in("es"), pack.rounds.score_in("en")) == ("puntos de victoria", "victory points")
    plain = EXAMPLE / "pack" / "torneo-otono.yaml"
    assert load_pack(plain).rounds is None
    with_rounds = run("check", EXAMPLE / "lists", "--pack", pack.doc.label, "--format", "json")
    without = run("check", EXAMPLE / "lists", "--pack", plain, "--format", "json")
    assert with_rounds.exit_code == without.exit_code
    # The same findings at the same lines of either pack (the first lines are alike).
    same = with_rounds.output.replace("torneo-otono-rondas.yaml", "torneo-otono.yaml")
    assert json.loads(same)["results"] == json.loads(without.output)["results"]
