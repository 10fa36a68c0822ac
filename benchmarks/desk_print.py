"""The event's print for 64 teams (``builder event print``), against WeasyPrint alone laying out
the very same 64 documents once, in one process, into one PDF (issue 31).

What builder adds on top of WeasyPrint: reading the database, checking every list again, the
cover, the processes, and joining their PDFs; what it saves: the teams are laid out on every core.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Callable

TEAMS = 64
BENCH_PACK = "system: wartime\nname: Torneo del banco\n"

STORE_TEAMS = """\
import sys
from pathlib import Path
from builder.core.pipeline import evaluate
from builder.events.schema import Checked
from builder.events.store import Store
store = Store.open("sqlite:///" + sys.argv[1])
event = store.create_event("Torneo del banco", "wartime")
for path in sorted(Path(sys.argv[2]).glob("*.yaml")):
    checked = Checked.of(evaluate(path, view=False))
    store.register(event, path.stem, {"lista.yaml": path.read_text(encoding="utf-8")}, checked)
store.close()
"""

PRINTED_ALL = """\
import re, sys
from pathlib import Path
from builder.core import registry
from builder.core.pipeline import evaluate
from builder.export.pdf import ProjectOnlyFetcher, printed_html
from builder.export.templating import template_file
for path in sorted(Path(sys.argv[1]).glob("*.yaml")):
    evaluation = evaluate(path)
    spec = registry.get(evaluation.system).print_spec(evaluation, "es")
    html = printed_html(evaluation, spec, "es", "a4", not evaluation.legal, ProjectOnlyFetcher())
    html = re.sub(r'href="([^"]+[.]css)"', lambda m: 'href="' + template_file(m.group(1)).as_uri() + '"', html)
    (Path(sys.argv[2]) / (path.stem + ".html")).write_text(html, encoding="utf-8")
"""

WEASYPRINT_ALONE = """\
import sys
from pathlib import Path
from weasyprint import HTML
documents = [HTML(filename=str(f)).render() for f in sorted(Path(sys.argv[1]).glob("*.html"))]
documents[0].copy([page for d in documents for page in d.pages]).write_pdf(sys.argv[2])
"""


def print_timing(work: Path, rounds: int, python: str, builder: list[str], template: str, root: Path,
                 interleaved: Callable, report: Callable) -> bool:
    lists, pages = work / "print-lists", work / "print-html"
    lists.mkdir()
    pages.mkdir()
    for n in range(TEAMS):
        (lists / f"equipo-{n:02d}.yaml").write_text(template.format(n=n, range=10 + n % 10, count=1 + n % 5),
                                                    encoding="utf-8")
    pack = work / "banco.yaml"
    pack.write_text(BENCH_PACK, encoding="utf-8")
    db = work / "banco.sqlite"
    subprocess.run([python, "-c", STORE_TEAMS, str(db), str(lists)], check=True, cwd=root)
    subprocess.run([python, "-c", PRINTED_ALL, str(lists), str(pages)], check=True, cwd=root)
    ours = [*builder, "event", "print", str(pack), str(work / "evento.pdf"), "--db", str(db)]
    floor = [python, "-c", WEASYPRINT_ALONE, str(pages), str(work / "solo.pdf")]
    timing = interleaved(ours, floor, rounds)
    from pypdf import PdfReader

    count = len(PdfReader(work / "evento.pdf").pages)
    alone = len(PdfReader(work / "solo.pdf").pages)
    if count - alone not in (1, 2):  # the cover (64 rows: a page or two), then the same pages
        raise SystemExit(f"the event print has {count} pages, WeasyPrint alone {alone}: not the same document")
    return report(f"event print, {TEAMS} teams ({count} pages) vs WeasyPrint alone", timing, None)
