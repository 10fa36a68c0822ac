"""The builder on the desk: the texts a player's browser sends with each click, kept nowhere here.

Each click carries the list (and the files it names, a Warbook) as file parts of the form, bounded as
an upload's files are. The texts are a :class:`builder.web.keeping.Keeper` for the request alone:
written into a folder made for it (a list's ``warbook:`` may name only a file sent with it, as in
a submission) and gone with it. The server answers with the new text and its view; the browser
keeps them (localStorage). Nothing of a click reaches the event's store.

What a click may cost is bounded: the texts by their size, trying the choices of the part shown
by :mod:`builder.web.trials`' own bounds in tries and time, and its answer kept by the texts' hash
(:class:`Tried`), so a reload or a retry tries nothing twice. Clicks have their own budget per
address, counted in the store with the desk's other limits (:class:`builder.desk.state.Desk`).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Mapping

import yaml

from builder.desk import texts  # noqa: F401 - the desk's words (a rename carried, said) join the message table
from builder.core import messages, registry
from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.core.pipeline import as_roster, evaluate
from builder.core.reader import MAX_BYTES, Document, document_from_bytes, forget_read
from builder.core.system import Evaluation
from builder.events.bounds import plain_file_name
from builder.events.submitted import FILES_MOST, LARGE
from builder.web.building import Builder, path_of
from builder.web.starts import under_house_rules
from builder.web.downloads import download, download_stem
from builder.web.edits import Edit, apply
from builder.web.keeping import Refused
from builder.web import reading
from builder.web.pages import render_build
from builder.web.previews import preview_html

LIST_NAME = "lista.yaml"
"""The name a list started on the desk is kept under (a Warbook started beside it: ``warbook.yaml``)."""


def files_of(files: list[tuple[str, bytes]]) -> dict[str, bytes]:
    """The files a click sends (its file parts), by name: plain YAML names, at most FILES_MOST of
    them, each within an upload's size; Refused otherwise."""
    if not files or len(files) > FILES_MOST:
        raise Refused("desk-build-files", 400)
    out: dict[str, bytes] = {}
    for name, data in files:
        if not plain_file_name(name) or name.casefold() in {n.casefold() for n in out}:
            raise Refused("desk-build-files", 400)
        if len(data) > MAX_BYTES:
            raise Refused("desk-too-large", 413)
        out[name] = data
    return out


def texts_of(files: list[tuple[str, bytes]]) -> dict[str, str]:
    """The texts a click sends, by name: :func:`files_of`'s, each UTF-8; Refused otherwise."""
    try:
        return {name: data.decode("utf-8") for name, data in files_of(files).items()}
    except UnicodeDecodeError:
        raise Refused("desk-build-files", 400) from None


