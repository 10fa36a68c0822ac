"""The Cripmaquión plugin: a team roster checked as the lineup lined up for a race."""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from builder.core.findings import Finding, Findings, Place
from builder.core.names import fold
from builder.core.messages import Localised, number, text
from builder.core.pack import Pack
from builder.core.references import fits, retarget
from builder.core.reader import Document
from builder.core.system import Evaluation, System
from builder.core.validators import NAME_MOST, RefuseControls
from builder.systems.cripmaquion import catalog
from builder.systems.cripmaquion.floors import FLOORS
from builder.systems.cripmaquion.messages import MESSAGES
from builder.systems.cripmaquion.records import CripmaquionFile, CripmaquionPack
from builder.systems.cripmaquion.profile import profile, runner_kind
from builder.systems.cripmaquion.rules import (
    RULE_EVENT, RULE_FIELDS, Lineup, ResolvedRunner, check_lineup, check_lineup_size, resolve_roster,
)


class CripmaquionSystem(System):
    key = "cripmaquion"
    builtin = True
    title = "Cripmaquión"
    prefix = "CQ"
    messages = MESSAGES
    file_model = CripmaquionFile

    rule_fields = RULE_FIELDS
    cards_module = "builder.systems.cripmaquion.cards"
    sheets_module = "builder.systems.cripmaquion.sheets"
    floors = FLOORS
    name_key = "team"
    pack_model = CripmaquionPack
    rounds_campaign = "cripmaquion-campaign"
    """An event's rounds are race days: each day a stage of the campaign's file (§11)."""

    def check(self, file: CripmaquionFile, doc: Document, place: Place, findings: Findings, pack: Pack | None,
              overridden: set[str]) -> Evaluation:
        roster = resolve_roster(file, place, findings)
        lineup = check_lineup(file, roster, place, findings)
        if pack is not None and pack.values.runners_per_team is not None:
            check_lineup_size(file, lineup, pack.values.runners_per_team, place, findings, pack.place("runners_per_team"))
        extra = {"specialty_slots": lineup.slots, "specialty_limit": lineup.limit,
                 "lineup_size": len(lineup.runners)}
        return Evaluation(self.key, file.team, findings, player=file.player, extra=extra,
                          measure=Localised("cq.status.slots", {"slots": lineup.slots, "limit": lineup.limit}),
                          fingerprint=self.fingerprint_of(_canonical(file, roster, lineup), doc, overridden),
                          view=lambda: {
            "system": self.key,
            "name": file.team,
            "team": file.team,
            "points": None,
            "points_limit": None,
            "lineup": [r.runner.name for r in lineup.runners],
            **extra,
            "runners": [profile(r) for r in roster],
        })

    def event_findings(self, evaluations: Sequence[Evaluation], pack: Pack) -> list[tuple[int, Finding]]:
        """All the teams of an event line up the same number of runners (§10, step 2)."""
        if pack.values.runners_per_team is not None:
            return []  # each team was already held to it
        teams = [(i, ev) for i, ev in enumerate(evaluations) if "lineup_size" in ev.extra]
        sizes = Counter(ev.extra["lineup_size"] for _, ev in teams)
        if len(teams) < 2 or len(sizes) < 2:
            return []
        usual = sizes.most_common(1)[0][0]
        return [(i, Finding("lineup-size", "error", Place(ev.source, (_lineup_key(ev),)), RULE_EVENT,
                            {"runners": ev.extra["lineup_size"], "size": usual}, variant="teams"))
                for i, ev in teams if ev.extra["lineup_size"] != usual]

    def browse(self) -> dict[str, list[tuple[str, str]]]:
        skills = catalog.skills()
        return {
            "races": [(r.name, f"{r.key} · FUE {r.fue} / RES {r.res} · " + ", ".join(skills[s].name for s in r.skills
                                                                                   if s in skills))
                      for r in catalog.races().values()],
            "specialties": [(s["name"], f"{s['key']} · {s['summary']}") for s in catalog.specialties().values()],
            "stars": [(catalog.star_names()[k], f"{k} · " + " + ".join(pair)) for k, pair in catalog.stars().items()],
            "skills": [(s.name, f"{s.key} · {s.summary}") for s in skills.values()],
            "spells": [(s["name"], s["summary"]) for s in catalog.spells()],
        }

    def choices(self, data: Mapping[str, Any], evaluation: Evaluation | None,
                lang: str) -> dict[str, list[tuple[str, str]]]:
        """Races and specialty words by their catalog keys (every spelling of a key is accepted),
        and the lineup from the roster's own runners."""
        names = catalog.specialties()
        words = [(k, f"{s['name']} · {text('cq.choice.specialty', lang)}") for k, s in names.items()]
        words += [(k, f"{catalog.star_names()[k]} · "
                      + text("cq.choice.star", lang, pair=" + ".join(names[p]["name"] for p in pair)))
                  for k, pair in catalog.stars().items()]
        gregario = catalog.gregario()
        words.append((gregario["key"], f"{gregario['name']} · {text('cq.choice.gregario', lang)}"))
        out = {"runners/*/race": [(r.key, f"{r.name} · FUE {r.fue} / RES {r.res}") for r in catalog.races().values()],
               "runners/*/specialties/*": words}
        runners = roster_names(data)
        if runners:  # with no runner yet, the lineup is typed in
            out["lineup/*"] = runners
        return out

    def renamed(self, data: Mapping[str, Any], path: tuple[str | int, ...], old: Any,
                new: Any) -> list[tuple[tuple[str | int, ...], Any]]:
        """A runner renamed: the lineup entries that named it name it still (the lineup finds
        runners by folded name, the first of a name: a later namesake's rename leaves them)."""
        runners = data.get("runners") if isinstance(data, Mapping) else None
        if not (fits(path, "runners/*/name") and isinstance(old, str) and is_name(new) and isinstance(runners, list)):
            return []
        first = next((i for i, r in enumerate(runners) if isinstance(r, Mapping) and isinstance(r.get("name"), str)
                      and fold(r["name"]) == fold(old)), None)
        if first != path[1]:
            return []
        return retarget(data, ("lineup/*",), old, new, lambda a, b: fold(a) == fold(b))

    def notes(self, evaluation: Evaluation, lang: str) -> dict[str, str]:
        """Each runner's race, FUE / RES and kind, and the lineup's specialty slots."""
        d = evaluation.details
        if d is None:
            return {}
        out = {_lineup_key(evaluation): text("cq.note.slots", lang, slots=d["specialty_slots"],
                                             limit=d["specialty_limit"])}
        for i, r in enumerate(d["runners"]):
            parts = [r["race_name"]] if r["race_known"] else []
            parts += [f"FUE {r['fue']} / RES {r['res']}"] if r["fue"] is not None else []
            # An inepto runner (a brujo) is neither specialist nor gregario: its race says what it is.
            parts += [] if r["inepto"] else [runner_kind(r, lang)]
            parts += [] if r["lined_up"] else [text("cq.reserve", lang)]
            out[f"runners/{i}"] = brief(" · ".join(parts))
        return out

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        d = evaluation.details or {}
        lines = [f"{d['team']} · Cripmaquión", "", text("cq.slots", lang, slots=d["specialty_slots"],
                                                        limit=d["specialty_limit"], runners=d["lineup_size"]),
                 "", text("cq.roster", lang)]
        for r in d["runners"]:
            status = text("cq.lined-up" if r["lined_up"] else "cq.reserve", lang)
            lines.append(f"  {r['name']} · {r['race_name']} {r['fue']}/{r['res']} · {runner_kind(r, lang)} [{status}]")
            dice = ", ".join(f"{text('cq.terrain.' + t, lang)} {r['dice'][t]} (≈{number(r['expected'][t], lang)})"
                             for t in r["dice"])
            lines.append(f"      {text('cq.dice', lang)}: {dice}")
            if r["attack"]:
                needed = " ".join(f"{v}+" for v in r["attack"]["vs_res"].values())
                hipnotizar = r["attack"].get("hipnotizar")
                lines.append(f"      {text('cq.attack', lang)}: {needed} · {text('cq.ko', lang)} "
                             f"{r['attack']['ko_roll']}+"
                             + (f" · {text('cq.hipnotizar', lang, roll=hipnotizar)}" if hipnotizar else ""))
            if r["options"]:
                lines.append(f"      {text('cq.options', lang)}: {', '.join(o['name'] for o in r['options'])}")
        return "\n".join(lines)


