"""The interface every game implements, and the value checking one roster gives."""

from __future__ import annotations

import importlib
import json
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from builder.core import editions, resources
from builder.core.display import shorten
from builder.core.edition_check import RULED, fingerprint_under, rules_for, under_rules_given
from builder.core.errors import InputError
from builder.core.findings import Finding, Findings, Place
from builder.core.fingerprint import as_written, fingerprint
from builder.core.messages import LANGUAGES
from builder.core.names import fold
from builder.core.evaluation import Evaluation
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.references import matching
from builder.core.records import Record
from builder.core.validation import set_aside, validate
from builder.core.validators import NAME_MOST
from builder.core.yaml_data import parse_text

if TYPE_CHECKING:
    from builder.core.catalog_floors import Floor
    from builder.core.printout import PrintSpec
    from builder.core.workbook import WorkbookSpec


RULE_PLACEHOLDERS = "builder · La lista inicial de «builder new»"
EDITION_KEY = "edition"
"""The list's key that names the edition of its game's catalogs it is written for."""


@dataclass(frozen=True)
class FileCommand:
    """A command a game adds to the command line (``builder <name> FILE``): it checks one file of
    that game, prints the game's view of it and writes the spreadsheet and PDF asked for."""

    name: str
    help: str
    """The message of its help (in the game's ``messages.py``): a first paragraph that sums it
    up, then the details."""
    xlsx_help: str
    """The message of its ``--xlsx`` option's help; ``pdf_help``, of its ``--pdf``'s."""
    pdf_help: str
    wrong_file: str
    """The message code for a file of another game."""
    as_json: Callable[[Evaluation, str], dict[str, Any]]
    """The ``--format json`` output."""


