"""An export made as a desk's worker makes it: from the store alone, into its job's folder, saying
how far it got in the job's row."""

from __future__ import annotations

import json

from builder.desk.export_work import made
from builder.events.packs import load_pack
from builder.events.store import Checked, Store
from tests.desk.support import ALFA, PACK, WARBOOK


def test_an_export_is_written_into_its_jobs_folder_and_its_row_says_it_got_to_the_end(db, tmp_path):
    store = Store.open(db)
    event = store.open_event("Torneo de Otoño", "wartime")
    for team in ("Patrulla Alfa", "Exploradores", "Asalto"):
        store.register(event, team, {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()},
                       Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    pack = load_pack(PACK)
    for kind, name in (("summary", "resumen.xlsx"), ("event-json", "evento.json")):
        job, _ = store.ask_export(event, kind, {"lang": "en"})
        path, size = made(pack, db, event, job.id, kind, {"lang": "en"}, str(tmp_path / "exports"), None, None)
        assert path == str(tmp_path / "exports" / f"job-{job.id}" / name) and size == (tmp_path / path).stat().st_size
        row = store.export_job(job.id)
        # The summary counts the three teams; the event's JSON is one step.
        assert (row.done, row.total) == ((3, 3) if kind == "summary" else (1, 1)) and row.state == "running"
    teams = json.loads((tmp_path / "exports" / f"job-{job.id}" / "evento.json").read_text(encoding="utf-8"))["teams"]
    assert sorted(team["name"] for team in teams) == ["Asalto", "Exploradores", "Patrulla Alfa"]
    store.close()
