"""Wartime's legality rules, each turned into findings with its rulebook citation."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from builder.core.findings import Findings, Localised, Place, used_by
from builder.core.names import closest, fold, known
from builder.systems.wartime import costs
from builder.systems.wartime.records import (
    KINDS, Character, DefenseZones, Member, Object, Squad, Transport, WartimeFile, Weapon,
)
from builder.systems.wartime.pricing import Entry, PricedWarbook, area_k2

RULE_FIELDS = "Wartime · Arquetipos · Creación de arquetipos"
RULE_NAME = "Wartime · Arquetipos · Nombre"
RULE_CHARACTER = "Wartime · Arquetipos de personaje · Creación"
RULE_TRANSPORT_EQUIPMENT = "Wartime · Arquetipos de transporte · Paso 5"
RULE_RANGE = "Wartime · Arquetipos de arma · Paso 3"
RULE_AREA = "Wartime · Arquetipos de arma · Área"
RULE_DEFENSE_ZONES = "Wartime · Arquetipos de transporte · Paso 3"
RULE_DEFENSE = "Wartime · Arquetipos de personaje · Defensa"
RULE_WEAPON_ENERGY = "Wartime · Arquetipos de arma · Energía"
RULE_OBJECT_ENERGY = "Wartime · Arquetipos de objeto · Energía"
RULE_TRANSPORT_ENERGY = "Wartime · Arquetipos de transporte · Energía"
RULE_LIST = "Wartime · Arquetipos · Creación de listas de juego"
RULE_RESTRICTIONS = "Wartime · Arquetipos · Restricciones"
RULE_FORMATIONS = "Wartime · Escuadras · Formaciones"
RULE_SQUADS = "Wartime · Escuadras"
RULE_AMMUNITION = "Wartime · Combate · Munición [opcional]"
RULE_CREW = "Wartime · Arquetipos · Creación de listas de juego (tripulaciones)"
RULE_COST = "Wartime · Arquetipos · Coste"

MIN_FORMATION = 4
"""Formations of fewer members can't fight (Escuadras · Formaciones)."""


def kinds_name(kind: str) -> Localised:
    """"the weapons", for "is not among the weapons"."""
    return Localised(f"kinds.{kind}")


def check_warbook(book: PricedWarbook, findings: Findings, pilots: frozenset[str] | set[str] = frozenset()) -> None:
    """Names, references and the rules of each archetype on its own. The transport of a character
    recruited in the list (``pilots``) is checked there, against the energy of its whole crew."""
    _check_names(book, findings)
    for entry in book.entries:
        archetype = entry.archetype
        if isinstance(archetype, Weapon):
            _check_range(entry, archetype, findings)
        if isinstance(archetype, (Weapon, Object)) and isinstance(archetype.area, list):
            _check_composite_area(entry, archetype.area, findings)
        elif isinstance(archetype, Transport):
            _check_transport(book, entry, archetype, findings)
        elif isinstance(archetype, Character):
            _check_character(book, entry, archetype, findings, archetype.name in pilots)


def _check_names(book: PricedWarbook, findings: Findings) -> None:
    first: dict[str, Entry] = {}
    for entry in book.entries:
        key = fold(entry.name)
        if key in first:
            seen = first[key]
            findings.error("duplicate-name", entry.place.at("name"), RULE_NAME, name=entry.name,
                           first=used_by(f"the-kind.{seen.kind}", seen.name, seen.place))
        else:
            first[key] = entry


def _reference(book: PricedWarbook, kind: str, name: str, place: Place, rule: str, findings: Findings) -> Entry | None:
    """Resolve a name to an archetype of ``kind``, or report it with the closest match."""
    found = book.find(kind, name)
    if found is not None:
        return found
    for other in KINDS.values():
        if other != kind and book.find(other, name) is not None:
            findings.error("unknown-reference", place, rule, variant="elsewhere", kinds=kinds_name(kind),
                           name=name, other=Localised(f"a-kind.{other}"))
            return None
    findings.error("unknown-reference", place, rule, kinds=kinds_name(kind), name=name,
                   hint=closest(name, book.index[kind]), known=known(book.index[kind]))
    return None


def _check_range(entry: Entry, weapon: Weapon, findings: Findings) -> None:
    most = costs.max_range(weapon.damage)
    if weapon.range > most:
        findings.error("range-too-long", entry.place.at("range"), RULE_RANGE, name=weapon.name,
                       range=weapon.range, damage=weapon.damage, max=most, times=costs.tables().max_range_per_damage)


