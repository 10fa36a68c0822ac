"""Realistic player mistakes, enumerated deterministically from a parsed roster.

Every path of the document's mappings and lists is walked in document order and
given the mistakes that make sense there: a key deleted, a value set to null, the
wrong type, zero, minus one, a huge or fractional number, an empty, very long,
emoji/right-to-left or spreadsheet-formula string, a misspelt reference, a
duplicated item or name, an unknown key. A few mistakes can only be written as raw
YAML text (an impossible date, an integer of 5000 digits, a control character as an
escape); they are dumped as a placeholder and the placeholder replaced afterwards.

    >>> mutant = Mutant(yaml.safe_load(text))
    >>> for mistake in mistakes(mutant.data):
    ...     mutant.apply(mistake).text()

Nothing here is random: the same document always gives the same mistakes, in
the same order, with the same labels (``squads[0].members[0].count-x1e12``).
"""

from __future__ import annotations

import copy
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterator

import yaml

from builder.core.display import display_path

Path_ = tuple[Any, ...]

LONG = "Abcdefghij" * 1000
"""A 10 000-character string."""
EMOJI_RTL = "🐉 مرحبا \u202ex"
"""An emoji, Arabic (right to left) and a right-to-left override."""
FORMULA = '=HYPERLINK("http://x")'
"""What a spreadsheet would run as a formula if written as is."""
UNKNOWN_KEY = "notas"
"""A key no system knows (a player's own notes)."""

RAW_DATE = "2024-02-30"
"""A plain scalar YAML reads as a date that doesn't exist."""
RAW_HUGE_INT = "1" + "0" * 4999
"""A plain integer of 5000 digits (past Python's int-from-text limit)."""
RAW_VTAB = '"A\\vB"'
"""A double-quoted scalar with a vertical tab written as a YAML escape."""


