"""``builder inspect``: the resolved roster, every derived value shown."""

from __future__ import annotations

import json
import sys

import click

from builder.cli.support import echo, echo_json, format_option, lang_option, speaking
from builder.cli.words import argument, command
from builder.core import registry
from builder.core.pipeline import Outcome, evaluate
from builder.export.report import as_text, exit_code, result_dict


@command(help="cli.inspect")
@argument("file", type=click.Path(dir_okay=True))
@format_option
@lang_option
def inspect(file: str, fmt: str, lang: str | None) -> None:
    """The resolved roster, every derived value shown (help: ``cli.inspect``)."""
    lang = speaking(lang, fmt, file)
    evaluation = evaluate(file, file)
    outcome = Outcome(file, evaluation=evaluation)
    if fmt == "json":
        result = result_dict(outcome, lang)
        payload = {**(evaluation.details or {"system": evaluation.system, "name": evaluation.name})}
        for key in ("legal", "fingerprint", "errors", "warnings"):
            payload[key] = result[key]
        echo_json(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        view = registry.get(evaluation.system).inspect_text(evaluation, lang) + "\n\n" \
            if evaluation.details is not None else ""
        echo(view + as_text([outcome], lang))
    sys.exit(exit_code([outcome]))
