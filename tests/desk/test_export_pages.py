"""An export's page and its download: the file under the name it always had, only the event's and
the kind's own job, and an old address that asks for its export and leads to its page."""

from __future__ import annotations

from tests.desk.support import admin


def done(client, kind: str, content: bytes) -> int:
    exports = client.app.state.desk.exports
    job, _ = exports.store.ask_export(1, kind, {"lang": "es"})
    path = exports.folder / f"job-{job.id}" / "f"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    exports.store.export_ended(job.id, "done", str(path), len(content))
    return job.id


def test_a_made_file_is_downloaded_under_its_exports_name_and_only_by_its_own_address(client):
    admin(client)
    printed, sheet = done(client, "print", b"%PDF-1.7 x"), done(client, "event-json", b"{}")
    page = client.get("/admin/exports/print?lang=en").text
    assert 'data-state="done"' in page and f'href="/admin/exports/print/{printed}?lang=en" id="export-download"' in page
    assert "Make it again" in page and 'name="paper"' in page and "Kept until" in page
    answer = client.get(f"/admin/exports/print/{printed}")
    assert answer.content == b"%PDF-1.7 x" and answer.headers["content-type"] == "application/pdf"
    assert "Torneo%20de%20Oto%C3%B1o.pdf" in answer.headers["content-disposition"]  # the event's own name
    assert 'filename="torneo-de-otono.json"' in client.get(f"/admin/exports/event-json/{sheet}").headers["content-disposition"]
    for wrong in (f"/admin/exports/summary/{printed}", "/admin/exports/print/999", "/admin/exports/print/x",
                  "/admin/exports/print/" + "9" * 40, f"/admin/exports/nothing/{printed}"):
        assert client.get(wrong).status_code == 404, wrong


def test_the_old_addresses_ask_for_their_export_and_lead_to_its_page(client):
    assert client.get("/admin/summary.xlsx").status_code == 403  # the organiser's alone
    admin(client)
    for old, kind in (("/admin/print.pdf?paper=letter", "print"), ("/admin/printing", "print"),
                      ("/admin/summary.xlsx?lang=en", "summary"), ("/admin/event.json", "event-json")):
        answer = client.get(old, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"].startswith(f"/admin/exports/{kind}?lang="), old
    assert client.get("/admin/round/1/sheet.pdf").status_code == 404  # an event that plays no rounds
    assert client.get("/admin/race-days/campaign.zip").status_code == 404
    store = client.app.state.desk.store
    assert store.last_export(1, "print").options == {"lang": "es", "paper": "letter"}  # the first ask's, running