class System(ABC):
    key: str
    """The value of the file's ``system:`` key."""
    title: str
    prefix: str
    """Two letters that open this system's fingerprints."""
    messages: Mapping[str, Mapping[str, str]]
    """The game's messages, in every language (registered when the game is loaded)."""
    file_model: type[Record]
    """The record a file validates as (generated from the system's models)."""
    pack_model: type[Record] | None = None
    """What an event pack may set for this system (see builder.events.packs); None: packs don't apply."""
    rule_fields: str
    """The rule cited for a file's structure (missing keys, wrong types)."""
    name_key = "name"
    """The file key that names the roster."""
    cards_module: str
    """The module whose ``print_spec(evaluation, lang)`` describes the printout."""
    sheets_module: str
    """The module whose ``workbook(evaluation, lang)`` describes the spreadsheet."""
    rounds_campaign: str | None = None
    """The key of the campaign system whose days this game's events run as: an event's rounds are
    then that campaign's days (each entered on the desk as one stage of its file) and its standings
    the campaign's own; None: the rounds are games between two teams (the Swiss)."""
    floors: tuple["Floor", ...] = ()
    """The least an event's house rules may make each number of its catalogs (builder.core.catalog_floors)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in RULED:
            if name in cls.__dict__:
                setattr(cls, name, under_rules_given(cls.__dict__[name]))

    def evaluate(self, doc: Document, pack: Pack | None = None, view: bool = True) -> Evaluation:
        """Model one parsed roster (under an event's pack if given), then check it: the
        evaluation of ``doc``, its findings in reading order; without its resolved view when
        ``view`` is False (an event's lists: nobody reads it, and it would keep every list's
        records in memory to the end). It is checked under the rules :func:`rules_for` picks."""
        rules, about_edition = rules_for(self, doc, pack)
        evaluation = self.evaluate_under(rules, doc, pack)
        evaluation = fingerprint_under(self, evaluation, doc, pack).with_findings(about_edition)
        kept = {} if view else {"view": None}
        return replace(evaluation, findings=evaluation.findings.in_reading_order(), **kept)

    def evaluate_under(self, rules: editions.Rules, doc: Document, pack: Pack | None) -> Evaluation:
        """The roster checked under ``rules``, with its view."""
        with editions.using(rules), editions.house_rules_blamed(rules):
            data, place, overridden = self.prepare(doc, pack)
            # An unknown key stops nothing else: the rules run on what remains (ruling 73).
            file, findings = validate(self.file_model, data, place, self.rule_fields, past_unknown_keys=True)
            if file is None:
                # The file's own name and limit, as far as they can be shown: a name that failed
                # validation may be of any length.
                name, limit = data.get(self.name_key), data.get("points_limit")
                evaluation = Evaluation(self.key, shorten(name, NAME_MOST) if isinstance(name, str) else None,
                                        findings, points_limit=limit if type(limit) is int and 0 < limit <= 10**9
                                        else None, inputs=self.named_files(doc))
            else:
                evaluation = self.check(file, doc, place, findings, pack, overridden)
                if set_aside(evaluation.findings):
                    # Part of the file was not read: no fingerprint can stand for it as written.
                    evaluation = replace(evaluation, fingerprint=None)
            evaluation = self._placeholders_left(evaluation, doc)
            if rules.house is not None:
                evaluation = rules.house.judged(self, doc, evaluation, pack)
        return replace(evaluation, source=doc, rules=rules)

    def named_files(self, doc: Document) -> tuple[Path, ...]:
        """The files a roster that failed its model names in its file fields (its Warbook), those
        there are: it still says which files it reads, so the desk keeps them beside it and shows
        the roster's own problem, not «a file the list doesn't read» (issue 46)."""
        found = []
        for pattern in self.file_fields():
            for _, written in matching(doc.data, pattern):
                if not isinstance(written, str) or not written.strip():
                    continue
                try:
                    target, _ = doc.reference(written, None)
                    if target.is_file():
                        found.append(target)
                except (InputError, OSError, ValueError):  # out of its folder, or no path at all
                    continue
        return tuple(found)

    def _placeholders_left(self, evaluation: Evaluation, doc: Document) -> Evaluation:
        """A warning for each value of the starting roster left in (``player: Tu nombre``), as the
        file writes it; a player's placeholder is no player's name, and is printed nowhere."""
        found = []
        for key, variant in ((self.name_key, None), ("player", "player")):
            value = doc.data.get(key)
            if isinstance(value, str) and fold(value) in self.placeholders().get(key, ()):
                found.append(Finding("placeholder-value", "warning", Place(doc, (key,)), RULE_PLACEHOLDERS,
                                     {"value": shorten(value), "key": key}, variant=variant))
        if not found:
            return evaluation
        player = None if any(f.variant == "player" for f in found) else evaluation.player
        return replace(evaluation.with_findings(found), player=player)

    def placeholders(self) -> dict[str, frozenset[str]]:
        """The roster's name and player as the starting rosters write them, in every language
        (folded): the values a player is meant to replace."""
        if "_placeholders" not in self.__dict__:
            values: dict[str, set[str]] = {}
            for lang in LANGUAGES:
                for kind in ("roster", *self.new_kinds()):
                    try:
                        data, _ = parse_text(self.starting_roster(lang, kind))
                    except OSError:
                        continue  # a game without a starting roster in this language
                    for key in (self.name_key, "player"):
                        if isinstance(data, dict) and isinstance(data.get(key), str):
                            values.setdefault(key, set()).add(fold(data[key]))
            self.__dict__["_placeholders"] = {k: frozenset(v) for k, v in values.items()}
        return self.__dict__["_placeholders"]

    @abstractmethod
    def check(self, file: Any, doc: Document, place: Place, findings: Findings, pack: Pack | None,
              overridden: set[str]) -> Evaluation:
        """The system's rules over a validated file; ``overridden`` are the keys the pack replaced."""

    def prepare(self, doc: Document, pack: Pack | None) -> tuple[dict[str, Any], Place, set[str]]:
        """The data to validate (the pack's values over the list's), where findings point, and
        which top-level keys the pack overrode."""
        data = {**doc.data, "system": self.key}
        data.pop(EDITION_KEY, None)  # which rules check the list (see rules_for), not the list
        if pack is None:
            return data, Place(doc), set()
        overrides = pack.overrides(set(self.file_model.field_keys.values()))
        data.update(overrides)
        overlay = tuple(((key,), pack.place(key)) for key in overrides)
        return data, Place(doc, (), overlay), set(overrides)

    def fingerprint_of(self, content: dict[str, Any], doc: Document, overridden: set[str]) -> str:
        """The fingerprint of the list as written: keys an event overrode count with the list's own values."""
        if overridden:
            content = {k: v for k, v in content.items() if k not in overridden}
            content.update(as_written(self.file_model, doc.data, overridden))
        return fingerprint(self.prefix, content)

    def schema(self) -> dict[str, Any]:
        schema = self.file_model.pydantic().model_json_schema(by_alias=True)
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = f"builder · {self.title}"
        return schema

    def file_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's files for editors (``builder schema``): the model's, and the
        ``edition:`` a list may name, which chooses its rules and is no part of the list (nor of the page's form)."""
        schema = self.schema()
        schema.setdefault("properties", {})[EDITION_KEY] = {
            "type": ["string", "number"],
            "description": "The edition of the game's catalogs the list is written for (builder catalog GAME lists "
                           "them); the newest if left out."}
        return schema

    builtin = False
    """True for the games that come with builder, whose catalogs and templates are in its
    top-level ``catalogs/<key>/`` and ``templates/<key>/``; a game of a package of its own keeps
    them in its own folder's ``data/`` and ``templates/``."""

    rules_of: str | None = None
    """The key of the game whose catalogs (and editions) this one reads, when not its own (a
    campaign of another game's races reads that game's)."""

    @property
    def rules_game(self) -> str:
        """The key of the game whose catalogs this one reads: its own, or the one ``rules_of`` names."""
        return self.rules_of or self.key

    @cached_property
    def catalogs_home(self) -> Path:
        """The folder of the catalogs it reads: their newest edition, and the older ones in ``editions/``
        (found once: every catalog a check reads asks it)."""
        if self.builtin:
            return resources.shipped(resources.CATALOGS) / self.rules_game
        return self.folder / "data"

    def editions(self) -> tuple[editions.Edition, ...]:
        """The installed editions of the catalogs it reads, newest (the default) first."""
        found = editions.installed(self.rules_game, self.catalogs_home)
        return found or (editions.unnamed(self.rules_game, self.catalogs_home),)

    def rules(self) -> editions.Rules:
        """The rules in force for its catalogs: those a check put in force, else their newest edition."""
        return editions.in_force(self.rules_game) or editions.Rules(self.editions()[0])

    @property
    def catalog_folder(self) -> Path:
        """The folder of the catalogs (the books' tables, as YAML) of the edition in force."""
        return self.rules().edition.folder

    @property
    def templates_folder(self) -> Path:
        """The folder of the game's print templates, card stylesheet and starting rosters."""
        if self.builtin:
            return resources.shipped(resources.TEMPLATES) / self.key
        return self.folder / "templates"

    def catalog(self, filename: str) -> Any:
        """One of the game's catalog files, parsed (once per process), with the house rules in force over it."""
        rules = self.rules()
        data = resources.load_catalog(rules.edition.folder, filename)
        return rules.house.applied(filename, data) if rules.house is not None else data

    def catalogs(self) -> list[Path]:
        """The game's own catalog files in the edition in force (none for a game that reads another's)."""
        return editions.catalog_files(self.catalog_folder) if self.rules_of is None else []

    def browse(self) -> dict[str, list[tuple[str, str]]]:
        """What names a roster may use, by topic (``races``, ``competencies``…): (name, detail) pairs."""
        return {}

    def choices(self, data: Mapping[str, Any], evaluation: Evaluation | None, lang: str) -> dict[str, list[tuple[str, str]]]:
        """The names a field of the page's forms may take, by the field's path pattern: keys and
        list positions joined by ``/``, ``*`` for any position or key (``runners/*/race``,
        ``warbook/characters/*/weapons/*``), each a list of (value written in the file, label).

        ``data`` is the roster as read (it may not validate); ``evaluation`` is its check, when
        the file could be read (a Warbook of another file is in its ``details``). A field without
        choices is typed in; a game that gives none still gets a working form from its models."""
        return {}

    def file_fields(self) -> dict[str, str]:
        """The fields that name another file of the roster's folder, by path pattern, each with
        what that file holds (``warbook``: a Warbook on its own, the word of ``Evaluation.holds``):
        the page offers the folder's files that hold it. None by default."""
        return {}

    def renamed(self, data: Mapping[str, Any], path: tuple[str | int, ...], old: Any,
                new: Any) -> list[tuple[tuple[str | int, ...], Any]]:
        """When the value at ``path`` is the name of a part that others refer to by it (a runner
        a lineup names, an archetype squads recruit) and it changes from ``old`` to ``new``: the
        values to set in ``data`` so that each of those references names it still, as
        (path, value) pairs, which the page makes with the rename as one change. ``data`` is the
        roster as read before the rename (it may not validate); it may also be another file that
        uses this one's parts (a list whose Warbook is the file renamed in), whose own
        references are then those to change. None by default."""
        return []

    def starts(self, path: tuple[str | int, ...]) -> Mapping[str, Any]:
        """What a new part added to the list at ``path`` (``("minions",)``) starts with, by
        field, where the least its schema allows is not a value the rules allow (a group of the
        book's smallest size, not of none). The page then moves on to the first choices the
        rules allow. None by default."""
        return {}

    def notes(self, evaluation: Evaluation, lang: str) -> dict[str, str]:
        """Short derived figures the page shows beside a part of the roster, by its path (``squads/0``:
        its points; ``runners/3``: its profile), worked out by the game's own check."""
        return {}

    def starting_roster(self, lang: str, kind: str = "roster") -> str:
        """A commented roster to start from, in ``lang`` (``builder new``); another ``kind`` of
        file the game has (see :meth:`new_kinds`): that file to start from."""
        if kind not in ("roster", *self.new_kinds()):
            raise FileNotFoundError(kind)
        return (self.templates_folder / f"new-{kind}.{lang}.yaml").read_text(encoding="utf-8")

    def new_kinds(self) -> tuple[str, ...]:
        """The kinds of file besides a roster the game starts one of (``warbook``: a
        file holding only a Warbook): each a ``new-<kind>.<lang>.yaml`` of its templates folder,
        called by the label of the key it holds (``form.<game>.<kind>``)."""
        found = sorted(p.name.removeprefix("new-").split(".")[0] for p in self.templates_folder.glob("new-*.es.yaml"))
        return tuple(k for k in found if k != "roster")

    def workbook(self, evaluation: Evaluation, lang: str) -> "WorkbookSpec":
        """The spreadsheet of a checked roster: summary facts and unit tables."""
        return importlib.import_module(self.sheets_module).workbook(evaluation, lang)

    def print_spec(self, evaluation: Evaluation, lang: str) -> "PrintSpec":
        """The team sheet and cards of a checked roster."""
        return importlib.import_module(self.cards_module).print_spec(evaluation, lang)

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        """The resolved roster as text; systems override this with a readable layout."""
        return json.dumps(evaluation.details, ensure_ascii=False, indent=2)

    @property
    def folder(self) -> Path:
        """The folder of the game's modules."""
        return Path(sys.modules[type(self).__module__].__file__).parent  # type: ignore[arg-type]

    def commands(self) -> Sequence[FileCommand]:
        """Commands the game adds to the command line (none unless it says so)."""
        return ()

    def event_findings(self, evaluations: Sequence[Evaluation], pack: Pack) -> list[tuple[int, Finding]]:
        """The game's rules across the lists of one event under ``pack`` (its own lists, in the
        event's order): each finding with the index of the list it is about."""
        return []


for _name in RULED:
    # What a game inherits reads its catalogs under the list's rules too (print_spec, workbook…).
    setattr(System, _name, under_rules_given(getattr(System, _name)))
