"""The validators models and records share."""

import re
import unicodedata

import pytest
from pydantic_core import PydanticCustomError

from builder.core.validators import CONTROLS, ByShape, Canonical, RefuseControls, whole_number


def test_the_control_ranges_are_exactly_unicodes_control_and_surrogate_characters():
    pattern = re.compile(f"[{CONTROLS}]")
    every = [chr(i) for i in range(0x110000)]
    assert [c for c in every if pattern.match(c)] == [c for c in every if unicodedata.category(c) in ("Cc", "Cs")]


@pytest.mark.parametrize("text, allowed, position, char", [
    ("ab\x0bc", "", 3, "U+000B"),
    ("línea\nsegunda", "", 6, "U+000A"),
    ("línea\nsegunda\x7f", "\n\t", 14, "U+007F"),
    ("abc\u202edef", "\n\t", 4, "U+202E"),
    ("\u2066x", "", 1, "U+2066"),
])
def test_the_first_refused_character_is_named_with_its_position(text, allowed, position, char):
    with pytest.raises(PydanticCustomError) as caught:
        RefuseControls(allowed)(text)
    assert caught.value.context == {"variant": "control-character", "char": char, "position": position}


def test_allowed_characters_emoji_and_right_to_left_text_pass():
    assert RefuseControls("\n\t")("dos\nlíneas\ty 🐉 مرحبا") == "dos\nlíneas\ty 🐉 مرحبا"


def test_each_helper_writes_itself_as_the_source_that_rebuilds_it():
    for helper in (RefuseControls("\n\t"), Canonical(("movil", "inmovil")), ByShape({"list": "many"}, "one")):
        rebuilt = eval(repr(helper), {"RefuseControls": RefuseControls, "Canonical": Canonical, "ByShape": ByShape})
        assert repr(rebuilt) == repr(helper)


def test_shapes_and_spellings():
    pick = ByShape({"mapping": "shape", "list": "parts"}, "value")
    assert [pick({}), pick([]), pick(3)] == ["shape", "parts", "value"]
    assert Canonical(("movil", "inmovil"))("Móvil") == "movil" and Canonical(("movil",))(3) == 3
    assert whole_number(7.0) == 7 and type(whole_number(7.0)) is int and whole_number(7.5) == 7.5
    with pytest.raises(ValueError):
        ByShape({"tuple": "x"}, "y")
