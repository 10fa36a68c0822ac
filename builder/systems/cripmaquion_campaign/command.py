"""``builder campaign FILE``: the command this game adds to the command line."""

from __future__ import annotations

from builder.core.system import FileCommand
from builder.systems.cripmaquion_campaign.view import as_json

CAMPAIGN = FileCommand(
    name="campaign",
    help="""Clasificaciones de una campaña de Cripmaquión / a Cripmaquión campaign's standings.

    Standings of an illegal campaign are still written, marked as a draft.
    Exit: 0 legal, 1 illegal, 2 unreadable, 3 an internal error.
    """,
    xlsx_help="Clasificaciones en hoja de cálculo / standings as a spreadsheet (.xlsx).",
    pdf_help="Clasificaciones en PDF / standings as PDF.",
    wrong_file="not-a-campaign",
    as_json=as_json,
)
