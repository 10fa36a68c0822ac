"""Runner profiles worked by hand from the dice guide (annex), §3.1, §6 and §7."""

from pathlib import Path

import pytest

from builder.core.pipeline import evaluate
from builder.systems.cripmaquion.profile import Dice

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "cripmaquion"


def runner(check, race: str, specialties: str = "") -> dict:
    ev = check(f"""\
        system: cripmaquion
        team: Perfil
        runners:
          - {{name: Probado, race: {race}, specialties: [{specialties}]}}
          - {{name: Otro, race: orco}}
          - {{name: Otro más, race: orco}}
        """)
    return ev.details["runners"][0]


@pytest.mark.parametrize("race, specialties, dice", [
    ("orco", "", ("2D4", "1D6", "1D4")),               # normal runner (a gregario)
    ("brujo", "", ("2D4", "1D6", "1D4")),              # brujos roll as normal runners
    ("orco", "brincamontes", ("2D4", "1D6", "1D5")),
    ("goblin", "", ("1D6", "1D6", "1D5")),             # ligero
    ("goblin", "brincamontes", ("1D6", "1D6", "1D6")),
    ("goblin", "cripmaqueta", ("1D6", "1D6", "1D6")),  # the star includes brincamontes
    ("ogro", "", ("2D4+2", "1D6", "1D3")),             # pesado
    ("troll", "martillo", ("2D4+2", "1D6", "1D4")),    # pesado + brincamontes
])
def test_dice_by_terrain(check, race, specialties, dice):
    r = runner(check, race, specialties)
    assert (r["dice"]["descenso"], r["dice"]["llano"], r["dice"]["subida"]) == dice


def test_expected_squares_of_a_plain_runner(check):
    # Hombre lagarto, no roll options: 2D4 = 2 × 2.5 = 5; 1D6 = 3.5; 1D4 = 2.5.
    assert runner(check, "hombre-lagarto")["expected"] == {"descenso": 5.0, "llano": 3.5, "subida": 2.5}
    # Orco has constancia: on the flat 3.5 + 1/6 = 3.67.
    assert runner(check, "orco")["expected"]["llano"] == 3.67


def test_expected_squares_count_prisa_and_constancia(check):
    # Humano (prisa): 1D6 + 1/6 (a six adds one) = 3.67; 2D4 and 1D4 get nothing.
    assert runner(check, "humano")["expected"] == {"descenso": 5.0, "llano": 3.67, "subida": 2.5}
    # Momia (constancia) brincamontes: 1D6 + 1/6 = 3.67; 1D5 uphill = 3 + 1/5 = 3.2.
    assert runner(check, "momia", "brincamontes")["expected"] == {"descenso": 5.0, "llano": 3.67, "subida": 3.2}
    # Zombi: no options. 2D4 5, 1D6 3.5, 1D4 2.5.
    assert runner(check, "zombi")["expected"] == {"descenso": 5.0, "llano": 3.5, "subida": 2.5}
    # Ogro (pesado): 2D4+2 = 7; 1D3 = 2.
    assert runner(check, "ogro")["expected"] == {"descenso": 7.0, "llano": 3.5, "subida": 2.0}


def test_options_are_listed(check):
    enano = runner(check, "enano", "cazavictorias")
    keys = [o["key"] for o in enano["options"]]
    assert keys == ["rodar", "cazavictorias"]
    rodar = enano["options"][0]
    assert (rodar["terrain"], rodar["dice"], rodar["expected"]) == ("descenso", "2D4+2", 7.0)
    caza = enano["options"][1]
    assert (caza["terrain"], caza["bonus"]) == ("llano", 2)
    assert [o["key"] for o in runner(check, "elfo")["options"]] == ["prisa"]


@pytest.mark.parametrize("race, specialties, vs_res, ko", [
    ("humano", "", {"1": 2, "2": 3, "3": 4, "4": 5, "5": 6}, 6),   # FUE 3 row of §3.1
    ("goblin", "", {"1": 3, "2": 4, "3": 5, "4": 6, "5": 6}, 6),   # FUE 2
    ("mediano", "", {"1": 4, "2": 5, "3": 6, "4": 6, "5": 6}, 6),  # FUE 1
    # Rompehuesos adds 1 to the roll: FUE 3 needs 2,3,4,5,6 - 1, but a natural 1 always fails -> 2,2,3,4,5.
    ("humano", "rompehuesos", {"1": 2, "2": 2, "3": 3, "4": 4, "5": 5}, 5),
    # FUE 5 (ogro): 2,2,2,3,4 -> rompehuesos 2,2,2,2,3.
    ("ogro", "dominorum", {"1": 2, "2": 2, "3": 2, "4": 2, "5": 3}, 5),
])
def test_attack_rolls(check, race, specialties, vs_res, ko):
    attack = runner(check, race, specialties)["attack"]
    assert attack["vs_res"] == vs_res
    assert attack["ko_roll"] == ko