def _check_composite_area(entry: Entry, parts: list, findings: Findings) -> None:
    """A composite area is measured whole and rounded once (ruling 4a): say so where rounding each
    simple shape on its own would give another area."""
    once, each = area_k2(parts), sum(area_k2(part) for part in parts)
    if once != each:
        findings.warning("composite-area-rounding", entry.place.at("area"), RULE_AREA, name=entry.name, area=once,
                         each=each)


def _missing_zone(zones: DefenseZones) -> bool:
    return any(value is None for value in (zones.front, zones.left, zones.right, zones.rear))


def _check_transport(book: PricedWarbook, entry: Entry, transport: Transport, findings: Findings) -> None:
    zoned = not isinstance(transport.defense, int)
    if transport.large and (not zoned or _missing_zone(transport.defense)):
        findings.error("transport-defense-zones", entry.place.at("defense"), RULE_DEFENSE_ZONES, variant="large",
                       name=transport.name)
    elif zoned and not transport.large:
        findings.error("transport-defense-zones", entry.place.at("defense"), RULE_DEFENSE_ZONES, variant="small",
                       name=transport.name)
    for key, kind in (("weapons", "weapon"), ("objects", "object")):
        for i, name in enumerate(getattr(transport, key)):
            _reference(book, kind, name, entry.place.at(key, i), RULE_TRANSPORT_EQUIPMENT, findings)
    _check_magazines(entry, transport.magazines, transport.weapons, findings)
    _check_minimum_and_magazines(entry, findings)


def _check_magazines(entry: Entry, magazines: dict[str, int], weapons: list[str], findings: Findings,
                     variant: str | None = None) -> None:
    """Magazines are bought for a weapon the archetype carries (a pilot: or his transport, ruling 18a)."""
    for name in magazines:
        if name not in weapons:
            findings.error("magazine-weapon-not-carried", entry.place.at("magazines", name), RULE_AMMUNITION,
                           variant=variant, name=entry.name, weapon=name, hint=closest(name, weapons))


def _check_minimum_and_magazines(entry: Entry, findings: Findings) -> None:
    """Ruling 5a changes a price only where the archetype alone is below the 1-point minimum: say so."""
    if entry.cost is not None and entry.breakdown.get("minimum") and entry.magazines_cost:
        own = entry.archetype.magazines  # type: ignore[attr-defined]
        findings.warning("magazines-above-minimum", entry.place.at("magazines" if own else "transport"), RULE_COST,
                         name=entry.name, cost=entry.cost, archetype=entry.archetype_cost,
                         magazines=entry.magazines_cost)


def _check_character(book: PricedWarbook, entry: Entry, character: Character, findings: Findings,
                     recruited: bool = False) -> None:
    body = _reference(book, "body", character.body, entry.place.at("body"), RULE_CHARACTER, findings)
    transport = None
    if character.transport is not None:
        transport = _reference(book, "transport", character.transport, entry.place.at("transport"), RULE_CHARACTER,
                               findings)
    weapons = [_reference(book, "weapon", n, entry.place.at("weapons", i), RULE_CHARACTER, findings)
               for i, n in enumerate(character.weapons)]
    for i, name in enumerate(character.protections):
        _reference(book, "protection", name, entry.place.at("protections", i), RULE_CHARACTER, findings)
    objects = [_reference(book, "object", n, entry.place.at("objects", i), RULE_CHARACTER, findings)
               for i, n in enumerate(character.objects)]
    # A pilot buys magazines for his own weapons and for his transport's (ruling 18a).
    mounted = list(transport.archetype.weapons) if transport is not None else []  # type: ignore[attr-defined]
    _check_magazines(entry, character.magazines, character.weapons + [w for w in mounted if w not in character.weapons],
                     findings, variant="pilot" if transport is not None else None)
    _check_minimum_and_magazines(entry, findings)
    if body is None:
        return
    con, defense, energy = body.archetype.con, entry.derived["defense"], entry.derived["energy"]
    if defense is not None and defense > con:
        findings.warning("defense-over-constitution", entry.place.at("protections"), RULE_DEFENSE,
                         name=character.name, defense=defense, con=con, penalty=defense - con)
    for i, weapon in enumerate(weapons):
        if weapon is not None and weapon.archetype.energy > energy:
            findings.warning("weapon-energy-over-character", entry.place.at("weapons", i), RULE_WEAPON_ENERGY,
                             name=character.name, energy=energy, weapon=weapon.name,
                             weapon_energy=weapon.archetype.energy)
    # Objects and transports, like weapons, cost energy to use (Arquetipos de objeto / de transporte · Energía).
    used = [(entry.place.at("objects", i), o, RULE_OBJECT_ENERGY) for i, o in enumerate(objects)]
    if not recruited:  # a recruited pilot's vehicle is used with its crew's pooled energy (crews.py)
        used += [(entry.place.at("transport"), transport, RULE_TRANSPORT_ENERGY)]
    for where, item, rule in used:
        if item is not None and item.archetype.energy > energy:  # type: ignore[attr-defined]
            findings.warning("equipment-energy-over-character", where, rule, name=character.name, energy=energy,
                             item=Localised("kind.any-short", {"kind": Localised(f"the-kind.{item.kind}"),
                                                               "name": item.name}),
                             item_energy=item.archetype.energy)  # type: ignore[attr-defined]
    if not recruited and transport is not None:  # so are the weapons mounted on it (ruling 18g)
        check_mounted_weapons(transport, energy, character.name, entry.place.at("transport"), RULE_WEAPON_ENERGY,
                              findings)


