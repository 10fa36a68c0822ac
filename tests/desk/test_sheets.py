"""Each stored version's sheet drawn ahead by the desk, a while after it is stored, out of the
player's request; the organiser's print takes it from the shelf, the same pages it would draw."""

import time
from datetime import date

from pypdf import PdfReader

from builder.desk import export_jobs, sheets
from builder.events.printing import print_event
from builder.events.store import Store
from tests.desk.support import ALFA, OVER, WARBOOK, admin, csrf, edit_code, export_file, submit

WAIT = 240.0
"""The most a test waits for a worker's sheet (never a bound on its speed: a loaded machine is slow)."""


def shelved(desk) -> list:
    return sorted(desk.sheets.shelf.folder.glob("*.json")) if desk.sheets.shelf.folder.is_dir() else []


def wait_for(found, seconds: float = WAIT):
    until = time.monotonic() + seconds
    while not found():
        assert time.monotonic() < until, "still not there"
        time.sleep(0.1)
    return found()


def test_a_stored_versions_sheet_is_drawn_a_while_after_and_the_print_takes_it(client, db, monkeypatch, tmp_path):
    monkeypatch.setattr(sheets, "LOOK_SECONDS", 0.05)
    monkeypatch.setattr(sheets, "QUIET_SECONDS", 0.0)
    desk = client.app.state.desk
    assert submit(client, "Patrulla Alfa").status_code == 200
    # The request only noted it: due a while after, nothing drawn yet.
    assert list(desk.sheets.due) and shelved(desk) == []
    with desk.sheets.lock:
        desk.sheets.due = {team: (version, 0.0) for team, (version, _) in desk.sheets.due.items()}  # due now
    [sheet] = wait_for(lambda: shelved(desk))
    pdf = sheet.with_suffix(".pdf")
    drawn = pdf.stat().st_ino
    assert desk.sheets.workers.pool is None or wait_for(lambda: desk.sheets.workers.pool is None)  # its process gone

    admin(client)
    asked = client.post("/admin/exports/print", data={"csrf": csrf(client), "lang": "es"}, follow_redirects=False)
    printed = export_file(client, asked.headers["location"])
    assert printed.headers["content-type"] == "application/pdf"
    assert pdf.stat().st_ino == drawn  # taken from the shelf, not drawn again
    # The very pages a print draws itself (its cover dated as today's; a sheet, the day it was stored).
    store = Store.open(db)
    own = tmp_path / "propia.pdf"
    print_event(store.latest(desk.event_id), desk.pack, own, "es", jobs=1, today=date.today(), zone=desk.zone)
    store.close()
    (tmp_path / "listas.pdf").write_bytes(printed.content)
    assert [p.extract_text() for p in PdfReader(tmp_path / "listas.pdf").pages] == \
           [p.extract_text() for p in PdfReader(own).pages]


def test_a_team_that_sends_again_before_its_sheet_is_due_has_only_its_newest_drawn(client):
    desk = client.app.state.desk
    code = edit_code(submit(client, "Patrulla Alfa"))
    submit(client, "Patrulla Alfa", files=(("alfa.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)), code=code)
    submit(client, "Exploradores", files=(("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK)))
    store = Store.open(str(client.app.state.desk.store.engine.url.render_as_string(hide_password=False)))
    newest = {s.team_id: s.id for s in store.latest(desk.event_id)}
    store.close()
    assert {team: version for team, (version, _) in desk.sheets.due.items()} == newest and len(newest) == 2


def test_a_print_draws_the_sheets_the_shelf_lacks_and_shelves_them(client, monkeypatch):
    desk = client.app.state.desk
    submit(client, "Patrulla Alfa")
    submit(client, "Exploradores", files=(("alfa.yaml", OVER), ("fenix-warbook.yaml", WARBOOK)))
    desk.sheets.close()  # the desk stopped before drawing them: nothing lost but time
    admin(client)
    asked = client.post("/admin/exports/print", data={"csrf": csrf(client), "lang": "en"}, follow_redirects=False)
    assert export_file(client, asked.headers["location"]).headers["content-type"] == "application/pdf"
    assert len(shelved(desk)) == 2
    monkeypatch.setattr(export_jobs, "STRAY_SECONDS", -1)  # every folder no job owns, however new
    desk.exports.tidy()  # the exports' own tidying leaves the shelf be
    assert len(shelved(desk)) == 2


def stored_before(db: str, teams) -> int:
    """The event of the example pack with ``teams`` stored by a desk gone since: its id."""
    from builder.events.packs import load_pack
    from builder.events.schema import Checked
    from tests.desk.support import PACK

    pack = load_pack(PACK)
    store = Store.open(db)
    event = store.open_event(pack.name, pack.system)
    for team in teams:
        store.register(event, team, {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()},
                       Checked(system="wartime", points=None, points_limit=None, legal=False, findings=0, fingerprint=None))
    store.close()
    return event


def test_a_desk_started_again_draws_every_teams_latest_sheet_the_shelf_lacks(db, monkeypatch):
    from starlette.testclient import TestClient

    from builder.desk.app import create_desk
    from builder.events.packs import load_pack
    from tests.desk.support import BASE, PACK, TOKEN

    stored_before(db, ("Patrulla Alfa", "Exploradores"))
    monkeypatch.setattr(sheets, "SETTLE_SECONDS", 0.0)
    monkeypatch.setattr(sheets, "QUIET_SECONDS", 0.0)
    monkeypatch.setattr(sheets, "LOOK_SECONDS", 0.05)
    with TestClient(create_desk(load_pack(PACK), db, TOKEN, "127.0.0.1:8080"), base_url=BASE) as client:
        desk = client.app.state.desk
        assert len(wait_for(lambda: len(shelved(desk)) == 2 and shelved(desk))) == 2


def test_a_worker_draws_so_many_sheets_then_another_takes_its_place(db, tmp_path, monkeypatch):
    import anyio

    from builder.events.packs import load_pack
    from tests.desk.support import PACK

    monkeypatch.setattr(sheets, "SHEETS_A_WORKER", 2)  # each sheet leaves memory behind in its worker
    event = stored_before(db, ("Alfa", "Bravo", "Charlie"))
    store = Store.open(db)
    ahead = sheets.Ahead(load_pack(PACK), store, event, tmp_path)
    workers = []

    async def drawing():
        for s in store.latest(event):
            await ahead.draw(s.id)
            workers.append(set(ahead.workers.pool._processes))
        ahead.close()

    anyio.run(drawing)
    store.close()
    assert workers[0] == workers[1] and not workers[1] & workers[2]
    assert len(list(ahead.shelf.folder.glob("*.json"))) == 3


def test_no_sheet_is_begun_while_the_desk_has_other_work(client, monkeypatch):
    monkeypatch.setattr(sheets, "LOOK_SECONDS", 0.01)
    desk = client.app.state.desk
    submit(client, "Patrulla Alfa")
    looks = []
    desk.sheets.busy = lambda: looks.append(1) or True  # a check or an export always at hand
    with desk.sheets.lock:
        desk.sheets.due = {team: (version, 0.0) for team, (version, _) in desk.sheets.due.items()}
    wait_for(lambda: len(looks) >= 20)
    assert len(desk.sheets.due) == 1 and desk.sheets.workers.pool is None and shelved(desk) == []
    desk.sheets.busy = lambda: False
    monkeypatch.setattr(sheets, "QUIET_SECONDS", 0.0)
    assert len(wait_for(lambda: shelved(desk))) == 1