def test_hipnotizar_needs_four(check):
    assert runner(check, "vampiro")["attack"]["hipnotizar"] == 4


def test_profile_fields(check):
    r = runner(check, "hombre-lagarto", "martillo")
    assert (r["name"], r["race"], r["fue"], r["res"]) == ("Probado", "hombre-lagarto", 3, 2)
    assert (r["specialties"], r["star"], r["gregario"], r["specialty_slots"]) == (["brincamontes", "rompehuesos"], "martillo", False, 2)
    assert r["skills"] == ["buscahuecos", "coletazo"]
    assert r["lined_up"] is True and r["caster"] is False
    assert runner(check, "elfo")["caster"] is True


def test_dice_means():
    assert Dice.parse("2D4+2").mean == 7
    assert str(Dice.parse("1D5")) == "1D5"
    with pytest.raises(ValueError):
        Dice.parse("d6")


def test_example_teams():
    rio = evaluate(EXAMPLES / "saqueadores-rio-lobo.yaml", "rio.yaml")
    # Lined up: Lizardo (martillo, 2) + Ram Amón (1) + Sven (1) + three gregarios = 4 of 4 for 6 runners.
    assert rio.legal and (rio.extra["specialty_slots"], rio.extra["specialty_limit"]) == (4, 4)
    # Alcantarillo is a hombre rata: 2/3 as in §5 (the §9 table misprints 3/3).
    alcantarillo = next(r for r in rio.details["runners"] if r["name"] == "Alcantarillo")
    assert (alcantarillo["fue"], alcantarillo["res"], alcantarillo["lined_up"]) == (2, 3, False)
    grupetto = evaluate(EXAMPLES / "grupetto-verde.yaml", "grupetto.yaml")
    # Whole roster: Gnatte 2 + Gurtlutz 1 + Arcada 1 + Kort 1 = 5 of 5 for 8 runners; the brujo takes none.
    assert grupetto.legal and (grupetto.extra["specialty_slots"], grupetto.extra["specialty_limit"]) == (5, 5)


def test_the_whole_rio_lobo_roster_breaks_the_table(check):
    text = (EXAMPLES / "saqueadores-rio-lobo.yaml").read_text(encoding="utf-8")
    whole = "\n".join(line for line in text.splitlines() if not line.startswith("lineup:"))
    ev = check(whole)
    # 8 runners: Lizardo 2 + Ram 1 + Sven 1 + Geldian 2 + Alcantarillo 1 = 7 > 5.
    assert [f.params for f in ev.findings if f.code == "specialty-limit"] == [{"runners": 8, "slots": 7, "limit": 5}]


def test_a_rompehuesos_hipnotizes_one_better(check):
    # Hipnotizar is an FT attack (§3.4); the rompehuesos adds +1 to his attack rolls (§7.3):
    # the 4+ a vampiro needs becomes 4 − 1 = 3+.
    assert runner(check, "vampiro", "rompehuesos")["attack"]["hipnotizar"] == 3


@pytest.mark.parametrize("specialties, roll", [("", 4), ("rompehuesos", 3)])
def test_inspect_and_the_card_give_the_runners_own_hipnotizar_roll(check, specialties, roll):
    from builder.systems.cripmaquion.cards import runner_card
    from builder.systems.cripmaquion.system import SYSTEM

    ev = check(f"""\
        system: cripmaquion
        team: Perfil
        runners:
          - {{name: Vlad, race: vampiro, specialties: [{specialties}]}}
          - {{name: Otro, race: orco}}
          - {{name: Otro más, race: orco}}
        """)
    # The vampiro's 4+, 3+ for a rompehuesos (4 − 1, as in the test above).
    assert f"Hipnotizar con {roll}+" in SYSTEM.inspect_text(ev, "es")
    assert f"Hipnotizar on {roll}+" in SYSTEM.inspect_text(ev, "en")
    skills = next(s for s in runner_card(ev.details["runners"][0], "es").sections if s.kind == "list"
                  and any(name == "Hipnotizar" for name, _ in s.items))
    detail = dict(skills.items)["Hipnotizar"]
    # The summary states the usual 4+; a rompehuesos's card adds its own roll.
    assert detail.endswith("Este corredor, rompehuesos: con 3+.") == (roll == 3)
