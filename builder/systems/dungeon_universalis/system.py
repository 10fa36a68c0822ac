"""The Dungeon Universalis plugin: an expedition checked, and the dark player's budget worked out."""

from __future__ import annotations

from typing import Any, Mapping

from builder.core.display import fit
from builder.core.findings import Findings, Place
from builder.core.fingerprint import content_of
from builder.core.messages import Localised, text
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.system import Evaluation, System
from builder.systems.dungeon_universalis.expedition import RULE_FIELDS, check_companions, check_reserve, joa, summary
from builder.systems.dungeon_universalis.floors import FLOORS
from builder.systems.dungeon_universalis.messages import MESSAGES
from builder.systems.dungeon_universalis.records import ExpeditionFile, ExpeditionPack


class DungeonUniversalisSystem(System):
    key = "dungeon-universalis"
    builtin = True
    title = "Dungeon Universalis"
    prefix = "DU"
    messages = MESSAGES
    file_model = ExpeditionFile

    rule_fields = RULE_FIELDS
    cards_module = "builder.systems.dungeon_universalis.cards"
    sheets_module = "builder.systems.dungeon_universalis.sheets"
    floors = FLOORS
    pack_model = ExpeditionPack

    def check(self, file: ExpeditionFile, doc: Document, place: Place, findings: Findings, pack: Pack | None,
              overridden: set[str]) -> Evaluation:
        check_companions(file, place, findings)
        check_reserve(file, place, findings)
        numbers = summary(file)
        # Its PV stand where another game's points would: the summary line, the folder's list, the sheet.
        return Evaluation(self.key, file.name, findings, player=file.player,
                          measure=Localised("du.status.pv", {"pv": numbers["expedition_pv"]}),
                          extra={k: numbers[k] for k in ("expedition_pv", "joa_reserve", "decks", "epic")},
                          fingerprint=self.fingerprint_of(content_of(file), doc, overridden),
                          view={"system": self.key, "name": file.name, "points": None, "points_limit": None,
                                "repeat_scenario": file.repeat_scenario, **numbers})

    def browse(self) -> dict[str, list[tuple[str, str]]]:
        rules = joa()
        d = rules["decks"]
        # In the catalog's language, like every catalog summary.
        return {"joa": [("PV", f"{rules['hero_base_pv']} + XP por héroe, más acompañantes y objetos"),
                        ("Reserva", f"PV de la expedición − PV del líder, nunca menos de 0; "
                                    f"+{rules['repeat_bonus_per_hero']} por héroe si el escenario se repite"),
                        ("Obstáculos", f"{d['obstacles']['per_hero']} por héroe + 1 ladrón + 1 emboscada "
                                       f"(+1 con más de {d['obstacles']['extra_ambush_above_heroes']} héroes)"),
                        ("Encuentros", f"⌈PV ÷ {d['encounters']['pv_per_card']}⌉"),
                        ("Poder", f"{d['power']['per_hero']} por héroe + 1 refuerzos "
                                  f"(+1 con más de {d['power']['extra_reinforcements_above_heroes']} héroes)"),
                        ("Acompañantes", f"{rules['companions']['per_hero']} por héroe, {rules['companions']['per_group']} "
                                         f"por grupo; un animal pide «{rules['companions']['animal_skill']}»")]}

    def choices(self, data: Mapping[str, Any], evaluation: Evaluation | None,
                lang: str) -> dict[str, list[tuple[str, str]]]:
        """The one name the JOA's catalog gives a roster to write: the skill a hero needs to bring
        an animal. Heroes, companions and items are the group's own, named as the players like."""
        skill = joa()["companions"]["animal_skill"]
        return {"heroes/*/skills/*": [(skill, text("du.choice.animal-skill", lang, skill=skill))]}

    def notes(self, evaluation: Evaluation, lang: str) -> dict[str, str]:
        """Each hero's PV and companions, the decks (sized by the heroes) beside the heroes, and the
        expedition's PV and the JOA's reserve beside the leader's PV paid from it; all read from
        the resolved view."""
        d = evaluation.details
        if not isinstance(d, dict):
            return {}
        out: dict[str, str] = {}
        decks = d.get("decks")
        if isinstance(decks, dict) and all(_whole(decks.get(k)) for k in DECKS):
            out["heroes"] = fit_note([text("du.note.decks", lang, **{k: decks[k] for k in DECKS})]
                                 + ([text("du.note.epic", lang)] if d.get("epic") is True else []))
        if _whole(d.get("expedition_pv")) and _whole(d.get("joa_reserve")):
            out["leader_pv"] = fit_note([text("du.note.expedition", lang, pv=d["expedition_pv"]),
                                     text("du.note.reserve", lang, reserve=d["joa_reserve"])])
        heroes = d.get("heroes")
        for i, hero in enumerate(heroes if isinstance(heroes, list) else []):
            if isinstance(hero, dict) and _whole(hero.get("pv")):
                companions = [c for c in hero.get("companions") or [] if isinstance(c, dict)]
                out[f"heroes/{i}"] = fit_note([text("du.note.hero", lang, pv=hero["pv"], xp=hero.get("xp", 0))]
                                          + [text("du.note.companion", lang, name=c.get("name"), pv=c.get("pv"))
                                             for c in companions])
        return out

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        d = evaluation.details or {}
        lines = [f"{d['name']} · Dungeon Universalis", "",
                 f"{text('du.expedition', lang)}: {d['expedition_pv']}",
                 f"{text('du.reserve', lang)}: {d['joa_reserve']}",
                 text("du.decks", lang, **d["decks"]),
                 text("du.leader", lang, normal=d["leader"]["extra_vitality"], tough=d["leader"]["extra_vitality_tough"],
                      actions=d["leader"]["extra_actions"])]
        if d["epic"]:
            lines.append(text("du.epic", lang, limit=joa()["epic_above_pv"]))
        lines += ["", text("du.heroes", lang)]
        for h in d["heroes"]:
            companions = ", ".join(f"{c['name']} ({text('du.kind.' + c['kind'], lang)}, {c['pv']} PV)" for c in h["companions"])
            lines.append(f"  {h['name']}: {h['pv']} PV" + (f" · {companions}" if companions else ""))
        return "\n".join(lines)


SYSTEM = DungeonUniversalisSystem()
"""The plugin, as the registry loads it."""

NOTE_MOST = 70
"""The longest note the page shows beside a field."""
DECKS = ("obstacles", "encounters", "power")


def _whole(value: Any) -> bool:
    return type(value) is int


def fit_note(parts: list[str]) -> str:
    return fit(parts, NOTE_MOST)
