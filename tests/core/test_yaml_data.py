"""The reader builds exactly what PyYAML's safe loader builds, for any document it accepts."""

import datetime as dt

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core.yaml_data import parse_text

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
