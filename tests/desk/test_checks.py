"""The checks' lane: admitted per client and in all, run in worker processes, bounded in CPU and memory."""

from __future__ import annotations

import asyncio

import pytest

from builder.desk.checks import Busy, Lane
from builder.events.packs import load_pack
from builder.events.bounds import StoreRefused
from tests.desk.support import ALFA, PACK, WARBOOK


def test_one_client_has_two_checks_in_flight_and_the_desk_a_bounded_number():
    lane = Lane(load_pack(PACK), per_client=2, admitted=4)
    first, second = lane.admit("127.0.0.2"), lane.admit("127.0.0.2")
    with pytest.raises(Busy) as third:
        lane.admit("127.0.0.2")
    assert (third.value.code, third.value.status) == ("desk-busy-client", 429)
    lane.admit("127.0.0.3"), lane.admit("127.0.0.4")
    with pytest.raises(Busy) as full:
        lane.admit("127.0.0.5")
    assert (full.value.code, full.value.status, full.value.retry_after) == ("desk-busy", 503, 10)
    lane.release(first)
    assert lane.admit("127.0.0.2") == "127.0.0.2"  # its first one done: room for another
    lane.release(second)
    assert lane.clients["127.0.0.2"] == 1 and lane.in_flight == 3


def test_a_check_runs_in_a_worker_and_one_past_its_memory_is_too_heavy_while_the_worker_lives_on():
    lane = Lane(load_pack(PACK), checkers=1, memory=24 * 1024 * 1024)
    heavy = b"".join(b"k%06d: [uno, dos, tres, cuatro]\n" % i for i in range(30000))

    async def both():
        checked = await lane.check({"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
        with pytest.raises(StoreRefused) as refused:
            await lane.check({"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK, "relleno.yaml": heavy})
        again = await lane.check({"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK})
        return checked, refused.value.code, again

    try:
        checked, code, again = asyncio.run(both())
    finally:
        lane.close()
    assert checked.evaluation.fingerprint == again.evaluation.fingerprint == "WT-068D-E2A7"
    assert code == "check-too-heavy"


def test_a_check_past_its_cpu_time_is_too_heavy():
    lane = Lane(load_pack(PACK), checkers=1, cpu_seconds=0)
    heavy = [b"".join(b"k%06d: [uno, dos, tres, cuatro]\n" % (i + n) for i in range(30000)) for n in range(4)]

    async def one():
        with pytest.raises(StoreRefused) as refused:
            await lane.check({"alfa.yaml": ALFA, **{f"r{n}.yaml": h for n, h in enumerate(heavy)}})
        return refused.value.code

    try:
        assert asyncio.run(one()) == "check-too-heavy"
    finally:
        lane.close()
