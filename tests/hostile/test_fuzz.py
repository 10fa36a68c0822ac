"""Random YAML and random mutations of the examples, fed to every command: nothing may crash."""

import shutil
import tempfile
from pathlib import Path

import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.cli.main import cli
from tests.hostile.conftest import FUZZ_PROFILE

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))
SYSTEMS = ["wartime", "cripmaquion", "confrontation", "porcrom", "dungeon-universalis", "Wartime", "ajedrez"]
KEYS = ["system", "name", "team", "runners", "lineup", "warbook", "squads", "members", "character", "count",
        "machines", "kind", "competencies", "x", "characters", "minions", "track", "heroes", "xp", "companion",
        "bodies", "weapons", "con", "damage", "range", "area", "shape", "points_limit", "race", "specialties"]
JUNK = "{}[]:-,#&*!|>'\"\t 0123456789ab\né€\x00<>=+@%"

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(SYSTEMS))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)), max_leaves=25)
documents = st.one_of(
    st.fixed_dictionaries({"system": st.sampled_from(SYSTEMS)}, optional={k: values for k in KEYS[1:12]})
    .map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
    values.map(lambda v: yaml.safe_dump(v, allow_unicode=True)),
    st.text(alphabet=JUNK, max_size=200),
)


def mutate(text: str, ops: list[tuple[int, int, int]]) -> str:
    """Small edits a person (or a cat on the keyboard) might make to a roster."""
    for op, a, b in ops:
        lines = text.split("\n")
        i, j = a % max(len(lines), 1), b % max(len(lines), 1)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            lines[i] = lines[i][: b % (len(lines[i]) + 1)] + JUNK[a % len(JUNK)] + lines[i][b % (len(lines[i]) + 1):]
        elif op == 4:
            lines = lines[: i + 1]
        elif op == 5:
            digits = [k for k, c in enumerate(lines[i]) if c.isdigit()]
            if digits:
                k = digits[b % len(digits)]
                lines[i] = lines[i][:k] + str(b - 500) + lines[i][k + 1:]
        text = "\n".join(lines)
    return text


COMMANDS = [["check"], ["check", "--format", "json"], ["inspect", "--format", "json"], ["export", "--xlsx", "{out}"],
            ["export", "--xlsx", "{out}", "--draft", "--lang", "en"]]


def run_and_judge(folder: Path, roster: Path, command: list[str]) -> None:
    inputs = {p: p.read_bytes() for p in folder.iterdir()}
    out = folder / "salida.xlsx"
    args = [a.replace("{out}", str(out)) for a in command]
    result = CliRunner().invoke(cli, [args[0], str(roster), *args[1:]])
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output)
    assert isinstance(result.exception, (SystemExit, type(None))), repr(result.exception)
    assert "Traceback" not in result.output
    if result.exit_code != 0:
        assert result.output.strip()
    for path, data in inputs.items():
        assert path.read_bytes() == data, f"{path.name} changed"
    written = set(folder.iterdir()) - set(inputs)
    if args[0] == "export":
        assert written == ({out} if result.exit_code == 0 else set()), (result.exit_code, written)
    else:
        assert written == set()


@settings(settings.get_profile(FUZZ_PROFILE))
@given(text=documents, command=st.sampled_from(COMMANDS))
def test_random_documents(text, command):
    with tempfile.TemporaryDirectory() as work:
        roster = Path(work) / "lista.yaml"
        roster.write_text(text, encoding="utf-8", errors="surrogatepass")
        run_and_judge(Path(work), roster, command)


@settings(settings.get_profile(FUZZ_PROFILE))
@given(example=st.sampled_from(EXAMPLES), ops=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10**6),
                                                                   st.integers(0, 10**6)), min_size=1, max_size=4),
       command=st.sampled_from(COMMANDS))
def test_mutated_examples(example, ops, command):
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        for sibling in example.parent.glob("*.yaml"):   # a Wartime list needs its Warbook beside it
            shutil.copy(sibling, folder / sibling.name)
        roster = folder / example.name
        roster.write_text(mutate(example.read_text(encoding="utf-8"), ops), encoding="utf-8")
        run_and_judge(folder, roster, command)


@settings(max_examples=60 if FUZZ_PROFILE == "builder-fuzz" else 6, deadline=None)
@given(example=st.sampled_from(EXAMPLES), ops=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10**6),
                                                                   st.integers(0, 10**6)), min_size=1, max_size=3))
def test_mutated_examples_printed(example, ops):
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        for sibling in example.parent.glob("*.yaml"):
            shutil.copy(sibling, folder / sibling.name)
        roster = folder / example.name
        roster.write_text(mutate(example.read_text(encoding="utf-8"), ops), encoding="utf-8")
        inputs = {p: p.read_bytes() for p in folder.iterdir()}
        out = folder / "cartas.pdf"
        result = CliRunner().invoke(cli, ["export", str(roster), "--pdf", str(out), "--draft"])
        assert result.exit_code in (0, 2), result.output   # with --draft only unreadable input is refused
        assert isinstance(result.exception, (SystemExit, type(None))), repr(result.exception)
        assert out.exists() == (result.exit_code == 0)
        assert all(p.read_bytes() == data for p, data in inputs.items())
        assert set(folder.iterdir()) - set(inputs) <= {out}