def check_mounted_weapons(transport: Entry, energy: int, name: str, where: Place, rule: str,
                          findings: Findings) -> None:
    """A weapon mounted on a transport is fired by whoever uses the transport, with the same energy
    the transport is compared with (ruling 18g): the pilot's own, or his vehicle's pooled crew's."""
    for weapon in transport.parts.get("weapons") or []:
        if weapon is not None and weapon.archetype.energy > energy:  # type: ignore[attr-defined]
            findings.warning("weapon-energy-over-character", where, rule, variant="mounted", name=name, energy=energy,
                             weapon=weapon.name, weapon_energy=weapon.archetype.energy,  # type: ignore[attr-defined]
                             transport=Localised("kind.any-short", {"kind": Localised("the-kind.transport"),
                                                                    "name": transport.name}))


@dataclass
class SquadTotal:
    name: str
    models: int
    points: int | None
    members: list[dict] = field(default_factory=list)
    """One row per member line and per crew line, each with its own models and points."""
    member_count: int = 0
    """Members as the squad's rules count them: a vehicle with its crew acts as one (Formaciones)."""


@dataclass
class ListTotal:
    squads: list[SquadTotal]

    @property
    def models(self) -> int:
        return sum(s.models for s in self.squads)

    @property
    def points(self) -> int | None:
        each = [s.points for s in self.squads]
        return None if None in each else sum(each)  # type: ignore[arg-type]


def check_list(file: WartimeFile, book: PricedWarbook, place: Place, findings: Findings) -> ListTotal:
    """Squads, points, restrictions and formations of the army list."""
    total = ListTotal([_squad(file, squad, book, place.at("squads", i), findings)
                       for i, squad in enumerate(file.squads)])
    _check_squad_names(file, place, findings)
    limits = file.restrictions
    if limits.max_models is not None and total.models > limits.max_models:
        # Every crew member is a model (ruling 14): say so where crews are part of the count.
        crews = any(row.get("crew_of") is not None and row["count"] for s in total.squads for row in s.members)
        findings.error("restriction-max-models", place.at("restrictions", "max_models"), RULE_RESTRICTIONS,
                       variant="crew" if crews else None, models=total.models, max=limits.max_models)
    points = total.points
    if points is not None and file.points_limit is not None and points > file.points_limit:
        findings.error("over-points-limit", place.at("points_limit"), RULE_LIST, points=points, limit=file.points_limit)
    if file.formations and points is not None:
        _check_formations(file, total, place, findings)
    return total


def _check_squad_names(file: WartimeFile, place: Place, findings: Findings) -> None:
    first: dict[str, int] = {}
    for i, squad in enumerate(file.squads):
        key = fold(squad.name)
        if key in first:
            findings.error("duplicate-squad", place.at("squads", i, "name"), RULE_LIST, name=squad.name,
                           first=place.at("squads", first[key]).where)
        else:
            first[key] = i


def _squad(file: WartimeFile, squad: Squad, book: PricedWarbook, place: Place, findings: Findings) -> SquadTotal:
    total = SquadTotal(squad.name, models=0, points=0)
    for i, member in enumerate(squad.members):
        at = place.at("members", i)
        pilot = _recruit(file, book, total, member.character, member.count, at, findings)
        total.member_count += member.count
        if member.crew:
            _crew(file, book, total, member, pilot, at, findings)
    if total.models == 0:
        # "Un grupo de 1 o más miniaturas" (Escuadras): a squad whose counts are all 0 is no squad.
        findings.error("empty-squad", place, RULE_SQUADS, name=squad.name)
    return total


