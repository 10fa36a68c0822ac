"""Records: a check's validated values, and proof that they validate as the models do."""

import copy
import pickle
from pathlib import Path

import pytest
from pydantic_core import ValidationError

from builder.core import registry
from builder.core.reader import read_document
from builder.core.records import Record
from builder.systems.wartime.records import Member, Restrictions, Squad

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROSTERS = sorted(p for p in EXAMPLES.rglob("*.yaml") if "pack" not in p.parts and "05-rota" not in p.name)


def test_a_record_is_frozen_compares_by_value_and_survives_pickle_and_copy():
    squad = Squad.validate({"name": "Alfa", "members": [{"character": "Soldado", "count": 3}]})
    with pytest.raises(AttributeError, match="frozen"):
        squad.name = "Beta"
    with pytest.raises(AttributeError, match="frozen"):
        del squad.name
    again = Squad.validate({"name": "Alfa", "members": [{"character": "Soldado", "count": 3}]})
    assert squad == again and squad != Squad.validate({"name": "Beta", "members": [{"character": "S"}]})
    assert hash(Restrictions(max_level=30)) == hash(Restrictions.validate({"max_level": 30}))
    for twin in (pickle.loads(pickle.dumps(squad)), copy.deepcopy(squad), copy.copy(squad)):
        assert twin == squad
        assert twin.model_dump(exclude_unset=True) == squad.model_dump(exclude_unset=True)
    assert repr(Member(character="S")) == "Member(character='S', count=1, crew=[])"


def test_a_record_built_by_keywords_is_validated_like_a_file():
    assert Restrictions() == Restrictions.validate({})
    assert Restrictions(max_level=30).max_level == 30
    with pytest.raises(ValidationError):
        Restrictions(max_level=51)
    with pytest.raises(ValidationError):
        Restrictions(max_levle=3)


def test_model_dump_takes_pydantics_options():
    member = Member.validate({"character": "Piloto", "crew": [{"character": "Artillero", "count": 2}]})
    assert member.model_dump() == {"character": "Piloto", "count": 1,
                                   "crew": [{"character": "Artillero", "count": 2}]}
    assert member.model_dump(exclude_defaults=True) == {"character": "Piloto",
                                                        "crew": [{"character": "Artillero", "count": 2}]}
    assert member.model_dump(exclude={"crew"}, exclude_unset=True) == {"character": "Piloto"}


def _roster_data(path: Path) -> tuple[registry.System, dict]:
    doc = read_document(path, path.name)
    system = registry.find(doc.data["system"])
    return system, {**doc.data, "system": system.key}


def _outcome(model, data):
    """What validating gives: the value as JSON, or the errors (type, location, message, context)."""
    try:
        value = model.validate(data) if issubclass(model, Record) else model.model_validate(data)
    except ValidationError as exc:
        return [(e["type"], e["loc"], e["msg"], str(e.get("ctx"))) for e in exc.errors(include_url=False)]
    return value.model_dump(mode="json", by_alias=True)


def _mutants(data, path=()):
    """Every value of the data replaced by a wrong one of several kinds, and every mapping
    given an unknown key, one change at a time."""
    yield path + ("?",), "zzz"
    children = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in list(children):
        for wrong in ("x" * 101, 10**6, -1, 2.5, None, True, [], {}, "Móvil", "\u202e"):
            yield path + (key,), wrong
        if isinstance(value, (dict, list)) and value:
            yield from _mutants(value, path + (key,))


def _with(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    if path[-1] == "?":
        if isinstance(target, dict):
            target["zzz"] = value
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("path", ROSTERS, ids=lambda p: p.name)
def test_records_validate_every_example_and_every_mistake_in_it_as_the_models_do(path):
    system, data = _roster_data(path)
    record, model = system.file_model, system.file_model.pydantic()
    assert _outcome(record, data) == _outcome(model, data)
    for where, wrong in _mutants(data):
        mutant = _with(data, where, wrong)
        assert _outcome(record, mutant) == _outcome(model, mutant), (where, wrong)
