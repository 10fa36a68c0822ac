"""The mistake sweep: every realistic player mistake in every bundled example, through every command.

Each example (``examples/*/*.yaml``) is parsed and broken one way at a time by
:mod:`tests.hostile.mistakes`: a key deleted, a null, the wrong type, 0, -1, 10**12,
2.5, "", a 10 000-character, emoji/RTL or "=formula" string, a misspelt reference, a
duplicated item or name, an unknown key, an impossible date, a 5000-digit integer,
1.0e+300, a control character... Each mutant is written into a work folder beside the
files it reads (a Wartime list's Warbook), and then:

* every mutant goes through ``check`` and ``inspect`` (a test for each example and kind of
  mistake runs all its mutants, and names every one that fails), one as text and the other as
  JSON, one in Spanish and the other in English: which way round is fixed by a
  hash of the mutant's id (ROTATION), so each of the eight combinations of command,
  format and language runs on about a quarter of the mutants of every kind. All
  eight on every mutant would take a few minutes, over what ``make test`` allows;
  the random run (below) mixes them freely. For a file that other lists read (the
  Warbook), one of the two runs on such a list instead;
* a fixed, seeded sample goes through ``export`` (xlsx, PDF, with and without
  ``--draft``, and both at once): a PDF takes about a second. The sample covers every
  system and every kind of mistake, and always holds the special cases (the date,
  the 5000-digit integer, 1.0e+300, the control character, the extra zeros, ×10**12).

Whatever the input, builder must not crash: exit 0, 1 or 2 (3 is its internal-error
code, a bug), no exception but SystemExit, no traceback, a word on a refusal, JSON
when JSON was asked, no raw control character in what it prints, the inputs
untouched, exactly the requested files written (only on exit 0 of an export), no
temporary files left (in the output folder or the temp folder), and each run within
its time limit. A runaway run is stopped (SIGALRM) and a memory-hungry one gets a
MemoryError (RLIMIT_AS) instead of taking the machine, so each fails on its own.

The long random run: with BUILDER_FUZZ=1 (``make fuzz``) 1-3 mistakes are stacked per
mutant (the tournament's lists join the examples), with random commands, for
BUILDER_FUZZ_SECONDS (default 540) seconds; BUILDER_FUZZ_SEED repeats a run.

A failed mutant's work folder is kept (its path is in the message); reproduce with
``builder check <that folder>/<roster>``.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import shutil
import signal
import tempfile
import threading
import time
import traceback
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
import yaml
from click.testing import CliRunner

from builder.cli.main import cli
from tests.hostile.mistakes import SPECIFIC, Mistake, Mutant, mistakes

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TIME_LIMIT = 10.0
"""Seconds an export may take, however odd its input."""
CHECK_TIME_LIMIT = 5.0
"""Seconds a check or an inspect may take (they take milliseconds)."""
MEMORY_MARGIN = 1024**3
"""Address space a run may add before it gets a MemoryError (a list of 10**12 items would take the machine)."""
SEED = "mistake-sweep-1"
"""The export sample's seed: another seed samples other mutants (and so other test ids)."""
XLSX_SAMPLE = 60
PDF_SAMPLE = 12
"""Export runs writing a spreadsheet / a PDF (a PDF takes up to two seconds here, a spreadsheet 30 ms)."""

# --- the examples -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Case:
    """One example roster, the files it needs beside it, and the lists that read it."""

    id: str                                # "wartime-compania-fenix"
    system: str
    roster: str                            # its path in the work folder
    layout: tuple[tuple[str, Path], ...]   # (path in the work folder, source file), as they lie in examples/
    dependents: tuple[str, ...]            # lists in the layout that read the roster (a Warbook's lists)
    data: object

    def build(self, work: Path, text: str) -> dict[str, bytes]:
        """Lay out the work folder with the roster replaced by ``text``; return every file's bytes."""
        for rel, source in self.layout:
            target = work / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if rel == self.roster:
                target.write_text(text, encoding="utf-8")
            else:
                shutil.copyfile(source, target)
        return snapshot(work)


