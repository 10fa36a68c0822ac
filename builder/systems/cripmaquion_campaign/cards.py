"""A campaign's printout: its first page opens with the general classification and a chart of each
team's cripmaquiazos day by day, then the teams and their fingerprints; then a page for each minor
classification and for each day."""

from __future__ import annotations

from builder.core.printout import PrintSpec, TablePage
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.cripmaquion_campaign.chart import team_chart


def print_spec(ev: Evaluation, lang: str) -> PrintSpec:
    d = ev.details or {}
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    place, runner, team, cq = t("cc.col.position"), t("cc.col.runner"), t("cc.col.team"), t("cc.col.cripmaquiazos")
    # Every page names the rosters it ranks, by fingerprint: a page posted on its own still says so.
    prints = t("cc.fingerprints", teams=" · ".join(f"{r['team']} {r['fingerprint']}" for r in d.get("teams", [])))
    general = TablePage(t("cc.general"), [place, runner, team, cq, t("cc.col.dureza"), t("cc.col.honor")],
                        [[r["position"], r["runner"], r["team"], r["cripmaquiazos"], r["dureza"], r["honor"]]
                         for r in d.get("general", [])])
    teams = TablePage(t("cc.teams"), [t("cc.col.team"), t("cc.col.file"), t("cc.col.fingerprint"), t("cc.col.legal")],
                      [[r["team"], r["file"], r["fingerprint"], t("xl.yes" if r["legal"] else "xl.no")]
                       for r in d.get("teams", [])])
    pages = []
    for key in ("dureza", "honor"):
        pages.append(TablePage(t(f"cc.{key}"), [place, runner, team, t("cc.col.points"), cq],
                               [[r["position"], r["runner"], r["team"], r["points"], r["cripmaquiazos"]]
                                for r in d.get(key, [])], note=prints))
    for stage in d.get("stages", []):
        notes = ([t("cc.eliminated", names=", ".join(stage["eliminated"]))] if stage["eliminated"] else []) + [prints]
        pages.append(TablePage(stage["name"], [place, runner, team, cq, t("cc.col.dureza"), t("cc.col.honor")],
                               [[r["position"] or "—", r["runner"], r["team"], r["cripmaquiazos"], r["dureza"],
                                 r["honor"]] for r in stage["runners"]], note=" · ".join(notes)))
    return PrintSpec(
        facts=[(t("cc.stages"), len(d.get("stages", []))), (t("cc.runners"), len(d.get("general", [])))],
        charts=[team_chart(d, lang)] if d.get("teams") else [],
        sheet_tables=[general, teams], pages=pages)
