"""The organiser's exports of the day: a round's sheet and slips as PDF (their text read back with
pypdf), the whole event as JSON (validated by the export's models)."""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from builder.events.event_json import EventExport
from tests.desk.show_support import showing  # noqa: F401 - the fixture
from tests.desk.support import admin, exported


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_a_rounds_sheet_lists_every_table_with_both_teams_and_their_fingerprints(showing):
    client, app, kept, ids = showing
    admin(client)
    answer = exported(client, "/admin/round/1/sheet.pdf")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    assert "attachment" in answer.headers["content-disposition"]
    text = text_of(answer.content)
    fingerprint = app.state.desk.store.newest(ids[0]).checked.fingerprint
    assert "Torneo de Otoño · ronda 1" in text and fingerprint in text
    assert "Patrulla Alfa" in text and "Exploradores" in text and "Asalto <b>pesado</b>" in text
    assert "Gana Patrulla Alfa · 12–7" in text and "En disputa" in text and "Descansa" in text


def test_the_slips_one_a_table_with_boxes_for_the_result(showing):
    client, app, kept, ids = showing
    admin(client)
    answer = exported(client, "/admin/round/2/slips.pdf?lang=en")  # paired, not yet published: the organiser prints it
    assert answer.status_code == 200
    text = text_of(answer.content)
    for table in (1, 2, 3):
        assert f"Torneo de Otoño · round 2 · table {table}" in text
    assert text.count("Mark who wins") == 2 and text.count("Signature") == 2  # the bye has no game
    assert "Score (puntos de victoria)" in text and "Has a bye this round" in text
    assert app.state.desk.store.newest(ids[1]).checked.fingerprint in text


def test_a_round_not_paired_or_a_hostile_number_is_no_page(showing):
    client, *_ = showing
    admin(client)
    for given in ("3", "0", "-1", "x", "1" * 40, "%D9%A3"):
        assert client.get(f"/admin/round/{given}/sheet.pdf").status_code == 404


def test_only_the_organiser_gets_them(showing):
    client, *_ = showing
    for path in ("/admin/round/1/sheet.pdf", "/admin/round/1/slips.pdf", "/admin/event.json"):
        answer = client.get(path)
        assert answer.status_code == 403 and "application/pdf" not in answer.headers["content-type"]


def test_the_event_as_json_holds_its_teams_lists_rounds_results_and_standings(showing):
    client, app, kept, ids = showing
    admin(client)
    answer = exported(client, "/admin/event.json")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
    found = EventExport.model_validate_json(answer.content)
    assert found.event.name == "Torneo de Otoño" and found.event.rounds.count == 4
    assert [t.name for t in found.teams] == ["Patrulla Alfa", "Exploradores"]
    alfa = found.teams[0]
    assert alfa.club == "Club Norte" and alfa.checked_in and alfa.list.fingerprint
    assert set(alfa.list.files) == {"alfa.yaml", "fenix-warbook.yaml"}
    assert [r.number for r in found.rounds] == [1, 2] and not found.rounds[1].published
    first = found.rounds[0].tables
    assert (first[0].a, first[0].b, first[0].result.winner, first[0].result.score_a) == (ids[0], ids[1], "a", 12)
    assert first[1].disputed and first[1].result is None and first[2].b is None
    assert {s.team for s in found.standings} == set(ids + [901, 902, 903])
    assert not any("code" in key for key in json.loads(answer.content)["teams"][0])  # never an edit code


def test_the_summary_spreadsheet_holds_the_standings_and_every_result(showing):
    from openpyxl import load_workbook
    client, app, kept, ids = showing
    admin(client)
    answer = exported(client, "/admin/summary.xlsx")
    assert answer.status_code == 200
    book = load_workbook(io.BytesIO(answer.content))
    assert book.sheetnames[-2:] == ["Clasificación", "Resultados"]
    results = [[c.value for c in row] for row in book["Resultados"].iter_rows()]
    assert len(results) == 1 + 6 and results[1][2] == "Patrulla Alfa" and results[1][6] == "Gana Patrulla Alfa · 12–7"
