"""¡Por Crom!'s hooks for the page's forms: the weapons a figure may carry, the notes beside
each character and group, and a label for every key of the file."""

from __future__ import annotations

import pytest

from builder.core import registry
from builder.core.pipeline import evaluate
from builder.systems.porcrom.system import NOTE_MOST, _brief
from tests.book_cases import EXAMPLES, crom, guards, hero, write
from tests.support import codes

SYSTEM = registry.get("porcrom")
"""The plugin as the page gets it: loaded by the registry, its messages with it."""
WEAPON_FIELDS = ("characters/*/weapons/*", "minions/*/weapons/*")


@pytest.mark.parametrize("field", WEAPON_FIELDS)
def test_every_weapon_offered_is_one_the_check_knows(tmp_path, field):
    offered = [value for value, _ in SYSTEM.choices({}, None, "es")[field]]
    assert len(offered) == len(set(offered)) > 20
    # Ten a figure: the model takes at most ten weapons each.
    chunks = [offered[i:i + 10] for i in range(0, len(offered), 10)]
    if field.startswith("characters"):
        doc = crom(characters=[hero(name=f"H{i}", weapons=chunk) for i, chunk in enumerate(chunks)])
    else:
        doc = crom(minions=[guards(name=f"G{i}", weapons=chunk) for i, chunk in enumerate(chunks)])
    ev = evaluate(write(tmp_path, "banda.yaml", doc), "banda.yaml")
    assert ev.legal, [f.message("en") for f in ev.findings]
    assert "unknown-weapon" not in codes(ev, "warning")


def test_a_weapon_is_offered_once_whatever_its_number():
    offered = [value for value, _ in SYSTEM.choices({}, None, "es")["characters/*/weapons/*"]]
    assert "pistola" in offered and "pistolas" not in offered
    assert "jabalina" in offered and "jabalinas" not in offered


def test_a_weapon_is_labelled_with_its_reach_in_the_language():
    es = dict(SYSTEM.choices({}, None, "es")["characters/*/weapons/*"])
    en = dict(SYSTEM.choices(None, None, "en")["minions/*/weapons/*"])
    # Pistols reach 4" and, gunpowder, reload; thrown weapons 12"; a bow has no limit.
    assert es["pistola"] == 'pistola · 4" · recarga'
    assert en["jabalina"] == 'jabalina · 12"'
    assert en["arco"] == "arco · unlimited"
    assert es["espada"] == "espada · cuerpo a cuerpo"
    # The hand thunder reloads by builder's ruling 50d, and says so.
    assert en["trueno de mano"] == 'trueno de mano · 12" · reload (ruling 50d)'


@pytest.mark.book
def test_the_notes_of_the_lobos_de_zamora():
    path = EXAMPLES / "porcrom" / "lobos-de-zamora.yaml"
    ev = evaluate(path, path.name)
    es, en = SYSTEM.notes(ev, "es"), SYSTEM.notes(ev, "en")
    # «no superen en pulgadas la mitad de su reserva inicial»: Conan 14 / 2 = 7"; his horse gives
    # «6d6 de movimiento».
    assert es["characters/0"] == 'reserva 14d6 · salto máximo 7" · caballo 6d6'
    assert en["characters/0"] == 'pool 14d6 · longest jump 7" · horse 6d6'
    # Taramis 11 / 2 = 5.5", written the language's way; heavy armour.
    assert es["characters/1"] == 'reserva 11d6 · salto máximo 5,5" · armadura pesada'
    assert en["characters/1"] == 'pool 11d6 · longest jump 5.5" · heavy armour'
    # Thoth-Amon 12 / 2 = 6".
    assert es["characters/2"] == 'reserva 12d6 · salto máximo 6"'
    # «los secuaces no podrán intentar saltos de más de 2"».
    assert es["minions/0"] == '4 secuaces · salto máximo 2"'
    assert en["minions/1"] == '2 minions · longest jump 2"'
    assert len(es) == 3 + 2


def test_notes_are_short_and_none_without_a_resolved_warband(tmp_path):
    rider = hero(dice=50, horse=True, heavy_armor=True)
    ev = evaluate(write(tmp_path, "banda.yaml", crom(characters=[rider], minions=[guards(heavy_armor=True)])),
                  "banda.yaml")
    notes = SYSTEM.notes(ev, "es")
    # 50 / 2 = 25": the horse fits in the line, the armour no more.
    assert notes["characters/0"] == 'reserva 50d6 · salto máximo 25" · caballo 6d6'
    assert notes["minions/0"] == '4 secuaces · salto máximo 2" · armadura pesada'
    broken = evaluate(write(tmp_path, "mala.yaml", crom(characters="nadie")), "mala.yaml")
    assert broken.details is None and SYSTEM.notes(broken, "es") == {}


def test_a_note_keeps_whole_parts_within_one_line():
    assert _brief(["a" * 50, "b" * 7]) == "a" * 50 + " · " + "b" * 7
    assert _brief(["a" * 50, "b" * 8]) == "a" * 50
    assert _brief(["a" * 70]) == "a" * (NOTE_MOST - 1) + "…"
