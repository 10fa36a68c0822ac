"""Which job a lane's workers take next: the least greedy client's, light jobs sent ahead only as
measured; a job whose request is gone is dropped."""

from __future__ import annotations

import asyncio

from builder.desk.workers import CLIENT, Workers
from builder.events.packs import load_pack
from builder.events.bounds import StoreRefused
from tests.desk.support import ALFA, PACK, WARBOOK
from tests.support import EDITIONS


def test_a_players_one_list_is_checked_before_what_a_greedy_client_keeps_waiting():
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


def test_a_waiting_job_whose_request_is_gone_leaves_its_queue_at_once_with_its_texts():
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


def test_a_players_light_list_is_checked_beside_a_heavy_one_not_behind_it():
    # One worker for heavy jobs, as on a two-core machine. Niced, on a busy machine a heavy check of
    # two seconds' CPU took over twenty; a light list waiting behind it was timed out (test_load).
    workers = Workers(load_pack(PACK), count=1)
    heavy = {f"relleno-{n}.yaml": b"".join(b"k%d-%06d: [uno, dos, tres, cuatro]\n" % (n, i) for i in range(28000))
             for n in range(5)}
    ended: list[str] = []

    async def one(client: str, files: dict) -> None:
        CLIENT.set(client)
        try:
            await workers.run("check", (files,), 11)
        except StoreRefused:
            pass  # no list among the files: refused, after its work
        ended.append(client)

    async def beside():
        greedy = asyncio.create_task(one("127.0.0.2", heavy))
        await asyncio.sleep(0.3)  # the heavy check under way
        await asyncio.gather(one("127.0.0.3", {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}), greedy)

    try:
        asyncio.run(beside())
    finally:
        workers.close()
    assert ended == ["127.0.0.3", "127.0.0.2"]
    assert workers.running == workers.heavy == 0 and not workers.waiting


def test_a_desks_workers_see_the_editions_installed_when_it_started_whatever_their_fork_server_saw(monkeypatch):
    # The fork server is started once a process: here first by a desk with no edition installed
    # beside builder's own, then a desk starts with Wartime's made-up 2027-prueba installed (newer).
    def checked_under() -> tuple[str, int]:
        workers = Workers(load_pack(PACK), count=1)
        try:
            found = asyncio.run(workers.run("check", ({"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK},), 11))
        finally:
            workers.close()
        return found.evaluation.rules.edition.name, found.evaluation.points

    monkeypatch.delenv("BUILDER_EDITIONS", raising=False)
    # Under 2026: Sargento 58 + 3 × Fusilero 40 = 178.
    assert checked_under() == ("2026", 178)
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    # Under 2027-prueba (tests/events/test_store.py works it out): Sargento 59 + 3 × Fusilero 38 = 173.
    assert checked_under() == ("2027-prueba", 173)
    monkeypatch.delenv("BUILDER_EDITIONS")
    assert checked_under() == ("2026", 178)


def test_pdfs_of_new_clients_never_take_the_spare_worker_a_players_check_runs_on():
    """Issue 55: 24 addresses asking for PDFs kept a player's clicks waiting 25 s: each address's first
    PDF, its cost not yet known, was taken for light and sent to the spare worker. A PDF is heavy
    whoever asks: one at a time beside the spare, and the player's light job goes beside it."""
    workers = Workers(load_pack(PACK), count=1)
    files = {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}
    ended: list[str] = []

    async def one(client: str, job: str, args: tuple) -> None:
        CLIENT.set(client)
        try:
            await workers.run(job, args, 11)
        except StoreRefused:
            pass
        ended.append(client)

    async def rush():
        pdfs = [asyncio.create_task(one(f"127.0.10.{n}", "export", (files, "alfa.yaml", "pdf", "es")))
                for n in range(4)]
        await asyncio.sleep(0)  # four new addresses' PDFs sent at once, before the player's list
        await asyncio.gather(one("127.0.0.3", "check", (files,)), *pdfs)

    try:
        asyncio.run(rush())
    finally:
        workers.close()
    # At most the one PDF running when it came ended before the player's list.
    assert ended.index("127.0.0.3") <= 1, ended
    assert workers.running == workers.heavy == 0 and not workers.waiting


def test_every_worker_the_spare_too_is_started_with_the_lane_not_with_the_first_rush():
    """The pool starts a process only when no other is free: started with one, the spare was started
    under the first rush, and the click that needed it waited for it to start (issue 55)."""
    import time

    workers = Workers(load_pack(PACK), count=1)
    try:
        workers.start()
        deadline = time.monotonic() + 30
        while len(workers.pool._processes) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers.pool._processes) == 2  # one for heavy jobs and the spare
    finally:
        workers.close()