class Texts:
    """The texts of one click as the builder's keeper: each checked as if kept, beside the others,
    in the request's own folder (``root``)."""

    def __init__(self, files: Mapping[str, str], pack: Pack, root: Path):
        self.files, self.pack, self.root = dict(files), pack, root
        for name, text in self.files.items():
            (root / name).write_bytes(text.encode("utf-8"))

    def check(self, text: str | bytes, relative: str) -> Evaluation:
        data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("invalid-encoding", relative, 1) from None
        ev = evaluate(document_from_bytes(data, self.root / relative, relative, root=self.root), pack=self.pack)
        if self.files.get(relative) == text:
            _SUMMARIES.put(self._key(relative), self._summary_of(ev))
        return ev

    def document(self, text: str, relative: str) -> Document:
        return as_roster(document_from_bytes(text.encode("utf-8", "surrogatepass"), self.root / relative, relative,
                                             root=self.root))

    def _key(self, name: str) -> str:
        # What a file holds and reads depends on its own text, and on which files are beside it (one it
        # names but wasn't sent leaves it unreadable), not on what they hold.
        return Tried.key({name: self.files[name]}, name, [self.pack.name, sorted(self.files)], "")

    def _summary_of(self, ev: Evaluation) -> dict[str, Any]:
        return {"holds": ev.holds, "name": ev.name, "system": ev.system,
                "reads": [p.name for p in ev.inputs if p.parent == self.root]}

    def _summary(self, name: str) -> dict[str, Any] | None:
        """What a file sent holds and reads, as its check says: kept by the texts' hash, so the
        Warbook beside a list being built is checked once, not on every click."""
        key = self._key(name)
        kept = _SUMMARIES.get(key)
        if kept is None:
            try:
                kept = self._summary_of(self.check(self.files[name], name))
            except InputError:
                kept = {"holds": None, "name": None, "system": None, "reads": [], "unreadable": True}
            _SUMMARIES.put(key, kept)
        return None if kept.get("unreadable") else kept

    def holding(self, word: str, lang: str) -> list[dict[str, Any]]:
        return [{"path": name, "name": found["name"], "system": found["system"]} for name in self.files
                if (found := self._summary(name)) is not None and found["holds"] == word]

    def related(self, evaluation: Evaluation, relative: str, lang: str) -> tuple[list[str], list[str] | None]:
        reads = [p.name for p in evaluation.inputs if p.parent == self.root and p.name != relative]
        if evaluation.holds is None:
            return reads, None
        read_by = [name for name in self.files if name != relative and (found := self._summary(name)) is not None
                   and relative in found["reads"]]
        return reads, read_by

    def users(self, relative: str, lang: str) -> list[str]:
        return [name for name in self.files if (found := self._summary(name)) is not None and relative in found["reads"]]

    def read(self, relative: str) -> tuple[str, str | None]:
        if relative not in self.files:
            raise Refused("desk-build-files", 400)
        return self.files[relative], None

    def save(self, relative: str, text: str, version: str | None) -> str | None:
        self.save_begun(relative, text, version)
        return None

    def save_begun(self, relative: str, text: str, version: str | None) -> tuple[str | None, Callable[[], None]]:
        self.files[relative] = text  # kept by the browser, once it has the answer
        (self.root / relative).write_bytes(text.encode("utf-8"))
        return None, _done


def _done() -> None:
    """Nothing to wait for: nothing is written."""


def _with_texts(pack: Pack, files: Mapping[str, str], work: Callable[[Texts], Any]) -> Any:
    with tempfile.TemporaryDirectory(prefix="builder-desk-build-") as tmp:
        try:
            return work(Texts(files, pack, Path(tmp).resolve()))
        finally:
            if any(len(text) > LARGE for text in files.values()):
                forget_read()  # its folder is gone: a big file's parse would only take memory


def _open(files: Mapping[str, str], file: str) -> str:
    if file not in files:
        raise Refused("desk-build-files", 400)
    return file


def drawn(pack: Pack, files: Mapping[str, str], file: str, at: Any, lang: str) -> str:
    """The builder view of ``file`` (one of ``files``) at the part ``at``, as HTML."""
    _open(files, file)
    return _with_texts(pack, files, lambda texts: render_build(
        Builder(texts).view(file, texts.files[file], None, path_of(at or []), lang), lang))


def clicked(pack: Pack, files: Mapping[str, str], file: str, action: Mapping[str, Any], lang: str) -> str:
    """A click (``action``: op, path, at, value, other) made in ``file``'s text, checked again under
    the pack: the builder view of the new text, which it carries."""
    _open(files, file)

    def work(texts: Texts) -> str:
        builder = Builder(texts)
        # Kept as a click's text is kept (a version given, though the texts have none): the files
        # beside it see the new text, as the browser will keep it, and a rename is carried to them.
        text, _, at, _, carried = builder.edit_begun(file, texts.files[file], "", action, lang)
        view = builder.view(file, text, None, at, lang)
        # A rename carried into the files that read this one (the lists recruiting from this
        # Warbook): their new texts go back with the view, for the browser to keep with it.
        view.carried, view.carried_note = carried, "desk.build-carried"
        return render_build(view, lang)
    return _with_texts(pack, files, work)


def refusals(pack: Pack, files: Mapping[str, str], file: str, at: Any, lang: str) -> dict[str, dict[str, dict[str, str]]]:
    """The choices of the part shown, tried: those the rules refuse and those open until another
    of the part's choices changes (:meth:`Builder.tried`)."""
    _open(files, file)
    return _with_texts(pack, files, lambda texts: Builder(texts).tried(file, texts.files[file],
                                                                       path_of(at or []), lang))


