"""The documentation in two languages: each Spanish page and its English twin say the same things.

The README, the player's guide and the organiser's guide are written in Spanish first (the players'
language), each with an English twin kept in step. The prose is translated, so it can't be compared;
what can is held to be the same in both:

- the section structure: the same headings, level by level, in the same order;
- the commands: every fenced code block has its counterpart in the same place with the same info
  string and the same lines (``#`` comments aside, which are translated); a ``text`` block is a
  program's output, quoted in the page's language (``--lang en`` in the English one), so only its
  place is compared; and every inline ``builder …`` or ``make …`` command appears in both;
- the twins link to each other in their first lines;
- every relative link and image in them leads to a file that exists (and to a heading there, when it
  names one).
"""

from __future__ import annotations

import os
import re
from itertools import zip_longest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

TWINS = [  # (Spanish, English)
    ("README.md", "README.en.md"),
    ("docs/jugadores.md", "docs/players.md"),
    ("docs/organizadores.md", "docs/organisers.md"),
    ("docs/despliegue.md", "docs/deployment.md"),
]
PAGES = [page for pair in TWINS for page in pair]
FIRST_LINES = 5  # the link to the twin is in this many first lines
OUTPUT = "text"  # the info string of a block quoting a program's output

FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)  # a span may go on to the next line
COMMAND = re.compile(r"^(?:builder|make|python -m builder)(?:\s|$)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_SRC = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
COMMENT = re.compile(r"(?:^|\s)#.*$")


def _read(page: str) -> str:
    return (ROOT / page).read_text(encoding="utf-8")


def _read_at(file: Path) -> str:
    return file.read_text(encoding="utf-8")


def _split(text: str) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The page's prose lines (fenced code blanked out) and its fenced blocks (info string, lines)."""
    prose: list[str] = []
    blocks: list[tuple[str, list[str]]] = []
    fence: str | None = None
    for line in text.splitlines():
        if fence is None:
            opening = FENCE.match(line)
            if opening:
                fence = opening.group(2)
                blocks.append((opening.group(3), []))
                prose.append("")
            else:
                prose.append(line)
        else:
            if line.strip().startswith(fence) and set(line.strip()) <= {fence[0]}:
                fence = None
            else:
                blocks[-1][1].append(line)
            prose.append("")
    assert fence is None, "a fenced code block is never closed"
    return prose, blocks


def _headings(text: str) -> list[tuple[int, str]]:
    prose, _ = _split(text)
    return [(len(m.group(1)), m.group(2)) for line in prose if (m := HEADING.match(line))]


def _without_comment(line: str) -> str:
    return COMMENT.sub("", line).rstrip()


def _code(block: tuple[str, list[str]]) -> tuple[str, list[str]]:
    info, lines = block
    if info == OUTPUT:
        return info, []
    return info, [kept for line in lines if (kept := _without_comment(line))]


def _inline_commands(text: str) -> set[str]:
    prose, _ = _split(text)
    spans = (m.group(2).strip() for m in INLINE_CODE.finditer("\n".join(prose)))
    return {" ".join(span.split()) for span in spans if COMMAND.match(span)}


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`|\*\*|__", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _targets(text: str) -> list[str]:
    prose, _ = _split(text)
    joined = "\n".join(prose)
    without_code = INLINE_CODE.sub("", joined)
    return [m.group(1) for m in LINK.finditer(without_code)] + [m.group(1) for m in HTML_SRC.finditer(without_code)]


@pytest.mark.parametrize(("spanish", "english"), TWINS)
def test_both_versions_have_the_same_sections(spanish, english):
    es, en = _headings(_read(spanish)), _headings(_read(english))
    side_by_side = "\n".join(f"{_show(a)}  |  {_show(b)}" for a, b in zip_longest(es, en))
    assert [level for level, _ in es] == [level for level, _ in en], f"the headings differ:\n{side_by_side}"


def _show(heading: tuple[int, str] | None) -> str:
    return "-" if heading is None else f"{'#' * heading[0]} {heading[1]}"


@pytest.mark.parametrize(("spanish", "english"), TWINS)
def test_both_versions_have_the_same_code_blocks(spanish, english):
    _, es = _split(_read(spanish))
    _, en = _split(_read(english))
    assert [info for info, _ in es] == [info for info, _ in en], "the fenced blocks differ in number, order or kind"
    for number, (a, b) in enumerate(zip(es, en), start=1):
        assert _code(a) == _code(b), f"fenced block {number} ({a[0] or 'no info string'}) differs"


@pytest.mark.parametrize(("spanish", "english"), TWINS)
def test_both_versions_give_the_same_commands(spanish, english):
    es, en = _inline_commands(_read(spanish)), _inline_commands(_read(english))
    assert (sorted(es - en), sorted(en - es)) == ([], []), f"(only in {spanish}, only in {english})"


@pytest.mark.parametrize(("page", "twin"), [pair for spanish, english in TWINS
                                            for pair in ((spanish, english), (english, spanish))])
def test_each_version_links_to_its_twin_at_the_top(page, twin):
    top = "\n".join(_read(page).splitlines()[:FIRST_LINES])
    expected = Path(os.path.relpath(ROOT / twin, (ROOT / page).parent)).as_posix()
    assert f"]({expected})" in top, f"{page} does not link to {expected} in its first {FIRST_LINES} lines"


@pytest.mark.parametrize("page", PAGES)
def test_every_relative_link_and_image_resolves(page):
    here = (ROOT / page).parent
    broken = []
    for target in _targets(_read(page)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # https:, mailto:: not ours to check
        path, _, anchor = target.partition("#")
        file = (here / path).resolve() if path else ROOT / page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in {_slug(h) for _, h in _headings(_read_at(file))}:
            broken.append(f"{target}: no such heading")
    assert broken == []


def test_the_readme_opens_in_spanish():
    # What GitHub shows first is the Spanish README: its opening says so in the players' words.
    opening = " ".join(_read("README.md").splitlines()[:FIRST_LINES + 5])
    assert "listas" in opening and "comprueba" in opening


def test_the_rules_see_what_they_should():
    # The helpers above, on a page made for them: a heading in a code block is no heading, a
    # comment is not compared, an output block is compared by place only, a link in code is no link.
    page = ("# T\n[en](x.md) `builder check a.yaml`\n```sh\nbuilder check a.yaml  # comprueba\n# fuera\n```\n"
            "```text\n# no es un título\nOK\n```\n## Sección · `builder serve`\n`make demo` ![i](img.png) `[no](z)`\n")
    assert _headings(page) == [(1, "T"), (2, "Sección · `builder serve`")]
    _, blocks = _split(page)
    assert [_code(b) for b in blocks] == [("sh", ["builder check a.yaml"]), ("text", [])]
    assert _inline_commands(page) == {"builder check a.yaml", "builder serve", "make demo"}
    assert _targets(page) == ["x.md", "img.png"]
    assert _slug("Sección · `builder serve`") == "sección--builder-serve"
