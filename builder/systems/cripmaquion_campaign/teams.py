"""The teams of a campaign: each roster read and checked as usual, and the runners that race."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from builder.core.errors import InputError
from builder.core.pipeline import evaluate, open_roster, system_of
from builder.core.findings import Findings, Place
from builder.core.names import fold
from builder.core.reader import ROSTER_SUFFIXES, Document, read_document
from builder.core.system import Evaluation

RULE_TEAMS = "Cripmaquión · §11 Las campañas"
TEAM_SYSTEM = "cripmaquion"
NEARBY_MOST = 200
"""Files beside a campaign looked at for a team it doesn't list (a folder of lists can be large)."""
SPARED_DT_SKILL = "asqueroso"
"""A runner with it is never the object of a DT attack (l. 752)."""


@dataclass
class Racer:
    """A runner who races every day of the campaign: lined up by its team."""

    name: str
    team: str
    res: int | None
    """Resistance, from the race (§5); None when the race is unknown (the team's own error)."""
    file: str
    """The team's file as the campaign lists it: who is whose teammate (two teams may share a name)."""
    skills: tuple[str, ...] = ()
    """The race's skills (§6); none when the race is unknown."""

    def teammate_of(self, other: "Racer") -> bool:
        return self is not other and self.file == other.file

    def spared_dt(self) -> bool:
        """Asqueroso, obligatoria: no DT attack can be made on him, so none knocks him out (ruling 36i)."""
        return SPARED_DT_SKILL in self.skills


@dataclass
class Team:
    file: str
    evaluation: Evaluation
    racers: list[Racer] = field(default_factory=list)
    benched: list[str] = field(default_factory=list)
    """Runners on the roster who are not lined up: they don't race."""


def load_teams(paths: list[str], doc: Document, place: Place, findings: Findings) -> list[Team]:
    """Check every team roster; an unreadable one makes the campaign unreadable (InputError)."""
    teams: list[Team] = []
    seen: dict[Path, int] = {}
    for i, written in enumerate(paths):
        at = place.at("teams", i)
        target = (doc.path.parent / written).resolve()
        if target in seen:
            findings.error("campaign-duplicate-team", at, RULE_TEAMS, team=written,
                           first=place.at("teams", seen[target]).where)
            continue
        seen[target] = i
        try:
            path, label = doc.reference(written, at.line)
            team_doc = open_roster(path, label, doc.root)
            system = system_of(team_doc)
        except InputError as exc:
            exc.params["via"] = at.where
            raise
        if system.key != TEAM_SYSTEM:
            # Checked before the file is evaluated: a campaign named as a team is never followed.
            findings.error("campaign-not-a-team", at, RULE_TEAMS, team=written, system=system.key)
            continue
        evaluation = evaluate(team_doc)
        findings.extend(evaluation.findings)
        teams.append(_team(written, evaluation))
    _check_names(teams, place, findings)
    return teams


def _team(file: str, evaluation: Evaluation) -> Team:
    team = Team(file, evaluation)
    details = evaluation.details
    if details is None:
        # A roster that couldn't be modelled: its runners, as far as they can be read, race
        # with no known RES (the roster's own errors say why).
        data = evaluation.source.data if evaluation.source is not None else {}
        runners = data.get("runners") if isinstance(data, dict) else None
        names = [r["name"] for r in runners if isinstance(r, dict) and isinstance(r.get("name"), str)] \
            if isinstance(runners, list) else []
        team.racers = [Racer(name, evaluation.name or file, None, file) for name in names]
        return team
    for runner in details["runners"]:
        if runner["lined_up"]:
            team.racers.append(Racer(runner["name"], details["team"], runner["res"], file, tuple(runner["skills"])))
        else:
            team.benched.append(runner["name"])
    return team


def _check_names(teams: list[Team], place: Place, findings: Findings) -> None:
    """Two runners of different teams with one name can't be told apart in a stage."""
    first: dict[str, Team] = {}
    for team in teams:
        for racer in team.racers:
            key = fold(racer.name)
            if key in first and first[key] is not team:
                findings.error("campaign-runner-name-clash", place.at("teams"), RULE_TEAMS, name=racer.name,
                               team=racer.team, other=first[key].evaluation.name)
            first.setdefault(key, team)


def teams_nearby(doc: Document, teams: list[Team]) -> dict[str, tuple[str, str]]:
    """Runners of the Cripmaquión teams beside the campaign file that it doesn't list: name ->
    (team, file). Only read when a day names a runner no listed team has; a file that can't be
    read, or isn't a team, is passed over."""
    listed = {t.evaluation.source.path.resolve() for t in teams if t.evaluation.source is not None}
    found: dict[str, tuple[str, str]] = {}
    try:
        nearby = sorted(p for p in doc.path.parent.iterdir() if p.suffix.lower() in ROSTER_SUFFIXES)
    except OSError:
        return found
    for path in nearby[:NEARBY_MOST]:
        if path.resolve() in listed or path.resolve() == doc.path.resolve():
            continue
        try:
            data = read_document(path, path.name).data
        except InputError:
            continue
        if not isinstance(data, dict) or data.get("system") != TEAM_SYSTEM or not isinstance(data.get("runners"), list):
            continue
        team = data.get("team") if isinstance(data.get("team"), str) else path.name
        for runner in data["runners"]:
            if isinstance(runner, dict) and isinstance(runner.get("name"), str):
                found.setdefault(runner["name"], (team, path.name))
    return found
