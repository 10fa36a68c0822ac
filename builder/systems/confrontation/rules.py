"""Confrontation's rules for war machines (Confrontation: Fortification)."""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.core.findings import Findings, Localised, Place, used_by
from builder.systems.confrontation import catalog
from builder.systems.confrontation.records import Competency, ConfrontationFile, Machine

RULE_FIELDS = "Confrontation · Fortification · Las características"
RULE_MECHANICAL = "Confrontation · Fortification · Competencias mecánicas"
RULE_SERVANTS = "Confrontation · Fortification · Competencias de los sirvientes"
RULE_TRANSPORT = "Confrontation · Fortification · Competencias mecánicas · Transporte / X"
RULE_IMMOBILE = "Confrontation · Fortification · El movimiento · Ingenios inmóviles"
RULE_MOBILE = "Confrontation · Fortification · El movimiento · Ingenios móviles"
RULE_CREW = "Confrontation · Fortification · Las características · Dotación"
RULE_POINTS = "Confrontation · Puntos de la fuerza"

TRANSPORT = "transporte"
MECHANIC = "mecanico"
SIZE_UNITS = {"pequeno": 1, "normal": 2, "grande": 3}
"""Places an embarked fighter takes, by size; muy-grande can't board at all."""


Resolved = list["catalog.CompetencyInfo | None"]
"""A list of competencies looked up in the catalog, in the order written (None: unknown)."""


@dataclass
class ResolvedMachine:
    """A machine with every competency it and its servants carry looked up, once, by the rules."""

    machine: Machine
    competencies: Resolved
    servants: list[Resolved] = field(default_factory=list)

    def has(self, key: str) -> Competency | None:
        """The machine's own competency with this catalog key, as written."""
        return next((c for c, info in zip(self.machine.competencies, self.competencies, strict=True)
                     if info is not None and info.key == key), None)


def check_force(file: ConfrontationFile, place: Place, findings: Findings) -> tuple[int | None, list[ResolvedMachine]]:
    """Check every machine and the points; return the force's points (the sum of the costs given,
    None if no machine has one) and the machines with their competencies resolved."""
    machines = [check_machine(machine, place.at("machines", i), findings) for i, machine in enumerate(file.machines)]
    costs = [m.cost for m in file.machines if m.cost is not None]
    points = sum(costs) if costs else None
    if points is not None and file.points_limit is not None and points > file.points_limit:
        findings.error("over-points-limit", place.at("points_limit"), RULE_POINTS, points=points,
                       limit=file.points_limit)
    for i, machine in enumerate(file.machines):
        if machine.cost is not None:
            continue
        if file.points_limit is not None:
            # A machine without its card's cost is not free (ruling 44a): under a limit, the force's
            # points can't be known, so it can't be called within it.
            findings.error("missing-cost", place.at("machines", i), RULE_POINTS, name=machine.name,
                           limit=file.points_limit)
        elif points is not None:
            # With nothing at stake the force is legal, but its sum leaves this machine out (ruling
            # 44b): the points shown are a floor, not what the force costs.
            findings.warning("partial-points", place.at("machines", i), RULE_POINTS, name=machine.name,
                             points=points)
    return points, machines


def check_machine(machine: Machine, at: Place, findings: Findings) -> ResolvedMachine:
    resolved = ResolvedMachine(machine, _competencies(machine.competencies, "machine", machine, at, findings))
    for s, servant in enumerate(machine.servants):
        resolved.servants.append(_competencies(servant.competencies, "servant", machine, at.at("servants", s),
                                               findings))
    if machine.kind == "inmovil" and machine.weight is None:
        findings.error("missing-weight", at.at("kind"), RULE_IMMOBILE, name=machine.name)
    if machine.kind == "movil" and machine.movement is None:
        findings.error("missing-movement", at.at("kind"), RULE_MOBILE, name=machine.name)
    elif machine.kind == "movil" and machine.movement == 0:
        # The book sets no least MOV, so a card may say 0 (ruling 45e); but such an engine
        # never moves, and servants only push immobile ones: most likely a slip.
        findings.warning("mobile-zero-movement", at.at("movement"), RULE_MOBILE, name=machine.name)
    if machine.crew_min is not None and len(machine.servants) < machine.crew_min:
        findings.warning("crew-below-minimum", at.at("servants") if machine.servants else at, RULE_CREW,
                         name=machine.name, servants=len(machine.servants), crew_min=machine.crew_min)
    _check_embarked(machine, resolved.has(TRANSPORT), at, findings)
    return resolved


