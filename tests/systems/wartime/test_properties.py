"""Laws the arithmetic must obey whatever the numbers: hypothesis searches for exceptions."""

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core.findings import Place
from builder.core.reader import Document
from builder.core.yaml_data import parse_text
from builder.core.registry import get
from builder.systems.wartime.records import Warbook
from builder.systems.wartime.pricing import PricedWarbook

scale = st.integers(1, 10)
measure = st.one_of(st.integers(0, 60), st.floats(0, 60, allow_nan=False).map(lambda x: round(x, 2)))
trait = st.fixed_dictionaries({"name": st.just("t"), "cost": st.integers(0, 30)})
shape = st.one_of(
    measure,
    st.fixed_dictionaries({"shape": st.just("circle"), "diameter": measure}),
    st.fixed_dictionaries({"shape": st.sampled_from(["rectangle", "triangle"]), "length": measure, "width": measure}),
)


def evaluate_text(text: str):
    data, lines = parse_text(text, "mem.yaml")
    return get("wartime").evaluate(Document(Path("mem.yaml"), "mem.yaml", data, lines))


@given(energy=scale, damage=scale, range_k=measure, area=shape, bonus=st.lists(trait, max_size=2),
       malus=st.lists(trait, max_size=2))
def test_a_weapon_costs_at_least_one_and_its_breakdown_adds_up(energy, damage, range_k, area, bonus, malus):
    weapon = {"name": "W", "energy": energy, "damage": damage, "range": range_k, "area": area,
              "bonus": bonus, "malus": malus}
    book = PricedWarbook(Warbook.validate({"weapons": [weapon]}), Place(None))
    entry = book.entries[0]
    assert entry.cost >= 1
    assert sum(entry.breakdown.values()) == entry.cost


@given(attrs=st.lists(scale, min_size=5, max_size=5), fortune=st.integers(0, 10),
       protection=scale, p_energy=scale, malus=st.lists(trait, max_size=3))
def test_a_character_costs_at_least_one_and_its_breakdown_adds_up(attrs, fortune, protection, p_energy, malus):
    con, agi, int_, rea, vol = attrs
    book = PricedWarbook(Warbook.validate({
        "bodies": [{"name": "B", "con": con, "agi": agi, "int": int_, "rea": rea, "vol": vol}],
        "protections": [{"name": "P", "energy": p_energy, "protection": protection}],
        "characters": [{"name": "C", "body": "B", "protections": ["P"], "fortune": fortune, "malus": malus}],
    }), Place(None))
    character = book.find("character", "C")
    assert character.cost >= 1
    assert sum(character.breakdown.values()) == character.cost
    assert character.derived["level"] == sum(attrs)
    assert character.derived["energy"] == min(rea + 5, 10)


BOOK = {
    "bodies": [{"name": "B", "con": 4, "agi": 5, "int": 3, "rea": 4, "vol": 6}],
    "weapons": [{"name": "W", "energy": 2, "damage": 5, "range": 12}],
    "characters": [{"name": f"C{i}", "body": "B", "weapons": ["W"] * i} for i in range(4)],
}
squads = st.lists(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 6)), min_size=1, max_size=4),
    min_size=1, max_size=5,
)


def roster(squad_list, book=BOOK):
    return {"system": "wartime", "name": "L", "warbook": book,
            "squads": [{"name": f"S{n}", "members": [{"character": f"C{c}", "count": k} for c, k in members]}
                       for n, members in squad_list]}


@settings(max_examples=60)
@given(squad_list=squads, data=st.data())
def test_the_order_of_squads_and_members_does_not_change_the_total(squad_list, data):
    named = list(enumerate(squad_list))
    shuffled = [(n, data.draw(st.permutations(m))) for n, m in data.draw(st.permutations(named))]
    first = evaluate_text(yaml.safe_dump(roster(named), allow_unicode=True))
    second = evaluate_text(yaml.safe_dump(roster(shuffled), allow_unicode=True))
    assert first.points == second.points
    assert first.extra["models"] == second.extra["models"] == sum(k for _, m in named for _, k in m)


@settings(max_examples=40)
@given(squad_list=squads, flow=st.booleans(), data=st.data())
def test_formatting_key_order_and_comments_keep_the_fingerprint(squad_list, flow, data):
    content = roster(list(enumerate(squad_list)))
    plain = evaluate_text(yaml.safe_dump(content, allow_unicode=True, sort_keys=True))
    keys = data.draw(st.permutations(list(content)))
    reordered = {k: content[k] for k in keys}
    restyled = "# a comment\n" + yaml.safe_dump(reordered, allow_unicode=True, sort_keys=False,
                                                 default_flow_style=flow, indent=4)
    assert evaluate_text(restyled).fingerprint == plain.fingerprint


@settings(max_examples=40)
@given(squad_list=squads)
def test_any_change_of_a_count_changes_the_fingerprint(squad_list):
    content = roster(list(enumerate(squad_list)))
    before = evaluate_text(yaml.safe_dump(content)).fingerprint
    content["squads"][0]["members"][0]["count"] += 1
    assert evaluate_text(yaml.safe_dump(content)).fingerprint != before
