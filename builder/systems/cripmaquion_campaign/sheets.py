"""A campaign's spreadsheet: a sheet for each classification and for each day, and the teams."""

from __future__ import annotations

from builder.core.workbook import Column, Fact, Table, WorkbookSpec
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.cripmaquion_campaign.chart import team_chart


def workbook(ev: Evaluation, lang: str) -> WorkbookSpec:
    d = ev.details or {}
    t = lambda key: text(key, lang)  # noqa: E731
    position, runner, team = (Column("position", t("cc.col.position"), kind="int", width=8),
                              Column("runner", t("cc.col.runner"), width=24), Column("team", t("cc.col.team"), width=28))
    # Every row carries its team's fingerprint: a sheet printed on its own still says which rosters it ranks.
    prints = {row["team"]: row["fingerprint"] for row in d.get("teams", [])}
    stamped = lambda rows: [{**r, "fingerprint": prints.get(r["team"])} for r in rows]  # noqa: E731
    fingerprint = Column("fingerprint", t("cc.col.team-fingerprint"), width=16)
    tables = [
        Table("general", t("cc.general"), [position, runner, team,
                                           Column("cripmaquiazos", t("cc.col.cripmaquiazos"), kind="int", width=14),
                                           Column("dureza", t("cc.col.dureza"), kind="int", width=9),
                                           Column("honor", t("cc.col.honor"), kind="int", width=9), fingerprint],
              stamped(d.get("general", []))),
    ]
    for key in ("dureza", "honor"):
        tables.append(Table(key, t(f"cc.{key}"), [position, runner, team,
                                                  Column("points", t("cc.col.points"), kind="int", width=9),
                                                  Column("cripmaquiazos", t("cc.col.cripmaquiazos"), kind="int",
                                                         width=14), fingerprint], stamped(d.get(key, []))))
    # A day's sheet is «Jornada 2», its name a caption above the header: a day called «Problemas»
    # or «Equipos» can't take another sheet's name.
    for number, stage in enumerate(d.get("stages", []), start=1):
        tables.append(Table(f"stage-{len(tables)}", text("cc.day-sheet", lang, n=number), [
            position, runner, team,
            Column("cripmaquiazos", t("cc.col.cripmaquiazos"), kind="int", width=14, total=True),
            Column("dureza", t("cc.col.dureza"), kind="int", width=9, total=True),
            Column("honor", t("cc.col.honor"), kind="int", width=9, total=True), fingerprint],
            stamped(stage["runners"]), total_label=t("xl.total"), caption=stage["name"]))
    tables.append(Table("teams", t("cc.teams"), [
        Column("team", t("cc.col.team"), width=28), Column("file", t("cc.col.file"), width=28),
        Column("fingerprint", t("cc.col.fingerprint"), width=16), Column("legal", t("cc.col.legal"), width=8)],
        [{**row, "legal": t("xl.yes" if row["legal"] else "xl.no")} for row in d.get("teams", [])]))
    facts = [Fact(t("cc.stages"), len(d.get("stages", [])), kind="int"),
             Fact(t("cc.runners"), len(d.get("general", [])), kind="int")]
    return WorkbookSpec(facts=facts, tables=tables, charts=[team_chart(d, lang)] if d.get("teams") else [])