@functools.lru_cache(maxsize=None)
def _load(path: Path) -> object:
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return None


def _references(path: Path, data: object) -> list[Path]:
    """The example files a roster names by path (a Wartime list's ``warbook:``)."""
    found = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item.endswith((".yaml", ".yml")):
            target = (path.parent / item).resolve()
            if target.is_file() and EXAMPLES.resolve() in target.parents:
                found.append(target)
    return found


def _case(path: Path) -> Case | None:
    data = _load(path)
    if not isinstance(data, dict):
        return None  # tournament/lists/05-rota.yaml is broken on purpose: nothing to mutate
    files = {f.resolve() for f in path.parent.glob("*.yaml")} | {path.resolve()}
    for sibling in sorted(files):
        files.update(_references(sibling, _load(sibling)))
    base = Path(os.path.commonpath([f.parent for f in files]))   # its folder; examples/ for a tournament list
    layout = tuple(sorted((str(f.relative_to(base)), f) for f in files))
    roster = str(path.resolve().relative_to(base))
    dependents = tuple(rel for rel, f in layout if rel != roster and path.resolve() in _references(f, _load(f)))
    prefix = "tournament-" if "tournament" in path.parts else ""
    return Case(f"{data.get('system')}-{prefix}{path.stem}", str(data.get("system")), roster, layout,
                dependents, data)


CASES = [c for c in map(_case, sorted(EXAMPLES.glob("*/*.yaml"))) if c is not None]
FUZZ_CASES = CASES + [c for c in map(_case, sorted(EXAMPLES.glob("tournament/lists/*.yaml"))) if c is not None]
"""The random run also breaks the tournament's lists (their ``player``, a Warbook two folders up)."""


