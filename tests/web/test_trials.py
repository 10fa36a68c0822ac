"""Which choices the rules refuse: each tried as the click would make it, a choice that needs a
neighbouring one made with it left open."""

import shutil
from pathlib import Path

from builder.web import texts  # noqa: F401 - the page's words
from builder.web.building import Builder
from builder.serve.workspace import Workspace

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def team(tmp_path):
    shutil.copy(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", tmp_path / "grupetto.yaml")
    return Builder(Workspace(tmp_path)), tmp_path / "grupetto.yaml"


def wartime_folder(tmp_path):
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(EXAMPLES / "wartime" / name, tmp_path / name)
    return Builder(Workspace(tmp_path))


def test_a_refused_choice_says_why_in_the_findings_own_words(tmp_path):
    builder, file = team(tmp_path)
    text = file.read_text(encoding="utf-8")
    refused = builder.refusals(file.name, text, ["runners", 2], "es")
    # El Grupetto verde lines up a brujo (Burujo Potingue): an elf beside him is refused (brujo-with-elf),
    # and the roster's 5 specialty slots are full, so a star (two slots) for Arcada is refused too.
    assert "brujo" in refused["f-runners-2-race"]["elfo"]
    assert "plazas de especialista" in refused["f-runners-2-specialties-new"]["martillo"]
    assert "orco" not in refused["f-runners-2-race"]


def test_a_number_priced_from_a_table_is_tried_as_a_number(tmp_path):
    shutil.copy(EXAMPLES / "wartime" / "fenix-warbook.yaml", tmp_path / "wb.yaml")
    builder = Builder(Workspace(tmp_path))
    text = (tmp_path / "wb.yaml").read_text(encoding="utf-8")
    view = builder.view("wb.yaml", text, None, ("warbook", "characters", 1), "es")
    fortune = next(n for n in view.detail.walk() if n.path[-1:] == ("fortune",))
    assert fortune.kind == "select" and [o.value for o in fortune.options][:3] == ["0", "1", "2"]
    refused = builder.refusals("wb.yaml", text, ["warbook", "characters", 1], "es")
    # Fortune 0 to 10 is the Warbook's own table: no value of it is a wrong type.
    assert "f-warbook-characters-1-fortune" not in refused


def test_a_number_chosen_from_its_table_is_tried_as_a_number(tmp_path):
    builder = wartime_folder(tmp_path)
    text = (tmp_path / "fenix-warbook.yaml").read_text(encoding="utf-8")
    refused = builder.refusals("fenix-warbook.yaml", text, ["warbook", "bodies", 1], "es")
    # Tried as the text "5", every attribute was refused as «se esperaba un número entero».
    reasons = [reason for choices in refused.values() for reason in choices.values()]
    assert not [r for r in reasons if "entero" in r]
    assert "f-warbook-bodies-1-con" not in refused


def test_a_choice_that_needs_its_neighbours_made_with_it_is_not_refused(tmp_path):
    shutil.copy(EXAMPLES / "confrontation" / "artilleria-no-dan-kar.yaml", tmp_path / "a.yaml")
    builder = Builder(Workspace(tmp_path))
    text = (tmp_path / "a.yaml").read_text(encoding="utf-8")
    refused = builder.refusals("a.yaml", text, ["machines", 0], "es").get("f-machines-0-competencies-0-name", {})
    # The chariot's first competency is Irreprimible. Segadora/X in its place needs its X: on its
    # own it breaks a rule, with an X of 1 beside it, it doesn't (a moving engine may take it).
    assert "segadora" not in refused
    # Transporte is the chariot's already (its third competency): twice is refused whatever is
    # chosen with it.
    assert "transporte" in refused


def test_a_brujos_gregario_stays_open_with_its_reason_as_another_race_would_mend_it(tmp_path):
    builder, file = team(tmp_path)
    said = builder.tried(file.name, file.read_text(encoding="utf-8"), ["runners", 7], "es")
    # Burujo Potingue is a brujo, inepto: neither specialist nor gregario (ruling 32a). Another race,
    # a choice of the same runner, would make «gregario» fit (l. 905): it stays open, saying why
    # (ruling 32b, issue 49).
    refused, hinted = said["refused"]["f-runners-7-specialties-new"], said["open"]["f-runners-7-specialties-new"]
    assert "gregario" not in refused
    assert hinted["gregario"].startswith("Gregario") and "solo si cambias otra elección" in hinted["gregario"]
    assert "brujo" in hinted["gregario"] and "32a" in hinted["gregario"]
    # A specialist would need a slot too, and the team's five are taken (ruling 27): another race
    # mends only half of it, so those stay refused.
    assert {"brincamontes", "cazavictorias", "rompehuesos"} <= set(refused)
    assert builder.refusals(file.name, file.read_text(encoding="utf-8"), ["runners", 7], "es") == said["refused"]
    english = builder.tried(file.name, file.read_text(encoding="utf-8"), ["runners", 7], "en")
    assert "only if you change another choice" in english["open"]["f-runners-7-specialties-new"]["gregario"]


def test_a_choice_no_other_choice_of_the_part_mends_stays_refused(tmp_path):
    builder, file = team(tmp_path)
    said = builder.tried(file.name, file.read_text(encoding="utf-8"), ["runners", 2], "es")
    # Arcada's star (two slots) is refused for the full slots whatever her race: nothing is opened.
    assert "martillo" in said["refused"]["f-runners-2-specialties-new"]
    assert "martillo" not in said["open"].get("f-runners-2-specialties-new", {})


def artillery(tmp_path):
    shutil.copy(EXAMPLES / "confrontation" / "artilleria-no-dan-kar.yaml", tmp_path / "a.yaml")
    return Builder(Workspace(tmp_path)), (tmp_path / "a.yaml").read_text(encoding="utf-8")


def test_the_blank_choice_is_tried_too(tmp_path):
    builder, text = artillery(tmp_path)
    refused = builder.refusals("a.yaml", text, ["machines", 0], "es")
    # The chariot's third competency is Transporte/4, lateral: «— ninguno —» as its access breaks
    # the rule that a transport has one, and nothing else of the competency mends that.
    blank = refused["f-machines-0-competencies-2-access"][""]
    assert "— ninguno —" in blank and "acceso" in blank


def test_a_value_that_may_be_left_empty_is_tried_empty(tmp_path):
    builder, text = artillery(tmp_path)
    refused = builder.refusals("a.yaml", text, ["machines", 0], "es")
    # The second competency is Impacto/3. Inalterable in its place takes no X: tried with X = 1 only
    # it was refused; with X left out it is legal, so it stays open.
    assert "inalterable" not in refused["f-machines-0-competencies-1-name"]
    # Transporte there is refused still: the chariot has one already.
    assert "transporte" in refused["f-machines-0-competencies-1-name"]
