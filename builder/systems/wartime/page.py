"""What the page's forms offer for a Wartime file: the names a field may take (from the Warbook and
the cost tables) and the figures the check worked out for each part of the roster."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.wartime import costs
from builder.systems.wartime.records import KINDS

Choice = tuple[str, str]

NOTE_MOST = 70
"""A note sits beside a field: longer ones are cut."""

LISTS = {kind: key for key, kind in KINDS.items()}
"""Kind of archetype -> the Warbook list that holds it."""

ATTRIBUTES = ("con", "agi", "int", "rea", "vol")
ZONES = ("front", "left", "right", "rear")
# The fields each cost table prices (costs.yaml cites the book's tables). Energy is the one grade
# an archetype is paid back for: it lowers the cost (Arquetipos de arma, protección, objeto y transporte).
GRADED = ("weapons/*/damage", "protections/*/protection", "transports/*/defense",
          *(f"transports/*/defense/{zone}" for zone in ZONES))
ENERGY = ("weapons/*/energy", "protections/*/energy", "transports/*/energy", "objects/*/energy")


class Item:
    """One archetype as the form offers it: its name, its price (None while unknown) and what it names."""

    __slots__ = ("name", "cost", "transport", "weapons")

    def __init__(self, name: str, cost: Any = None, transport: Any = None, weapons: Any = ()):
        self.name = name
        self.cost = cost if type(cost) is int else None
        self.transport = transport
        self.weapons = [w for w in weapons if isinstance(w, str)] if isinstance(weapons, list) else []


def choices(data: Any, evaluation: Evaluation | None, lang: str) -> dict[str, list[Choice]]:
    """The names and table values the fields of a Wartime file may take, by path pattern.

    Names come from the Warbook: the one written in ``data`` when it is inline (it may not
    validate: whatever is not a named mapping is passed over), else the one the check read from
    another file (``evaluation.details``). Numbers are offered as their digits, labelled with what
    the cost table charges for them."""
    inline = data.get("warbook") if isinstance(data, Mapping) else None
    book = _from_data(inline, _priced(evaluation)) if isinstance(inline, Mapping) else _from_details(evaluation)
    by_kind = {kind: _labels(items, lang) for kind, items in book.items()}
    out: dict[str, list[Choice]] = {
        "squads/*/members/*/character": by_kind["character"],
        # A crew member can't have a transport of his own (crew-member-with-transport).
        "squads/*/members/*/crew/*/character": _labels([i for i in book["character"] if i.transport is None], lang),
        "warbook/characters/*/body": by_kind["body"],
        "warbook/characters/*/transport": by_kind["transport"],
        "warbook/characters/*/weapons/*": by_kind["weapon"],
        "warbook/characters/*/protections/*": by_kind["protection"],
        "warbook/characters/*/objects/*": by_kind["object"],
        # A magazine is priced apart from its weapon (ruling 5a): the weapon's own price, beside
        # its name, would read as the magazine's.
        "warbook/characters/*/magazines/*": _plain(book["weapon"]),
        "warbook/transports/*/weapons/*": by_kind["weapon"],
        "warbook/transports/*/objects/*": by_kind["object"],
        "warbook/transports/*/magazines/*": _plain(book["weapon"]),
    }
    if isinstance(inline, Mapping):
        out.update(_carried(inline, book, lang))
    out.update(_tables(lang))
    return {path: values for path, values in out.items() if values}


def _priced(evaluation: Evaluation | None) -> dict[tuple[str, str], Item]:
    """The check's archetypes by (kind, name): their prices and what they name."""
    details = evaluation.details if evaluation is not None else None
    archetypes = details.get("archetypes") if isinstance(details, Mapping) else None
    found: dict[tuple[str, str], Item] = {}
    for a in archetypes if isinstance(archetypes, list) else ():
        if isinstance(a, Mapping) and isinstance(a.get("name"), str) and _kind(a) is not None:
            found.setdefault((a["kind"], a["name"]),
                             Item(a["name"], a.get("cost"), a.get("transport"), a.get("weapons")))
    return found


