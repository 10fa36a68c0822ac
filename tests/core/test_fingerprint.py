"""builder.core.fingerprint: the short code naming a roster's resolved content, and the forms people type it in."""

import json
import re
from pathlib import Path

import pytest

from builder.core.fingerprint import fingerprint, normalise
from tests.book_cases import SIMPLE, fingerprint_of, run, squad, write


def test_format_is_prefix_and_two_groups_of_four_hex_digits():
    assert re.fullmatch(r"WT-[0-9A-F]{4}-[0-9A-F]{4}", fingerprint("WT", {"a": 1}))


def test_key_order_does_not_matter_but_values_do():
    assert fingerprint("WT", {"a": 1, "b": [1, 2]}) == fingerprint("WT", {"b": [1, 2], "a": 1})
    assert fingerprint("WT", {"a": 1}) != fingerprint("WT", {"a": 2})
    assert fingerprint("WT", {"b": [1, 2]}) != fingerprint("WT", {"b": [2, 1]})


def test_the_prefix_names_the_system():
    assert fingerprint("CQ", {"a": 1}).startswith("CQ-")


def test_normalise_accepts_what_people_type():
    assert normalise("wt-3f9a-c21b") == "WT-3F9A-C21B"
    assert normalise(" WT3F9AC21B ") == "WT-3F9A-C21B"


WARBOOK = Path(__file__).resolve().parents[2] / "examples" / "wartime" / "fenix-warbook.yaml"


def _fingerprint(path: Path) -> str:
    return json.loads(run("check", path, "--format", "json").output)["results"][0]["fingerprint"]


def test_writing_a_default_out_keeps_the_fingerprint(tmp_path):
    plain = tmp_path / "a.yaml"
    plain.write_text(f"system: wartime\nname: X\nwarbook: {WARBOOK}\n"
                     "squads: [{name: A, members: [{character: Fusilero}]}]\n", encoding="utf-8")
    explicit = tmp_path / "b.yaml"
    explicit.write_text(f"system: wartime\nname: X\nformations: false\nwarbook: {WARBOOK}\n"
                        "squads: [{name: A, members: [{character: Fusilero, count: 1}]}]\n", encoding="utf-8")
    assert _fingerprint(plain) == _fingerprint(explicit)


# --- by the book ----------------------------------------------------------------------------------
# The roster fingerprint by the book: "a short code" derived from the canonical, resolved content.
#
# Formatting, comments, key order, trailing blanks, the report's language and whether the warbook is
# written inline or referenced by path leave it as it is; any change of content (a count, a name, a
# value) changes it.


FP_BLOCK = """\
# Lista de prueba
system: wartime
name: Compañía Fénix   # nombre
points_limit: 300
warbook:
  bodies:
    - name: Soldado
      con: 5
      agi: 6
      int: 4
      rea: 7
      vol: 3
  characters:
    - name: Fusilero
      body: Soldado
squads:
  - name: Alfa
    members:
      - character: Fusilero
        count: 4
"""


FP_FLOW = """\
squads: [{members: [{count: 4, character: Fusilero}], name: Alfa}]
warbook: {characters: [{body: Soldado, name: Fusilero}],
          bodies: [{vol: 3, rea: 7, int: 4, agi: 6, con: 5, name: Soldado}]}
points_limit: 300
name: "Compañía Fénix"
system: wartime
"""


@pytest.mark.book
def test_fingerprint_stable_under_formatting(tmp_path):
    a = fingerprint_of(write(tmp_path, "a.yaml", FP_BLOCK))
    b = fingerprint_of(write(tmp_path, "b.yaml", FP_FLOW))
    assert a == b
    # the language of the report doesn't change it either
    assert fingerprint_of(tmp_path / "a.yaml", "--lang", "en") == a
    assert len(a) <= 32  # "a short code"


@pytest.mark.book
def test_fingerprint_stable_under_trailing_whitespace_and_blank_lines(tmp_path):
    a = fingerprint_of(write(tmp_path, "a.yaml", FP_BLOCK))
    text = "\n\n" + FP_BLOCK.replace("\n", "   \n") + "\n# fin\n"
    assert fingerprint_of(write(tmp_path, "b.yaml", text)) == a


@pytest.mark.book
@pytest.mark.parametrize("old,new", [
    ("count: 4", "count: 5"),
    ("name: Compañía Fénix", "name: Compañía Grifo"),
    ("con: 5", "con: 6"),
    ("- name: Alfa", "- name: Beta"),
], ids=["count", "list-name", "value", "squad-name"])
def test_fingerprint_changes_with_content(tmp_path, old, new):
    a = fingerprint_of(write(tmp_path, "a.yaml", FP_BLOCK))
    assert old in FP_BLOCK
    b = fingerprint_of(write(tmp_path, "b.yaml", FP_BLOCK.replace(old, new, 1)))
    assert a != b


@pytest.mark.book
def test_fingerprint_same_for_inline_and_referenced_warbook(tmp_path):
    # "derived from the canonical, resolved content": the warbook a path points
    # to resolves to the same roster as the same warbook written inline.
    write(tmp_path, "fenix-warbook.yaml", SIMPLE)
    ref = write(tmp_path, "ref.yaml", {"system": "wartime", "name": "P", "warbook": "fenix-warbook.yaml",
                                       "squads": [squad()]})
    inline = write(tmp_path, "inline.yaml", {"system": "wartime", "name": "P", "warbook": SIMPLE,
                                             "squads": [squad()]})
    assert fingerprint_of(ref) == fingerprint_of(inline)
