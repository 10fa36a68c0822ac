"""Cripmaquión's rules: what makes a runner valid (roster) and a lineup legal (§9.2, §8.2)."""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.core.findings import Findings, Localised, Place, event_place, used_by
from builder.core.names import closest, fold, known
from builder.systems.cripmaquion import catalog
from builder.systems.cripmaquion.records import CripmaquionFile, Runner

RULE_FIELDS = "Cripmaquión · §9 Configurando el equipo"
RULE_RACES = "Cripmaquión · §5 Las razas"
RULE_SPECIALTIES = "Cripmaquión · §7 Las especialidades; §9.1 Los corredores estrella"
RULE_RESTRICTIONS = "Cripmaquión · §9.2 Tabla de restricciones"
RULE_INEPTO = "Cripmaquión · §8.2 El brujo · Inepto"
RULE_ORGULLO = "Cripmaquión · §8.2 El brujo · Orgullo"
RULE_LINEUP = "Cripmaquión · §9.2; §10 Preparado para jugar"
RULE_EVENT = "Cripmaquión · §10 Preparado para jugar · paso 2"

BRUJO = "brujo"
INEPTO = "inepto"
CASTER_SKILL = "empatia-magica"
TABLE_START = 3


@dataclass
class ResolvedRunner:
    """A roster runner with its race and specialties looked up in the catalogs."""

    runner: Runner
    place: Place
    race: catalog.Race | None
    specialties: frozenset[str] = field(default_factory=frozenset)
    lined_up: bool = False
    lineup_place: Place | None = None

    @property
    def is_brujo(self) -> bool:
        return self.race is not None and self.race.key == BRUJO

    @property
    def inepto(self) -> bool:
        """Whether its race has Inepto (l. 961), the brujo's or one an event's house rules give another race."""
        return self.race is not None and INEPTO in self.race.skills

    @property
    def slots(self) -> int:
        """Specialty slots: one per specialty (a star takes two); inepto runners and gregarios none."""
        return 0 if self.inepto else len(self.specialties)

    @property
    def where(self) -> Place:
        """Where lineup problems about this runner are reported."""
        return self.lineup_place or self.place


def specialty_limit(runners: int) -> int:
    """The most specialty slots for a lineup of ``runners`` (§9.2, carried on by its sequence)."""
    table = {int(k): v for k, v in catalog.tables()["restrictions"]["specialty_limit"].items()}
    if runners < TABLE_START:
        return max(runners - 1, 0)
    if runners in table:
        return table[runners]
    # Past the printed rows the sequence goes on: one more slot every two runners (9→6, 11→7, 13→8).
    last = max(table)
    return table[last] + (runners - last) // 2


def resolve_roster(file: CripmaquionFile, place: Place, findings: Findings) -> list[ResolvedRunner]:
    """Look up every runner's race and specialties; report names and words that resolve to nothing."""
    resolved = []
    first: dict[str, int] = {}
    for i, runner in enumerate(file.runners):
        at = place.at("runners", i)
        key = fold(runner.name)
        if key in first:
            findings.error("duplicate-name", at.at("name"), RULE_FIELDS, name=runner.name,
                           first=used_by("the-kind.runner", file.runners[first[key]].name,
                                         place.at("runners", first[key])))
        else:
            first[key] = i
        race_key = catalog.lookup("race", runner.race)
        if race_key is None:
            findings.error("unknown-reference", at.at("race"), RULE_RACES, kinds=Localised("kinds.race"),
                           name=runner.race, hint=catalog.suggest("race", runner.race))
        found = ResolvedRunner(runner, at, catalog.races().get(race_key) if race_key else None,
                               _specialties(runner, at, findings))
        if found.inepto and found.specialties:
            # Inepto: its runner can't be a specialist at all, so the roster itself is illegal.
            findings.error(_inepto_code(found, "specialty"), at.at("specialties"), RULE_INEPTO, name=runner.name,
                           list=_names(found.specialties), race=found.race.name if found.race else "")
        if found.inepto:
            _inepto_not_gregario(found, at, findings)
        resolved.append(found)
    return resolved


def _specialties(runner: Runner, at: Place, findings: Findings) -> frozenset[str]:
    found: set[str] = set()
    gregario = catalog.gregario()["key"]
    words = [catalog.lookup("specialty", w) for w in runner.specialties]
    for i, (written, key) in enumerate(zip(runner.specialties, words, strict=True)):
        if key is None:
            findings.error("unknown-reference", at.at("specialties", i), RULE_SPECIALTIES,
                           kinds=Localised("kinds.specialty"), name=written, hint=catalog.suggest("specialty", written))
        elif key == gregario:
            if len(runner.specialties) > 1:
                findings.error("invalid-field", at.at("specialties", i), RULE_SPECIALTIES, variant="gregario-mixed")
        else:
            found.update(catalog.stars().get(key, (key,)))
    if len(found) > 2:
        findings.error("too-many-specialties", at.at("specialties"), RULE_SPECIALTIES, name=runner.name,
                       count=len(found), list=_names(found))
    return frozenset(found)


