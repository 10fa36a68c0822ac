"""Files a page downloads: the spreadsheet or the PDF of the roster as typed (a draft when illegal)."""

from __future__ import annotations

import tempfile
from urllib.parse import quote
from pathlib import Path

from builder.core.system import Evaluation
from builder.export.exporter import WRITERS
from builder.web.keeping import Refused

KINDS = {"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "pdf": "application/pdf"}


def download(evaluation: Evaluation, kind: str, lang: str, stem: str) -> tuple[bytes, str, str]:
    """The file's bytes, its media type and its name; written as the command line writes it."""
    if kind not in KINDS:
        raise Refused("serve-unknown-kind", 400)
    write = WRITERS[kind](evaluation, lang, "a4")
    with tempfile.TemporaryDirectory(prefix="builder-serve-") as folder:
        out = Path(folder) / f"out.{kind}"
        write(out)
        return out.read_bytes(), KINDS[kind], f"{stem or 'lista'}.{kind}"


def attachment(name: str) -> str:
    """A download's Content-Disposition: an ASCII ``filename`` any browser reads, and the name
    itself, in UTF-8, as ``filename*`` (RFC 6266) for those that read it."""
    plain = "".join(c if c.isascii() and c.isprintable() and c not in '"\\;' else "_" for c in name)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"
