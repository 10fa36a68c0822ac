"""How the builder writes what it shows: a catalogue's names as a label starts, the file keeping
them as the book writes them; each item of a list of names by what it is («Arma 1»)."""

from pathlib import Path

from builder.core import registry
from builder.core.pipeline import evaluate
from builder.web.forms import Forms
from builder.web.wording import capitalised, facts, item_label

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_catalogues_lower_case_names_are_shown_as_a_label_starts_and_written_as_the_file_has_them():
    system = registry.get("porcrom")
    ev = evaluate(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml", "l.yaml")
    data = ev.source.data
    forms = Forms("porcrom", system.schema(), "es", system.choices(data, ev, "es"), system.notes(ev, "es"))
    by_at = {n.at: n for n in forms.build(data).walk()}
    weapon = by_at["characters/0/weapons/0"]
    espada = next(o for o in weapon.options if o.value == "espada")
    assert espada.label.startswith("Espada") and espada.value == "espada"
    assert weapon.label == "Arma 1"  # one of the character's weapons, not «Armas 1»
    assert by_at["characters/0"].note.startswith("Reserva ")
    cq = registry.get("cripmaquion")
    ev = evaluate(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", "g.yaml")
    forms = Forms("cripmaquion", cq.schema(), "es", cq.choices(ev.source.data, ev, "es"), cq.notes(ev, "es"))
    nodes = {n.at: n for n in forms.build(ev.source.data).walk()}
    assert nodes["runners/4"].note.endswith("· Gregario")
    assert nodes["runners/0/specialties/0"].label == "Especialidad 1"
    english = Forms("cripmaquion", cq.schema(), "en").build(ev.source.data)
    assert {n.at: n for n in english.walk()}["runners/0/specialties/0"].label == "Specialty 1"


def test_an_item_of_a_list_the_game_has_no_word_for_says_its_list_and_number():
    assert item_label("porcrom", "nothing", "Cosas", 2, "es") == "Cosas: n.º 2"
    assert item_label("porcrom", "nothing", "Things", 2, "en") == "Things: no. 2"


def test_only_a_first_lower_case_letter_changes():
    assert capitalised("espada") == "Espada" and capitalised("Fusil") == "Fusil" and capitalised("3 secuaces") == "3 secuaces"
    assert capitalised("") == "" and facts("orco · FUE 3 / RES 3 · gregario") == "Orco · FUE 3 / RES 3 · Gregario"
