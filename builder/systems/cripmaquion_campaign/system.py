"""The Cripmaquión campaign plugin: several days raced by the same teams, added up (§11)."""

from __future__ import annotations

from typing import Sequence

from builder.core.findings import Findings, Place
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.system import Evaluation, FileCommand, System
from builder.systems.cripmaquion_campaign.command import CAMPAIGN
from builder.systems.cripmaquion_campaign.messages import MESSAGES
from builder.systems.cripmaquion_campaign.records import CampaignFile
from builder.systems.cripmaquion_campaign.rules import check_stages
from builder.systems.cripmaquion_campaign.standings import standings
from builder.systems.cripmaquion_campaign.teams import load_teams, teams_nearby
from builder.systems.cripmaquion_campaign.ties import check_ties
from builder.systems.cripmaquion_campaign.view import as_text

RULE_FIELDS = "Cripmaquión · §11 Las campañas"


class CampaignSystem(System):
    key = "cripmaquion-campaign"
    title = "Cripmaquión · campaña"
    prefix = "CC"
    messages = MESSAGES
    file_model = CampaignFile
    rule_fields = RULE_FIELDS
    cards_module = "builder.systems.cripmaquion_campaign.cards"
    sheets_module = "builder.systems.cripmaquion_campaign.sheets"

    def check(self, file: CampaignFile, doc: Document, place: Place, findings: Findings, pack: Pack | None,
              overridden: set[str]) -> Evaluation:
        teams = load_teams(file.teams, doc, place, findings)
        racers = check_stages(file, teams, place, findings, elsewhere=lambda: teams_nearby(doc, teams))
        table = standings(file, racers)
        check_ties(table, place, findings)
        content = {"name": file.name, "stages": [s.model_dump(mode="json", exclude_defaults=True) for s in file.stages],
                   "teams": [team.evaluation.fingerprint for team in teams]}
        team_rows = [{"team": team.evaluation.name, "file": team.file, "fingerprint": team.evaluation.fingerprint,
                      "legal": team.evaluation.legal, "runners": [r.name for r in team.racers]} for team in teams]
        return Evaluation(self.key, file.name, findings,
                          inputs=tuple(team.evaluation.source.path for team in teams
                                       if team.evaluation.source is not None),
                          fingerprint=self.fingerprint_of(content, doc, overridden),
                          extra={"stages": len(file.stages), "runners": len(racers)},
                          view=lambda: {"system": self.key, "name": file.name, "teams": team_rows, **table})

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        return as_text(evaluation, lang)

    def commands(self) -> Sequence[FileCommand]:
        return (CAMPAIGN,)


SYSTEM = CampaignSystem()
"""The plugin, as the registry loads it."""
