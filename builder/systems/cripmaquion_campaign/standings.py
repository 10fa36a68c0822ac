"""The campaign's scores, day by day, and its three classifications ranked as §11 ranks them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from builder.core.editions import per_rules
from builder.systems.cripmaquion import catalog
from builder.systems.cripmaquion_campaign.records import CampaignFile, KO, Stage
from builder.systems.cripmaquion_campaign.teams import Racer


@dataclass(frozen=True)
class Scales:
    cripmaquiazos: tuple[int, ...]
    dureza: dict[str, dict[int, int]]
    """attack (dt | other) -> the knocked-out runner's RES -> points."""
    honor: dict[str, tuple[int, ...]]
    """summit category -> points for the first runners over it, as many as score."""


@per_rules
def scales() -> Scales:
    t = catalog.tables()["campaign"]
    places = t["honor_places"]
    return Scales(
        cripmaquiazos=tuple(t["cripmaquiazos"]),
        dureza={"dt": dict(t["dureza"]["ko_dt"]), "other": dict(t["dureza"]["other_ko"])},
        # The gold row prints eleven values for "los 10 primeros": the first ten score (docs/rulings.md).
        honor={category: tuple(values[:places[category]]) for category, values in t["honor"].items()},
    )


def _award(values: tuple[int, ...], position: int) -> int:
    return values[position - 1] if position <= len(values) else 0


def ko_points(ko: KO, racers: dict[str, Racer]) -> int:
    """Dureza points of one KO: by the victim's RES and how the KO came (§11.3.1). A teammate
    knocked out, the thrown runner included, scores nothing (docs/rulings.md 36d); nor does a KO
    by DT of an asqueroso, which can't happen (36i, ``campaign-dt-ko-asqueroso``)."""
    by, victim = racers.get(ko.by), racers.get(ko.victim)
    if by is None or victim is None or victim.res is None or by is victim or by.teammate_of(victim):
        return 0
    if ko.attack == "dt" and victim.spared_dt():
        return 0
    return scales().dureza[ko.attack].get(victim.res, 0)


def _teammates(ko: KO, racers: dict[str, Racer]) -> bool:
    by, victim = racers.get(ko.by), racers.get(ko.victim)
    return by is not None and victim is not None and by.teammate_of(victim)


def stage_scores(stage: Stage, racers: dict[str, Racer]) -> dict[str, Any]:
    """One day: cripmaquiazos by order of arrival, the KOs that count, the summits' honor points."""
    s = scales()
    finish = _placed(stage.finish, s.cripmaquiazos, "cripmaquiazos", racers)
    kos = [{"by": ko.by, "victim": ko.victim, "attack": ko.attack, "turn": ko.turn, "tp": ko.tp or ko.by,
            "points": ko_points(ko, racers), "teammate": _teammates(ko, racers), "counts": False}
           for ko in stage.kos]
    best: dict[tuple[str, int, str], dict[str, Any]] = {}
    for ko in kos:
        # Only one KO per TP scores, the best (l. 1356): each runner's own TP in a race turn, and each
        # victim's TP in which he knocked someone out of turn.
        key = (ko["by"], ko["turn"], ko["tp"])
        if ko["points"] and (key not in best or ko["points"] > best[key]["points"]):
            best[key] = ko
    for ko in best.values():
        ko["counts"] = True
    summits = [{"category": summit.category, "order": _placed(summit.order, s.honor[summit.category], "points", racers)}
               for summit in stage.summits]
    arrived = set(stage.finish)
    return {"name": stage.name, "finish": finish, "eliminated": [name for name in racers if name not in arrived],
            "kos": kos, "summits": summits, "runners": _day(finish, kos, summits, racers)}


def _placed(names: list[str], values: tuple[int, ...], key: str, racers: dict[str, Racer]) -> list[dict[str, Any]]:
    """An order of arrival (at the finish, over a summit) with what each place scores. A runner
    written twice scores once, at the first place (the repeat is an error); a name that races
    for no team scores nothing."""
    seen: set[str] = set()
    rows = []
    for position, name in enumerate(names, start=1):
        racer = racers.get(name)
        rows.append({"position": position, "runner": name, "team": racer.team if racer else None,
                     key: _award(values, position) if racer and name not in seen else 0})
        seen.add(name)
    return rows


def _day(finish: list[dict[str, Any]], kos: list[dict[str, Any]], summits: list[dict[str, Any]],
         racers: dict[str, Racer]) -> list[dict[str, Any]]:
    """Every runner's day on one line: its place (None if eliminated) and what it scored."""
    rows = {name: {"position": None, "runner": name, "team": r.team, "cripmaquiazos": 0, "dureza": 0, "honor": 0}
            for name, r in racers.items()}
    arrived = []
    for row in finish:
        if row["runner"] in rows and rows[row["runner"]]["position"] is None:
            rows[row["runner"]].update(position=row["position"], cripmaquiazos=row["cripmaquiazos"])
            arrived.append(row["runner"])
    for ko in kos:
        if ko["counts"]:
            rows[ko["by"]]["dureza"] += ko["points"]
    for summit in summits:
        for row in summit["order"]:
            if row["runner"] in rows:
                rows[row["runner"]]["honor"] += row["points"]
    return [rows[name] for name in arrived] + [row for name, row in rows.items() if name not in arrived]


def standings(file: CampaignFile, racers: dict[str, Racer]) -> dict[str, Any]:
    """Every day's scores and the general, dureza and honor classifications."""
    stages = [stage_scores(stage, racers) for stage in file.stages]
    # Every racer is ranked, 0 points included: each day's line for each racer, added up.
    totals = {name: {"cripmaquiazos": 0, "dureza": 0, "honor": 0} for name in racers}
    for stage in stages:
        for day in stage["runners"]:
            for key, total in totals[day["runner"]].items():
                totals[day["runner"]][key] = total + day[key]
    rows = [{"runner": name, "team": racers[name].team, **totals[name]} for name in racers]
    general = ranked(rows, lambda r: (r["cripmaquiazos"], r["dureza"], r["honor"]))
    return {
        "stages": stages,
        "general": [{"position": p, "runner": r["runner"], "team": r["team"], "cripmaquiazos": r["cripmaquiazos"],
                     "dureza": r["dureza"], "honor": r["honor"]} for p, r in general],
        "dureza": minor(rows, "dureza"),
        "honor": minor(rows, "honor"),
    }


def ranked(rows: list[dict[str, Any]], key: Callable[[dict[str, Any]], Any]) -> list[tuple[int, dict[str, Any]]]:
    """Best first; rows with equal keys share a position and the next one skips (1, 2, 2, 4).
    Ties keep the rows' own order (teams as listed, runners as on their rosters)."""
    ordered = sorted(rows, key=key, reverse=True)
    out, position = [], 0
    for i, row in enumerate(ordered):
        if i == 0 or key(row) != key(ordered[i - 1]):
            position = i + 1
        out.append((position, row))
    return out


def minor(rows: list[dict[str, Any]], points: str) -> list[dict[str, Any]]:
    """A minor classification: by its points; a tie for first goes to more cripmaquiazos (§11.3.2).
    Other ties share their position; with no points scored nobody wins the tie."""
    top = max((r[points] for r in rows), default=0)
    key = lambda r: (r[points], r["cripmaquiazos"] if top and r[points] == top else 0)  # noqa: E731
    return [{"position": p, "runner": r["runner"], "team": r["team"], "points": r[points],
             "cripmaquiazos": r["cripmaquiazos"]} for p, r in ranked(rows, key)]
