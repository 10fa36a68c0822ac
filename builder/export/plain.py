"""A roster as plain text, to paste into a forum post or a chat: the same facts and rows as
the team sheet, one line each."""

from __future__ import annotations

from builder.core import registry
from builder.core.messages import text
from builder.core.system import Evaluation


def plain_text(ev: Evaluation, lang: str) -> str:
    system = registry.get(ev.system)
    lines = [f"{ev.name or ''} — {system.title}".strip(" —")]
    facts = []
    if ev.points is not None:
        facts.append(text("ui.points-of", lang, points=ev.points, limit=ev.points_limit)
                     if ev.points_limit is not None else text("ui.points", lang, points=ev.points))
    elif ev.measure is not None:
        facts.append(ev.measure.render(lang))
    facts.append(ev.status_text(lang))
    if ev.fingerprint:
        facts.append(text("ui.fingerprint", lang, fingerprint=ev.fingerprint))
    lines.append(" · ".join(facts))
    if not ev.legal:
        lines.append(text("xl.draft", lang))
    if ev.player:
        lines.append(f"{text('xl.player', lang)}: {ev.player}")
    if ev.details is not None:
        spec = system.print_spec(ev, lang)
        lines += [f"{label}: {value}" for label, value in spec.facts if value is not None]
        tables = [("", spec.columns, spec.rows)] + [(p.title, p.columns, p.rows)
                                                    for p in spec.sheet_tables + spec.pages]
        for title, columns, rows in tables:
            if rows:
                lines += ["", *([title] if title else []), " · ".join(columns)]
                lines += ["- " + " · ".join("—" if cell is None or cell == "" else str(cell) for cell in row)
                          for row in rows]
    if ev.findings:
        # Words for players: the message and its rule; the code is for machines (--json).
        lines += [""] + [f"! {f.detail(lang)} ({f.rule})" for f in ev.findings]
    return "\n".join(lines)