def exported(pack: Pack, files: Mapping[str, str], file: str, kind: str, lang: str) -> tuple[bytes, str, str]:
    """The sheet (xlsx) or the PDF of ``file`` as the browser holds it (a draft when illegal)."""
    _open(files, file)

    def work(texts: Texts) -> tuple[bytes, str, str]:
        try:
            ev = texts.check(texts.files[file], file)
        except InputError:
            raise Refused("desk-build-unreadable", 422) from None
        return download(ev, kind, lang, download_stem(ev, file))
    return _with_texts(pack, files, work)


def previewed(pack: Pack, files: Mapping[str, str], file: str, lang: str) -> str:
    """The cards' preview of ``file`` as the browser holds it (the printed document as HTML)."""
    _open(files, file)

    def work(texts: Texts) -> str:
        try:
            return preview_html(texts.check(texts.files[file], file), lang)
        except InputError:
            return ""
    return _with_texts(pack, files, work)


def read_out(pack: Pack, files: Mapping[str, str], file: str | None, lang: str, level: int = 2) -> dict[str, Any]:
    """The list among ``files`` as players read it (:mod:`builder.web.reading`), checked under the
    pack: ``file`` if given, else the file that holds a list (else the first). Its HTML and what the
    page keeps of it (its file, name, game, fingerprint and status); its heading at ``level``."""
    def work(texts: Texts) -> dict[str, Any]:
        chosen = _open(files, file) if file else next(
            (n for n in texts.files if (found := texts._summary(n)) is not None and found["holds"] is None),
            next(iter(texts.files)))
        read = reading.read_file(texts, chosen, lang)
        return {"html": reading.render_reading(read, lang, level), "file": chosen, "name": read.name,
                "fingerprint": read.fingerprint, "system": read.system, "status": reading.kept_status(read)}
    return _with_texts(pack, files, work)


def starting(pack: Pack, lang: str) -> dict[str, str]:
    """The texts a new list starts from, in ``lang``: the game's list (its limit and restrictions
    are the pack's, which win over the list's), and each other kind of file it starts (a
    Warbook), by kind."""
    system = registry.get(pack.system)
    roster = system.starting_roster(lang)
    if "player" in (yaml.safe_load(roster) or {}):
        # The starting roster's placeholder («Tu nombre») would be submitted as if it were the player.
        roster = apply(roster, Edit("remove", ("player",)))
    out = {"roster": under_house_rules(system, pack, roster)}
    for kind in system.new_kinds():
        out[kind] = system.starting_roster(lang, kind)
    return out


def kinds(pack: Pack, lang: str) -> list[dict[str, str]]:
    """The other kinds of file the event's game starts (a Warbook), as the page offers them."""
    system = registry.get(pack.system)
    out = []
    for kind in system.new_kinds():
        key = f"form.{system.key}.{kind}"
        out.append({"kind": kind, "name": f"{kind}.yaml",
                    "title": messages.text(key, lang) if key in messages.table() else kind})
    return out


class Tried:
    """The choices refused, kept by what they were tried on (the texts, the file, the part, the
    language): a bounded LRU, shared by the page threads."""

    def __init__(self, most: int = 256):
        self.most = most
        self._kept: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(files: Mapping[str, str | bytes], file: str, at: Any, lang: str) -> str:
        digest = hashlib.sha256()
        for name, text in files.items():  # as sent (bytes) or as read (text): one key for both
            data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
            digest.update(json.dumps([name, len(data)], ensure_ascii=False).encode("utf-8", "surrogatepass"))
            digest.update(data)
        digest.update(json.dumps([file, at, lang], ensure_ascii=False).encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def get(self, key: str) -> Any:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
            return None

    def put(self, key: str, value: Any) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)


_SUMMARIES = Tried(most=1024)
"""What each file sent holds and reads, by its text's hash with those beside it (a few hundred bytes each)."""
