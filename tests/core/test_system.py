"""The interface every game implements."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.core import registry
from builder.core.display import shorten
from builder.core.findings import Finding, FrozenFindings, Place
from builder.core.pipeline import evaluate
from builder.core.reader import read_document
from builder.core.system import System
from builder.core.validators import NAME_MOST

ROOT = Path(__file__).resolve().parents[2]


def a_finding(code: str = "x") -> Finding:
    return Finding(code, "error", Place(None), "rule")


def test_findings_come_in_reading_order(tmp_path):
    path = tmp_path / "banda.yaml"
    path.write_text("system: porcrom\nname: B\ncharacters: []\nminions: []\n", encoding="utf-8")
    doc = read_document(path, "banda.yaml")
    found = [Finding(code, "error", Place(doc, (key,)), "rule") for code, key in
             (("fourth", "minions"), ("third", "characters"), ("also-third", "characters"), ("first", "system"))]
    ordered = FrozenFindings(found).in_reading_order()
    assert [f.code for f in ordered] == ["first", "third", "also-third", "fourth"]   # stable on one line
    assert [f.place.line for f in ordered] == [1, 3, 3, 4]


def test_a_file_that_fails_its_model_still_shows_its_name_cut_short(tmp_path):
    name = "N" * 150   # longer than a name may be
    path = tmp_path / "x.yaml"
    path.write_text(f"system: porcrom\nname: {name}\npoints_limit: -5\ncharacters: 3\n", encoding="utf-8")
    ev = evaluate(path, "x.yaml")
    assert not ev.legal
    assert ev.name == shorten(name, NAME_MOST)
    assert ev.points_limit is None     # a limit below 1 is not shown as the list's


def test_a_game_says_where_its_folder_is_and_brings_no_extras_unless_it_says_so():
    wartime = registry.get("wartime")
    assert wartime.folder == ROOT / "builder" / "systems" / "wartime"
    assert wartime.commands() == ()
    assert wartime.event_findings([], None) == []  # type: ignore[arg-type]
    assert [c.name for c in registry.get("cripmaquion-campaign").commands()] == ["campaign"]
    assert isinstance(wartime, System) and wartime.messages


# --- issue 32: the starting roster's placeholders left in ------------------------------------

# What each starting roster writes (templates/new-roster.<lang>.yaml): its name, and a player
# placeholder for the two games whose starting roster has a player line.
STARTING = {
    "wartime": ({"es": "Mi compañía", "en": "My company"}, {"es": "Tu nombre", "en": "Your name"}),
    "cripmaquion": ({"es": "Mi equipo", "en": "My team"}, {"es": "Tu nombre", "en": "Your name"}),
    "confrontation": ({"es": "Mi artillería", "en": "My artillery"}, None),
    "porcrom": ({"es": "Mi banda", "en": "My warband"}, None),
    "dungeon-universalis": ({"es": "Mi expedición", "en": "My expedition"}, None),
    "cripmaquion-campaign": ({"es": "Mi campaña", "en": "My campaign"}, None),
}


@pytest.mark.parametrize("key", sorted(STARTING))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_starting_rosters_placeholders_left_in_are_warned_of(check, key, lang):
    system = registry.get(key)
    name, player = STARTING[key]
    ev = check(system.starting_roster(lang))
    found = {f.place.path: f for f in ev.findings.warnings if f.code == "placeholder-value"}
    expected = {(system.name_key,)} | ({("player",)} if player else set())
    assert set(found) == expected
    assert found[(system.name_key,)].params["value"] == name[lang]
    if player:
        assert found[("player",)].params["value"] == player[lang]
        assert found[("player",)].variant == "player"
    assert ev.player is None  # a placeholder is no player's name: nothing prints it
    assert ev.legal or key == "cripmaquion-campaign"  # warnings only (a campaign starts with no team)


def test_a_placeholder_in_the_other_language_is_one_too_and_a_real_name_is_none(check):
    text = registry.get("wartime").starting_roster("en")
    ev = check(text.replace("player: Your name", "player: tu  NOMBRE"))
    assert [f.place.path for f in ev.findings.warnings if f.code == "placeholder-value"] == [("name",), ("player",)]
    ev = check(text.replace("name: My company", "name: Compañía Fénix").replace("Your name", "Ana Robles"))
    assert [f for f in ev.findings if f.code == "placeholder-value"] == [] and ev.player == "Ana Robles"


def test_a_placeholder_is_said_in_the_users_language(check):
    ev = check(registry.get("cripmaquion").starting_roster("es"))
    player = next(f for f in ev.findings if f.code == "placeholder-value" and f.variant == "player")
    assert player.message("es") == ("lista.yaml:5 player: «Tu nombre» es el texto de ejemplo de la lista inicial, "
                                     "no un nombre: escribe el del jugador o borra la línea (mientras tanto no se imprime)")
    assert player.message("en") == ("lista.yaml:5 player: “Tu nombre” is the starting roster's example text, not a "
                                     "name: write the player's or delete the line (until then it isn't printed)")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_starting_warbook_holds_only_a_warbook_and_its_name_is_a_placeholder(check, lang):
    wartime = registry.get("wartime")
    assert wartime.new_kinds() == ("warbook",) and registry.get("porcrom").new_kinds() == ()
    ev = check(wartime.starting_roster(lang, "warbook"))
    assert ev.holds == "warbook" and not ev.roster and ev.legal
    assert [f.place.path for f in ev.findings.warnings if f.code == "placeholder-value"] == [("name",)]
    with pytest.raises(FileNotFoundError):
        wartime.starting_roster(lang, "../new-roster")