def _from_details(evaluation: Evaluation | None) -> dict[str, list[Item]]:
    book: dict[str, list[Item]] = {kind: [] for kind in LISTS}
    for (kind, _), item in _priced(evaluation).items():
        book[kind].append(item)
    return book


def _from_data(warbook: Mapping[str, Any], priced: dict[tuple[str, str], Item]) -> dict[str, list[Item]]:
    """The Warbook as written, each name once, priced where the check priced it."""
    book: dict[str, list[Item]] = {kind: [] for kind in LISTS}
    for kind, key in LISTS.items():
        seen: set[str] = set()
        for row in _rows(warbook.get(key)):
            name = row.get("name")
            if not isinstance(name, str) or not name or name in seen:
                continue
            seen.add(name)
            checked = priced.get((kind, name))
            book[kind].append(Item(name, checked.cost if checked else None, row.get("transport"), row.get("weapons")))
    return book


def _kind(archetype: Any) -> str | None:
    """An archetype's kind as the view gives it, if it is one of the Warbook's."""
    kind = archetype.get("kind") if isinstance(archetype, Mapping) else None
    return kind if isinstance(kind, str) and kind in LISTS else None


def _rows(value: Any) -> Iterable[Mapping[str, Any]]:
    return (row for row in value if isinstance(row, Mapping)) if isinstance(value, list) else ()


def _labels(items: list[Item], lang: str) -> list[Choice]:
    """(name, «name · cost»): the name alone while the check has no price for it."""
    return [(i.name, i.name if i.cost is None else text("wt.choice", lang, name=i.name, cost=i.cost)) for i in items]


def _plain(items: list[Item]) -> list[Choice]:
    return [(i.name, i.name) for i in items]


def _carried(warbook: Mapping[str, Any], book: dict[str, list[Item]], lang: str) -> dict[str, list[Choice]]:
    """Each archetype's own magazines: only the weapons it carries may have them, a pilot's
    transport's too (ruling 18a), so each position gets the list that fits it."""
    weapons = {name: (name, name) for name, _ in _plain(book["weapon"])}
    mounted = {i.name: i.weapons for i in book["transport"]}
    out: dict[str, list[Choice]] = {}
    for key in ("characters", "transports"):
        rows = warbook.get(key)
        for n, row in enumerate(rows if isinstance(rows, list) else ()):
            if not isinstance(row, Mapping):
                continue
            own = row.get("weapons") if isinstance(row.get("weapons"), list) else []
            ride = row.get("transport") if key == "characters" else None
            names = [*own, *(mounted.get(ride, []) if isinstance(ride, str) else [])]
            fitting = list(dict.fromkeys(w for w in names if isinstance(w, str) and w in weapons))
            out[f"warbook/{key}/{n}/magazines/*"] = [weapons[w] for w in fitting]
    return out


def _tables(lang: str) -> dict[str, list[Choice]]:
    """The values 1–10 that the cost tables price (fortune from 0), each with its cost."""
    t = costs.tables()
    priced = lambda table, start=1: [  # noqa: E731
        (str(v), text("wt.choice", lang, name=v, cost=c)) for v, c in enumerate(table, start=start)]
    out = {f"warbook/bodies/*/{a}": priced(t.attribute) for a in ATTRIBUTES}
    out |= {f"warbook/{path}": priced(t.grade) for path in GRADED}
    refund = [(str(v), text("wt.choice-refund", lang, name=v, cost=c)) for v, c in enumerate(t.grade, start=1)]
    out |= {f"warbook/{path}": refund for path in ENERGY}
    out["warbook/characters/*/fortune"] = priced((0, *t.fortune), start=0)
    return out


def notes(evaluation: Evaluation, lang: str) -> dict[str, str]:
    """The figures the check's resolved view holds, by the path of the part they are about: the
    list's total, each squad's points and values, each member line's points and, for a Warbook
    written in this file, each archetype's price."""
    d = evaluation.details
    if not isinstance(d, Mapping):
        return {}
    out: dict[str, str] = {}
    squads = d.get("squads")
    if isinstance(squads, list) and squads:
        out["squads"] = _total(d, lang)
        for i, squad in enumerate(squads):
            if isinstance(squad, Mapping):
                out[f"squads/{i}"] = _squad(squad, lang)
                out.update(_members(f"squads/{i}", squad.get("members"), lang))
    # An archetype's path is in this file only when the Warbook is (it read no other file).
    if not evaluation.inputs:
        out.update(_archetypes(d.get("archetypes"), lang))
    return {path: _short(note) for path, note in out.items()}


