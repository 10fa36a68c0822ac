"""Files a page downloads: the spreadsheet or the PDF of the roster as typed (a draft when illegal)."""

from __future__ import annotations

import tempfile
import unicodedata
from urllib.parse import quote
from pathlib import Path

from builder.core.system import Evaluation
from builder.export.exporter import WRITERS
from builder.web.keeping import Refused

STEM_LENGTH = 60
"""A download's name is its list's name, up to this many characters."""
REFUSED = frozenset('<>:"/\\|?*')
"""What a file system refuses in a file's name (Windows the most), besides control characters."""
RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", *(f"{d}{n}" for d in ("COM", "LPT") for n in range(1, 10))})
"""Names Windows keeps for its devices, whatever the extension."""
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


def file_stem(name: str | None, fallback: str) -> str:
    """A download's name before its extension, after its list's name: its letters kept, accents
    too, each run of spaces a dash, and what a file system refuses (a slash, a colon, a control or
    invisible character…) left out; ``fallback`` (the file's own name) when nothing is left."""
    kept = "".join(" " if c in REFUSED or unicodedata.category(c)[0] in "CZ" else c
                   for c in unicodedata.normalize("NFC", name or ""))
    stem = "-".join(kept.split())[:STEM_LENGTH].strip(".-_")
    if not stem or stem.split(".")[0].upper() in RESERVED:
        return fallback
    return stem


def download_stem(evaluation: Evaluation | None, relative: str) -> str:
    """What a file is downloaded as (before its extension): a list, after its name; a file that
    holds none (a Warbook) keeps its own name, by which the lists that read it name it."""
    own = Path(relative).stem
    return file_stem(evaluation.name, own) if evaluation is not None and evaluation.roster else own
