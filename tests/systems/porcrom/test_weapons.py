"""¡Por Crom! weapons: names resolved by the book's lists, unknown ones warned about (ruling 50c),
and hand thunders reloading (ruling 50d)."""

import pytest

from builder.systems.porcrom.weapons import nearest, weapon
from tests.support import codes, only


def warband(characters: str = "", minions: str = "") -> str:
    return ("system: porcrom\nname: Banda\n"
            + (f"characters:\n{characters}" if characters else "")
            + (f"minions:\n{minions}" if minions else ""))


def hero(weapons: str) -> str:
    return f"  - {{name: Conan, dice: 14, weapons: [{weapons}]}}\n"


def guards(weapons: str) -> str:
    return f'  - {{name: Guardias, count: 3, track: ["2-2-0", "1-1-0", "0-0-0"], weapons: [{weapons}]}}\n'


@pytest.mark.parametrize("name, kind, inches", [
    ("Pistola", "pistola", 4), ("PISTOLAS", "pistola", 4), ("pistóla", "pistola", 4),    # "Pistolas: 4"" (l. 80)
    ("Jabalina", "arrojadiza", 12), ("dardo", "arrojadiza", 12),                          # thrown: 12" (l. 82)
    ("Hachas arrojadizas", "arrojadiza", 12),
    ("trueno-de-mano", "trueno-de-mano", 12), ("Truenos de Mano", "trueno-de-mano", 12),  # l. 82
    ("arcabuces", "recarga", None), ("Mosquetes", "recarga", None), ("armas de pólvora", "recarga", None),
    ("Arcos largos", "disparo", None),                                                    # "alcance infinito" (l. 78)
    ("Espadas", "cuerpo-a-cuerpo", None), ("tulwares", "cuerpo-a-cuerpo", None), ("puño", "cuerpo-a-cuerpo", None),
])
def test_case_accents_and_number_still_name_a_known_weapon(name, kind, inches):
    found = weapon(name)
    assert (found["known"], found["kind"], found["range"]) == (True, kind, inches)


def test_an_unknown_weapon_is_a_warning_naming_the_nearest_known_ones(check):
    # The rules are "sencillas y abiertas" (l. 7) and name only a few weapons (l. 78-84, 96):
    # a weapon outside them leaves the warband legal (ruling 50c).
    ev = check(warband(characters=hero("espada, pistolla"), minions=guards("lanzza")))
    assert ev.legal and codes(ev) == []
    found = [f for f in ev.findings if f.code == "unknown-weapon"]
    assert [(f.severity, f.place.path) for f in found] == [
        ("warning", ("characters", 0, "weapons", 1)), ("warning", ("minions", 0, "weapons", 0))]
    assert found[0].message("es").endswith(
        "builder no conoce el arma «pistolla»: sale sin alcance ni recarga y la banda sigue siendo legal "
        "(regla 50c de builder); la conocida más parecida es «pistola»")
    assert found[1].message("en").endswith(
        "builder doesn't know the weapon “lanzza”: it goes without a range or reload and the warband stays legal "
        "(builder's ruling 50c); the nearest known ones are “lanza” or “maza”")
    # The rest of the warband is checked as usual: a group of 6 is still too many (2 to 5, l. 23).
    six = check(warband(minions=guards("tridente").replace("count: 3", "count: 6")))
    assert codes(six) == ["minion-group-size"] and codes(six, "warning") == ["unknown-weapon"]


def test_a_weapon_like_none_sends_the_player_to_the_catalog(check):
    finding = only(check(warband(characters=hero("tridente"))), "unknown-weapon")
    assert finding.variant == "none"
    assert finding.message("en").endswith("“builder catalog porcrom weapons” lists the known ones")


def test_the_nearest_names_offer_each_weapon_once():
    # "pistola" and "pistolas" are one weapon: it is offered once, in the singular the catalog lists first.
    assert nearest("pistolla") == ["pistola"]
    assert nearest("ballesa") == ["ballesta"]
    assert nearest("tridente") == []


def test_an_unknown_weapon_has_no_range_in_inspect_or_the_spreadsheet(check):
    from builder.systems.porcrom.sheets import weapons_line
    from builder.systems.porcrom.system import SYSTEM

    ev = check(warband(characters=hero("tridente, pistola")))
    tridente, pistola = ev.details["characters"][0]["weapons"]
    assert tridente == {"name": "tridente", "known": False, "kind": None, "range": None, "reload": None,
                        "melee": None, "ruling": "50c"}
    assert pistola["known"] is True and pistola["range"] == 4
    assert "      tridente: desconocida (regla 50c de builder)" in SYSTEM.inspect_text(ev, "es")
    assert "      tridente: unknown (builder's ruling 50c)" in SYSTEM.inspect_text(ev, "en")
    assert weapons_line(ev.details["characters"][0]["weapons"], "es") == 'tridente (desconocida), pistola (4")'


def test_the_card_prints_an_unknown_weapons_name_without_a_profile(check):
    from builder.systems.porcrom.cards import character_card, minion_card

    ev = check(warband(characters=hero("tridente, pistola"), minions=guards("red")))
    card = character_card(ev.details["characters"][0], "es")
    weapons = next(s for s in card.sections if s.title == "Armas")
    # A pistol: 4" (l. 80) and reloads as a gunpowder weapon (l. 96).
    assert weapons.items == [("tridente", ""), ("pistola", '4" · recarga')]
    group = minion_card(ev.details["minions"][0], "es")
    assert next(s for s in group.sections if s.title == "Armas").items == [("red", "")]


def test_hand_thunders_reload_as_gunpowder_weapons_by_ruling_50d(check):
    # "Armas arrojadas, truenos de mano: 12"" (l. 82) gives their reach; "las armas de pólvora
    # deben recargarse" (l. 96); the 1-4 shots of l. 84 are for "armas arrojadas" alone.
    ev = check(warband(characters=hero("trueno de mano, jabalinas")))
    thunder, javelins = ev.details["characters"][0]["weapons"]
    assert (thunder["range"], thunder["reload"], thunder["ruling"]) == (12, True, "50d")
    assert (javelins["range"], javelins["reload"], javelins["ruling"]) == (12, False, None)
    assert ev.legal
    finding = only(ev, "hand-thunder-reloads")
    assert finding.severity == "warning" and finding.place.path == ("characters", 0, "weapons", 0)
    assert finding.message("es").endswith(
        "«trueno de mano» se recarga como un arma de pólvora, con una acción especial de 6 puntos entre disparo y "
        "disparo (regla 50d de builder)")   # "Requieren sumar 6 puntos" (l. 119)


def test_inspect_and_the_card_show_a_hand_thunders_reload_and_its_ruling(check):
    from builder.systems.porcrom.cards import character_card
    from builder.systems.porcrom.system import SYSTEM

    ev = check(warband(characters=hero("trueno de mano")))
    assert '      trueno de mano: 12" · se recarga (regla 50d de builder)' in SYSTEM.inspect_text(ev, "es")
    assert '      trueno de mano: 12" · reloads (builder\'s ruling 50d)' in SYSTEM.inspect_text(ev, "en")
    card = character_card(ev.details["characters"][0], "en")
    assert next(s for s in card.sections if s.title == "Weapons").items == [("trueno de mano", '12" · reload (ruling 50d)')]


def test_a_figure_with_two_hand_thunders_is_told_once(check):
    # Ruling 50d's warning is once per figure that carries one, however many it lists.
    ev = check(warband(characters=hero("lanza, trueno de mano, truenos de mano")))
    assert codes(ev, "warning") == ["hand-thunder-reloads"]