@dataclass(frozen=True, eq=False)
class Sample:
    """A mutant: one mistake in one example."""

    index: int
    case: Case
    mistake: Mistake

    @property
    def id(self) -> str:
        return f"{self.case.id}-{self.mistake.label}"

    def runs(self) -> list[tuple[str, str]]:
        """(command, file): a check and an inspect, in the other format and language (one of ROTATION,
        fixed by the id). For a file that lists read (a Warbook), one of them runs on such a list."""
        turn = zlib.crc32(self.id.encode())
        check, inspect = ROTATION[turn % len(ROTATION)]
        files = [self.case.roster, self.case.roster]
        if self.case.dependents:
            files[turn // len(ROTATION) % 2] = self.case.dependents[0]
        return [(check, files[0]), (inspect, files[1])]

    def text(self) -> str:
        return Mutant(self.case.data).apply(self.mistake).text()


SAMPLES = [Sample(i, case, mistake) for i, (case, mistake) in
           enumerate((case, mistake) for case in CASES for mistake in mistakes(case.data))]

# --- the commands -------------------------------------------------------------------------------

COMMANDS = {
    **{f"check-text-{lang}": ["check", "{file}", "--lang", lang] for lang in ("es", "en")},
    **{f"check-json-{lang}": ["check", "{file}", "--format", "json", "--lang", lang] for lang in ("es", "en")},
    **{f"inspect-text-{lang}": ["inspect", "{file}", "--lang", lang] for lang in ("es", "en")},
    **{f"inspect-json-{lang}": ["inspect", "{file}", "--format", "json", "--lang", lang] for lang in ("es", "en")},
}
EXPORTS = {
    "export-xlsx": ["export", "{file}", "--xlsx", "{xlsx}"],
    "export-xlsx-draft": ["export", "{file}", "--xlsx", "{xlsx}", "--draft"],
    "export-pdf": ["export", "{file}", "--pdf", "{pdf}"],
    "export-pdf-draft": ["export", "{file}", "--pdf", "{pdf}", "--draft"],
    "export-both-draft": ["export", "{file}", "--xlsx", "{xlsx}", "--pdf", "{pdf}", "--draft"],
}
COMMANDS.update({f"{name}-{lang}": [*args, "--lang", lang] for name, args in EXPORTS.items() for lang in ("es", "en")})
ROTATION = (("check-text-es", "inspect-json-en"), ("check-json-en", "inspect-text-es"),
            ("check-text-en", "inspect-json-es"), ("check-json-es", "inspect-text-en"))
"""What each mutant goes through: every command, format and language, over any four mutants."""
OUT_FOLDER = "salida"
OUT_XLSX = f"{OUT_FOLDER}/hoja.xlsx"
OUT_PDF = f"{OUT_FOLDER}/cartas.pdf"
"""Outputs go into a folder of their own in the work folder (where builder puts its temporary files)."""

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Raw control characters: all of Unicode's Cc but \\t and \\n."""


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) and its bytes."""
    out = {}
    for where, _, names in os.walk(folder):
        for name in names:
            full = os.path.join(where, name)
            with open(full, "rb") as handle:
                out[os.path.relpath(full, folder)] = handle.read()
    return out


class Overtime(BaseException):
    """Raised by the watchdog in a run past its time limit (a BaseException: nothing in builder swallows it)."""


def _address_space() -> int:
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return 0


@contextmanager
def guarded(seconds: float) -> Iterator[None]:
    """Stop a run after ``seconds`` (SIGALRM) and cap the memory it may add (RLIMIT_AS), where possible.

    Without these, one runaway mutant (a loop or a list of 10**12 items) hangs the
    sweep or takes the machine down instead of failing its own test.
    """
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Unix
        resource = None
    limits = None
    used = _address_space()
    if resource is not None and used:
        limits = resource.getrlimit(resource.RLIMIT_AS)
        cap = used + MEMORY_MARGIN
        if limits[1] == resource.RLIM_INFINITY or cap < limits[1]:
            resource.setrlimit(resource.RLIMIT_AS, (cap, limits[1]))
        else:
            limits = None
    alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if alarm:
        def stop(signum, frame):
            raise Overtime()

        previous = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        if limits is not None:
            resource.setrlimit(resource.RLIMIT_AS, limits)


@contextmanager
def private_tempdir(folder: Path) -> Iterator[Path]:
    """Point the tempfile module at an empty ``folder`` while builder runs, to see what it leaves there."""
    folder.mkdir(parents=True, exist_ok=True)
    saved = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = saved


def _where(exc_info) -> str:
    """The innermost frame of builder's own code in a traceback: ``file:line in function``."""
    frames = traceback.extract_tb(exc_info[2]) if exc_info and exc_info[2] else []
    ours = [f for f in frames if "/builder/" in f.filename.replace(os.sep, "/")] or frames
    if not ours:
        return "?"
    frame = ours[-1]
    name = frame.filename.replace(os.sep, "/")
    name = name[name.rfind("/builder/") + 1:] if "/builder/" in name else os.path.basename(name)
    return f"{name}:{frame.lineno} in {frame.name}"


def _tail(text: str, size: int = 300) -> str:
    text = text.strip()
    return repr(text if len(text) <= size else "…" + text[-size:])


