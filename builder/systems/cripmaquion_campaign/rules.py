"""What a campaign's days must say: runners who race, each once, no runner KO'ing himself, a KO
by DT in its scorer's own turn and never of an asqueroso; and where builder's rulings change what a
day scores."""

from __future__ import annotations

from typing import Callable

from builder.core.findings import Findings, Place
from builder.core.names import closest
from builder.systems.cripmaquion import catalog
from builder.systems.cripmaquion_campaign.records import CampaignFile, KO
from builder.systems.cripmaquion_campaign.teams import Racer, Team

RULE_RUNNERS = "Cripmaquión · §11 Las campañas (los mismos corredores cada jornada)"
RULE_FINISH = "Cripmaquión · §11.1.1 Los cripmaquiazos"
RULE_DUREZA = "Cripmaquión · §11.3.1 Clasificación de dureza"
RULE_HONOR = "Cripmaquión · §11.3.2 Clasificación de honor"
RULE_ASQUEROSO = "Cripmaquión · §6 Asqueroso; §11.3.1 Clasificación de dureza"


def check_stages(file: CampaignFile, teams: list[Team], place: Place, findings: Findings,
                 elsewhere: Callable[[], dict[str, tuple[str, str]]] = dict) -> dict[str, Racer]:
    """Every name a day writes is a runner who races; the racers by name. ``elsewhere`` gives, when
    first needed, the runners of teams that are not in the campaign (name -> team, file)."""
    racers = {r.name: r for team in teams for r in team.racers}
    benched = {name: team for team in teams for name in team.benched}
    known = Names(racers, benched, findings, elsewhere)
    for s, stage in enumerate(file.stages):
        at = place.at("stages", s)
        known.each_once(stage.finish, at.at("finish"), RULE_FINISH)
        for k, ko in enumerate(stage.kos):
            _check_ko(ko, at.at("kos", k), stage.name, known, findings)
        for m, summit in enumerate(stage.summits):
            order_at = at.at("summits", m, "order")
            known.each_once(summit.order, order_at, RULE_HONOR)
            unpaid = _unpaid_place(summit.category)
            if unpaid is not None and len(summit.order) > unpaid:
                name = summit.order[unpaid]
                if name in racers and name not in summit.order[:unpaid]:
                    findings.warning("campaign-gold-eleventh", order_at.at(unpaid), RULE_HONOR, name=name,
                                     stage=stage.name, position=unpaid + 1, value=_printed(summit.category)[unpaid])
    return racers


def _check_ko(ko: KO, at: Place, stage: str, known: "Names", findings: Findings) -> None:
    by = known.check(ko.by, at.at("by"), RULE_DUREZA)
    victim = known.check(ko.victim, at.at("victim"), RULE_DUREZA)
    if ko.tp is not None and known.check(ko.tp, at.at("tp"), RULE_DUREZA) and ko.attack == "dt" and ko.tp != ko.by:
        # A DT attack is made in the attacker's own TP (l. 380, 394), never in someone else's.
        findings.error("campaign-ko-turn", at.at("tp"), RULE_DUREZA, by=ko.by, tp=ko.tp)
    if ko.by == ko.victim:
        findings.error("campaign-self-ko", at, RULE_DUREZA, name=ko.by, stage=stage)
    elif victim and ko.attack == "dt" and known.racers[ko.victim].spared_dt():
        # Asqueroso (l. 752) is never the object of a DT attack: the record can't be, and scores nothing.
        findings.error("campaign-dt-ko-asqueroso", at.at("attack"), RULE_ASQUEROSO, by=ko.by, victim=ko.victim,
                       stage=stage)
    elif by and victim and known.racers[ko.by].teammate_of(known.racers[ko.victim]):
        findings.warning("campaign-teammate-ko", at, RULE_DUREZA, by=ko.by, victim=ko.victim, stage=stage)


def _printed(category: str) -> list[int]:
    return catalog.tables()["campaign"]["honor"][category]


def _unpaid_place(category: str) -> int | None:
    """The index of a value the book prints past the places it rewards (gold: "los 10 primeros" and an
    eleventh value, l. 1366), or None."""
    places = catalog.tables()["campaign"]["honor_places"][category]
    return places if len(_printed(category)) > places else None


class Names:
    """Checks names against the runners who race, reporting each problem where it is written."""

    def __init__(self, racers: dict[str, Racer], benched: dict[str, Team], findings: Findings,
                 elsewhere: Callable[[], dict[str, tuple[str, str]]]):
        self.racers, self.benched, self.findings = racers, benched, findings
        self._elsewhere, self._others = elsewhere, None

    def check(self, name: str, at: Place, rule: str) -> bool:
        if name in self.racers:
            return True
        team = self.benched.get(name)
        if team is not None:
            self.findings.error("campaign-unknown-runner", at, rule, variant="benched", name=name,
                                team=team.evaluation.name or team.file)
            return False
        if self._others is None:
            self._others = self._elsewhere()
        if name in self._others:
            other, file = self._others[name]
            self.findings.error("campaign-unknown-runner", at, rule, variant="other-team", name=name, team=other,
                                file=file)
        else:
            self.findings.error("campaign-unknown-runner", at, rule, name=name, hint=closest(name, self.racers))
        return False

    def each_once(self, names: list[str], at: Place, rule: str) -> None:
        first: dict[str, int] = {}
        for i, name in enumerate(names):
            if not self.check(name, at.at(i), rule):
                continue
            if name in first:
                self.findings.error("campaign-runner-twice", at.at(i), rule, name=name, first=first[name] + 1,
                                    again=i + 1)
            else:
                first[name] = i
