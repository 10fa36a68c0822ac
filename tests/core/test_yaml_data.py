"""builder.core.yaml_data: YAML text into plain data with the line of every key and item; what it
refuses (nesting, aliases, repeated keys, values YAML cannot build); and the same data as PyYAML's
safe loader builds, for any document it accepts."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core.errors import InputError
from builder.core.reader import MAX_BYTES, read_document
from builder.core.yaml_data import MAX_DEPTH, parse_text
from tests.timing import baseline, bound, timed


def write_dedented(tmp_path: Path, text: str, name: str = "roster.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def refusal(path: Path) -> InputError:
    with pytest.raises(InputError) as info:
        read_document(path)
    return info.value


def text_refusal(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        parse_text(text, "r.yaml")
    return info.value


# --- line numbers ---------------------------------------------------------------


def test_block_keys_and_items_have_their_lines(tmp_path):
    doc = read_document(write_dedented(tmp_path, """\
        # a comment on line 1
        system: wartime
        name: Patrulla
        squads:
          - name: Alfa
            members:
              - character: Fusilero
                count: 3
              - character: Sargento
    """))
    assert doc.lines[()] == 2  # the document starts after the comment
    assert doc.lines[("system",)] == 2
    assert doc.lines[("name",)] == 3
    assert doc.lines[("squads",)] == 4
    assert doc.lines[("squads", 0)] == 5
    assert doc.lines[("squads", 0, "name")] == 5
    assert doc.lines[("squads", 0, "members")] == 6
    assert doc.lines[("squads", 0, "members", 0)] == 7
    assert doc.lines[("squads", 0, "members", 0, "count")] == 8
    assert doc.lines[("squads", 0, "members", 1)] == 9
    assert doc.lines[("squads", 0, "members", 1, "character")] == 9


def test_flow_keys_and_items_have_their_lines(tmp_path):
    doc = read_document(write_dedented(tmp_path, """\
        body: {name: Soldado, con: 4,
               agi: 4}
        weapons: [Fusil,
          Pistola, Cuchillo]
        members:
          - {character: Fusilero, count: 4}
    """))
    assert doc.data["body"] == {"name": "Soldado", "con": 4, "agi": 4}
    assert doc.lines[("body", "name")] == 1
    assert doc.lines[("body", "agi")] == 2
    assert doc.lines[("weapons", 0)] == 3
    assert doc.lines[("weapons", 1)] == 4
    assert doc.lines[("weapons", 2)] == 4
    assert doc.lines[("members", 0)] == 6
    assert doc.lines[("members", 0, "count")] == 6


# --- refusals ---------------------------------------------------------------------


def test_invalid_yaml_gives_its_line(tmp_path):
    error = refusal(write_dedented(tmp_path, "system: wartime\nname: Patrulla\nsquads: [Alfa,\n"))
    assert error.code == "invalid-yaml"
    assert error.line == 4  # the flow list is still open when the file ends
    assert error.params["problem"]


def test_bad_indentation_is_invalid_yaml_with_its_line():
    error = text_refusal("system: wartime\nname: a\n  b: 2\n")
    assert error.code == "invalid-yaml"
    assert error.line == 3


def test_two_documents_are_invalid_yaml():
    error = text_refusal("a: 1\n---\nb: 2\n")
    assert error.code == "invalid-yaml"
    assert error.line == 2


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file(tmp_path, text):
    assert refusal(write_dedented(tmp_path, text)).code == "empty-file"


def test_repeated_key():
    error = text_refusal("system: wartime\nname: Uno\npoints_limit: 100\nname: Dos\n")
    assert error.code == "duplicate-key"
    assert error.file == "r.yaml"
    assert error.line == 4
    assert error.params == {"key": "name", "first": 2}


def test_repeated_key_nested():
    error = text_refusal(textwrap.dedent("""\
        system: wartime
        squads:
          - name: Alfa
            members: []
            name: Bravo
    """))
    assert error.code == "duplicate-key"
    assert error.line == 5
    assert error.params == {"key": "name", "first": 3}


def test_repeated_key_in_a_flow_mapping():
    error = text_refusal("body: {con: 4,\n  con: 5}\n")
    assert (error.code, error.line, error.params) == ("duplicate-key", 2, {"key": "con", "first": 1})


def test_same_key_in_different_mappings_is_fine():
    data, _ = parse_text("- {name: A}\n- {name: B}\n")
    assert data == [{"name": "A"}, {"name": "B"}]


def test_keys_that_read_as_the_same_text_are_repeated():
    error = text_refusal("1: a\n'1': b\n")
    assert (error.code, error.line, error.params) == ("duplicate-key", 2, {"key": "1", "first": 1})


def test_deep_flow_nesting_is_refused_before_parsing():
    error = text_refusal("a: " + "[" * 5000 + "]" * 5000 + "\n")
    assert error.code == "too-deep"
    assert error.line == 1
    assert error.params == {"limit": MAX_DEPTH}


def test_flow_nesting_at_the_limit_is_read():
    data, _ = parse_text("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    for _ in range(MAX_DEPTH - 1):
        data = data[0]
    assert data == []


def test_flow_nesting_one_over_the_limit_is_refused():
    assert text_refusal("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)).code == "too-deep"


def test_deep_flow_nesting_in_a_file_gives_its_line(tmp_path):
    error = refusal(write_dedented(tmp_path, "system: wartime\nsquads: " + "{a: " * 200 + "1" + "}" * 200 + "\n"))
    assert error.code == "too-deep"
    assert error.line == 2


def test_deep_block_nesting_is_refused():
    levels = MAX_DEPTH + 10
    text = "".join("  " * i + f"k{i}:\n" for i in range(levels)) + "  " * levels + "end\n"
    error = text_refusal(text)
    assert error.code == "too-deep"
    assert error.params == {"limit": MAX_DEPTH}
    assert MAX_DEPTH < error.line <= levels + 1


def test_compact_block_sequences_at_the_limit_and_over_it():
    # "- - x" nests a list in a list on one line: no brackets to count.
    parse_text("- " * MAX_DEPTH + "x\n")
    assert text_refusal("- " * (MAX_DEPTH + 1) + "x\n").code == "too-deep"


def test_a_self_referencing_alias_is_refused():
    # An alias to an anchor that is not finished yet is not valid YAML: refused, whichever way.
    assert text_refusal("a: &x [*x]\n").code in {"invalid-yaml", "too-deep", "too-many-nodes"}


def _read_in_child(tmp_path: Path, content: str) -> subprocess.CompletedProcess:
    """Read ``content`` from a file in a separate interpreter, whose crash can't take pytest down.

    The child gets an ordinary 8 MiB stack (at most), whatever this shell's ulimit is.
    """
    path = tmp_path / "deep.yaml"
    path.write_text(content, encoding="utf-8")
    assert path.stat().st_size <= MAX_BYTES  # a size the reader agrees to parse
    code = (
        "import sys\n"
        "from builder.core.errors import InputError\n"
        "from builder.core.reader import read_document\n"
        "try:\n"
        "    read_document(sys.argv[1])\n"
        "    print('read')\n"
        "except InputError as exc:\n"
        "    print(exc.code)\n"
    )

    def small_stack():
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_STACK)
        soft = 8 * 1024 * 1024 if hard == resource.RLIM_INFINITY else min(8 * 1024 * 1024, hard)
        resource.setrlimit(resource.RLIMIT_STACK, (soft, hard))

    return subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120,
                          preexec_fn=small_stack, cwd=Path(__file__).resolve().parents[2])


@pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX resource limits")
def test_very_deep_compact_block_nesting_is_refused_without_crashing(tmp_path):
    result = _read_in_child(tmp_path, "- " * 200_000 + "x\n")
    assert result.returncode == 0, result.stderr[-500:]
    assert result.stdout.strip() == "too-deep"


@pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX resource limits")
def test_quoted_closing_brackets_do_not_let_deep_flow_nesting_through(tmp_path):
    n = 150_000
    result = _read_in_child(tmp_path, "a: '" + "]" * n + "'\nb: " + "[" * n + "]" * n + "\n")
    assert result.returncode == 0, result.stderr[-500:]
    assert result.stdout.strip() == "too-deep"


def test_billion_laughs_is_refused_quickly():
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    # Expanded, a9 alone would be 10**10 scalars.
    # The first two anchors alone (100 scalars expanded), read whole: the baseline.
    before = baseline(lambda: timed(lambda: parse_text("\n".join(lines[:2]) + "\n", "r.yaml")))
    started = time.perf_counter()
    error = text_refusal("\n".join(lines) + "\n")
    assert error.code == "too-many-nodes"
    assert time.perf_counter() - started < bound(before, 5 / 3)


def test_a_few_aliases_are_fine():
    data, _ = parse_text("a: &a [x, y]\nb: [*a, *a]\n")
    assert data == {"a": ["x", "y"], "b": [["x", "y"], ["x", "y"]]}


def test_a_complex_key_is_refused():
    error = text_refusal("a: 1\n? [x, y]\n: 2\n")
    assert (error.code, error.line) == ("complex-key", 2)


# --- what is accepted -------------------------------------------------------------


def test_merge_keys_work_and_are_not_duplicates():
    data, lines = parse_text(textwrap.dedent("""\
        base: &base {con: 4, agi: 4}
        body:
          <<: *base
          con: 6
          name: Veterano
    """))
    assert data["body"] == {"con": 6, "agi": 4, "name": "Veterano"}
    assert "<<" not in data["body"]
    assert lines[("body", "con")] == 4  # the explicit key wins, with its own line
    assert lines[("body", "agi")] == 1  # a merged key keeps the line where it is written


def test_merge_of_a_list_of_mappings():
    data, _ = parse_text("a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n")
    assert data["c"] == {"x": 1, "y": 2, "z": 3}


def test_an_alias_to_a_mapping_with_merge_and_override_is_read():
    data, _ = parse_text(textwrap.dedent("""\
        base: &base {con: 4, agi: 4}
        veterano: &veterano
          <<: *base
          con: 6
        otro: *veterano
    """))
    assert data["otro"] == {"con": 6, "agi": 4}


def test_non_string_keys_become_strings():
    data, lines = parse_text("1: a\n1.5: b\ntrue: c\nfalse: d\n2024-01-01: e\n")
    assert data == {"1": "a", "1.5": "b", "true": "c", "false": "d", "2024-01-01": "e"}
    assert lines[("true",)] == 3


def test_a_null_key_is_spelt_as_in_yaml():
    data, _ = parse_text("null: a\n")
    assert data == {"null": "a"}


def test_values_keep_their_types():
    data, _ = parse_text("n: 3\nf: 2.5\nb: true\nz: null\ns: '300'\n")
    assert data == {"n": 3, "f": 2.5, "b": True, "z": None, "s": "300"}


# --- values YAML recognises but cannot build ---------------------------------------


@pytest.mark.parametrize("text, problem, line", [
    ("name: 2024-02-30\n", "yaml.bad-date", 1),           # there is no 30 February
    ("a: 1\nb: 2024-02-28 25:00:00\n", "yaml.bad-date", 2),  # nor a 25th hour
    ("a: 1\n\nb: " + "7" * 5000 + "\n", "yaml.huge-number", 3),  # past Python's int-from-text limit
])
def test_a_value_yaml_recognises_but_cannot_build_is_invalid_yaml_on_its_line(text, problem, line):
    with pytest.raises(InputError) as caught:
        parse_text(text, "f.yaml")
    assert (caught.value.code, caught.value.line) == ("invalid-yaml", line)
    assert caught.value.params["problem"].key == problem
    assert len(caught.value.params["problem"].params["value"]) < 60  # quoted back cut short


def test_a_date_that_exists_is_still_a_date_for_the_model_to_refuse():
    import datetime

    data, _ = parse_text("name: 2024-02-28\n", "f.yaml")
    assert data == {"name": datetime.date(2024, 2, 28)}


@pytest.mark.parametrize("value, problem", [
    ("!!int", "yaml.bad-number"),             # PyYAML's constructor fails on an empty value (IndexError)
    ("!!int 0x", "yaml.bad-number"),
    ("!!float", "yaml.bad-number"),
    ("!!float abc", "yaml.bad-number"),
    ("!!bool", "yaml.bad-value"),             # KeyError inside PyYAML
    ("!!bool maybe", "yaml.bad-value"),
    ("!!timestamp 2020", "yaml.bad-date"),    # AttributeError inside PyYAML
    ("2001-02-30", "yaml.bad-date"),
    ("9" * 5000, "yaml.huge-number"),
])
def test_a_value_its_tag_cannot_build_is_invalid_yaml_on_its_line(value, problem):
    with pytest.raises(InputError) as caught:
        parse_text(f"name: x\nteam: {value}\n")
    assert caught.value.code == "invalid-yaml" and caught.value.line == 2
    assert caught.value.params["problem"].key == problem


# --- the same data as PyYAML's safe loader ------------------------------------------


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=20), st.sampled_from(["012", "0x1F", "1_000", "yes", "No", "~", "null", "1e3", "+5",
                                           "2024-01-02", ".inf", "0o17", "'", '"', "a: b", "- x", "#c"]),
    st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2100, 1, 1)),
)
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5),
    st.dictionaries(st.text(alphabet="abcdefgh_ñ", min_size=1, max_size=6), inner, max_size=5),
), max_leaves=30)


@settings(max_examples=300)
@given(data=documents, flow=st.booleans(), style=st.sampled_from([None, '"', "'"]))
def test_same_data_as_pyyaml(data, flow, style):
    text = yaml.safe_dump({"root": data}, allow_unicode=True, default_flow_style=flow, default_style=style)
    same(parse_text(text)[0], yaml.safe_load(text))


def same(ours, theirs):
    """Equal, and of the same types all the way down (1 == True, but a roster must not mix them)."""
    assert ours == theirs
    assert repr(ours) == repr(theirs)


@given(st.lists(st.sampled_from(["012", "0x1F", "1_000", "yes", "on", "Off", "NULL", "1.5e3", "-0", "007", "0",
                                 "00", "08", "19", "4", "123456789012345678", "1234567890123456789",
                                 "12345678901234567890123", "²", "١٢", "1:30", "1.", "+1", "3e4"]),
                max_size=8),
       st.booleans())
def test_plain_scalars_resolve_as_in_pyyaml(words, block):
    text = ("values:\n" + "".join(f"  - {w}\n" for w in words) if block and words
            else "values: [" + ", ".join(words) + "]\n")
    text += "".join(f"k{i}: {w}\n" for i, w in enumerate(words))
    same(parse_text(text)[0], yaml.safe_load(text))