def _n(value: Any, lang: str) -> Any:
    return value if type(value) is int else text("wt.unknown", lang)


def _short(note: str) -> str:
    return note if len(note) <= NOTE_MOST else note[: NOTE_MOST - 1] + "…"


def _total(d: Mapping[str, Any], lang: str) -> str:
    points, limit = _n(d.get("points"), lang), d.get("points_limit")
    head = (text("wt.note.points-of", lang, points=points, limit=limit) if type(limit) is int
            else text("wt.note.points", lang, points=points))
    return f"{head} · {text('wt.models', lang, models=_n(d.get('models'), lang))}"


def _squad(s: Mapping[str, Any], lang: str) -> str:
    values = {"points": _n(s.get("points"), lang), "energy": _n(s.get("energy"), lang),
              "reaction": _n(s.get("reaction_phase"), lang), "will": _n(s.get("willpower"), lang)}
    formation = s.get("formation")
    if isinstance(formation, Mapping):
        return text("wt.note.formation", lang, defense=_n(formation.get("defense"), lang),
                    fortune=_n(formation.get("fortune"), lang), **values)
    return text("wt.note.squad", lang, **values)


def _members(at: str, rows: Any, lang: str) -> dict[str, str]:
    """Each row's points at its line: the view lists a member line, then the crew lines of its
    vehicles (each with the row of its pilot), in the file's order."""
    out: dict[str, str] = {}
    member, line_of, crews = -1, {}, {}
    for r, row in enumerate(rows if isinstance(rows, list) else ()):
        if not isinstance(row, Mapping):
            return out  # not the view's shape: no path can be told for the rest
        pilot = row.get("crew_of")
        if pilot is None:
            member += 1
            line_of[r], crews[r] = member, 0
            path = f"{at}/members/{member}"
        elif type(pilot) is int and pilot in line_of:
            path = f"{at}/members/{line_of[pilot]}/crew/{crews[pilot]}"
            crews[pilot] += 1
        else:
            return out
        out[path] = text("wt.note.member", lang, count=_n(row.get("count"), lang), cost=_n(row.get("cost"), lang),
                         points=_n(row.get("points"), lang))
    return out


def _archetypes(archetypes: Any, lang: str) -> dict[str, str]:
    """Each archetype's price at its place in the Warbook: its own cost floored at the minimum as
    the check floored it, and the magazines bought on top (ruling 5a). Zones cost nothing."""
    out: dict[str, str] = {}
    positions: dict[str, int] = {}
    for a in archetypes if isinstance(archetypes, list) else ():
        kind = _kind(a)
        if kind is None:
            return out  # not the view's shape: positions can't be counted past it
        n = positions[kind] = positions.get(kind, -1) + 1
        if kind != "zone":
            out[f"warbook/{LISTS[kind]}/{n}"] = _price(a, lang)
    return out


def _price(a: Mapping[str, Any], lang: str) -> str:
    cost = a.get("cost")
    if type(cost) is not int:
        return text("wt.note.cost", lang, cost=text("wt.unknown", lang))
    breakdown = a.get("breakdown") if isinstance(a.get("breakdown"), Mapping) else {}
    minimum = breakdown.get("minimum")
    own, magazines = a.get("archetype_cost"), a.get("magazines_cost")
    if type(magazines) is int and magazines and type(own) is int:
        key = "wt.note.cost-split-minimum" if minimum else "wt.note.cost-split"
        return text(key, lang, cost=cost, archetype=own, magazines=magazines)
    if type(minimum) is int and minimum:
        return text("wt.note.cost-minimum", lang, cost=cost, raw=cost - minimum)
    return text("wt.note.cost", lang, cost=cost)
