"""The ¡Por Crom! plugin: a warband checked, with each figure's table numbers."""

from __future__ import annotations

from typing import Any, Mapping

from builder.core.findings import Findings, Place
from builder.core.fingerprint import content_of
from builder.core.messages import number, text
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.system import Evaluation, System
from builder.systems.porcrom.floors import FLOORS
from builder.systems.porcrom.messages import MESSAGES
from builder.systems.porcrom.records import PorCromFile, PorCromPack
from builder.systems.porcrom.warband import RIDER_SWIM_RULING, RULE_FIELDS, character_sheet, check_warband, minion_sheet, rules
from builder.systems.porcrom.weapons import inspect_line, names, profile, weapon

NOTE_MOST = 60
"""Characters in a note beside a part of the form: one short line."""


class PorCromSystem(System):
    key = "porcrom"
    builtin = True
    title = "¡Por Crom!"
    prefix = "PC"
    messages = MESSAGES
    file_model = PorCromFile

    rule_fields = RULE_FIELDS
    cards_module = "builder.systems.porcrom.cards"
    sheets_module = "builder.systems.porcrom.sheets"
    floors = FLOORS
    pack_model = PorCromPack

    def check(self, file: PorCromFile, doc: Document, place: Place, findings: Findings, pack: Pack | None,
              overridden: set[str]) -> Evaluation:
        check_warband(file, place, findings)
        return Evaluation(self.key, file.name, findings, player=file.player,
                          fingerprint=self.fingerprint_of(content_of(file), doc, overridden), view={
            "system": self.key, "name": file.name, "points": None, "points_limit": None,
            "characters": [character_sheet(c) for c in file.characters],
            "minions": [minion_sheet(m) for m in file.minions],
        })

    def browse(self) -> dict[str, list[tuple[str, str]]]:
        return {"weapons": [(", ".join(w["names"]), "—" if w.get("melee") else
                             f'{w["range"]}"' if w["range"] is not None else "∞") for w in rules()["weapons"]]}

    def choices(self, data: Mapping[str, Any], evaluation: Evaluation | None,
                lang: str) -> dict[str, list[tuple[str, str]]]:
        """The known weapons, each with its reach (and whether it reloads): any other name is a
        warning (ruling 50c), so a weapon field is still typed in when the list is not enough."""
        offered = [(name, f"{name} · {profile(weapon(name), lang)}") for name in names()]
        return {"characters/*/weapons/*": offered, "minions/*/weapons/*": list(offered)}

    def starts(self, path: tuple[str | int, ...]) -> Mapping[str, Any]:
        """A new character with the smallest usual pool; a new minion group of the book's
        smallest size, with the book's first damage track (the guard's)."""
        if path == ("characters",):
            return {"dice": rules()["characters"]["usual_pool"]["min"]}
        if path == ("minions",):
            minions = rules()["minions"]
            return {"count": minions["group_size"]["min"], "track": list(minions["first_track"])}
        return {}

    def notes(self, evaluation: Evaluation, lang: str) -> dict[str, str]:
        """A character's pool and longest jump (with its horse and armour); a group's minions and jump.
        ¡Por Crom! prices nothing: a warband has no points to show."""
        d = evaluation.details
        if d is None:
            return {}
        out = {}
        for i, c in enumerate(d["characters"]):
            parts = [text("pc.pool", lang, dice=c["dice"], jump=number(c["jump_inches"], lang))]
            parts += [text("pc.note.horse", lang, dice=c["horse_movement_dice"])] if c["horse"] else []
            parts += [text("pc.armor", lang)] if c["heavy_armor"] else []
            out[f"characters/{i}"] = _brief(parts)
        for i, m in enumerate(d["minions"]):
            parts = [text("pc.note.group", lang, count=m["count"], jump=number(m["jump_inches"], lang))]
            parts += [text("pc.armor", lang)] if m["heavy_armor"] else []
            out[f"minions/{i}"] = _brief(parts)
        return out

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        d = evaluation.details or {}
        lines = [f"{d['name']} · ¡Por Crom!", "", text("pc.characters", lang)]
        for c in d["characters"]:
            extras = [text("pc.horse", lang)] if c["horse"] else []
            extras += [text("pc.armor", lang)] if c["heavy_armor"] else []
            lines.append(f"  {c['name']}: {text('pc.pool', lang, dice=c['dice'], jump=number(c['jump_inches'], lang))}"
                         + (f" · {', '.join(extras)}" if extras else ""))
            lines += [f"      {inspect_line(w, lang)}" for w in c["weapons"]]
            if RIDER_SWIM_RULING in c["rulings"]:
                lines.append(f"      {text('pc.rider-swim', lang)} · {text('pc.ruling', lang, ruling=RIDER_SWIM_RULING)}")
        if d["minions"]:
            lines += ["", text("pc.minions", lang)]
            for m in d["minions"]:
                track = " → ".join(text("pc.dead", lang) if s["dead"] else s["text"] for s in m["track"])
                lines.append(f"  {m['name']} ×{m['count']}: {track}"
                             + (f" · {text('pc.armor', lang)}" if m["heavy_armor"] else ""))
                lines += [f"      {inspect_line(w, lang)}" for w in m["weapons"]]
        return "\n".join(lines)


SYSTEM = PorCromSystem()
"""The plugin, as the registry loads it."""


def _brief(parts: list[str]) -> str:
    """A note's parts joined, as many as fit in one short line (the first always, cut if need be)."""
    line = parts[0] if len(parts[0]) <= NOTE_MOST else parts[0][:NOTE_MOST - 1] + "…"
    for part in parts[1:]:
        if len(line) + 3 + len(part) > NOTE_MOST:
            break
        line += " · " + part
    return line
