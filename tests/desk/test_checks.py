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


def test_a_players_one_list_is_checked_before_what_a_greedy_client_keeps_waiting():
    from builder.desk.checks import CLIENT, Workers

    workers = Workers(load_pack(PACK), count=1)
    heavy = {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK,
             "relleno.yaml": b"".join(b"k%06d: [uno, dos, tres, cuatro]\n" % i for i in range(20000))}
    order: list[str] = []

    async def one(client: str, files: dict, n: int) -> None:
        CLIENT.set(client)  # each task its own context: the client its job is for
        try:
            await workers.run("check", (files,), 11)
        except StoreRefused:
            pass  # the file it doesn't read: refused, after its work
        order.append(f"{client} {n}")

    async def rush():
        # Queued in this order, before any is done: the greedy client's first runs, three wait,
        # then the player's.
        greedy = [asyncio.create_task(one("127.0.0.2", heavy, n)) for n in range(4)]
        player = asyncio.create_task(one("127.0.0.3", {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}, 0))
        await asyncio.gather(*greedy, player)

    try:
        asyncio.run(rush())
    finally:
        workers.close()
    # The greedy client's first was running; the player's came next, ahead of its other three.
    assert order.index("127.0.0.3 0") <= 1, order
    assert workers.running == 0 and not workers.waiting


def test_a_job_whose_request_is_gone_before_it_begins_is_never_made():
    from builder.desk.checks import CLIENT, Workers

    workers = Workers(load_pack(PACK), count=1)
    heavy = {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK,
             "relleno.yaml": b"".join(b"k%06d: [uno, dos, tres, cuatro]\n" % i for i in range(20000))}

    async def abandon():
        CLIENT.set("127.0.0.2")
        first = asyncio.create_task(workers.run("check", (heavy,), 11))
        second = asyncio.create_task(workers.run("check", (heavy,), 11))
        await asyncio.sleep(0.2)
        second.cancel()  # its client went away while it waited
        await asyncio.gather(first, second, return_exceptions=True)
        return second.cancelled(), workers.running, len(workers.waiting)

    try:
        assert asyncio.run(abandon()) == (True, 0, 0)
    finally:
        workers.close()


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


def _served_for_hours(pack, memory):
    """A worker as it is after long use: its CPU clock far along (here a few seconds, burnt first), and
    ``getrusage`` reading behind the kernel's clock by all of it (as the probe saw: 126.7 s read, a
    limit of 138 s reached 2 ms later)."""
    import resource
    import time

    from builder.desk import checks

    ended = time.process_time() + 2.5
    while time.process_time() < ended:
        pass
    behind, real = time.process_time(), resource.getrusage
    resource.getrusage = lambda who: (max(0.0, sum(real(who)[:2]) - behind), 0.0)
    checks._start(pack, memory)


def test_a_worker_that_has_served_hours_of_checks_still_gives_each_job_its_whole_time():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from builder.desk.checks import Workers

    class Served(Workers):
        def _pool(self):
            if self.pool is None:
                self.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=_served_for_hours, initargs=(self.pack, self.memory))
            return self.pool

    lane = Lane(load_pack(PACK), cpu_seconds=1, workers=Served(load_pack(PACK), count=1))

    async def plain():
        return [await lane.check({"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}) for _ in range(3)]

    try:
        checked = asyncio.run(plain())
    finally:
        lane.close()
    assert [c.evaluation.fingerprint for c in checked] == ["WT-068D-E2A7"] * 3


def test_a_waiting_job_whose_request_is_gone_leaves_its_queue_at_once_with_its_texts():
    from builder.desk.checks import CLIENT, Workers

    workers = Workers(load_pack(PACK), count=1)
    heavy = {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK,
             "relleno.yaml": b"".join(b"k%06d: [uno, dos, tres, cuatro]\n" % i for i in range(20000))}

    async def abandon():
        CLIENT.set("127.0.0.2")
        first = asyncio.create_task(workers.run("check", (heavy,), 11))
        await asyncio.sleep(0)
        CLIENT.set("127.0.0.3")
        second = asyncio.create_task(workers.run("check", (heavy,), 11))
        await asyncio.sleep(0.2)
        queued = list(workers.waiting)
        second.cancel()  # its client went away while it waited
        await asyncio.gather(second, return_exceptions=True)
        gone = list(workers.waiting)
        await asyncio.gather(first, return_exceptions=True)
        return queued, gone

    try:
        queued, gone = asyncio.run(abandon())
    finally:
        workers.close()
    assert queued == ["127.0.0.3"] and gone == []  # not kept (nor weighed in its client's turn) until a worker frees


def test_a_clients_small_but_slow_texts_wait_behind_its_own_not_before_another_players_list():
    from builder.desk.checks import CLIENT, Workers
    from builder.events.submitted import LARGE

    workers = Workers(load_pack(PACK), count=1)
    # Under LARGE, so light by its size; slow to check all the same (a tenth of a second and more).
    slow = b"# " + b":" * 300 + b"\n" + b"".join(b"k%06d: [uno, dos, tres, cuatro]\n" % i for i in range(7000))
    assert len(slow) <= LARGE
    order: list[str] = []

    async def one(client: str, files: dict, n: int) -> None:
        CLIENT.set(client)
        try:
            await workers.run("check", (files,), 11)
        except StoreRefused:
            pass
        order.append(f"{client} {n}")

    async def rush():
        flood = [asyncio.create_task(one("127.0.0.2", {"lista.yaml": slow}, n)) for n in range(4)]
        await asyncio.sleep(0)  # the flood's sent first, all at once, its cost not yet known
        player = asyncio.create_task(one("127.0.0.3", {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}, 0))
        await asyncio.gather(*flood, player)

    try:
        asyncio.run(rush())
    finally:
        workers.close()
    # One of the flood's was running; the player's list came next, ahead of the rest.
    assert order.index("127.0.0.3 0") <= 1, order
