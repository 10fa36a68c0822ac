import re

from builder.core.fingerprint import fingerprint, normalise


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
