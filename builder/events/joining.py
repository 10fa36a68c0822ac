"""The event's print joined: each team's PDF copied behind the others, then the cover put in front.

pikepdf (qpdf) copies a team's pages, and the objects they use, into the print at once, so each
team's file is closed as soon as it is copied: the print holds what it copied (about 0.13 MB a
team), never every team's whole file as well. pypdf, which joined them before, held about
0.35 MB a team, and a print of 1,500 teams outgrew the export worker's 512 MB.

Each part's bookmarks (WeasyPrint's: the list's name, its sections) are carried along, leading to
the copied pages, as pypdf carried them; pikepdf does that itself only from 10.18, which needs
Python 3.11, and builder runs on 3.10 too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pikepdf
from pikepdf.models.outlines import OutlineItem


class Join:
    """PDFs joined one after another (their pages and bookmarks), then written behind a cover."""

    def __init__(self) -> None:
        self.pdf = pikepdf.new()
        self.marks: list[OutlineItem] = []
        """The parts' bookmarks, written into the print's outline once, when it is written."""
        self.version = self.pdf.pdf_version
        """The newest PDF version of the parts, which the print says (a new Pdf says 1.3)."""

    def add(self, part: str | Path) -> None:
        self.marks += self._copied(part)

    def write(self, cover: Path, target: Path, title: str) -> None:
        """The print written to ``target`` with the PDF at ``cover`` in front (its pages and bookmarks
        first), titled ``title``; written beside it and moved in place, so ``target`` is whole or absent."""
        pdf, teams = self.pdf, len(self.pdf.pages)
        front = self._copied(cover)
        # The cover is drawn while the teams are joined: its pages came last, and go first.
        for n in range(len(pdf.pages) - teams):
            page = pdf.pages[teams + n]
            del pdf.pages[teams + n]
            pdf.pages.insert(n, page)
        with pdf.open_outline() as outline:
            outline.root[:] = front + self.marks
        pdf.docinfo[pikepdf.Name.Title] = title
        pdf.docinfo[pikepdf.Name.Creator] = "builder"
        partial = target.with_name(f".{target.name}.part")
        with open(partial, "wb") as out:
            pdf.save(out, min_version=self.version)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, target)

    def _copied(self, part: str | Path) -> list[OutlineItem]:
        """The part's pages copied behind the others; its bookmarks, leading to the copies."""
        # Closed once copied: else the print would keep every part's file open and parsed till written.
        with pikepdf.open(part) as source:
            if _number(source.pdf_version) > _number(self.version):
                self.version = source.pdf_version
            start = len(self.pdf.pages)
            self.pdf.pages.extend(source.pages)
            copies = {page.objgen: self.pdf.pages[start + n].obj for n, page in enumerate(source.pages)}
            return [_carried(item, copies) for item in source.open_outline().root]


def _carried(item: OutlineItem, copies: dict[tuple[int, int], pikepdf.Object]) -> OutlineItem:
    """A part's bookmark (and those below it) leading to its page's copy; one that leads elsewhere
    (none of WeasyPrint's does) keeps its title and place, and leads nowhere."""
    to = item.destination
    page = to[0] if isinstance(to, pikepdf.Array) and len(to) and isinstance(to[0], pikepdf.Dictionary) else None
    copy = copies.get(page.objgen) if page is not None and page.is_indirect else None
    carried = OutlineItem(str(item.title), pikepdf.Array([copy, *list(to)[1:]]) if copy is not None else None)
    carried.is_closed = item.is_closed
    carried.children = [_carried(child, copies) for child in item.children]
    return carried


def _number(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in version.split(".") if n.isdigit())
