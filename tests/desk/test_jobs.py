"""What runs in a lane's workers: each job bounded in CPU time, on a clock that starts with it, and
each worker in memory; a job past either is too heavy and the worker lives on."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from builder.desk.checks import Lane
from builder.desk.workers import Workers
from builder.events.packs import load_pack
from builder.events.bounds import StoreRefused
from tests.desk.support import ALFA, PACK, WARBOOK


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


def _served_for_hours(pack, memory):
    """A worker as it is after long use: its CPU clock far along (here a few seconds, burnt first), and
    ``getrusage`` reading behind the kernel's clock by all of it (as the probe saw: 126.7 s read, a
    limit of 138 s reached 2 ms later)."""
    import resource
    import time

    from builder.desk import jobs

    ended = time.process_time() + 2.5
    while time.process_time() < ended:
        pass
    behind, real = time.process_time(), resource.getrusage
    resource.getrusage = lambda who: (max(0.0, sum(real(who)[:2]) - behind), 0.0)
    jobs.start(pack, memory)


def test_a_worker_that_has_served_hours_of_checks_still_gives_each_job_its_whole_time():
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


def test_a_slow_job_on_a_small_text_gives_its_memory_back_as_a_large_text_does(monkeypatch):
    """A small text slow to read (a long comment of colons, once) builds as much as a large one: its
    worker gives the freed memory back after it, and after a quick job does not."""
    from builder.desk import jobs

    given_back = []
    monkeypatch.setattr(jobs, "give_back", lambda: given_back.append(True))

    def busy(pack, files, seconds):
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass
        return "hecho"

    monkeypatch.setattr(jobs, "JOBS", {"busy": busy})
    small = {"lista.yaml": b"nombre: Patrulla\n"}
    assert jobs.run("busy", (small, 0.0), 10)[:2] == ("done", "hecho") and given_back == []
    assert jobs.run("busy", (small, jobs.SLOW_SECONDS + 0.05), 10)[:2] == ("done", "hecho") and given_back == [True]


def test_a_pdf_is_drawn_whoever_asks_and_however_its_arguments_run():
    """The desk's export (texts, file, kind, lang), the hosted builder's (its game first) and a shared
    list's: a PDF each; a sheet, a click or a file merely named «pdf» is not."""
    from builder.desk.jobs import drawn

    files = {"lista.yaml": "system: wartime\n"}
    assert drawn("export", (files, "lista.yaml", "pdf", "es"))
    assert drawn("export", ("wartime", files, "lista.yaml", "pdf", "en"))
    assert not drawn("export", (files, "lista.yaml", "xlsx", "es"))
    assert not drawn("edit", (files, "pdf", {"op": "set"}, "es")) and not drawn("check", ({"pdf": "x"},))


def test_a_desks_workers_load_its_game_before_a_players_first_click():
    """As the hosted builder's: a desk's worker loads the event's game when it starts, so a player's first
    click (on either worker) costs what any other does, and its player is never taken for a slow client
    and sent behind the PDFs being drawn (issue 55: a click waited 25 s for one)."""
    import asyncio

    from builder.desk.workers import CLIENT, LIGHT_SECONDS, Workers
    from builder.events.packs import load_pack
    from tests.desk.support import ALFA, PACK, WARBOOK

    workers = Workers(load_pack(PACK), count=1)
    files = {"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}
    click = (files, "alfa.yaml", {"op": "set", "path": '["name"]', "value": "Otra", "at": "[]"}, "es")

    async def both_workers() -> None:  # two clicks at once: one on each worker, each its first job
        CLIENT.set("127.0.0.3")
        await asyncio.gather(workers.run("edit", click, 6), workers.run("edit", click, 6))

    try:
        workers.start()
        asyncio.run(both_workers())
        (costliest,) = [used[2] for used in workers.used.values()]
    finally:
        workers.close()
    assert costliest <= LIGHT_SECONDS, costliest
