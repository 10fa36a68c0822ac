"""Imported once by the fork server the suite's desks fork their workers from (tests/conftest.py): each
game loaded there (its catalogs, models, rules and the builder's templates, as a worker primes
itself: builder.desk.jobs._prime), so every worker forked after starts with them. A desk made for a
test starts its workers anew, and each one loaded its game itself: half a second before the first
click of each of some thousand tests."""

import weasyprint  # noqa: F401 - the PDFs' renderer, which a worker loads at its first sheet or card

from builder.desk.jobs import _prime
from builder.hosted.packs import open_packs

_prime(open_packs().values())
