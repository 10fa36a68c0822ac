"""builder.core.pack: what an event's pack replaces in a list, and where its values are written."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from builder.events.packs import load_pack

PACK = Path(__file__).resolve().parents[2] / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
# Line 1 is a comment; then system, name, points_limit: 250, formations: false, restrictions.


def test_a_pack_replaces_only_what_a_list_also_has_and_never_its_name():
    pack = load_pack(PACK)
    assert (pack.system, pack.name) == ("wartime", "Torneo de Otoño")
    assert pack.overrides({"points_limit", "formations", "name", "squads"}) == {"points_limit": 250,
                                                                                "formations": False}
    assert pack.overrides({"squads"}) == {}


def test_a_packs_value_is_found_at_its_line():
    assert load_pack(PACK).place("points_limit").line == 4
    assert load_pack(PACK).place("points_limit").file == str(PACK)


def test_a_pack_is_not_changed_once_read():
    pack = load_pack(PACK)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pack.system = "porcrom"  # type: ignore[misc]
