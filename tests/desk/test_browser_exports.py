"""Issue 55's organiser in Chromium: an event's print asked for from the dashboard, the page left in
the middle of the job and come back to, the PDF downloaded once the page (refreshing itself, no
script) says it is made."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from builder.events.store import Checked, Store
from tests.desk.support import ALFA, PACK, WARBOOK
from tests.serve.live import ARGS, CHROMIUM, serving

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="browser tests skipped: no Chromium found "
                                                       "(install Debian's chromium package to run them)")
TOKEN = "clave-de-prueba"
TEAMS = 12


@pytest.fixture
def desk(tmp_path):
    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    database = f"sqlite:///{tmp_path / 'torneo.sqlite'}"
    store = Store.open(database)
    event = store.open_event("Torneo de Otoño", "wartime")
    for n in range(TEAMS):
        store.register(event, f"Equipo {n:02}", {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()},
                       Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    store.close()
    with serving(lambda port: create_desk(load_pack(PACK), database, TOKEN, f"127.0.0.1:{port}")) as url:
        yield url, database


@pytest.fixture
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def test_the_organiser_prints_leaves_the_page_mid_job_comes_back_and_downloads_the_pdf(desk, browser, tmp_path):
    url, database = desk
    organiser = browser.new_context(locale="es-ES", accept_downloads=True).new_page()
    organiser.goto(f"{url}/admin")
    organiser.fill("#token", TOKEN)
    organiser.click("button[type=submit]")
    organiser.click("#print")  # the dashboard's print: a job, and its page
    organiser.wait_for_url("**/admin/exports/print?lang=es")
    status = organiser.locator("#export")
    assert status.get_attribute("data-state") == "running" and "Preparándolo" in status.inner_text()
    assert "Puedes salir de esta página" in status.inner_text()
    organiser.goto(f"{url}/lists")  # away, mid-job
    organiser.goto(f"{url}/admin")
    organiser.click("#print")  # back: the same job, whether still running or made by now
    organiser.locator("#export-download").wait_for(timeout=240_000)  # the page refreshes itself till then
    store = Store.open(database)
    jobs = [(job.kind, job.state) for job in [store.last_export(1, "print")]]
    store.close()
    assert jobs == [("print", "done")]
    with organiser.expect_download() as downloading:
        organiser.click("#export-download")
    saved = tmp_path / "listas.pdf"
    downloading.value.save_as(saved)
    assert downloading.value.suggested_filename == "Torneo de Otoño.pdf"
    pages = PdfReader(io.BytesIO(saved.read_bytes())).pages
    assert f"{TEAMS} equipos" in pages[0].extract_text() and len(pages) > TEAMS  # the cover, then each team's sheets
