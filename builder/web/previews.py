"""The cards' preview: the printed document itself (the sheet, then the cards) as HTML, a draft
when the roster is illegal, its stylesheets linked under ``/templates/``, which each app serves
(stylesheets only: fonts come from the system)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from builder.core import messages, registry
from builder.core.printout import PrintSpec
from builder.core.system import Evaluation
from builder.export import templating
from builder.web import looks

PREVIEW_FILES = (".css",)
"""What the card preview may load from templates/: stylesheets (fonts come from the system)."""
STYLESHEET = re.compile(r'href="([a-z0-9_-]+/[a-z0-9_.-]+[.]css)"')
"""A stylesheet the printed document links by its template's name (``base/base.css``)."""


def preview_html(ev: Evaluation, lang: str) -> str:
    from builder.export.pdf import render_html  # Jinja2 and WeasyPrint, only for a preview

    spec = PrintSpec() if ev.details is None else registry.get(ev.system).print_spec(ev, lang)
    spec = drafted(spec, lang) if not ev.legal else spec
    html = render_html(ev, spec, lang, "a4", draft=not ev.legal)
    # The stylesheets, linked by their template names, are served under /templates/, which
    # serves only those (a <base> in the preview's frame would not be followed).
    html = STYLESHEET.sub(lambda m: f'href="/templates/{m.group(1)}"', html)
    # On screen the preview sits in builder's one look (linked first, so the printout's own
    # stylesheets still decide the sheet and the cards); on paper none of it applies.
    # It is paper, light in dark mode too (data-look="paper").
    html = re.sub(r"<html\b", '<html data-look="paper"', html, count=1)
    return html.replace("<head>", f'<head><link rel="stylesheet" href="{looks.STYLESHEET}">', 1)


def preview_file(name: str) -> Path | None:
    """The stylesheet ``/templates/<name>`` stands for, or None: nothing else is served there."""
    target = templating.template_file(name)
    return target if target is not None and target.suffix in PREVIEW_FILES else None


def drafted(spec: Any, lang: str) -> Any:
    return replace(spec, cards=[replace(card, mark=messages.text("xl.draft", lang)) for card in spec.cards])