def run_command(work: Path, name: str, file: str, before: dict[str, bytes], tmp: Path) -> list[str]:
    """Run command ``name`` on ``file`` in ``work`` and judge it; return what went wrong (nothing: all fine).

    ``before`` is every file in ``work`` and its bytes; ``tmp`` an empty folder, the temp folder for the run.
    """
    args = [a.format(file=str(work / file), xlsx=str(work / OUT_XLSX), pdf=str(work / OUT_PDF))
            for a in COMMANDS[name]]
    requested = {os.path.normpath(rel) for rel, flag in ((OUT_XLSX, "--xlsx"), (OUT_PDF, "--pdf")) if flag in args}
    export = args[0] == "export"
    if export:
        (work / OUT_FOLDER).mkdir(exist_ok=True)
    limit = TIME_LIMIT if export else CHECK_TIME_LIMIT
    with private_tempdir(tmp):
        start = time.perf_counter()
        try:
            with guarded(limit + 1):
                result = CliRunner().invoke(cli, args)
        except Overtime:
            result = None
        elapsed = time.perf_counter() - start
        leftovers = sorted(os.listdir(tmp))
    after = snapshot(work)
    written = set(after) - set(before)
    for rel in written:  # a clean output folder for the next command on this mutant
        os.unlink(work / rel)
    for rel in leftovers:
        shutil.rmtree(tmp / rel, ignore_errors=True) if (tmp / rel).is_dir() else os.unlink(tmp / rel)
    if result is None:
        return [f"{name}: still running after {elapsed:.0f} s, stopped (limit {limit:.0f} s)"]

    problems = []
    exc = result.exception
    crashed = (exc is not None and not isinstance(exc, SystemExit)) or result.exit_code not in (0, 1, 2)
    if exc is not None and not isinstance(exc, SystemExit):
        problems.append(f"{type(exc).__name__}: {str(exc)[:200]} (at {_where(result.exc_info)})")
    if result.exit_code not in (0, 1, 2):
        problems.append(f"exit code {result.exit_code}: {_tail(result.output)}")
    output = result.output
    stdout = getattr(result, "stdout", output)  # click >= 8.2 keeps stdout apart; output has both
    if "Traceback" in output:
        problems.append(f"a traceback in the output: {_tail(output)}")
    if not crashed and result.exit_code in (1, 2) and not output.strip():
        problems.append(f"exit {result.exit_code} without a word")
    if "json" in args and not crashed and (args[0] == "check" or result.exit_code in (0, 1) or stdout.strip()):
        try:
            json.loads(stdout)
        except ValueError as error:
            problems.append(f"not JSON on stdout (exit {result.exit_code}; {error}): {_tail(stdout, 120)}")
    raw = sorted({f"\\x{ord(c):02x}" for c in CONTROL.findall(output)})
    if raw:
        problems.append(f"raw control characters in the output: {' '.join(raw)}")
    changed = sorted(rel for rel, data in before.items() if after.get(rel) != data)
    if changed:
        problems.append(f"inputs changed or removed: {changed}")
    expected = requested if export and result.exit_code == 0 else set()
    if written != expected:
        problems.append(f"wrote {sorted(written)} with exit {result.exit_code}, expected {sorted(expected)}")
    if leftovers:
        problems.append(f"temporary files left in the temp folder: {leftovers[:5]}")
    if elapsed > limit:
        problems.append(f"took {elapsed:.1f} s (limit {limit:.0f} s)")
    return [f"{name}: {p}" for p in problems]


@pytest.fixture(scope="module")
def sweep_dir(tmp_path_factory) -> Path:
    """One folder for the module; each test works in a numbered folder in it (cheaper than tmp_path),
    and ``tmp`` in it is the temp folder of every run."""
    folder = tmp_path_factory.mktemp("sweep")
    (folder / "tmp").mkdir()
    return folder


def _judge(folder: Path, problems: list[str]) -> None:
    if not problems:
        shutil.rmtree(folder, ignore_errors=True)
        return
    pytest.fail("\n".join(problems) + f"\n(work folder kept: {folder})", pytrace=False)


# --- every mutant through check and inspect -----------------------------------------------------


def _groups() -> dict[str, list[Sample]]:
    """The mutants of one example by one kind of mistake ("confrontation-artilleria-no-dan-kar-null"):
    a test each, which runs every mutant of its group (a test per mutant spent more time in
    pytest than in builder)."""
    groups: dict[str, list[Sample]] = {}
    for sample in SAMPLES:
        groups.setdefault(f"{sample.case.id}-{sample.mistake.kind}", []).append(sample)
    return groups


GROUPS = _groups()


