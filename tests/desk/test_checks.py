"""The checks' lanes: admitted per client and in all, in requests and in bytes."""

from __future__ import annotations

import pytest

from builder.desk.checks import Busy, Lane
from builder.events.packs import load_pack
from tests.desk.support import PACK


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


def test_a_clients_bodies_still_arriving_take_its_own_places_and_none_of_the_lanes():
    """Issue 55: one address's 16 bodies at once were all read and parsed, its places counted only once
    each was here. A body arriving counts among its client's places (two at once; the third is refused
    before a byte of it is read), never among the lane's in all: others are admitted meanwhile."""
    lane = Lane(load_pack(PACK), per_client=2, admitted=3)
    with lane.reading("127.0.0.2", 5_000_000), lane.reading("127.0.0.2", 5_000_000):
        with pytest.raises(Busy) as third:
            with lane.reading("127.0.0.2", 5_000_000):
                pass
        assert (third.value.code, third.value.status) == ("desk-busy-client", 429)
        others = [lane.admit("127.0.0.3"), lane.admit("127.0.0.3")]  # two of the lane's three places
    assert not lane.arriving
    arrived = lane.admit("127.0.0.2")  # here now: the lane's third place
    with pytest.raises(Busy):
        lane.admit("127.0.0.4")
    for client in [*others, arrived]:
        lane.release(client)
    assert lane.in_flight == 0 and not lane.clients


def test_a_lane_bounded_in_bytes_takes_many_small_requests_and_few_large_ones():
    mib = 1024 * 1024
    lane = Lane(load_pack(PACK), per_client=4, admitted=64, bytes_most=3 * mib)
    small = [lane.admit(f"127.0.1.{n}", 10_000) for n in range(40)]  # forty players' lists: 400 kB in all
    assert lane.holding == 40 * 10_000
    lane.admit("127.0.0.2", mib), lane.admit("127.0.0.3", mib)  # 0.4 + 2 MiB: under 3 MiB
    with pytest.raises(Busy) as full:
        lane.admit("127.0.0.4", mib)  # 0.4 + 3 MiB: over
    assert (full.value.code, full.value.status) == ("desk-busy", 503)
    for client in small:
        lane.release(client, 10_000)
    assert lane.admit("127.0.0.4", mib) == "127.0.0.4"  # 2 + 1 MiB: at the bound, taken
    assert lane.holding == 3 * mib and lane.in_flight == 3