SYSTEM = CripmaquionSystem()
"""The plugin, as the registry loads it."""


def _canonical(file: CripmaquionFile, roster: list[ResolvedRunner], lineup: Lineup) -> dict[str, Any]:
    """Resolved content: races and specialties by catalog key (so "Hombre Rata" = hombre-rata and
    [martillo] = [rompehuesos, brincamontes]), and the lineup by the runners it names."""
    content: dict[str, Any] = {
        "team": file.team,
        "runners": [{"name": r.runner.name, "race": r.race.key if r.race else fold(r.runner.race),
                     "specialties": sorted(r.specialties)} for r in roster],
        "lineup": [r.runner.name for r in lineup.runners] if file.lineup is not None else None,
    }
    if file.player:
        content["player"] = file.player
    return content


def _lineup_key(evaluation: Evaluation) -> str:
    """Where a team's lineup is written: its ``lineup``, else its ``runners``."""
    return "lineup" if evaluation.source is not None and "lineup" in evaluation.source.data else "runners"


NOTE_MOST = 60
"""Characters in a note beside a part of the form: one short line."""
_REFUSE_CONTROLS = RefuseControls("")


def brief(line: str) -> str:
    """A note cut to one short line."""
    return line if len(line) <= NOTE_MOST else line[:NOTE_MOST - 1] + "…"


def is_name(value: Any) -> bool:
    """Whether ``value`` is a name a file may hold (the models' ``Name``): offered only then."""
    if not isinstance(value, str) or not 1 <= len(value) <= NAME_MOST:
        return False
    try:
        _REFUSE_CONTROLS(value)
    except ValueError:
        return False
    return True


def roster_names(data: Any) -> list[tuple[str, str]]:
    """The runners' names as the roster writes them (each once), with their race as written."""
    runners = data.get("runners") if isinstance(data, Mapping) else None
    out: dict[str, tuple[str, str]] = {}
    for runner in runners if isinstance(runners, list) else ():
        name = runner.get("name") if isinstance(runner, Mapping) else None
        # The lineup finds runners by folded name: a second spelling of one name is the same runner.
        if is_name(name) and fold(name) not in out:
            race = runner.get("race")
            known = catalog.races().get(catalog.lookup("race", race) or "") if isinstance(race, str) else None
            out[fold(name)] = (name, f"{name} · {known.name}" if known else name)
    return list(out.values())