def _competencies(listed: list[Competency], holder: str, machine: Machine, at: Place,
                  findings: Findings) -> Resolved:
    """Resolve and check a list of competencies carried by a machine or one of its servants."""
    found: Resolved = []
    first: dict[str, int] = {}
    for i, competency in enumerate(listed):
        where = at.at("competencies", i)
        info = catalog.lookup(competency.name)
        found.append(info)
        if info is None:
            findings.error("unknown-reference", where.at("name"), RULE_MECHANICAL,
                           kinds=Localised("kinds.competency"), name=competency.name,
                           hint=catalog.suggest(competency.name))
            continue
        rule = RULE_SERVANTS if info.group == "sirvientes" else RULE_MECHANICAL
        if info.key in first:
            # A card lists a competency once: a second one (perhaps with another X) would be
            # silently ignored by the figures, which use the first.
            j = first[info.key]
            findings.error("duplicate-name", where.at("name"), rule, name=competency.name,
                           first=used_by("the-kind.competency", listed[j].name, at.at("competencies", j)))
            continue
        first[info.key] = i
        fits = holder in info.holders or (holder == "servant" and "fighter" in info.holders)
        if not fits:
            findings.error("competency-holder", where.at("name"), rule, competency=info.name,
                           holder=Localised(f"cf.holder.{holder}"),
                           holders=", ".join(sorted(info.holders)))
        _check_x(competency, info, where, rule, findings)
        if info.key == MECHANIC and competency.x == 1:
            # A 1 on the repair roll both reaches X and makes things worse (l. 437): ruling 42a
            # keeps the 1 as the failure, so Mecánico/1 repairs on 2+ like Mecánico/2.
            findings.warning("mechanic-one", where.at("x"), rule, competency=info.name)
        if info.moving_only and machine.kind == "inmovil":
            findings.error("immobile-competency", where.at("name"), RULE_MECHANICAL, competency=info.name,
                           name=machine.name)
        needs_pe = info.needs_structure_points or (holder == "machine" and info.machine_needs_structure_points)
        if needs_pe and machine.structure_points is None:
            findings.error("needs-structure-points", where.at("name"), rule, competency=info.name,
                           name=machine.name)
        if competency.access is not None and not info.needs_access:
            findings.error("invalid-field", where.at("access"), RULE_TRANSPORT, variant="access-unexpected",
                           competency=info.name)
        elif info.needs_access and competency.access not in catalog.access_sides():
            findings.error("transport-access", where.at("access") if competency.access else where, RULE_TRANSPORT,
                           name=machine.name, sides=", ".join(catalog.access_sides()),
                           access=competency.access or Localised("cf.none"))
    return found


def _check_x(competency: Competency, info: catalog.CompetencyInfo, where: Place, rule: str,
             findings: Findings) -> None:
    if not info.takes_x:
        if competency.x is not None:
            findings.error("invalid-field", where.at("x"), rule, variant="x-unexpected", competency=info.name)
        return
    if competency.x is None:
        findings.error("invalid-field", where, rule, variant="x-missing", competency=info.name)
    elif competency.x < (info.x_min or 0):
        findings.error("value-out-of-range", where.at("x"), rule, variant="x", competency=info.name,
                       value=competency.x, bound=Localised("bound.ge", {"limit": info.x_min}))
    elif info.x_max is not None and competency.x > info.x_max:
        findings.error("value-out-of-range", where.at("x"), rule, variant="x", competency=info.name,
                       value=competency.x, bound=Localised("bound.le", {"limit": info.x_max}))


def _check_embarked(machine: Machine, transport: Competency | None, at: Place, findings: Findings) -> None:
    for e, fighter in enumerate(machine.embarked):
        where = at.at("embarked", e)
        if fighter.mounted:
            findings.error("cannot-embark", where, RULE_TRANSPORT, variant="mounted", fighter=fighter.name)
        elif fighter.size not in SIZE_UNITS:
            findings.error("cannot-embark", where, RULE_TRANSPORT, variant="too-big", fighter=fighter.name)
        elif transport is None:
            findings.error("cannot-embark", where, RULE_TRANSPORT, variant="no-transport", fighter=fighter.name,
                           name=machine.name)
    used = capacity_used(machine)
    if transport is not None and transport.x is not None and used > transport.x:
        findings.error("transport-capacity", at.at("embarked"), RULE_TRANSPORT, name=machine.name, used=used,
                       capacity=transport.x)


def capacity_used(machine: Machine) -> int:
    """Places taken by the fighters that can board (not mounted, not muy-grande)."""
    return sum(SIZE_UNITS[f.size] * f.count for f in machine.embarked if not f.mounted and f.size in SIZE_UNITS)
