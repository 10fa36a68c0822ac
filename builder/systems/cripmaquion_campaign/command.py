"""``builder campaign FILE``: the command this game adds to the command line."""

from __future__ import annotations

from builder.core.system import FileCommand
from builder.systems.cripmaquion_campaign.view import as_json

CAMPAIGN = FileCommand(
    name="campaign",
    help="cc.command",
    xlsx_help="cc.command.xlsx",
    pdf_help="cc.command.pdf",
    wrong_file="not-a-campaign",
    as_json=as_json,
)