def _inepto_code(found: ResolvedRunner, what: str) -> str:
    """The brujo's own code (``brujo-specialty``), or ``inepto-specialty`` for another race with the skill."""
    return f"{BRUJO if found.is_brujo else INEPTO}-{what}"


def _inepto_not_gregario(found: ResolvedRunner, at: Place, findings: Findings) -> None:
    """Inepto also says its runner is no gregario (l. 961), whatever §9's example team prints (l. 1239)."""
    gregario = catalog.gregario()["key"]
    for i, written in enumerate(found.runner.specialties):
        if catalog.lookup("specialty", written) == gregario:
            findings.error(_inepto_code(found, "gregario"), at.at("specialties", i), RULE_INEPTO,
                           name=found.runner.name, word=written, race=found.race.name if found.race else "")


def _names(specialties: set[str] | frozenset[str]) -> str:
    """Specialties as the book names them, in a stable order."""
    return ", ".join(catalog.specialties()[k]["name"] for k in sorted(specialties))


@dataclass
class Lineup:
    runners: list[ResolvedRunner]
    slots: int
    limit: int


def check_lineup(file: CripmaquionFile, roster: list[ResolvedRunner], place: Place, findings: Findings) -> Lineup:
    """The runners lined up for a race, and the §9.2 and brujo rules applied to them."""
    lined = _lined_up(file, roster, place, findings)
    slots = sum(r.slots for r in lined)
    limit = specialty_limit(len(lined))
    where = place.at("lineup") if file.lineup is not None else place.at("runners")
    if len(lined) < TABLE_START:
        findings.warning("lineup-below-table", where, RULE_RESTRICTIONS, runners=len(lined), limit=limit)
    if slots > limit:
        findings.error("specialty-limit", where, RULE_RESTRICTIONS, runners=len(lined), slots=slots, limit=limit)
    brujos = [r for r in lined if r.is_brujo]
    for number, r in enumerate(brujos[1:], start=2):
        findings.error("brujo-limit", r.where, RULE_ORGULLO, name=r.runner.name, number=number)
    if brujos:
        for r in lined:
            if r.race is not None and CASTER_SKILL in r.race.skills:
                findings.error("brujo-with-elf", r.where, RULE_ORGULLO, name=r.runner.name,
                               brujo=brujos[0].runner.name)
    return Lineup(lined, slots, limit)


def _lined_up(file: CripmaquionFile, roster: list[ResolvedRunner], place: Place,
              findings: Findings) -> list[ResolvedRunner]:
    if file.lineup is None:
        for r in roster:
            r.lined_up = True
        return list(roster)
    by_name: dict[str, ResolvedRunner] = {}
    for r in roster:
        by_name.setdefault(fold(r.runner.name), r)
    lined: list[ResolvedRunner] = []
    for i, name in enumerate(file.lineup):
        at = place.at("lineup", i)
        r = by_name.get(fold(name))
        if r is None:
            findings.error("unknown-reference", at, RULE_LINEUP, kinds=Localised("kinds.roster-runner"), name=name,
                           hint=_closest_runner(name, roster), known=known([r.runner.name for r in roster]))
        elif r.lined_up:
            findings.error("duplicate-name", at, RULE_LINEUP, name=name,
                           first=used_by("the-kind.lineup-entry", r.runner.name, r.lineup_place))
        else:
            r.lined_up, r.lineup_place = True, at
            lined.append(r)
            if name != r.runner.name:
                # The same runner, other case, accents or spaces (ruling 33): taken, but said.
                findings.warning("lineup-spelling", at, RULE_LINEUP, name=name, runner=r.runner.name)
    return lined


def _closest_runner(name: str, roster: list[ResolvedRunner]) -> str | None:
    return closest(name, [r.runner.name for r in roster])


def check_lineup_size(file: CripmaquionFile, lineup: Lineup, size: int, place: Place, findings: Findings,
                      source: Place) -> None:
    """An event asks every lineup to have exactly ``size`` runners (§10, step 2)."""
    if len(lineup.runners) != size:
        where = place.at("lineup") if file.lineup is not None else place.at("runners")
        findings.error("lineup-size", where, RULE_EVENT, runners=len(lineup.runners), size=size,
                       source=event_place(source))