@pytest.mark.parametrize("group", GROUPS)
def test_check_and_inspect(group: str, sweep_dir: Path) -> None:
    failed = []
    for sample in GROUPS[group]:
        work = sweep_dir / f"{sample.index:05d}"
        before = sample.case.build(work, sample.text())
        problems = []
        for command, file in sample.runs():
            via = f"via {file}: " if file != sample.case.roster else ""
            problems += [via + p for p in run_command(work, command, file, before, sweep_dir / "tmp")]
        if problems:
            failed.append(f"{sample.id}:\n  " + "\n  ".join(problems) + f"\n  (work folder kept: {work})")
        else:
            shutil.rmtree(work, ignore_errors=True)
    if failed:
        pytest.fail(f"{len(failed)} of {len(GROUPS[group])} mutants:\n" + "\n".join(failed), pytrace=False)


# --- a sample of mutants through export ---------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ExportRun:
    sample: Sample
    command: str                  # a key of EXPORTS
    lang: str
    via: str | None = None        # export a list that reads the mutant (its Warbook) instead of the mutant

    @property
    def id(self) -> str:
        via = f"-via-{Path(self.via).stem}" if self.via else ""
        return f"{self.sample.id}-{self.command}{'-en' if self.lang == 'en' else ''}{via}"


def _export_sample() -> list[ExportRun]:
    rng = random.Random(SEED)
    by_kind: dict[str, list[Sample]] = {}
    for sample in SAMPLES:
        by_kind.setdefault(sample.mistake.kind, []).append(sample)
    kinds = sorted(by_kind)
    systems = sorted({case.system for case in CASES})
    runs: dict[str, ExportRun] = {}

    def add(kind: str, command: str, system: str) -> None:
        pool = [s for s in by_kind[kind] if s.case.system == system] or by_kind[kind]
        for _ in range(50):
            sample = rng.choice(pool)
            via = sample.case.dependents[0] if sample.case.dependents and rng.random() < 0.5 else None
            run = ExportRun(sample, command, rng.choice(("es", "es", "en")), via)
            if run.id not in runs:
                runs[run.id] = run
                return

    def count(prefix: str) -> int:
        return sum(r.command.startswith(prefix) or r.command == "export-both-draft" for r in runs.values())

    # The special cases, always: each as a draft spreadsheet and a draft PDF, the systems in turn.
    for i, kind in enumerate(sorted(SPECIFIC)):
        add(kind, "export-xlsx-draft", systems[i % len(systems)])
        add(kind, "export-pdf-draft", systems[(i + 2) % len(systems)])
    # Every kind of mistake in a spreadsheet, the systems in turn.
    for i, kind in enumerate(kinds):
        add(kind, ("export-xlsx-draft", "export-xlsx")[i % 2], systems[i % len(systems)])
    # PDFs: every system, then random kinds, the commands in turn.
    pdfs = ("export-pdf-draft", "export-pdf", "export-both-draft")
    i = 0
    while count("export-pdf") < PDF_SAMPLE:
        add(rng.choice(kinds), pdfs[i % len(pdfs)], systems[i % len(systems)])
        i += 1
    while count("export-xlsx") < XLSX_SAMPLE:
        add(rng.choice(kinds), rng.choice(("export-xlsx-draft", "export-xlsx")), rng.choice(systems))
    return list(runs.values())


EXPORT_RUNS = _export_sample()


@pytest.mark.parametrize("run", EXPORT_RUNS, ids=[r.id for r in EXPORT_RUNS])
def test_export(run: ExportRun, sweep_dir: Path) -> None:
    work = sweep_dir / f"export-{EXPORT_RUNS.index(run):03d}"
    before = run.sample.case.build(work, run.sample.text())
    _judge(work, run_command(work, f"{run.command}-{run.lang}", run.via or run.sample.case.roster, before,
                             sweep_dir / "tmp"))


