"""Edit codes: drawn from an alphabet that reads aloud, kept as salted hashes, matched however typed."""

import hashlib
import re

from hypothesis import given
from hypothesis import strategies as st

from builder.events.codes import CODE_ALPHABET, code_matches, hash_code, new_edit_code


def test_a_new_code_is_four_groups_of_four_unambiguous_characters():
    code = new_edit_code()
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){3}", code)
    assert not set(code.replace("-", "")) & set("01OI")
    # 32 letters a character, 16 characters: 32 ** 16 = 2 ** 80 codes.
    assert len(CODE_ALPHABET) ** 16 == 2 ** 80
    assert new_edit_code() != new_edit_code()


def test_the_hash_is_salted_and_a_stranger_hash_matches_nothing():
    assert hash_code("x") != hash_code("x")
    assert not code_matches("x", "md5$00$00") and not code_matches("x", "sha256$zz")


@given(st.text(alphabet=CODE_ALPHABET, min_size=16, max_size=16))
def test_a_code_matches_its_hash_however_it_is_typed(chars):
    code = "-".join(chars[i:i + 4] for i in range(0, 16, 4))
    stored = hash_code(code)
    assert code_matches(code, stored) and code_matches(code.lower().replace("-", " "), stored)
    other = ("A" if chars[0] != "A" else "B") + chars[1:]
    assert not code_matches(other, stored)


def test_an_edit_code_hashed_by_an_earlier_version_still_matches():
    # Version 1 of the desk kept scrypt$n$r$p$salt$hash; its teams must still be able to resubmit.
    salt = bytes(range(16))
    digest = hashlib.scrypt(b"ABCDEFGHJKLMNPQR", salt=salt, n=2**14, r=8, p=1, dklen=32)
    stored = f"scrypt${2**14}$8$1${salt.hex()}${digest.hex()}"
    assert code_matches("ABCD-EFGH-JKLM-NPQR", stored) and code_matches("abcd efgh jklm npqr", stored)
    assert not code_matches("ABCD-EFGH-JKLM-NPQS", stored)
