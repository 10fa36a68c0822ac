"""A Wartime archetype renamed: every place that names it (the Warbook's characters and
transports, the list's squads, a list that uses the Warbook from another file) is changed with it,
and the list reads as before."""

from __future__ import annotations

from pathlib import Path

import yaml

from builder.core.registry import get
from builder.web.edits import Edit, change

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wartime"
SYSTEM = get("wartime")


def read(name: str):
    return yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))


def renamed(data, path, new):
    old = data
    for key in path:
        old = old[key]
    out = change(data, Edit("set", path, new))
    for place, value in SYSTEM.renamed(data, path, old, new):
        out = change(out, Edit("set", place, value))
    return out


def test_a_character_renamed_is_recruited_by_its_new_name_crews_included():
    data = read("columna-blindada.yaml")
    out = renamed(data, ("warbook", "characters", 1, "name"), "Tirador")  # Artillero
    crew = out["squads"][0]["members"][0]["crew"]
    assert crew[0]["character"] == "Tirador" and crew[1]["character"] == "Cargador"
    assert out["warbook"]["characters"][1]["name"] == "Tirador"


def test_a_weapon_renamed_is_carried_and_its_magazines_bought_by_its_new_name():
    data = read("columna-blindada.yaml")
    out = renamed(data, ("warbook", "weapons", 1, "name"), "MG 42")  # Ametralladora
    book = out["warbook"]
    assert book["transports"][0]["weapons"] == ["Cañón de 75 mm", "MG 42"]
    # The magazines' table keeps its order, the weapon renamed in its place.
    assert list(book["transports"][0]["magazines"].items()) == [("Cañón de 75 mm", 4), ("MG 42", 2)]
    assert book["characters"][3]["weapons"] == ["MG 42"] and book["characters"][3]["magazines"] == {"MG 42": 3}
    assert book["characters"][0]["magazines"] == {"Pistola": 2}  # other weapons' are untouched


def test_bodies_transports_and_protections_follow_their_names():
    data = read("columna-blindada.yaml")
    out = renamed(data, ("warbook", "bodies", 0, "name"), "Blindado")
    assert [c["body"] for c in out["warbook"]["characters"]] == ["Blindado", "Blindado", "Soldado raso", "Soldado raso"]
    out = renamed(data, ("warbook", "transports", 0, "name"), "Panzer IV")
    assert out["warbook"]["characters"][0]["transport"] == "Panzer IV"
    out = renamed(data, ("warbook", "protections", 0, "name"), "Mono")
    assert [c.get("protections") for c in out["warbook"]["characters"]] == [["Mono"]] * 3 + [None]


def test_a_list_whose_warbook_is_another_file_follows_a_rename_made_there():
    data = read("compania-fenix.yaml")
    changes = SYSTEM.renamed(data, ("warbook", "characters", 0, "name"), "Fusilero", "Tirador")
    assert changes == [(("squads", 0, "members", 1, "character"), "Tirador"),
                       (("squads", 1, "members", 1, "character"), "Tirador")]


def test_a_later_namesake_or_a_field_that_names_nothing_brings_no_change():
    data = read("columna-blindada.yaml")
    data["warbook"]["characters"].append({"name": "Artillero", "body": "Tanquista"})
    assert SYSTEM.renamed(data, ("warbook", "characters", 4, "name"), "Artillero", "Otro") == []
    assert SYSTEM.renamed(data, ("warbook", "characters", 1, "name"), "Artillero", "Otro") != []
    assert SYSTEM.renamed(data, ("squads", 0, "name"), "Sección de carros", "Otra") == []
    assert SYSTEM.renamed(data, ("warbook", "zones", 0, "name"), "Ruinas", "Otra") == []
    assert SYSTEM.renamed({"warbook": 3, "squads": "x"}, ("warbook", "characters", 0, "name"), "a", "b") == []
