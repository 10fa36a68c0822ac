"""The Cripmaquión campaign plugin: several days raced by the same teams, added up (§11)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from builder.core.findings import Findings, Place
from builder.core.messages import text
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.references import fits, retarget
from builder.core.system import Evaluation, FileCommand, System
from builder.systems.cripmaquion import catalog
from builder.systems.cripmaquion_campaign.command import CAMPAIGN
from builder.systems.cripmaquion_campaign.messages import MESSAGES
from builder.systems.cripmaquion_campaign.records import CampaignFile
from builder.systems.cripmaquion_campaign.rules import check_stages
from builder.systems.cripmaquion_campaign.standings import scales, standings
from builder.systems.cripmaquion_campaign.teams import load_teams, teams_nearby
from builder.systems.cripmaquion_campaign.ties import check_ties
from builder.systems.cripmaquion_campaign.view import as_text

RULE_FIELDS = "Cripmaquión · §11 Las campañas"
NOTE_MOST = 60
"""Characters in a note beside a part of the form: one short line."""
RUNNER_FIELDS = ("stages/*/finish/*", "stages/*/kos/*/by", "stages/*/kos/*/victim", "stages/*/kos/*/tp",
                 "stages/*/summits/*/order/*")
"""Where a day names a runner who races."""


DAY_NAMES = ("stages/*/finish/*", "stages/*/kos/*/by", "stages/*/kos/*/victim", "stages/*/kos/*/tp",
             "stages/*/summits/*/order/*")
"""Where a campaign's days name a runner."""


class CampaignSystem(System):
    key = "cripmaquion-campaign"
    builtin = True
    rules_of = "cripmaquion"
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

    def renamed(self, data: Mapping[str, Any], path: tuple[str | int, ...], old: Any,
                new: Any) -> list[tuple[tuple[str | int, ...], Any]]:
        """A runner renamed in a team the campaign races (``runners/<n>/name`` of that team's
        file): every day that named it (finish, KOs, summits) names it still, exactly as a day
        names a runner."""
        if not (fits(path, "runners/*/name") and isinstance(old, str) and isinstance(new, str) and new.strip()
                and old != new and isinstance(data, Mapping)):
            return []
        return retarget(data, DAY_NAMES, old, new)

    def choices(self, data: Mapping[str, Any], evaluation: Evaluation | None,
                lang: str) -> dict[str, list[tuple[str, str]]]:
        """The runners who race, as the teams' checks found them (a day names them exactly), and how a
        KO came and a summit's category. The teams are files: they are typed in."""
        out = {"stages/*/kos/*/attack": [(k, text(f"cc.choice.{k}", lang)) for k in scales().dureza],
               "stages/*/summits/*/category": [(k, text(f"cc.category.{k}", lang))
                                               for k in catalog.tables()["campaign"]["honor"]]}
        details = evaluation.details if evaluation is not None else None
        racers = {name: f"{name} · {team['team'] or team['file']}" for team in (details or {}).get("teams", ())
                  for name in team["runners"]}
        if racers:
            out.update({field: list(racers.items()) for field in RUNNER_FIELDS})
        return out

    def notes(self, evaluation: Evaluation, lang: str) -> dict[str, str]:
        """Each team's runners; each day's arrivals, and what each place, KO and summit scored."""
        d = evaluation.details
        if d is None:
            return {}
        out = _team_notes(evaluation, d["teams"], lang)
        for s, stage in enumerate(d["stages"]):
            at = f"stages/{s}"
            arrived = sum(1 for day in stage["runners"] if day["position"] is not None)
            out[at] = text("cc.note.stage", lang, arrived=arrived, eliminated=len(stage["eliminated"]))
            for i, row in enumerate(stage["finish"]):
                out[f"{at}/finish/{i}"] = text("cc.cripmaquiazos", lang, n=row["cripmaquiazos"])
            for k, ko in enumerate(stage["kos"]):
                out[f"{at}/kos/{k}"] = (text("cc.note.ko-teammate", lang) if ko["teammate"] else
                                        text("cc.note.ko", lang, n=ko["points"]) if ko["counts"] or not ko["points"]
                                        else text("cc.note.ko-beaten", lang, n=ko["points"]))
            for m, summit in enumerate(stage["summits"]):
                for i, row in enumerate(summit["order"]):
                    out[f"{at}/summits/{m}/order/{i}"] = text("cc.note.honor", lang, n=row["points"])
        return {path: _brief(note) for path, note in out.items()}

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        return as_text(evaluation, lang)

    def commands(self) -> Sequence[FileCommand]:
        return (CAMPAIGN,)


SYSTEM = CampaignSystem()
"""The plugin, as the registry loads it."""


def _team_notes(evaluation: Evaluation, rows: list[dict[str, Any]], lang: str) -> dict[str, str]:
    """Each team file the campaign lists: its runners lined up, its fingerprint, whether it is legal.
    A file listed twice, or that is no team, has no row: rows are matched to the list by file."""
    written = evaluation.source.data.get("teams") if evaluation.source is not None else None
    by_file: dict[str, dict[str, Any]] = {}
    for row in rows:
        by_file.setdefault(row["file"], row)
    out = {}
    for i, file in enumerate(written if isinstance(written, list) else ()):
        row = by_file.pop(file, None) if isinstance(file, str) else None
        if row is not None:
            parts = [text("cc.note.team", lang, n=len(row["runners"]))]
            parts += [row["fingerprint"]] if row["fingerprint"] else []
            parts += [] if row["legal"] else [text("cc.note.illegal", lang)]
            out[f"teams/{i}"] = " · ".join(parts)
    return out


def _brief(line: str) -> str:
    """A note cut to one short line."""
    return line if len(line) <= NOTE_MOST else line[:NOTE_MOST - 1] + "…"
