"""Each game's pack of the hosted builder: every game an event may be held for, restricting nothing."""

from builder.core import registry
from builder.hosted.packs import open_packs, titles


def test_every_game_with_packs_has_one_and_it_restricts_nothing():
    packs = open_packs()
    assert sorted(packs) == ["confrontation", "cripmaquion", "dungeon-universalis", "porcrom", "wartime"]
    for key, pack in packs.items():
        assert pack.system == key and pack.name.startswith("builder · ")
        assert pack.overrides({"points_limit", "restrictions", "formations", "name", "system"}) == {}
    assert {game["key"] for game in titles(packs)} == set(packs)
    assert registry.find("cripmaquion-campaign") is not None and "cripmaquion-campaign" not in packs