def test_the_sample_covers_everything() -> None:
    """Unique ids; every system, every kind of mistake, every special case and every export command sampled."""
    assert len({s.id for s in SAMPLES}) == len(SAMPLES)
    assert sum(len(g) for g in GROUPS.values()) == len(SAMPLES)
    assert len({r.id for r in EXPORT_RUNS}) == len(EXPORT_RUNS)
    exported = {(r.sample.case.system, r.sample.mistake.kind) for r in EXPORT_RUNS}
    assert {system for system, _ in exported} == {case.system for case in CASES}
    assert {kind for _, kind in exported} == {s.mistake.kind for s in SAMPLES}
    pdf_kinds = {r.sample.mistake.kind for r in EXPORT_RUNS if "pdf" in r.command or "both" in r.command}
    assert SPECIFIC <= pdf_kinds
    assert {r.command for r in EXPORT_RUNS} == set(EXPORTS)


# --- the long random run (make fuzz) ------------------------------------------------------------


def _signature(problem: str) -> str:
    """What tells one bug from another: an exception's type and place, else the problem without its values."""
    text = problem.split(": ", 1)[-1]
    crash = re.match(r"(\w+): .*\(at (.*)\)$", text, re.S)
    if crash:
        return f"{crash.group(1)} at {crash.group(2)}"
    return re.sub(r"\d+", "N", re.sub(r"'[^']*'|“[^”]*”|\"[^\"]*\"", "'…'", text))[:160]


FUZZ_COMMANDS = list(COMMANDS)
FUZZ_WEIGHTS = [1.0 if "pdf" in name or "both" in name else 4.0 if "xlsx" in name else 12.0 for name in FUZZ_COMMANDS]
"""Checks and inspects (milliseconds) far more often than spreadsheets, spreadsheets than PDFs (a second)."""


@pytest.mark.skipif(not os.environ.get("BUILDER_FUZZ"), reason="the long random sweep: BUILDER_FUZZ=1 (make fuzz)")
def test_random_stacked_mistakes(tmp_path: Path) -> None:
    """1-3 mistakes stacked on a random example, a random command, until the time budget is used."""
    budget = float(os.environ.get("BUILDER_FUZZ_SECONDS") or 540)
    seed = int(os.environ.get("BUILDER_FUZZ_SEED") or time.time_ns() % 10**9)
    rng = random.Random(seed)
    deadline = time.monotonic() + budget
    failures: dict[str, list] = {}   # a problem with its numbers blanked -> [count, first occurrence]
    runs = 0
    while time.monotonic() < deadline:
        case = rng.choice(FUZZ_CASES)
        mutant = Mutant(case.data)
        for _ in range(rng.randint(1, 3)):
            options = mistakes(mutant.data)
            if not options:
                break
            mutant = mutant.apply(rng.choice(options))
        command = rng.choices(FUZZ_COMMANDS, FUZZ_WEIGHTS)[0]
        target = rng.choice(case.dependents) if case.dependents and rng.random() < 0.5 else case.roster
        text = mutant.text()
        with tempfile.TemporaryDirectory(prefix="builder-sweep-") as folder:
            work = Path(folder) / "work"
            problems = run_command(work, command, target, case.build(work, text), Path(folder) / "tmp")
        runs += 1
        for problem in problems:
            signature = _signature(problem)
            if signature not in failures:
                kept = tmp_path / f"{len(failures):03d}-{Path(case.roster).name}"
                kept.write_text(text, encoding="utf-8")
                failures[signature] = [0, f"{case.id} [{mutant.label}] {command} on {target} "
                                          f"(mutant kept as {kept}): {problem}"]
            failures[signature][0] += 1
    summary = "\n".join(f"[{count}x] {first}" for count, first in failures.values())
    if failures:
        pytest.fail(f"seed {seed} (BUILDER_FUZZ_SEED), {runs} runs, {len(failures)} distinct problem(s):\n{summary}",
                    pytrace=False)
