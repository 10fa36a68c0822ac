"""Vehicles and their crews in the army list: the energy a vehicle and its weapons are used with
(rulings 18c, 18g), and the squad figures the crew rulings decide, each said where it changes one
(18b–18e)."""

from __future__ import annotations

from builder.core.findings import Findings, Localised, Place
from builder.systems.wartime.records import Squad, WartimeFile
from builder.systems.wartime.pricing import PricedWarbook
from builder.systems.wartime.rules import ListTotal, SquadTotal, check_mounted_weapons
from builder.systems.wartime.squads import Model, acting_energy, fielded, formation_defense, known, willpower

RULE_CREW_ENERGY = "Wartime · Arquetipos de transporte · Energía y Tripulación"
RULE_WILL = "Wartime · Psicología · Chequeos de voluntad contra escuadras"
RULE_REACTION = "Wartime · Escuadras · Fase de reacción"
RULE_FORMATION_DEFENSE = "Wartime · Escuadras · Formaciones (defensa)"


def pilots(file: WartimeFile) -> set[str]:
    """Characters recruited on a member line: their transport's energy is checked there, against
    the vehicle's whole crew, rather than against the character alone (ruling 18c)."""
    return {member.character for squad in file.squads for member in squad.members}


def check_crews(file: WartimeFile, book: PricedWarbook, total: ListTotal, place: Place, findings: Findings) -> None:
    for i, (squad, figures) in enumerate(zip(file.squads, total.squads, strict=True)):
        at = place.at("squads", i)
        models = fielded(figures.members, book.entries)
        _check_vehicle_energy(squad, models, at, findings)
        if known(models):
            _say_crew_rulings(file, figures, models, at, findings)


def _member_lines(squad: Squad) -> list[int]:
    """The member line each row of the squad's total comes from: a pilot's row, then his crew's."""
    lines: list[int] = []
    for j, member in enumerate(squad.members):
        lines += [j] * (1 + len(member.crew))
    return lines


def _check_vehicle_energy(squad: Squad, models: list[Model], at: Place, findings: Findings) -> None:
    """A transport is used with the energy of everyone manning it, pooled (l. 623, 639; ruling 18c).
    Every character has at least 6 energy (REA 1 + 5) and a transport needs at most 10, so in practice
    only a pilot with no crew aboard can fall short; he is told where he is recruited."""
    lines = _member_lines(squad)
    for pilot in models:
        if not pilot.vehicle:
            continue
        transport = (pilot.entry.parts.get("transport") or [None])[0]  # type: ignore[union-attr]
        crew = [m for m in models if m.pilot is pilot]
        if transport is None or not known([pilot, *crew]):
            continue
        energy, needs = acting_energy(pilot, models), transport.archetype.energy  # type: ignore[attr-defined]
        where = at.at("members", lines[pilot.index])
        if needs > energy:
            findings.warning("equipment-energy-over-character", where, RULE_CREW_ENERGY,
                             name=pilot.row["character"], energy=energy,
                             item=Localised("kind.any-short", {"kind": Localised("the-kind.transport"),
                                                               "name": transport.name}),
                             item_energy=needs)
        check_mounted_weapons(transport, energy, pilot.row["character"], where, RULE_CREW_ENERGY, findings)


def _say_crew_rulings(file: WartimeFile, figures: SquadTotal, models: list[Model], at: Place,
                      findings: Findings) -> None:
    """Where a crew ruling gives a squad another figure than the other reading would, say which."""
    name = figures.name
    will, by_models = willpower(models, figures.member_count), willpower(models, figures.models)
    if will != by_models:
        findings.warning("crew-ruling", at, RULE_WILL, variant="willpower", squad=name,
                         members=figures.member_count, models=figures.models, will=will, other=by_models)
    slowest = min(models, key=lambda m: m.body.archetype.rea)  # type: ignore[union-attr]
    outside = [m.body.archetype.rea for m in models if not m.inside]  # type: ignore[union-attr]
    phase = slowest.body.archetype.rea  # type: ignore[union-attr]
    if slowest.inside and outside and phase < min(outside):
        findings.warning("crew-ruling", at, RULE_REACTION, variant="reaction", squad=name, phase=phase,
                         crew=slowest.row["character"], other=min(outside))
    if not file.formations:
        return
    defense = formation_defense(models)
    armour = [m.entry.derived.get("defense") for m in models]  # type: ignore[union-attr]
    by_armour = None if None in armour else min(armour)  # type: ignore[type-var]
    if defense is not None and by_armour is not None and defense != by_armour:
        findings.warning("crew-ruling", at, RULE_FORMATION_DEFENSE, variant="formation-defense", squad=name,
                         defense=defense, other=by_armour)
