"""``builder campaign``: the JSON contract, exit codes, and the standings as xlsx and PDF."""

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from builder.cli.main import cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "cripmaquion"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for example in EXAMPLES.glob("*.yaml"):
        shutil.copy(example, tmp_path / example.name)
    return tmp_path


def test_json_has_the_contracts_keys_and_rankings(folder):
    result = run("campaign", folder / "infierno-de-amauta.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"name", "stages", "legal", "errors", "warnings", "general", "dureza", "honor"} <= set(data)
    assert (data["name"], data["legal"], data["errors"]) == ("El infierno de Amauta", True, [])
    assert [s["name"] for s in data["stages"]] == ["1ª jornada", "2ª jornada"]
    # Lizardo 25 + 18 = 43 cripmaquiazos leads; Gurtlutz 4 + 6 + 1 = 11 dureza; Arcada 3 + 30 = 33 honor.
    assert {k: v for k, v in data["general"][0].items() if k in {"position", "runner", "team", "cripmaquiazos"}} \
        == {"position": 1, "runner": "Lizardo Rodríguez", "team": "Los Saqueadores de Río Lobo", "cripmaquiazos": 43}
    assert {k: data["dureza"][0][k] for k in ("position", "runner", "points")} == \
        {"position": 1, "runner": "Gurtlutz", "points": 11}
    assert {k: data["honor"][0][k] for k in ("position", "runner", "points")} == \
        {"position": 1, "runner": "Arcada", "points": 33}


def test_text_in_spanish_and_english(folder):
    es = run("campaign", folder / "infierno-de-amauta.yaml")
    assert es.exit_code == 0
    assert "Clasificación general" in es.output and "1. Lizardo Rodríguez" in es.output
    en = run("campaign", folder / "infierno-de-amauta.yaml", "--lang", "en")
    assert "General classification" in en.output and "43 cripmaquiazos" in en.output


def test_an_illegal_campaign_exits_1_with_its_findings(folder):
    path = folder / "mala.yaml"
    path.write_text((folder / "infierno-de-amauta.yaml").read_text(encoding="utf-8")
                    .replace("finish: [Lizardo Rodríguez,", "finish: [Lizardo Rodriguez,"), encoding="utf-8")
    result = run("campaign", path, "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    [error] = data["errors"]
    assert (error["code"], error["file"], error["line"]) == ("campaign-unknown-runner", str(path), 10)


def test_a_roster_is_not_a_campaign(folder):
    result = run("campaign", folder / "grupetto-verde.yaml")
    assert result.exit_code == 2
    assert "cripmaquion-campaign" in result.output
    as_json = run("campaign", folder / "grupetto-verde.yaml", "--format", "json")
    assert as_json.exit_code == 2 and json.loads(as_json.output)["error"]["code"] == "not-a-campaign"


def test_a_missing_team_makes_the_campaign_unreadable(folder):
    (folder / "grupetto-verde.yaml").unlink()
    result = run("campaign", folder / "infierno-de-amauta.yaml")
    assert result.exit_code == 2
    assert "grupetto-verde.yaml" in result.output and "teams[1]" in result.output
    assert "Traceback" not in result.output


def test_spreadsheet_has_a_sheet_per_classification_and_per_day(folder):
    out = folder / "clasificacion.xlsx"
    result = run("campaign", folder / "infierno-de-amauta.yaml", "--xlsx", out)
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(out)
    names = book.sheetnames
    # A day's sheet is named by its number, its own name a caption above the header (issue 32).
    # The teams' points by day, with their chart, come right after the summary (issue 32).
    assert names == ["Resumen", "Equipos por jornada", "Clasificación general", "Clasificación de dureza",
                     "Clasificación de honor", "Jornada 1", "Jornada 2", "Equipos", "Problemas"]
    assert [book[f"Jornada {n}"]["A1"].value for n in (1, 2)] == ["1ª jornada", "2ª jornada"]
    assert book["Jornada 1"].freeze_panes == "A3" and book["Jornada 1"].print_title_rows == "$1:$2"
    general = list(book["Clasificación general"].iter_rows(values_only=True))
    assert general[1][:4] == (1, "Lizardo Rodríguez", "Los Saqueadores de Río Lobo", 43)
    teams = [row for row in book["Equipos"].iter_rows(values_only=True)]
    fingerprints = {json.loads(run("check", folder / f, "--format", "json").output)["results"][0]["fingerprint"]
                    for f in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml")}
    assert fingerprints <= {cell for row in teams for cell in row}
    for sheet in ("Clasificación general", "Clasificación de dureza", "Jornada 1"):
        cells = {cell for row in book[sheet].iter_rows(values_only=True) for cell in row}
        assert fingerprints <= cells  # every runner's row carries its team's fingerprint


def test_pdf_opens_with_the_general_classification_then_a_page_per_minor_one_and_per_day(folder):
    out = folder / "clasificacion.pdf"
    result = run("campaign", folder / "infierno-de-amauta.yaml", "--pdf", out, "--xlsx", folder / "c.xlsx")
    assert result.exit_code == 0, result.output
    pages = [page.extract_text() for page in PdfReader(out).pages]
    assert "El infierno de Amauta" in pages[0] and "CQ-" in pages[0]  # the teams and their fingerprints
    # The first page carries the general classification (and the teams' chart, tests/export/test_pdf.py).
    assert "Clasificación general" in pages[0] and "Lizardo Rodríguez" in pages[0]
    titles = ["Clasificación de dureza", "Clasificación de honor", "1ª jornada", "2ª jornada"]
    assert [next(t for t in titles if page.startswith(t)) for page in pages[1:]] == titles
    assert "Ram Amón" in pages[3] and "eliminados" in pages[3]
    fingerprints = [json.loads(run("check", folder / f, "--format", "json").output)["results"][0]["fingerprint"]
                    for f in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml")]
    for page in pages[1:]:  # each page, posted on its own, names the rosters it ranks
        assert all(f in page for f in fingerprints)


def test_an_illegal_campaigns_standings_are_written_as_a_draft(folder):
    path = folder / "mala.yaml"
    path.write_text((folder / "infierno-de-amauta.yaml").read_text(encoding="utf-8")
                    .replace("victim: Gorko", "victim: Ech Pi El"), encoding="utf-8")   # Ech Pi El KO'd himself
    out = folder / "mala.pdf"
    result = run("campaign", path, "--pdf", out)
    assert result.exit_code == 1
    assert all("BORRADOR" in page.extract_text() for page in PdfReader(out).pages)


def test_check_and_inspect_know_a_campaign(folder):
    result = run("check", folder / "infierno-de-amauta.yaml", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output)["results"][0]["fingerprint"].startswith("CC-")
    assert "Clasificación de honor" in run("inspect", folder / "infierno-de-amauta.yaml").output


def test_an_event_pack_sets_nothing_for_a_campaign(folder):
    pack = folder / "pack.yaml"
    pack.write_text("system: cripmaquion-campaign\nname: Liga\n", encoding="utf-8")
    result = run("check", folder / "infierno-de-amauta.yaml", "--pack", pack)
    assert result.exit_code == 2 and "cripmaquion-campaign" in result.output
    schema = json.loads(run("schema", "pack").output)
    assert "cripmaquion-campaign" not in {v["properties"]["system"]["const"] for v in schema["oneOf"]}


def test_plain_text_carries_every_classification(folder):
    result = run("export", folder / "infierno-de-amauta.yaml", "--text")
    assert result.exit_code == 0
    out = result.output
    assert out.index("Clasificación general") < out.index("Clasificación de dureza") < out.index("2ª jornada")
    assert "- 1 · Lizardo Rodríguez · Los Saqueadores de Río Lobo · 43 · 0 · 20" in out


# --- by the book: the contract of `builder campaign` ----------------------------------------------
# Black-box acceptance tests of `builder campaign` (Cripmaquión §11, issue 18).
#
# Written from the contract, the rulebook (`cripmaquion.txt`: §5 races, §8.2 the brujo, §9,
# §11 and the control sheets), the README ("Cripmaquión files", "Campaigns") and docs/rulings.md
# ("Campaigns"); never from the implementation. Every expected number is worked out by hand below.
#
# The two teams used throughout (no `lineup:`, so the whole roster races, §9.2 / ruling "Who
# races"), with RES from §5 (and §8.2 for the brujo):
#
#     Los Rojos  (rojos.yaml)             Los Verdes (verdes.yaml)
#     Amaro      humano      RES 3        Gaspar  orco         RES 3
#     Brutus     troll       RES 5        Hilda   ogro         RES 4
#     Chispa     goblin      RES 1        Ismael  brujo        RES 1  (§8.2)
#     Dagoberto  momia       RES 4        Julia   hombre rata  RES 3
#     Esmeralda  zombi       RES 2        Kiko    esqueleto    RES 1
#     Fermin     enano       RES 5        Lope    mediano      RES 2
#
# All gregarios (`specialties: []`), so each roster is legal: 6 runners, 0 of 4 slots.
#
# Tables used (§11.1.1, §11.3.1, §11.3.2 and the gold ruling):
#     cripmaquiazos 25, 18, 15, 12, 10, 8, 6, 4, 2, 1 to the first ten to arrive
#     dureza        RES for a KO by DT, 2 × RES for any other KO; one KO per runner's turn
#     honor         bronce 5 4 3 2 1 · plata 15 12 9 7 5 3 1 · oro 30 25 20 16 12 10 7 5 3 2
#                   (the printed eleventh gold value, 1, is not awarded)


ROJOS = """\
system: cripmaquion
team: Los Rojos
runners:
  - {name: Amaro, race: humano, specialties: []}
  - {name: Brutus, race: troll, specialties: []}
  - {name: Chispa, race: goblin, specialties: []}
  - {name: Dagoberto, race: momia, specialties: []}
  - {name: Esmeralda, race: zombi, specialties: []}
  - {name: Fermin, race: enano, specialties: []}
"""


VERDES = """\
system: cripmaquion
team: Los Verdes
runners:
  - {name: Gaspar, race: orco, specialties: []}
  - {name: Hilda, race: ogro, specialties: []}
  - {name: Ismael, race: brujo, specialties: []}
  - {name: Julia, race: hombre-rata, specialties: []}
  - {name: Kiko, race: esqueleto, specialties: []}
  - {name: Lope, race: mediano, specialties: []}
"""


AZULES = """\
system: cripmaquion
team: Los Azules
runners:
  - {name: Zoilo, race: humano, specialties: []}
  - {name: Yago, race: orco, specialties: []}
  - {name: Xenia, race: elfo, specialties: []}
"""


ROJOS_NAMES = ["Amaro", "Brutus", "Chispa", "Dagoberto", "Esmeralda", "Fermin"]


VERDES_NAMES = ["Gaspar", "Hilda", "Ismael", "Julia", "Kiko", "Lope"]


ALL = ROJOS_NAMES + VERDES_NAMES


TEAM_OF = {**{n: "Los Rojos" for n in ROJOS_NAMES}, **{n: "Los Verdes" for n in VERDES_NAMES}}


CAMPAIGN_NAME = "Copa de pruebas"


def campaign_text(stages, teams=("rojos.yaml", "verdes.yaml"), name=CAMPAIGN_NAME) -> str:
    """A campaign file in block style: one finisher per line, one KO per line, one summit
    per line, so that every finding has an unambiguous line."""
    out = [
        "system: cripmaquion-campaign",
        f"name: {name}",
        "teams: [" + ", ".join(teams) + "]",
        "stages:",
    ]
    for stage in stages:
        out.append(f"  - name: {stage['name']}")
        finish = stage.get("finish", [])
        if finish:
            out.append("    finish:")
            out.extend(f"      - {runner}" for runner in finish)
        else:
            out.append("    finish: []")
        kos = stage.get("kos", [])
        if kos:
            out.append("    kos:")
            for by, victim, attack, turn in kos:
                out.append(f"      - {{by: {by}, victim: {victim}, attack: {attack}, turn: {turn}}}")
        else:
            out.append("    kos: []")
        summits = stage.get("summits", [])
        if summits:
            out.append("    summits:")
            for category, order in summits:
                out.append(f"      - {{category: {category}, order: [{', '.join(order)}]}}")
        else:
            out.append("    summits: []")
    return "\n".join(out) + "\n"


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """1-based number of the nth line of `text` that contains `needle`."""
    seen = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            seen += 1
            if seen == nth:
                return number
    raise AssertionError(f"{needle!r} not found {nth} times")


@pytest.fixture
def league(tmp_path):
    """Writes the two teams beside a campaign file; returns a function that writes the
    campaign (campaign.yaml) and gives back its path and text."""
    (tmp_path / "rojos.yaml").write_text(ROJOS, encoding="utf-8")
    (tmp_path / "verdes.yaml").write_text(VERDES, encoding="utf-8")

    def make(stages, **kwargs):
        text = campaign_text(stages, **kwargs)
        path = tmp_path / "campaign.yaml"
        path.write_text(text, encoding="utf-8")
        return path, text

    return make


def invoke(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result


def campaign_json(path, *extra):
    result = invoke("campaign", path, "--format", "json", *extra)
    try:
        data = json.loads(result.stdout)
    except json.JSONDecodeError:  # pragma: no cover - reported as a failure
        pytest.fail(f"not JSON (exit {result.exit_code}):\n{result.output}")
    return result, data


def row(data, classification, runner):
    rows = [r for r in data[classification] if r["runner"] == runner]
    assert len(rows) == 1, f"{runner} appears {len(rows)} times in {classification}"
    return rows[0]


def scores(data, classification):
    key = "cripmaquiazos" if classification == "general" else "points"
    return {r["runner"]: r[key] for r in data[classification]}


def positions(data, classification):
    return {r["runner"]: r["position"] for r in data[classification]}


def assert_legal(result, data):
    assert result.exit_code == 0, result.output
    assert data["legal"] is True
    assert data["errors"] == []


def assert_illegal_with_located_errors(result, data):
    assert result.exit_code == 1, result.output
    assert data["legal"] is False
    assert data["errors"], "an illegal campaign must list its errors"
    for error in data["errors"]:
        assert error.get("code"), error
        assert error.get("file"), error
        assert isinstance(error.get("line"), int) and error["line"] >= 1, error


def errors_with(data, code):
    return [e for e in data["errors"] if e["code"] == code]


def only_stage(finish=ALL, kos=(), summits=(), name="Primera jornada"):
    return {"name": name, "finish": list(finish), "kos": list(kos), "summits": list(summits)}


# A two-day campaign used for the rankings and the xlsx/PDF standings.
#
# Day 1 finish: Amaro 25, Brutus 18, Chispa 15, Dagoberto 12, Esmeralda 10, Fermin 8,
#               Gaspar 6, Hilda 4, Ismael 2, Julia 1, Kiko 0 (11th), Lope 0 (12th)
# Day 2 finish (Kiko and Lope eliminated):
#               Chispa 25, Amaro 18, Brutus 15, Dagoberto 12, Esmeralda 10, Fermin 8,
#               Gaspar 6, Hilda 4, Ismael 2, Julia 1
# Totals: Amaro 25+18=43, Chispa 15+25=40, Brutus 18+15=33, Dagoberto 12+12=24,
#         Esmeralda 10+10=20, Fermin 8+8=16, Gaspar 6+6=12, Hilda 4+4=8, Ismael 2+2=4,
#         Julia 1+1=2, Kiko 0, Lope 0.
# KOs: day 1 Lope DT on Brutus (troll RES 5) turn 1 → 5; Kiko other on Amaro
#      (humano RES 3) turn 2 → 2×3 = 6; day 2 Julia DT on Chispa (goblin RES 1) → 1.
#      Dureza: Kiko 6, Lope 5, Julia 1, everyone else 0.
# Summits: day 1 bronce [Ismael, Hilda] → 5, 4; day 2 plata [Gaspar] → 15.
#      Honor: Gaspar 15, Ismael 5, Hilda 4, everyone else 0.
# General: Kiko and Lope tie at 0 cripmaquiazos; dureza 6 > 5 puts Kiko 11th, Lope 12th.
TWO_DAYS = [
    only_stage(
        finish=ALL,
        kos=[("Lope", "Brutus", "dt", 1), ("Kiko", "Amaro", "other", 2)],
        summits=[("bronce", ["Ismael", "Hilda"])],
        name="Primera jornada",
    ),
    only_stage(
        finish=["Chispa", "Amaro", "Brutus", "Dagoberto", "Esmeralda", "Fermin",
                "Gaspar", "Hilda", "Ismael", "Julia"],
        kos=[("Julia", "Chispa", "dt", 1)],
        summits=[("plata", ["Gaspar"])],
        name="Segunda jornada",
    ),
]


TWO_DAYS_GENERAL = [
    ("Amaro", 43), ("Chispa", 40), ("Brutus", 33), ("Dagoberto", 24), ("Esmeralda", 20),
    ("Fermin", 16), ("Gaspar", 12), ("Hilda", 8), ("Ismael", 4), ("Julia", 2),
    ("Kiko", 0), ("Lope", 0),
]


TWO_DAYS_DAY1 = [
    ("Amaro", 25), ("Brutus", 18), ("Chispa", 15), ("Dagoberto", 12), ("Esmeralda", 10),
    ("Fermin", 8), ("Gaspar", 6), ("Hilda", 4), ("Ismael", 2), ("Julia", 1),
]


TWO_DAYS_DAY2 = [
    ("Chispa", 25), ("Amaro", 18), ("Brutus", 15), ("Dagoberto", 12), ("Esmeralda", 10),
    ("Fermin", 8), ("Gaspar", 6), ("Hilda", 4), ("Ismael", 2), ("Julia", 1),
]


TWO_DAYS_DUREZA = [("Kiko", 6), ("Lope", 5), ("Julia", 1)]


TWO_DAYS_HONOR = [("Gaspar", 15), ("Ismael", 5), ("Hilda", 4)]


def team_fingerprints(tmp_path) -> list[str]:
    result = invoke("check", tmp_path / "rojos.yaml", tmp_path / "verdes.yaml", "--format", "json")
    data = json.loads(result.stdout)
    prints = [r["fingerprint"] for r in data["results"]]
    assert all(prints) and len(set(prints)) == 2
    return prints


@pytest.mark.book
def test_json_has_the_contract_keys_and_ranks_every_runner_in_each_classification(league):
    path, _ = league(TWO_DAYS)
    result, data = campaign_json(path)
    assert_legal(result, data)
    for key in ("name", "stages", "legal", "errors", "warnings", "general", "dureza", "honor"):
        assert key in data, key
    assert data["name"] == CAMPAIGN_NAME
    assert isinstance(data["stages"], list) and len(data["stages"]) == 2
    assert isinstance(data["warnings"], list)
    for classification, value_key in (("general", "cripmaquiazos"), ("dureza", "points"),
                                      ("honor", "points")):
        entries = data[classification]
        # every racing runner is ranked, 0 included (control sheet, l. 1562)
        assert sorted(e["runner"] for e in entries) == sorted(ALL)
        for e in entries:
            assert {"position", "runner", "team", value_key} <= set(e), e
            assert e["team"] == TEAM_OF[e["runner"]]
        # ranked: positions never go down, values never go up
        assert [e["position"] for e in entries] == sorted(e["position"] for e in entries)
        assert [e[value_key] for e in entries] == sorted((e[value_key] for e in entries),
                                                         reverse=True)


@pytest.mark.book
def test_general_adds_up_cripmaquiazos_over_the_days_and_ranks_them(league):
    path, _ = league(TWO_DAYS)
    result, data = campaign_json(path)
    assert_legal(result, data)
    # totals worked out above TWO_DAYS
    assert [(e["runner"], e["cripmaquiazos"]) for e in data["general"]] == TWO_DAYS_GENERAL
    # all distinct once dureza settles Kiko/Lope: positions 1..12
    assert [e["position"] for e in data["general"]] == list(range(1, 13))


@pytest.mark.book
def test_cripmaquiazos_25_to_1_go_to_the_first_ten_to_arrive(league):
    order = ["Lope", "Kiko", "Julia", "Ismael", "Hilda", "Gaspar",
             "Fermin", "Esmeralda", "Dagoberto", "Chispa", "Brutus", "Amaro"]
    path, _ = league([only_stage(finish=order)])
    result, data = campaign_json(path)
    assert_legal(result, data)
    table = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]  # §11.1.1, l. 1301-1307
    expected = dict(zip(order, table + [0, 0]))   # 11th (Brutus) and 12th (Amaro) score 0
    assert scores(data, "general") == expected
    pos = positions(data, "general")
    assert [pos[r] for r in order[:10]] == list(range(1, 11))
    # Brutus and Amaro are level on everything: they share 11th
    assert pos["Brutus"] == pos["Amaro"] == 11


@pytest.mark.book
def test_eliminated_runners_score_nothing_and_race_again_the_next_day(league):
    # Day 1: only three arrive → Lope 25, Kiko 18, Julia 15; the nine eliminated score
    # nothing although fewer than ten arrived (l. 1309).
    # Day 2: Amaro (eliminated on day 1) wins → 25, Lope 2nd → 18 (l. 1311: they race on).
    # Totals: Lope 25+18=43, Amaro 25, Kiko 18, Julia 15, the other eight 0.
    path, _ = league([
        only_stage(finish=["Lope", "Kiko", "Julia"], name="Primera jornada"),
        only_stage(finish=["Amaro", "Lope"], name="Segunda jornada"),
    ])
    result, data = campaign_json(path)
    assert_legal(result, data)
    expected = {name: 0 for name in ALL}
    expected.update(Lope=43, Amaro=25, Kiko=18, Julia=15)
    assert scores(data, "general") == expected
    pos = positions(data, "general")
    assert (pos["Lope"], pos["Amaro"], pos["Kiko"], pos["Julia"]) == (1, 2, 3, 4)
    assert {pos[r] for r in expected if expected[r] == 0} == {5}


KO_VICTIMS = [
    # (victim, by, RES from §5 / §8.2)
    ("Chispa", "Gaspar", 1),     # goblin 2/1
    ("Esmeralda", "Gaspar", 2),  # zombi 2/2
    ("Amaro", "Gaspar", 3),      # humano 3/3
    ("Dagoberto", "Gaspar", 4),  # momia 3/4
    ("Brutus", "Gaspar", 5),     # troll 4/5
    ("Ismael", "Amaro", 1),      # brujo 1/1 (§8.2)
    ("Lope", "Amaro", 2),        # mediano 1/2
    ("Julia", "Amaro", 3),       # hombre rata 2/3
]


KO_CASES = [(victim, by, res, attack, factor) for victim, by, res in KO_VICTIMS
            for attack, factor in (("dt", 1), ("other", 2))
            # No one attacks a zombi DT (asqueroso, l. 752; ruling 36i): that case is tested on its own
            # below; Lope (mediano RES 2) still fills the DT column's RES 2.
            if not (victim == "Esmeralda" and attack == "dt")]


@pytest.mark.book
@pytest.mark.parametrize("victim, by, res, attack, factor", KO_CASES)
def test_a_ko_scores_the_victims_res_by_dt_and_twice_it_otherwise(league, victim, by, res,
                                                                  attack, factor):
    # §11.3.1 table: RES 1..5 → DT 1..5 p., otros KO 2..10 p.
    path, _ = league([only_stage(kos=[(by, victim, attack, 4)])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    points = scores(data, "dureza")
    assert points[by] == res * factor
    assert all(p == 0 for name, p in points.items() if name != by)
    assert row(data, "dureza", by)["position"] == 1


@pytest.mark.book
def test_a_dt_ko_of_the_zombi_is_an_error_at_its_line_and_scores_nothing(league):
    # Esmeralda (zombi, RES 2) is asqueroso: never the object of a DT attack (l. 752; ruling 36i).
    # Written as DT, the KO is an error and scores 0, not the table's 2; the campaign is illegal (exit 1).
    path, text = league([only_stage(kos=[("Gaspar", "Esmeralda", "dt", 4)])])
    result, data = campaign_json(path)
    assert result.exit_code == 1 and data["legal"] is False
    found = errors_with(data, "campaign-dt-ko-asqueroso")
    assert len(found) == 1 and len(data["errors"]) == 1, data["errors"]
    assert found[0]["line"] == line_of(text, "victim: Esmeralda")
    assert row(data, "dureza", "Gaspar")["points"] == 0


@pytest.mark.book
def test_only_the_best_ko_of_a_runners_turn_counts(league):
    # Gaspar, turn 3: DT on Chispa (RES 1 → 1), other on Amaro (RES 3 → 6),
    # DT on Brutus (RES 5 → 5): only the best, 6, counts (l. 1356).
    # Gaspar, turn 4: DT on Dagoberto (RES 4 → 4).
    # Dureza: 6 + 4 = 10 (not 1 + 6 + 5 + 4 = 16, nor 1 + 4 or 5 + 4).
    path, _ = league([only_stage(kos=[
        ("Gaspar", "Chispa", "dt", 3),
        ("Gaspar", "Amaro", "other", 3),
        ("Gaspar", "Brutus", "dt", 3),
        ("Gaspar", "Dagoberto", "dt", 4),
    ])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert row(data, "dureza", "Gaspar")["points"] == 10


@pytest.mark.book
def test_kos_by_different_runners_in_the_same_turn_all_count(league):
    # Turn 2: Gaspar DT on Brutus (5), Hilda DT on Dagoberto (4), Julia other on
    # Chispa (2 × 1 = 2): one KO per *runner's* turn, so all three count.
    path, _ = league([only_stage(kos=[
        ("Gaspar", "Brutus", "dt", 2),
        ("Hilda", "Dagoberto", "dt", 2),
        ("Julia", "Chispa", "other", 2),
    ])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    points = scores(data, "dureza")
    assert (points["Gaspar"], points["Hilda"], points["Julia"]) == (5, 4, 2)
    assert [e["runner"] for e in data["dureza"][:3]] == ["Gaspar", "Hilda", "Julia"]


@pytest.mark.book
def test_the_same_turn_number_on_another_day_is_another_turn(league):
    # Day 1 turn 3: Gaspar DT on Brutus (5); day 2 turn 3: Gaspar DT on Dagoberto (4).
    # Two races, two turns: 5 + 4 = 9.
    path, _ = league([
        only_stage(kos=[("Gaspar", "Brutus", "dt", 3)], name="Primera jornada"),
        only_stage(kos=[("Gaspar", "Dagoberto", "dt", 3)], name="Segunda jornada"),
    ])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert row(data, "dureza", "Gaspar")["points"] == 9


@pytest.mark.book
def test_bronze_summit_scores_5_4_3_2_1_to_the_first_five(league):
    order = ["Lope", "Kiko", "Julia", "Ismael", "Hilda", "Gaspar"]
    path, _ = league([only_stage(summits=[("bronce", order)])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    expected = {name: 0 for name in ALL}
    expected.update(zip(order, [5, 4, 3, 2, 1, 0]))  # l. 1364; the sixth scores nothing
    assert scores(data, "honor") == expected
    assert [e["runner"] for e in data["honor"][:5]] == order[:5]


@pytest.mark.book
def test_silver_summit_scores_15_12_9_7_5_3_1_to_the_first_seven(league):
    order = ["Amaro", "Brutus", "Chispa", "Dagoberto", "Esmeralda", "Fermin", "Gaspar", "Hilda"]
    path, _ = league([only_stage(summits=[("plata", order)])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    expected = {name: 0 for name in ALL}
    expected.update(zip(order, [15, 12, 9, 7, 5, 3, 1, 0]))  # l. 1365; the eighth scores 0
    assert scores(data, "honor") == expected


GOLD_ORDER = ["Lope", "Kiko", "Julia", "Ismael", "Hilda", "Gaspar",
              "Fermin", "Esmeralda", "Dagoberto", "Chispa", "Brutus"]


@pytest.mark.book
def test_gold_summit_scores_30_to_2_to_the_first_ten(league):
    path, _ = league([only_stage(summits=[("oro", GOLD_ORDER)])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    honor = scores(data, "honor")
    # l. 1366 printed values, the first ten of them: 30 25 20 16 12 10 7 5 3 2
    assert [honor[r] for r in GOLD_ORDER[:10]] == [30, 25, 20, 16, 12, 10, 7, 5, 3, 2]
    assert honor["Chispa"] == 2  # the tenth to crown
    assert honor["Amaro"] == 0   # never crowned


@pytest.mark.book
def test_gold_summit_eleventh_to_crown_scores_nothing(league):
    # The book prints an eleventh value (1) but gives gold to "los 10 primeros" and the
    # day sheet has ten rows: rulings.md awards the eleventh 0.
    path, _ = league([only_stage(summits=[("oro", GOLD_ORDER)])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert row(data, "honor", "Brutus")["points"] == 0
    # Brutus (11th, 0) and Amaro (none, 0) are level: same position
    pos = positions(data, "honor")
    assert pos["Brutus"] == pos["Amaro"] == 11


@pytest.mark.book
def test_honor_adds_every_summit_of_every_day(league):
    # Day 1: bronce [Amaro, Brutus] → 5, 4; plata [Brutus, Amaro] → 15, 12.
    # Day 2: oro [Amaro] → 30.
    # Amaro 5 + 12 + 30 = 47; Brutus 4 + 15 = 19.
    path, _ = league([
        only_stage(summits=[("bronce", ["Amaro", "Brutus"]), ("plata", ["Brutus", "Amaro"])],
                   name="Primera jornada"),
        only_stage(summits=[("oro", ["Amaro"])], name="Segunda jornada"),
    ])
    result, data = campaign_json(path)
    assert_legal(result, data)
    honor = scores(data, "honor")
    assert (honor["Amaro"], honor["Brutus"]) == (47, 19)
    assert [e["runner"] for e in data["honor"][:2]] == ["Amaro", "Brutus"]
    assert [e["position"] for e in data["honor"][:2]] == [1, 2]


# Amaro and Brutus swap first and second: each 25 + 18 = 43 cripmaquiazos; nobody else
# arrives, so the other ten have 0.
SWAP = (["Amaro", "Brutus"], ["Brutus", "Amaro"])


@pytest.mark.book
def test_general_tie_goes_to_dureza_before_honor(league):
    # Level on 43. Brutus: DT on Ismael (brujo RES 1) → dureza 1; Amaro 0.
    # Amaro crowns a bronze summit alone → honor 5; Brutus 0.
    # Dureza first (ruling): Brutus 1st, Amaro 2nd — although Amaro has more honor and
    # comes first in the roster.
    path, _ = league([
        only_stage(finish=SWAP[0], kos=[("Brutus", "Ismael", "dt", 1)],
                   summits=[("bronce", ["Amaro"])], name="Primera jornada"),
        only_stage(finish=SWAP[1], name="Segunda jornada"),
    ])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert [(e["runner"], e["cripmaquiazos"], e["position"]) for e in data["general"][:2]] == [
        ("Brutus", 43, 1), ("Amaro", 43, 2)]


@pytest.mark.book
def test_general_tie_with_equal_dureza_goes_to_honor(league):
    # Level on 43. Amaro DT on Kiko (esqueleto RES 1) → 1; Brutus DT on Ismael (brujo
    # RES 1) → 1: level on dureza too. Bronze [Brutus, Amaro] → Brutus 5, Amaro 4.
    # Honor decides: Brutus 1st, Amaro 2nd.
    path, _ = league([
        only_stage(finish=SWAP[0],
                   kos=[("Amaro", "Kiko", "dt", 1), ("Brutus", "Ismael", "dt", 1)],
                   summits=[("bronce", ["Brutus", "Amaro"])], name="Primera jornada"),
        only_stage(finish=SWAP[1], name="Segunda jornada"),
    ])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert [(e["runner"], e["position"]) for e in data["general"][:2]] == [
        ("Brutus", 1), ("Amaro", 2)]


@pytest.mark.book
def test_general_tie_on_everything_shares_the_position(league):
    # Day 1 [Amaro, Brutus, Chispa], day 2 [Brutus, Amaro, Chispa]:
    # Amaro 43, Brutus 43, Chispa 15 + 15 = 30. No KOs, no summits: Amaro and Brutus
    # share 1st and the next position skips (ruling: 1, 1, 3).
    path, _ = league([
        only_stage(finish=["Amaro", "Brutus", "Chispa"], name="Primera jornada"),
        only_stage(finish=["Brutus", "Amaro", "Chispa"], name="Segunda jornada"),
    ])
    result, data = campaign_json(path)
    assert_legal(result, data)
    pos = positions(data, "general")
    assert (pos["Amaro"], pos["Brutus"], pos["Chispa"]) == (1, 1, 3)
    assert row(data, "general", "Chispa")["cripmaquiazos"] == 30


@pytest.mark.book
def test_dureza_tie_for_first_goes_to_more_cripmaquiazos(league):
    # Finish: Hilda 25, Lope 18, Gaspar 15, Julia 12, the rest as listed.
    # Gaspar DT on Brutus (troll 5) → 5; Hilda DT on Fermin (enano 5) → 5: tied for first.
    # Hilda has more cripmaquiazos (25 > 15): Hilda 1st, Gaspar 2nd (l. 1370) — though
    # Gaspar comes first on the roster.
    # Lope DT on Amaro (3) and Julia DT on Amaro (3), other turns: tied for 3rd, not
    # for first, so they share it (ruling) although Lope has more cripmaquiazos.
    finish = ["Hilda", "Lope", "Gaspar", "Julia"] + ROJOS_NAMES + ["Ismael", "Kiko"]
    path, _ = league([only_stage(finish=finish, kos=[
        ("Gaspar", "Brutus", "dt", 1),
        ("Hilda", "Fermin", "dt", 1),
        ("Lope", "Amaro", "dt", 2),
        ("Julia", "Amaro", "dt", 3),
    ])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert [(e["runner"], e["points"], e["position"]) for e in data["dureza"][:2]] == [
        ("Hilda", 5, 1), ("Gaspar", 5, 2)]
    pos = positions(data, "dureza")
    assert pos["Julia"] == pos["Lope"] == 3


@pytest.mark.book
def test_honor_tie_for_first_goes_to_more_cripmaquiazos(league):
    # Bronze [Kiko, Lope] → Kiko 5, Lope 4; bronze [Lope, Kiko] → Lope 5, Kiko 4:
    # 9 each. Finish [Lope, Kiko] → Lope 25 > Kiko 18: Lope 1st, Kiko 2nd (l. 1370) —
    # though Kiko comes first on the roster.
    path, _ = league([only_stage(finish=["Lope", "Kiko"], summits=[
        ("bronce", ["Kiko", "Lope"]), ("bronce", ["Lope", "Kiko"])])])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert [(e["runner"], e["points"], e["position"]) for e in data["honor"][:2]] == [
        ("Lope", 9, 1), ("Kiko", 9, 2)]


@pytest.mark.book
def test_a_minor_classification_with_nothing_scored_has_everyone_first(league):
    # No KOs and no summits: nobody wins a tie at 0, so all twelve share 1st in dureza
    # and honor (rulings, "Minor ties"), even though Amaro has 25 cripmaquiazos.
    path, _ = league([only_stage()])
    result, data = campaign_json(path)
    assert_legal(result, data)
    assert set(positions(data, "dureza").values()) == {1}
    assert set(positions(data, "honor").values()) == {1}


@pytest.mark.book
@pytest.mark.parametrize("where", ["finish", "ko-by", "ko-victim", "summit"])
def test_a_runner_on_no_team_is_an_error_at_its_line(league, where):
    stage = only_stage()
    if where == "finish":
        stage["finish"] = ALL[:3] + ["Zacarias"] + ALL[3:]
    elif where == "ko-by":
        stage["kos"] = [("Zacarias", "Amaro", "dt", 1)]
    elif where == "ko-victim":
        stage["kos"] = [("Gaspar", "Zacarias", "dt", 1)]
    else:
        stage["summits"] = [("bronce", ["Amaro", "Zacarias"])]
    path, text = league([stage])
    result, data = campaign_json(path)
    assert_illegal_with_located_errors(result, data)
    found = errors_with(data, "campaign-unknown-runner")
    assert len(found) == 1, data["errors"]
    assert Path(found[0]["file"]).name == "campaign.yaml"
    assert found[0]["line"] == line_of(text, "Zacarias")


@pytest.mark.book
def test_a_runner_finishing_twice_is_an_error_at_the_second_entry(league):
    finish = ["Amaro", "Brutus", "Amaro"] + ALL[2:]
    path, text = league([only_stage(finish=finish)])
    result, data = campaign_json(path)
    assert_illegal_with_located_errors(result, data)
    found = errors_with(data, "campaign-runner-twice")
    assert len(found) == 1, data["errors"]
    assert Path(found[0]["file"]).name == "campaign.yaml"
    assert found[0]["line"] == line_of(text, "- Amaro", nth=2)
    # the text report places it too
    text_result = invoke("campaign", path)
    assert text_result.exit_code == 1
    assert f"campaign.yaml:{found[0]['line']}" in text_result.output
    # scores once, at its first place (ruling): 25, not 25 + 15
    assert row(data, "general", "Amaro")["cripmaquiazos"] == 25


@pytest.mark.book
def test_a_ko_of_a_runner_by_himself_is_an_error_and_scores_nothing(league):
    path, text = league([only_stage(kos=[("Gaspar", "Gaspar", "dt", 2)])])
    result, data = campaign_json(path)
    assert_illegal_with_located_errors(result, data)
    found = errors_with(data, "campaign-self-ko")
    assert len(found) == 1, data["errors"]
    assert Path(found[0]["file"]).name == "campaign.yaml"
    assert found[0]["line"] == line_of(text, "victim: Gaspar")
    assert row(data, "dureza", "Gaspar")["points"] == 0


@pytest.mark.book
def test_a_runner_of_a_team_outside_the_campaign_is_an_error(league, tmp_path):
    # azules.yaml lies beside the campaign but is not in its `teams`.
    (tmp_path / "azules.yaml").write_text(AZULES, encoding="utf-8")
    path, text = league([only_stage(finish=ALL + ["Zoilo"])])
    result, data = campaign_json(path)
    assert_illegal_with_located_errors(result, data)
    found = [e for e in data["errors"] if "Zoilo" in e["message"]]
    assert len(found) == 1, data["errors"]
    assert found[0]["code"] == "campaign-unknown-runner"
    assert Path(found[0]["file"]).name == "campaign.yaml"
    assert found[0]["line"] == line_of(text, "- Zoilo")
    # the message says which team he runs with (rulings, variant other-team)
    assert "Los Azules" in found[0]["message"] or "azules.yaml" in found[0]["message"]


@pytest.mark.book
def test_a_benched_runner_does_not_race_the_campaign(league, tmp_path):
    # With a lineup, the runners are the lineup (§9.2; rulings "Who races"): Fermin is on
    # the Rojos' roster but benched, so naming him in a day is an unknown runner.
    lined_up = ROJOS + "lineup: [Amaro, Brutus, Chispa, Dagoberto, Esmeralda]\n"
    path, text = league([only_stage(finish=ALL)])
    (tmp_path / "rojos.yaml").write_text(lined_up, encoding="utf-8")
    result, data = campaign_json(path)
    assert_illegal_with_located_errors(result, data)
    found = errors_with(data, "campaign-unknown-runner")
    assert [e["line"] for e in found] == [line_of(text, "- Fermin")]
    # and Fermin is not ranked: only the eleven lined-up runners race
    assert "Fermin" not in scores(data, "general")
    assert len(data["general"]) == 11


@pytest.mark.book
def test_a_team_rosters_warnings_are_the_campaigns(league, tmp_path):
    # A two-runner team is below the §9.2 table: `lineup-below-table` is a warning
    # (README), so the campaign stays legal and carries it, located in the team file.
    (tmp_path / "pareja.yaml").write_text(
        "system: cripmaquion\nteam: La Pareja\nrunners:\n"
        "  - {name: Quintin, race: humano, specialties: []}\n"
        "  - {name: Rufo, race: orco, specialties: []}\n", encoding="utf-8")
    path, _ = league([only_stage(finish=ALL + ["Quintin", "Rufo"])],
                     teams=("rojos.yaml", "verdes.yaml", "pareja.yaml"))
    result, data = campaign_json(path)
    assert_legal(result, data)
    mine = [w for w in data["warnings"] if Path(w.get("file") or "").name == "pareja.yaml"]
    assert [w["code"] for w in mine] == ["lineup-below-table"], data["warnings"]
    assert isinstance(mine[0]["line"], int)


@pytest.mark.book
def test_an_illegal_team_roster_makes_the_campaign_illegal(league, tmp_path):
    # A brujo can't be a specialist (inepto, §8.2 l. 961): Ismael with rompehuesos.
    bad = VERDES.replace("{name: Ismael, race: brujo, specialties: []}",
                         "{name: Ismael, race: brujo, specialties: [rompehuesos]}")
    assert bad != VERDES
    path, _ = league([only_stage()])
    (tmp_path / "verdes.yaml").write_text(bad, encoding="utf-8")
    result, data = campaign_json(path)
    assert_illegal_with_located_errors(result, data)
    in_team = [e for e in data["errors"] if Path(e["file"]).name == "verdes.yaml"]
    assert in_team, data["errors"]
    assert any(e["code"] == "brujo-specialty" and e["line"] == line_of(bad, "Ismael")
               for e in in_team), in_team


@pytest.mark.book
@pytest.mark.parametrize("problem", ["missing", "broken-yaml"])
def test_an_unreadable_team_file_makes_the_campaign_unreadable(league, tmp_path, problem):
    if problem == "missing":
        path, _ = league([only_stage(finish=ROJOS_NAMES)], teams=("rojos.yaml", "nadie.yaml"))
    else:
        (tmp_path / "nadie.yaml").write_text("system: cripmaquion\nteam: [Los Nadie\n",
                                             encoding="utf-8")
        path, _ = league([only_stage(finish=ROJOS_NAMES)], teams=("rojos.yaml", "nadie.yaml"))
    for fmt in ("text", "json"):
        result = invoke("campaign", path, "--format", fmt)
        assert result.exit_code == 2, result.output
        assert "nadie.yaml" in result.output


@pytest.mark.book
@pytest.mark.parametrize("problem", ["missing", "broken-yaml"])
def test_an_unreadable_campaign_file_exits_2(tmp_path, problem):
    path = tmp_path / "campaign.yaml"
    if problem == "broken-yaml":
        path.write_text("system: cripmaquion-campaign\nname: [Copa\n", encoding="utf-8")
    result = invoke("campaign", path)
    assert result.exit_code == 2, result.output


@pytest.mark.book
def test_a_mistyped_command_exits_2(league):
    path, _ = league([only_stage()])
    assert invoke("campaign", path, "--format", "xml").exit_code == 2
    assert invoke("campaign").exit_code == 2


@pytest.mark.book
def test_lang_en_speaks_english_with_the_same_standings(league):
    path, _ = league(TWO_DAYS)
    es = invoke("campaign", path, "--lang", "es")
    en = invoke("campaign", path, "--lang", "en")
    assert es.exit_code == en.exit_code == 0
    assert "Clasificación" in es.stdout
    assert "Clasificación" not in en.stdout
    assert "classification" in en.stdout.lower()
    # the standings themselves don't depend on the language
    _, data_es = campaign_json(path, "--lang", "es")
    _, data_en = campaign_json(path, "--lang", "en")
    for classification in ("general", "dureza", "honor"):
        assert data_es[classification] == data_en[classification]


@pytest.mark.book
def test_lang_en_reports_findings_in_english(league):
    path, _ = league([only_stage(finish=ALL + ["Zacarias"])])
    _, data_es = campaign_json(path, "--lang", "es")
    result, data_en = campaign_json(path, "--lang", "en")
    assert_illegal_with_located_errors(result, data_en)
    assert [e["code"] for e in data_en["errors"]] == [e["code"] for e in data_es["errors"]]
    assert [e["line"] for e in data_en["errors"]] == [e["line"] for e in data_es["errors"]]
    assert all(a["message"] != b["message"]
               for a, b in zip(data_en["errors"], data_es["errors"]))


def sheet_rows(ws):
    return [[c for c in r if c is not None] for r in ws.iter_rows(values_only=True)]


def find_ranking(rows, ranking):
    """Does this table list `ranking` ((runner, value) pairs) in order, each runner's row
    holding its value?"""
    last = -1
    for runner, value in ranking:
        hits = [i for i, r in enumerate(rows) if runner in r]
        if not hits or hits[0] <= last or value not in rows[hits[0]]:
            return False
        last = hits[0]
    return True


@pytest.mark.book
def test_xlsx_has_a_sheet_per_classification_and_per_day(league, tmp_path):
    path, _ = league(TWO_DAYS)
    out = tmp_path / "standings.xlsx"
    result = invoke("campaign", path, "--xlsx", out)
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook(out)
    tables = {ws.title: sheet_rows(ws) for ws in wb.worksheets}

    def sheets_listing(ranking, must_mention=None):
        return {title for title, rows in tables.items()
                if find_ranking(rows, ranking)
                and (must_mention is None or must_mention in title
                     or any(must_mention in str(c) for r in rows for c in r))}

    general = sheets_listing(TWO_DAYS_GENERAL[:10])
    dureza = sheets_listing(TWO_DAYS_DUREZA)
    honor = sheets_listing(TWO_DAYS_HONOR)
    day1 = sheets_listing(TWO_DAYS_DAY1, "Primera jornada")
    day2 = sheets_listing(TWO_DAYS_DAY2, "Segunda jornada")
    for found, what in ((general, "general"), (dureza, "dureza"), (honor, "honor"),
                        (day1, "day 1"), (day2, "day 2")):
        assert found, f"no sheet lists the {what} standings: {list(tables)}"
    # one sheet each: five different sheets
    picks = {next(iter(s)) for s in (general, dureza, honor, day1, day2)}
    assert len(picks) == 5 and general.isdisjoint(dureza | honor | day1 | day2)
    assert dureza.isdisjoint(honor | day1 | day2) and honor.isdisjoint(day1 | day2)
    assert day1.isdisjoint(day2)


@pytest.mark.book
def test_xlsx_carries_the_team_rosters_fingerprints(league, tmp_path):
    path, _ = league(TWO_DAYS)
    out = tmp_path / "standings.xlsx"
    assert invoke("campaign", path, "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    cells = " ".join(str(c) for ws in wb.worksheets for r in sheet_rows(ws) for c in r)
    for fingerprint in team_fingerprints(tmp_path):
        assert fingerprint in cells


def pdf_pages(path):
    return [page.extract_text() or "" for page in PdfReader(str(path)).pages]


def page_lists(text, ranking):
    """The first line naming each runner comes in ranking order and holds its value."""
    lines = text.splitlines()
    last = -1
    for runner, value in ranking:
        hits = [i for i, line in enumerate(lines) if runner in line.split()]
        if not hits or hits[0] <= last or str(value) not in lines[hits[0]].split():
            return False
        last = hits[0]
    return True


@pytest.mark.book
def test_pdf_ranks_each_classification_and_each_day_on_pages_of_their_own(league, tmp_path):
    path, _ = league(TWO_DAYS)
    out = tmp_path / "standings.pdf"
    result = invoke("campaign", path, "--pdf", out)
    assert result.exit_code == 0, result.output
    pages = pdf_pages(out)

    def pages_listing(ranking, must_mention=None):
        return {i for i, text in enumerate(pages)
                if page_lists(text, ranking) and (must_mention is None or must_mention in text)}

    general = pages_listing(TWO_DAYS_GENERAL[:10])
    dureza = pages_listing(TWO_DAYS_DUREZA)
    honor = pages_listing(TWO_DAYS_HONOR)
    day1 = pages_listing(TWO_DAYS_DAY1, "Primera jornada")
    day2 = pages_listing(TWO_DAYS_DAY2, "Segunda jornada")
    for found, what in ((general, "general"), (dureza, "dureza"), (honor, "honor"),
                        (day1, "day 1"), (day2, "day 2")):
        assert found, f"no page lists the {what} standings"
    assert general.isdisjoint(dureza | honor | day1 | day2)
    assert dureza.isdisjoint(honor | day1 | day2) and honor.isdisjoint(day1 | day2)
    assert day1.isdisjoint(day2)


@pytest.mark.book
def test_pdf_carries_the_team_rosters_fingerprints(league, tmp_path):
    path, _ = league(TWO_DAYS)
    out = tmp_path / "standings.pdf"
    assert invoke("campaign", path, "--pdf", out).exit_code == 0
    text = "\n".join(pdf_pages(out))
    for fingerprint in team_fingerprints(tmp_path):
        assert fingerprint in text


@pytest.mark.book
def test_an_illegal_campaigns_standings_are_written_marked_as_a_draft(league, tmp_path):
    # rulings: "An illegal campaign's standings are still written ... marked as a draft
    # on every sheet and page"; the exit code still says 1.
    path, _ = league([only_stage(finish=ALL + ["Zacarias"])])
    xlsx, pdf = tmp_path / "draft.xlsx", tmp_path / "draft.pdf"
    result = invoke("campaign", path, "--xlsx", xlsx, "--pdf", pdf)
    assert result.exit_code == 1, result.output
    wb = openpyxl.load_workbook(xlsx)
    for ws in wb.worksheets:
        shown = " ".join(str(c) for r in sheet_rows(ws) for c in r)
        shown += " " + (ws.oddHeader.center.text or "") + " " + ws.title
        assert "BORRADOR" in shown, ws.title
    pages = pdf_pages(pdf)
    assert pages and all("BORRADOR" in page for page in pages)


def test_a_day_named_like_a_sheet_takes_no_sheets_name(league, tmp_path):
    # Issue 32: a day named «Problemas» pushed the problems sheet to «Problemas (2)». The days' sheets
    # are numbered; their names, whatever they are, are the captions above their headers.
    names = ["Problemas", "Resumen", "Jornada 1"]
    path, _ = league([only_stage(finish=ALL, name=name) for name in names])
    out = tmp_path / "standings.xlsx"
    result = invoke("campaign", path, "--xlsx", out)
    assert result.exit_code in (0, 1), result.output
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Resumen", "Equipos por jornada", "Clasificación general", "Clasificación de dureza",
                             "Clasificación de honor", "Jornada 1", "Jornada 2", "Jornada 3", "Equipos", "Problemas"]
    assert [wb[f"Jornada {n}"]["A1"].value for n in (1, 2, 3)] == names
    assert wb["Jornada 2"]["A2"].value == "Puesto" and wb["Jornada 2"].freeze_panes == "A3"