class _SafeDumper(yaml.SafeDumper):
    """yaml.safe_dump's dumper, writing a value met twice twice (no &anchors: players don't write them)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


class _CSafeDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
    def ignore_aliases(self, data: Any) -> bool:
        return True


_DUMPER = _CSafeDumper if hasattr(yaml, "CSafeDumper") else _SafeDumper

PLACEHOLDER = "ZqRAW{}Zq"
"""Dumped as a plain scalar, then replaced by raw YAML text."""

TEXT_KEYS = frozenset({"description"})
"""Free text: not a reference, nothing to misspell."""
NAME_KEYS = frozenset({"name", "team", "player"})
"""Keys whose value is a name (for the date-as-name and control-character mistakes)."""


@dataclass(frozen=True, eq=False)
class Mistake:
    """One change to a document: ``op`` at ``path``, labelled ``kind``."""

    path: Path_
    kind: str
    op: str  # "set", "delete", "add-key", "insert", "raw"
    value: Any = None

    @property
    def label(self) -> str:
        where = path_label(self.path) or "root"
        return f"{where}-{self.kind}"


@dataclass
class Mutant:
    """A document being broken, plus the raw texts its placeholders stand for."""

    data: Any
    raws: dict[str, str] = field(default_factory=dict)
    applied: tuple[Mistake, ...] = ()

    def apply(self, mistake: Mistake) -> "Mutant":
        """A new mutant with ``mistake`` made; this one is left as it was (they share what didn't change)."""
        raws = dict(self.raws)
        value = copy.deepcopy(mistake.value)
        if mistake.op == "raw":
            token = PLACEHOLDER.format(len(raws))
            raws[token] = value
            value = token
        path = mistake.path
        if mistake.op in ("set", "raw") and not path:
            return Mutant(value, raws, self.applied + (mistake,))
        # Copy only the containers on the way to the change.
        target = path if mistake.op == "add-key" else path[:-1]
        data = copy.copy(self.data)
        here = data
        for part in target:
            here[part] = copy.copy(here[part])
            here = here[part]
        if mistake.op in ("set", "raw"):
            here[path[-1]] = value
        elif mistake.op == "delete":
            del here[path[-1]]
        elif mistake.op == "insert":
            here.insert(path[-1], value)
        elif mistake.op == "add-key":
            key, item = value
            here[key] = item
        else:  # pragma: no cover - a typo in this file
            raise ValueError(mistake.op)
        return Mutant(data, raws, self.applied + (mistake,))

    def text(self) -> str:
        # yaml.safe_dump, with libyaml's emitter when there is one (five times faster); but libyaml
        # escapes characters beyond the BMP (an emoji becomes "\U0001F409") where a player's
        # editor writes them as they are, so such documents go through PyYAML's own emitter.
        out = yaml.dump(self.data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False)
        if _DUMPER is not _SafeDumper and "\\U" in out:
            out = yaml.dump(self.data, Dumper=_SafeDumper, allow_unicode=True, sort_keys=False)
        for token, raw in self.raws.items():
            out = out.replace(token, raw)
        return out

    @property
    def label(self) -> str:
        return "+".join(m.label for m in self.applied) or "unchanged"


def path_label(path: Path_) -> str:
    """``('squads', 0, 'members', 1)`` -> ``squads[0].members[1]`` (as builder prints paths)."""
    return display_path(path)


def walk(data: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every (path, value) of the document, the root first, in document order."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from walk(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from walk(value, path + (index,))


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def misspell(text: str) -> str:
    """Change one letter (the middle one, or the nearest letter to it) of ``text``."""
    letters = [i for i, c in enumerate(text) if c.isalpha()]
    if not letters:
        return text + "x"
    middle = len(text) // 2
    i = min(letters, key=lambda k: (abs(k - middle), k))
    old = text[i]
    new = "e" if old.lower() == "a" else "a"
    new = new.upper() if old.isupper() else new
    return text[:i] + new + text[i + 1:]


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def _key_of(path: Path_) -> Any:
    """The mapping key a value is under (for a list item, the list's key)."""
    for part in reversed(path):
        if not isinstance(part, int):
            return part
    return None


def mistakes(data: Any) -> list[Mistake]:
    """Every mistake for this document, in document order, with unique labels.

    A string is misspelt wherever it is (a name others refer to, or a reference to
    one: a character, body, weapon, race, specialty, competency, a Warbook's file).
    """
    out: list[Mistake] = []
    for path, value in walk(data):
        out.extend(_at(path, value))
    seen: set[str] = set()
    unique = []
    for mistake in out:
        if mistake.label not in seen:
            seen.add(mistake.label)
            unique.append(mistake)
    return unique


def _at(path: Path_, value: Any) -> Iterator[Mistake]:
    def put(kind: str, new: Any) -> Iterator[Mistake]:
        if type(new) is not type(value) or new != value:
            yield Mistake(path, kind, "set", new)

    if isinstance(value, dict):
        yield Mistake(path, "unknown-key", "add-key", (UNKNOWN_KEY if UNKNOWN_KEY not in value else "notas2",
                                                       "revisar"))
    if not path:
        return  # the whole document replaced is another test's business (test_fuzz)
    key = _key_of(path)
    yield Mistake(path, "delete", "delete")
    yield from put("null", None)
    if isinstance(value, dict):
        yield from put("empty", {})
        yield from put("as-list", [value])          # a stray dash: a list of one mapping
        yield from put("as-string", "Alfa")
        return
    if isinstance(value, list):
        yield from put("empty", [])
        yield from put("as-string", "Alfa")
        first = value[0] if value else None
        yield from put("as-mapping", first if isinstance(first, dict) else {"name": "Alfa"})
        if value:
            yield Mistake(path + (1,), "dup-item", "insert", first)
            names = [item.get("name") if isinstance(item, dict) else None for item in value]
            if len(value) >= 2 and names[0] is not None and names[1] is not None:
                yield Mistake(path + (1, "name"), "dup-name", "set", names[0])
        return
    # A scalar: wrong types, then the values that fit its own type badly.
    yield from put("as-list", [value])
    yield from put("as-mapping", {"name": value})
    if is_number(value):
        yield from put("as-string", f"{value} pts")   # (and no "" here: one string where a number goes is enough)
        yield from put("zero", 0)
        yield from put("minus-one", -1)
        yield from put("1e12", 10**12)
        yield from put("float", 2.5)
        if isinstance(value, int):
            yield from put("extra-zeros", int(f"{value}000"))   # 14 -> 14000
        else:
            yield from put("extra-zeros", value * 1000)
        yield from put("x1e12", value * 10**12)
        yield from put("1e300", 1.0e300)
        yield Mistake(path, "5000-digits", "raw", RAW_HUGE_INT)
    elif isinstance(value, bool):
        yield from put("as-string", "sí")
        yield from put("zero", 0)
        yield from put("float", 2.5)
    elif isinstance(value, str):
        yield from put("as-number", 14)
        yield from put("empty", "")
        yield from put("long", LONG)
        yield from put("emoji-rtl", EMOJI_RTL)
        yield from put("formula", FORMULA)
        if key not in TEXT_KEYS and value:
            yield from put("misspelt", misspell(value))
            yield from put("no-accents", strip_accents(value))
        if key in NAME_KEYS:
            yield Mistake(path, "date", "raw", RAW_DATE)
            yield Mistake(path, "vtab", "raw", RAW_VTAB)
    else:  # null, a date: anything YAML can hold
        yield from put("as-string", "Alfa")
        yield from put("zero", 0)


SPECIFIC = frozenset({"date", "5000-digits", "1e300", "vtab", "extra-zeros", "x1e12"})
"""The special cases: kinds the export sample always includes (in a spreadsheet and in a PDF)."""