def _recruit(file: WartimeFile, book: PricedWarbook, total: SquadTotal, name: str, models: int, at: Place,
             findings: Findings, **row: object) -> Entry | None:
    """Add ``models`` of a character to the squad's total, as one row; check its restrictions."""
    entry = _reference(book, "character", name, at.at("character"), RULE_LIST, findings)
    cost = entry.cost if entry else None
    points = None if cost is None else cost * models
    total.models += models
    total.members.append({"character": name, "count": models, "cost": cost, "points": points,
                          "archetype": entry.position if entry else None, **row})
    total.points = None if total.points is None or points is None else total.points + points
    if entry is not None:
        _check_restrictions(file, entry, at, findings)
    return entry


def _crew(file: WartimeFile, book: PricedWarbook, total: SquadTotal, member: Member, pilot: Entry | None,
          at: Place, findings: Findings) -> None:
    """A crew mans each of the pilot's vehicles: only the pilot is assigned the transport, and the crew
    is recruited in the pilot's squad (Creación de listas de juego)."""
    pilot_row = len(total.members) - 1
    if pilot is not None and pilot.archetype.transport is None:  # type: ignore[attr-defined]
        findings.error("crew-without-transport", at.at("crew"), RULE_CREW, name=member.character)
    for j, crew in enumerate(member.crew):
        crew_at = at.at("crew", j)
        entry = _recruit(file, book, total, crew.character, member.count * crew.count, crew_at, findings,
                         crew_of=pilot_row, per_vehicle=crew.count)
        if entry is not None and entry.archetype.transport is not None:  # type: ignore[attr-defined]
            findings.error("crew-member-with-transport", crew_at.at("character"), RULE_CREW, name=crew.character,
                           pilot=member.character, transport=entry.archetype.transport)  # type: ignore[attr-defined]


def _check_restrictions(file: WartimeFile, entry: Entry, at: Place, findings: Findings) -> None:
    limits = file.restrictions
    character: Character = entry.archetype  # type: ignore[assignment]
    level = entry.derived.get("level")
    if limits.max_level is not None and level is not None and level > limits.max_level:
        findings.error("restriction-max-level", _restriction_place(at, "max_level"), RULE_RESTRICTIONS,
                       name=character.name, level=level, max=limits.max_level)
    if limits.max_weapon_damage is None:
        return
    transports = [t for t in entry.parts.get("transport", []) if t is not None]
    carried = entry.parts.get("weapons", []) + [w for t in transports for w in t.parts.get("weapons", [])]
    for weapon in {w.position: w for w in carried if w is not None}.values():
        damage = weapon.archetype.damage  # type: ignore[attr-defined]
        if damage > limits.max_weapon_damage:
            findings.error("restriction-max-weapon-damage", _restriction_place(at, "max_weapon_damage"),
                           RULE_RESTRICTIONS, name=character.name, weapon=weapon.name, damage=damage,
                           max=limits.max_weapon_damage)


def _restriction_place(member: Place, key: str) -> Place:
    """Where a broken restriction is reported: at the member that breaks it, unless an event's pack
    set the restriction, and then at the pack's line that sets it (the list didn't choose it)."""
    source = Place(member.doc, (), member.overlay).at("restrictions", key)
    return source if source.doc is not member.doc else member


def _check_formations(file: WartimeFile, total: ListTotal, place: Place, findings: Findings) -> None:
    lone = [s for s in total.squads if s.member_count == 1]
    lone_points = sum(s.points or 0 for s in lone)
    base = file.points_limit if file.points_limit is not None else total.points or 0
    most = base * costs.tables().lone_formation_share
    if lone and lone_points > most:
        where = place.at("formations")
        findings.error("formation-solo-limit", where, RULE_FORMATIONS, points=lone_points, max=_decimal(most),
                       base=base)
    for i, squad in enumerate(total.squads):
        # A vehicle with its crew is one member (ruling 18d): say so where counting models would differ.
        if 1 < squad.member_count < MIN_FORMATION:
            findings.warning("formation-too-small", place.at("squads", i), RULE_FORMATIONS,
                             variant="vehicles" if squad.models >= MIN_FORMATION else None, name=squad.name,
                             models=squad.member_count, fielded=squad.models)
        elif squad.member_count == 1 < squad.models:
            findings.warning("crew-ruling", place.at("squads", i), RULE_FORMATIONS, variant="lone-formation",
                             squad=squad.name, models=squad.models)


def _decimal(value: Fraction) -> int | float:
    """A tenth of a points total, as a message prints it (in the language's way)."""
    return int(value) if value.denominator == 1 else round(float(value), 1)
