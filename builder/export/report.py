"""Check results as text for people and as JSON for programs."""

from __future__ import annotations

import json
from typing import Any

from builder.core.errors import Crash
from builder.core.edition_names import as_usual
from builder.core.findings import Finding, input_error_dict, input_error_message
from builder.core.messages import text
from builder.core.pipeline import Outcome


def crash_dict(crash: Crash, lang: str) -> dict[str, Any]:
    """A bug met on a file, in the shape of a finding, with its traceback."""
    return {"code": crash.code, "message": crash_message(crash, lang), "rule": None, "where": crash.file or "",
            "file": crash.file, "line": None, "path": "", "traceback": crash.traceback}


def crash_message(crash: Crash, lang: str) -> str:
    body = text(crash.code, lang, error=crash.error)
    return f"{crash.file}: {body}" if crash.file else body


def result_dict(outcome: Outcome, lang: str) -> dict[str, Any]:
    """One file's result in the JSON contract of ``check --format json``."""
    ev = outcome.evaluation
    if ev is None:
        problem = crash_dict(outcome.crash, lang) if outcome.crash else input_error_dict(outcome.unreadable, lang)
        # The same keys as any result, null where nothing could be read.
        return {"file": outcome.file, "system": None, "name": None, "legal": False, "readable": False,
                "status": "internal-error" if outcome.crash else "unreadable",
                "points": None, "points_limit": None, "fingerprint": None, "player": None, "edition": None,
                "errors": [problem], "warnings": []}
    return {
        "file": outcome.file,
        "system": ev.system,
        "name": ev.name,
        "legal": ev.legal,
        "readable": True,
        "status": ev.status,
        "points": ev.points,
        "points_limit": ev.points_limit,
        "fingerprint": ev.fingerprint,
        "player": ev.player,
        "edition": {**ev.rules.edition.described(), "house_rules": ev.rules.house is not None}
        if ev.rules is not None else None,
        "errors": [f.as_dict(lang) for f in ev.findings.errors],
        "warnings": [f.as_dict(lang) for f in ev.findings.warnings],
        **ev.extra,
    }


def as_json(outcomes: list[Outcome], lang: str, also: dict[str, Any] | None = None, **extra: Any) -> str:
    """The JSON of ``check``: ``extra`` is a problem besides the lists (not legal then), ``also`` more facts."""
    results = [result_dict(o, lang) for o in outcomes]
    payload = {"legal": all(r["legal"] for r in results) and not extra, "results": results, **(also or {}), **extra}
    return json.dumps(payload, ensure_ascii=False, indent=2)


def tally(outcomes: list[Outcome]) -> dict[str, int]:
    crashed = sum(1 for o in outcomes if o.crash is not None)
    unreadable = sum(1 for o in outcomes if o.unreadable is not None)
    checked = [o.evaluation for o in outcomes if o.evaluation is not None]
    legal = sum(1 for ev in checked if ev.legal and ev.roster)
    no_list = sum(1 for ev in checked if ev.legal and not ev.roster)
    return {"legal": legal, "illegal": len(checked) - legal - no_list, "unreadable": unreadable,
            "internal": crashed, "no_list": no_list}


def finding_line(finding: Finding, lang: str) -> str:
    label = text(f"ui.{finding.severity}", lang)
    return f"    {label} [{finding.code}] {finding.message(lang)}\n        ↳ {finding.rule}"


def crash_text(crash: Crash, lang: str) -> str:
    """The bug's message, its traceback and the request to report it."""
    trace = "\n".join("      " + line for line in crash.traceback.splitlines())
    return f"    [{crash.code}] {crash_message(crash, lang)}\n{trace}\n    {text('ui.report-bug', lang)}"


def outcome_text(outcome: Outcome, lang: str) -> str:
    ev = outcome.evaluation
    if ev is None:
        if outcome.crash is not None:
            return f"✗ {text('ui.internal', lang)}  {outcome.file}\n{crash_text(outcome.crash, lang)}"
        return f"✗ {text('ui.unreadable', lang)}  {outcome.file}\n    {input_error_message(outcome.unreadable, lang)}"
    status = ev.status_text(lang)
    facts = [f"{ev.name} ({ev.system})" if ev.name else ev.system]
    if ev.points is not None:
        facts.append(text("ui.points-of", lang, points=ev.points, limit=ev.points_limit)
                     if ev.points_limit is not None else text("ui.points", lang, points=ev.points))
    elif ev.measure is not None:
        facts.append(ev.measure.render(lang))
    if ev.fingerprint:
        facts.append(text("ui.fingerprint", lang, fingerprint=ev.fingerprint))
    if ev.rules is not None and not as_usual(ev):
        facts.append(text("ui.edition-of", lang, edition=ev.rules.edition.name)
                     + (text("ui.house-rules", lang) if ev.rules.house is not None else ""))
    # ✓ a legal list, ✗ an illegal file, ○ a legal file that holds no list (a Warbook).
    mark = "✗" if not ev.legal else "✓" if ev.roster else "○"
    lines = [f"{mark} {status}  {outcome.file} — {' · '.join(facts)}"]
    lines += [finding_line(f, lang) for f in ev.findings.errors + ev.findings.warnings]
    return "\n".join(lines)


def as_text(outcomes: list[Outcome], lang: str) -> str:
    body = [outcome_text(o, lang) for o in outcomes]
    counts = tally(outcomes)
    total = text("ui.tally", lang, **counts)
    if counts["no_list"]:
        total += text("ui.tally-no-list", lang, **counts)
    if counts["internal"]:
        total += text("ui.tally-internal", lang, **counts)
    body.append(total)
    return "\n".join(body)


INTERNAL_ERROR = 3
"""The exit code of a run that met a bug: distinct from every verdict on the lists."""


def exit_code(outcomes: list[Outcome]) -> int:
    """0 all legal, 1 any illegal, 2 any unreadable, 3 any internal error."""
    counts = tally(outcomes)
    if counts["internal"]:
        return INTERNAL_ERROR
    return 2 if counts["unreadable"] else 1 if counts["illegal"] else 0
