"""The organiser's exports on the desk's pages: each one's page (``/admin/exports/{kind}``), which
asks for it (a POST starts the job, or shows the one running), shows how far it got (refreshed
every few seconds while it runs: no script on the organiser's pages) and, once made, its file to
download (``/admin/exports/{kind}/{job}``) for a while (:mod:`builder.desk.export_jobs`).

The old addresses of the exports (``/admin/print.pdf``, ``/admin/summary.xlsx``,
``/admin/event.json``, a round's ``sheet.pdf`` and ``slips.pdf``, the campaign's ZIP) ask for
their export as the button does and lead to its page.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response

from builder.core import messages
from builder.desk.day_reading import day_of
from builder.desk.export_jobs import KEPT_HOURS, Exports
from builder.desk.pages import in_page_thread, page, refusal
from builder.desk.state import desk_of
from builder.events.bounds import slug
from builder.events.race_campaign import campaign_of
from builder.web.downloads import attachment
from builder.web.intake import Form

MEDIA = {"print": ("application/pdf", "pdf"), "summary": (
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
    "event-json": ("application/json", "json"), "campaign": ("application/zip", "zip"),
    "sheet": ("application/pdf", "pdf"), "slips": ("application/pdf", "pdf")}
ROUND_KIND = re.compile(r"(sheet|slips)-([1-9][0-9]{0,2})")
REFRESH_SECONDS = 2

messages.register({
    "desk.export.print": {"es": "El PDF de todas las hojas y cartas", "en": "The PDF of every sheet and cards"},
    "desk.export.summary": {"es": "La hoja resumen (xlsx)", "en": "The summary sheet (xlsx)"},
    "desk.export.event-json": {"es": "El evento en JSON", "en": "The event as JSON"},
    "desk.export.campaign": {"es": "La campaña en ficheros (ZIP)", "en": "The campaign as files (ZIP)"},
    "desk.export.sheet": {"es": "La hoja de la ronda {round} (PDF)", "en": "Round {round}'s sheet (PDF)"},
    "desk.export.slips": {"es": "Las papeletas de la ronda {round} (PDF)", "en": "Round {round}'s table slips (PDF)"},
    "desk.export-running": {"es": "Preparándolo: {done} de {total} hecho.",
                            "en": "Being made: {done} of {total} done."},
    "desk.export-starting": {"es": "Preparándolo: empezando.", "en": "Being made: starting."},
    "desk.export-leave": {
        "es": "Puedes salir de esta página o cerrarla: el trabajo sigue en el servidor hasta terminar. "
              "Vuelve aquí (o al panel) para descargarlo.",
        "en": "You may leave or close this page: the work goes on in the server to its end. "
              "Come back here (or to the dashboard) to download it."},
    "desk.export-done": {"es": "Listo el {when} ({size}). Se guarda hasta el {until}.",
                         "en": "Made on {when} ({size}). Kept until {until}."},
    "desk.export-download": {"es": "Descargar", "en": "Download"},
    "desk.export-again": {"es": "Prepararlo de nuevo (con las listas de ahora)",
                          "en": "Make it again (with the lists as they are now)"},
    "desk.export-ask": {"es": "Prepararlo", "en": "Make it"},
    "desk.export-none": {"es": "Aún no se ha preparado.", "en": "Not made yet."},
    "desk.export-failed": {"es": "No se pudo preparar: vuelve a pedirlo.", "en": "It could not be made: ask for it again."},
    "desk.export-stopped": {"es": "El servidor se detuvo mientras se preparaba: vuelve a pedirlo.",
                            "en": "The server stopped while it was being made: ask for it again."},
    "desk.export-gone": {"es": "El fichero ya no se guarda (caducó o se preparó otro): vuelve a pedirlo.",
                         "en": "The file is no longer kept (it expired or a newer one was made): ask for it again."},
    "desk.export-paper": {"es": "Papel", "en": "Paper"},
    "desk.exports": {"es": "Exportaciones", "en": "Exports"},
})


def exports_of(request: Request) -> Exports:
    return desk_of(request).exports


def known(request: Request, kind: str) -> bool:
    """Whether ``kind`` is an export this event has (a round's, of a round paired; the campaign's, of a
    campaign's race days)."""
    desk = desk_of(request)
    if kind in ("print", "summary", "event-json"):
        return True
    if kind == "campaign":
        return campaign_of(desk.pack) is not None
    found = ROUND_KIND.fullmatch(kind)
    if found is None or desk.pack.rounds is None:
        return False
    day = day_of(desk)
    return day is not None and int(found.group(2)) in {r.number for r in day.rounds}


def base_of(kind: str) -> tuple[str, str]:
    """A kind's family (``sheet`` of ``sheet-3``) and its round ('' but for a round's)."""
    found = ROUND_KIND.fullmatch(kind)
    return (found.group(1), found.group(2)) if found else (kind, "")


async def started(request: Request, lang: str, kind: str, paper: str | None = None) -> Response:
    """The export of ``kind`` asked for (the one running, or a new one), and its page."""
    paper = "letter" if (paper or request.query_params.get("paper")) == "letter" else "a4"
    day = await in_page_thread(request, day_of, desk_of(request))
    await exports_of(request).ask(kind, {"lang": lang, "paper": paper}, day)
    return RedirectResponse(f"/admin/exports/{kind}?lang={lang}", status_code=303)


async def ask(request: Request, form: Form, lang: str) -> Response:
    """POST ``/admin/exports/{kind}``: the export started (or the one running shown)."""
    kind = request.path_params["kind"]
    if not await in_page_thread(request, known, request, kind):
        return refusal(request, lang, "desk-no-such-page", 404)
    return await started(request, lang, kind, form.get("paper"))


async def job_page(request: Request, form: Form, lang: str) -> Response:
    """GET ``/admin/exports/{kind}``: its last job, how far it got, its file."""
    kind = request.path_params["kind"]
    if not await in_page_thread(request, known, request, kind):
        return refusal(request, lang, "desk-no-such-page", 404)
    return await in_page_thread(request, shown, request, lang, kind)


def shown(request: Request, lang: str, kind: str) -> Response:
    exports = exports_of(request)
    exports.tidy()
    job = exports.store.last_export(exports.event_id, kind)
    base, number = base_of(kind)
    state = "none" if job is None else job.state if job.state != "done" or exports.file_of(job) else "gone"
    return page(request, "export.html", lang, kind=kind, base=base, number=number, job=job, state=state,
                refresh=REFRESH_SECONDS if state == "running" else None,
                size=_size(job.bytes or 0) if job is not None else "",
                until=job.ended_at + timedelta(hours=KEPT_HOURS) if job is not None and job.ended_at else None,
                paper=(job.options.get("paper", "a4") if job is not None else "a4"))


async def download(request: Request, form: Form, lang: str) -> Response:
    """GET ``/admin/exports/{kind}/{job}``: the job's file, while it is kept; else its page says why not."""
    exports, kind, given = exports_of(request), request.path_params["kind"], request.path_params["job"]
    job = await in_page_thread(request, exports.store.export_job, int(given)) \
        if given.isascii() and given.isdigit() and len(given) < 12 else None
    if job is None or job.event_id != exports.event_id or job.kind != kind:
        return refusal(request, lang, "desk-no-such-page", 404)
    path = exports.file_of(job)
    if path is None:
        return RedirectResponse(f"/admin/exports/{kind}?lang={lang}", status_code=303)
    base, number = base_of(kind)
    media, extension = MEDIA[base]
    # As each was named when it was answered at once: the event's own name for the print and the summary.
    name = f"{exports.pack.name if base in ('print', 'summary') else slug(exports.pack.name)}" \
           f"{'-' + base + '-' + number if number else ''}.{extension}"
    return FileResponse(path, media_type=media, headers={"Content-Disposition": attachment(name)})


def _size(count: int) -> str:
    return f"{count / 1024 / 1024:.1f} MB" if count >= 1024 * 1024 else f"{max(1, round(count / 1024))} KB"


def old_address(kind: str) -> Any:
    """A handler of an export's old address: the export asked for, and its page."""
    async def asked(request: Request, form: Form, lang: str) -> Response:
        return await started(request, lang, kind)
    return asked
