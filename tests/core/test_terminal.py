"""What builder prints never carries a raw control character."""

import json

from builder.core.terminal import json_printable, printable


def test_control_characters_are_shown_as_escapes_and_text_is_kept():
    assert printable("A\x0bB \x1b[31mrojo\x1b[0m") == "A\\x0bB \\x1b[31mrojo\\x1b[0m"
    assert printable("línea\nsiguiente\tcon tabulador 🐉 مرحبا") == "línea\nsiguiente\tcon tabulador 🐉 مرحبا"
    assert printable("a\u202eb\x9bc\ud800") == "a\\u202eb\\x9bc\\ud800"  # bidi override, C1 CSI, lone surrogate


def test_json_keeps_its_strings_exactly_while_escaping_them():
    value = {"name": "A\x0bB\u202e\x85"}
    dumped = json_printable(json.dumps(value, ensure_ascii=False))
    assert "\x0b" not in dumped and "\u202e" not in dumped and "\x85" not in dumped
    assert json.loads(dumped) == value
