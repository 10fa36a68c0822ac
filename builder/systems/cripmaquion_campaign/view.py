"""A campaign's standings for people (text) and for programs (the JSON of ``builder campaign``)."""

from __future__ import annotations

from typing import Any

from builder.core.messages import text
from builder.core.system import Evaluation


def as_json(evaluation: Evaluation, lang: str) -> dict[str, Any]:
    """The contract of ``builder campaign --format json``: each classification as the book ranks it."""
    d = evaluation.details or {}
    return {
        "name": evaluation.name,
        "stages": d.get("stages", []),
        "legal": evaluation.legal,
        "errors": [f.as_dict(lang) for f in evaluation.findings.errors],
        "warnings": [f.as_dict(lang) for f in evaluation.findings.warnings],
        "general": d.get("general", []),
        "dureza": d.get("dureza", []),
        "honor": d.get("honor", []),
        "teams": d.get("teams", []),
        "fingerprint": evaluation.fingerprint,
    }


def as_text(evaluation: Evaluation, lang: str) -> str:
    d = evaluation.details or {}
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    lines = [f"{evaluation.name} · {t('cc.campaign')}", ""]
    lines.append(t("cc.general"))
    lines += [f"  {r['position']:>2}. {r['runner']} ({r['team']}) — {t('cc.cripmaquiazos', n=r['cripmaquiazos'])}"
              + (f" · {t('cc.dureza-short', n=r['dureza'])} · {t('cc.honor-short', n=r['honor'])}"
                 if r["dureza"] or r["honor"] else "")
              for r in d.get("general", [])]
    for key in ("dureza", "honor"):
        lines += ["", t(f"cc.{key}")]
        lines += [f"  {r['position']:>2}. {r['runner']} ({r['team']}) — {t('cc.points', n=r['points'])}"
                  for r in d.get(key, []) if r["points"]]
        if not any(r["points"] for r in d.get(key, [])):
            lines.append("  " + t("cc.nobody-scored"))
    for stage in d.get("stages", []):
        lines += ["", f"{stage['name']}"]
        lines += [f"  {r['position']:>2}. {r['runner']} — {t('cc.cripmaquiazos', n=r['cripmaquiazos'])}"
                  for r in stage["finish"]]
        if stage["eliminated"]:
            lines.append("  " + t("cc.eliminated", names=", ".join(stage["eliminated"])))
        for ko in stage["kos"]:
            turn = ko["turn"] if ko["tp"] == ko["by"] else f"{ko['turn']}, {t('cc.ko-tp', tp=ko['tp'])}"
            line = t("cc.ko-line", by=ko["by"], victim=ko["victim"], turn=turn,
                     attack=t(f"cc.attack.{ko['attack']}"), n=ko["points"])
            beaten = ko["points"] and not ko["counts"]  # another KO of the same TP scored more
            note = t("cc.ko-teammate") if ko["teammate"] else t("cc.ko-not-counted") if beaten else ""
            lines.append("  " + line + (" " + note if note else ""))
        for summit in stage["summits"]:
            order = ", ".join(f"{r['runner']} {r['points']}" for r in summit["order"])
            lines.append("  " + t("cc.summit-line", category=t(f"cc.category.{summit['category']}"), order=order))
    return "\n".join(lines)
