"""Which choices of the part shown the rules refuse: each is tried against the game's check,
as the click would make it, before the page marks it."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from builder.core import messages
from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.core.pipeline import evaluate
from builder.web.edits import Edit, EditRefused, change
from builder.web.forms import Forms, Node, Option, typed

TRIALS_MOST = 160
"""Choices tried against the rules for one answer; past it (or TRIAL_SECONDS) the rest stay
open, and a choice that breaks a rule shows its finding once made."""
TRIAL_SECONDS = 0.4


def try_choices(view: Any, forms: Forms, data: Any, lang: str, pack: Pack | None) -> None:
    """Each choice of the part shown is tried against the rules: one the game refuses here
    is disabled, with the finding's own message as the reason. A choice that only needs a
    neighbouring choice made with it (a Transporte competency needs its access side) is
    not refused: each other choice of the same part is tried with it first. What is added to a
    list and mended only by changing another of the part's choices (a brujo's «gregario», by
    another race) stays open, its reason shown as a hint: tried last, while the budget lasts."""
    ev = view.evaluation
    assert ev is not None and ev.source is not None and view.detail is not None
    before = {(f.code, f.detail(lang)) for f in ev.findings.errors}
    budget = _Budget()
    nodes = [n for n in view.detail.walk() if n.kind in ("select", "list") and n.options and not n.fixed]
    # The choices a part's other fields could be set to, by the part: the neighbours tried with a choice.
    settable: dict[tuple[Any, ...], list[Node]] = {}
    for n in view.detail.walk():
        if not n.fixed and (n.kind == "select" and n.options or n.kind == "number"):
            settable.setdefault(n.path[:-1], []).append(n)

    def broken(trial_data: Any) -> list[Any] | None:
        """The errors ``trial_data`` adds, or None when it can't be tried."""
        budget.tried += 1
        try:
            result = evaluate(replace(ev.source, data=trial_data), pack=pack, view=False)
        except InputError:
            return None
        return [f for f in result.findings.errors if (f.code, f.detail(lang)) not in before]

    def mended(trial: Any, new: list[Any], neighbours: list[Node]) -> tuple[Any, list[Any]]:
        """Each neighbouring choice made with ``trial`` in turn, kept where it mends some of what it
        broke (``new``): what is left broken at the end, and the data that leaves it."""
        for other in neighbours:
            if budget.spent or not new:
                break
            # A value that may be left empty is tried empty too (Inalterable takes no X).
            candidates = [o.value for o in other.options][:8] if other.kind == "select" else \
                [str(max(int(other.minimum or 0), 1))]
            if blank_offered(other) or other.kind == "number" and not other.required:
                candidates.append(BLANK)
            for choice in candidates:
                both = _made(forms, trial, other, choice)
                left = broken(both) if both is not None else None
                if left is not None and len(left) < len(new):
                    trial, new = both, left
                    break
        return trial, new

    added_later: list[tuple[Node, Option, Any, list[Any]]] = []
    for node in nodes:
        for option in [*node.options, *([Option(BLANK, "")] if blank_offered(node) else [])]:
            if budget.spent:
                return  # what is left stays open, as a choice not tried; what is refused stays so
            if node.kind == "select" and option.value == _shown(node):
                continue
            trial = _made(forms, data, node, option.value)
            new = broken(trial) if trial is not None else None
            if not new:
                continue
            # The other fields of the thing chosen (a competency's X, then its access side); what
            # is added to a list has no fields shown yet.
            if node.kind != "list":
                trial, new = mended(trial, new, [n for n in settable.get(node.path[:-1], ()) if n is not node])
            if new:
                option.reason = new[0].plain(lang)
                if option.value == BLANK:
                    node.blank_reason = option.reason
                if node.kind == "list" and trial is not None:
                    added_later.append((node, option, trial, new))
    # What is added to a list and refused, tried with the part's other choices changed (its selects:
    # its race, its kind): one that mends all it broke is opened, its reason a hint.
    for node, option, trial, new in added_later:
        if budget.spent:
            return
        part = [n for n in settable.get(node.path[:-1], ()) if n.kind == "select"]
        if part and not mended(trial, new, part)[1]:
            option.hint, option.reason = option.reason, None


def said_of(view: Any, lang: str) -> dict[str, dict[str, dict[str, str]]]:
    """What the page is told of the choices tried in ``view``, by control and value: those refused
    (``refused``: the text shown in place of each, the choice and the finding's own message) and
    those left open that break a rule until another of the part's choices changes (``open``: the
    choice and why)."""
    out: dict[str, dict[str, dict[str, str]]] = {"refused": {}, "open": {}}
    if view.detail is None:
        return out
    for node in view.detail.walk():
        control = node.id + ("-new" if node.kind in ("list", "map") else "")
        refused = {o.value: messages.text("serve.not-allowed", lang, value=o.label, reason=o.reason)
                   for o in node.options if o.reason}
        if node.blank_reason:
            refused[""] = messages.text("serve.not-allowed", lang, value=messages.text("serve.none", lang),
                                        reason=node.blank_reason)
        hinted = {o.value: messages.text("serve.open-if", lang, value=o.label, reason=o.hint)
                  for o in node.options if o.hint}
        for kind, found in (("refused", refused), ("open", hinted)):
            if found:
                out[kind][control] = found
    return out


BLANK = ""
"""The blank choice («— ninguno —») of a value that may be left out: tried as leaving it out."""


def blank_offered(node: Node) -> bool:
    """Whether the page offers ``node`` a blank choice (as build.html draws it): a select
    that may be left out, or not written yet."""
    return node.kind == "select" and bool(node.path) and (not node.required or not node.present)


def _shown(node: Node) -> str:
    return str(node.value) if node.present and node.value is not None else BLANK


class _Budget:
    """How many trials one answer has made, and for how long: past TRIALS_MOST or
    TRIAL_SECONDS, the rest of the choices stay open."""

    def __init__(self) -> None:
        self.started, self.tried = time.perf_counter(), 0

    @property
    def spent(self) -> bool:
        return self.tried >= TRIALS_MOST or time.perf_counter() - self.started > TRIAL_SECONDS


def _made(forms: Forms, data: Any, node: Node, raw: str) -> Any:
    """``data`` with ``raw`` chosen at ``node`` (added, for a list), as the click would write it:
    a number priced from a table is a number. None when it can't be made there."""
    schema = forms.resolve(node.schema.get("items", {})) if node.kind == "list" else node.schema
    value = typed(schema, raw)
    try:
        if value is None and node.kind != "list":
            return change(data, Edit("remove", node.path))  # left out, as the blank choice leaves it
        return change(data, Edit("append", node.path, value) if node.kind == "list" else Edit("set", node.path, value))
    except EditRefused:
        return None
