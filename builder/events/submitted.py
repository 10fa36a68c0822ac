"""A submission's files checked as the event desk receives them: in a fresh folder of their own.

Nothing a player sends becomes a path on the server: every file's name must be a plain YAML file's
name (:func:`builder.events.store.plain_file_name`), the files are written into a new temporary
folder, and each is read with that folder as its ``root``, so a roster's ``warbook:`` may name
only a file of the same submission (``reference-outside-folder`` otherwise). The folder is gone
once the check is done; the evaluation is all that stays.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Mapping, Sequence

from builder.core import editions, registry
from builder.core.errors import Crash, InputError
from builder.core.pack import Pack
from builder.core.pipeline import Outcome, evaluate
from builder.core.reader import MAX_BYTES, files_read, forget_read, read_document
from builder.core.system import Evaluation
from builder.events.schema import Submission
from builder.events.bounds import StoreRefused, plain_file_name, slug
from builder.events.tournament import with_event_rules

FILES_MOST = 5
"""Files in one submission: a list, the Warbook it names, and room to spare."""
LARGE = 256 * 1024
"""A file past this many bytes is no ordinary list: the reader keeps none of it once checked."""


@dataclass(frozen=True)
class Checking:
    """A submission checked: the roster's evaluation (or why it can't be read), and its files as
    text in the order the store keeps them: the roster first."""

    evaluation: Evaluation | None
    unreadable: InputError | None
    files: dict[str, str]

    @property
    def roster(self) -> str:
        return next(iter(self.files))


def check_submission(files: Mapping[str, bytes], pack: Pack | None) -> Checking:
    """Check a submission's files (name → bytes, in the order sent) under ``pack``. The roster is
    the one file that holds a list to play; without one, the first that can't be read is the
    answer. StoreRefused ``no-files``, ``too-many-files``, ``bad-file-name`` (not a plain YAML name,
    or two files of one name), ``file-too-large``, ``two-lists`` (two files hold a list: a team
    enters one), ``no-list`` (every file reads, none holds a list: a Warbook alone),
    ``stray-file`` (a file the list doesn't read: neither the list nor its Warbook); InputError
    ``invalid-encoding`` for a file that is not UTF-8, whichever it is (a file the store can't
    keep as text)."""
    texts = _texts(files)
    with tempfile.TemporaryDirectory(prefix="builder-desk-") as tmp:
        root = Path(tmp).resolve()
        for name, data in files.items():
            (root / name).write_bytes(data)
        found: list[tuple[str, Evaluation | None, InputError | None]] = []
        read: dict[str, set[str]] = {}
        for name in files:
            try:
                with files_read() as read[name]:
                    found.append((name, evaluate(read_document(root / name, name, root=root), pack=pack,
                                                 view=False), None))
            except InputError as exc:
                # Kept bare: its traceback and the parser's error it came from hold the whole parse.
                exc.__traceback__, exc.__context__ = None, None
                found.append((name, None, exc))
            if len(files[name]) > LARGE:
                forget_read()  # its folder is gone at the end: kept, a big file would only take memory
        lists = [f for f in found if f[1] is not None and f[1].roster]
        if len(lists) > 1:
            raise StoreRefused("two-lists", ", ".join(name for name, _, _ in lists))
        # Only what the list reads is kept: a file beside it that it never reads (anything at all,
        # the probe's junk) would be stored for nothing, version after version.
        # A list that failed its model read no file, but still names the ones it reads (its Warbook).
        named = {os.path.realpath(p) for p in lists[0][1].inputs} if lists else set()
        stray = [n for n in files if lists and os.path.realpath(root / n) not in read[lists[0][0]] | named]
        if stray:
            raise StoreRefused("stray-file", ", ".join(stray))
    # No list among them: the first file that can't be read says why (it may be the list), and
    # files that hold none (a Warbook alone) are no list to enter.
    chosen = lists[0] if lists else next((f for f in found if f[2] is not None), None)
    if chosen is None:
        raise StoreRefused("no-list", ", ".join(files))
    name, evaluation, unreadable = chosen
    if evaluation is not None:
        evaluation = with_event_rules([Outcome(name, evaluation=evaluation)], pack)[0].evaluation
    ordered = {name: texts[name], **{n: t for n, t in texts.items() if n != name}}
    return Checking(evaluation, unreadable, ordered)


def _texts(files: Mapping[str, bytes]) -> dict[str, str]:
    if not files:
        raise StoreRefused("no-files")
    if len(files) > FILES_MOST:
        raise StoreRefused("too-many-files", f"at most {FILES_MOST}")
    if len({name.casefold() for name in files}) < len(files):
        raise StoreRefused("bad-file-name", "two files of one name")
    out = {}
    for name, data in files.items():
        if not plain_file_name(name):
            raise StoreRefused("bad-file-name", repr(name))
        if len(data) > MAX_BYTES:
            raise StoreRefused("file-too-large", name)
        try:
            out[name] = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError("invalid-encoding", name, data[:exc.start].count(b"\n") + 1) from None
    return out


def home_name(submission: Submission) -> str:
    """The folder a stored submission is written out to: ``<slug of its team's name>-<team id>``."""
    return f"{slug(submission.team)}-{submission.team_id}"


def written_out(submission: Submission, folder: Path) -> Path:
    """Write a stored submission's files, as sent, into a new folder of its own under ``folder``
    (:func:`home_name`); the path of its roster (its first file). A name that is not a plain YAML
    file's is refused (``bad-file-name``) before it is written."""
    home = folder / home_name(submission)
    home.mkdir()
    for name, text in submission.files.items():
        if not plain_file_name(name):
            raise StoreRefused("bad-file-name", repr(name))
        (home / name).write_bytes(text.encode("utf-8"))
    return home / next(iter(submission.files))


def version_labels(latest: Sequence[Submission]) -> list[str]:
    """How a summary names each stored version's list: ``<team slug>/v<version>/<roster's name>``,
    what the team and its version say to a reader (a team's number says nothing); two teams whose
    names make one slug are told apart by their ids."""
    slugs = Counter(slug(s.team) for s in latest)
    return [version_label(s, slugs) for s in latest]


def version_label(submission: Submission, slugs: Counter) -> str:
    """One version's label (:func:`version_labels`), given how many of the event's teams make each slug."""
    name = slug(submission.team)
    return f"{name if slugs[name] <= 1 else f'{name}-{submission.team_id}'}/v{submission.version}/" \
           f"{next(iter(submission.files), '')}"


def kept_under(pack: Pack | None, system: str | None, edition: str | None) -> Pack | None:
    """The pack a stored version of ``system``'s, checked under ``edition``, is checked again under:
    the event's; when it pins no edition, with the version's own pinned, if still installed. A list
    stored under 2026 is shown and printed under 2026 once a newer edition is installed, as its
    receipt says (a list checked under its own edition or the newest is checked under that again:
    no warning that the event plays another)."""
    if pack is None or pack.rules is not None or not edition or system != pack.system:
        return pack
    game = registry.find(system)
    kept = editions.named(game.editions(), edition) if game is not None else None
    return replace(pack, rules=editions.Rules(kept)) if kept is not None else pack


def stored_outcome(submission: Submission, label: str, folder: Path, pack: Pack | None) -> Outcome:
    """A stored version checked again from its files (its roster first), written out under
    ``folder`` (:func:`written_out`), under the edition it was checked under (:func:`kept_under`),
    inside its own boundary: an unreadable roster or a bug is its outcome. Checked alone: the
    event's rules across lists are the caller's."""
    pack = kept_under(pack, submission.checked.system, submission.checked.edition)
    try:
        roster = written_out(submission, folder)
        return Outcome(label, evaluation=evaluate(read_document(roster, label, root=roster.parent), pack=pack,
                                                  view=False))
    except InputError as exc:
        exc.__traceback__, exc.__context__ = None, None  # its frames would keep the whole parse
        return Outcome(label, unreadable=exc)
    except Exception as exc:  # noqa: BLE001 - one team's boundary: the others are still checked
        return Outcome(label, crash=Crash(label, exc))


def latest_outcomes(latest: Sequence[Submission], pack: Pack | None) -> list[Outcome]:
    """Each submission checked again from its stored files, each in a folder of its own, labelled as
    :func:`version_labels` names it; then the event's rules across them all, as ``builder check
    --pack`` applies them to a folder."""
    with tempfile.TemporaryDirectory(prefix="builder-desk-") as tmp:
        outcomes = [stored_outcome(submission, label, Path(tmp).resolve(), pack)
                    for submission, label in zip(latest, version_labels(latest))]
    return with_event_rules(outcomes, pack)
