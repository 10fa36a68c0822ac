"""Teams' edit codes: drawn at random, typed back from paper, kept only as salted hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed from paper
CODE_GROUPS = 4


def new_edit_code() -> str:
    """A random code of 16 unambiguous characters (80 bits) in groups of four: ``ABCD-EFGH-…``."""
    chars = "".join(secrets.choice(CODE_ALPHABET) for _ in range(4 * CODE_GROUPS))
    return "-".join(chars[i:i + 4] for i in range(0, len(chars), 4))


def _normal_code(code: str) -> bytes:
    return "".join(c for c in code.upper() if c.isalnum()).encode("ascii", "ignore")


def hash_code(code: str) -> str:
    """The salted hash of an edit code: ``sha256$salt$hmac``.

    A fast hash is enough here, unlike for a password: the code is 80 random bits drawn by
    :func:`new_edit_code`, so guessing it from its hash takes 2**79 tries on average whatever the
    hash costs; a slow hash (scrypt, 40 ms) would only cap how many lists the desk can take in a second.
    """
    salt = secrets.token_bytes(16)
    digest = hmac.new(salt, _normal_code(code), hashlib.sha256).hexdigest()
    return f"sha256${salt.hex()}${digest}"


def code_matches(code: str, stored: str) -> bool:
    """Whether ``code`` is the one ``stored`` was made from (compared in constant time); case,
    spaces and dashes don't matter. Hashes stored by earlier versions (``scrypt$n$r$p$salt$hash``)
    still match."""
    kind, *parts = stored.split("$")
    if kind == "sha256" and len(parts) == 2:
        found = hmac.new(bytes.fromhex(parts[0]), _normal_code(code), hashlib.sha256).digest()
    elif kind == "scrypt" and len(parts) == 5:
        n, r, p, salt, digest = parts
        found = hashlib.scrypt(_normal_code(code), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                               dklen=len(digest) // 2)
    else:
        return False
    return hmac.compare_digest(found, bytes.fromhex(parts[-1]))


_NO_TEAMS = hash_code(new_edit_code())


def matches_no_team(code: str) -> bool:
    """False, after the same work as :func:`code_matches`: a name no team has is refused as slowly
    as a wrong code, so the time of the answer doesn't tell which names exist."""
    code_matches(code, _NO_TEAMS)
    return False
