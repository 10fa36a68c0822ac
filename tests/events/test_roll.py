"""The event's roll read a page, a batch and a few names at a time, on real databases (SQLite, and
the PostgreSQL of BUILDER_TEST_DB: tests/databases.py)."""

from __future__ import annotations

from tests.events.test_store import ROSTER, T0, checked, event, store, url  # noqa: F401 - the store's fixtures


def test_the_roll_is_read_a_page_a_batch_and_a_few_names_at_a_time(store, event):
    ids = [store.register(event, f"Equipo {n:02}", ROSTER, checked("WT-SAME" if n % 2 else f"WT-{n:04}"), now=T0).team_id
           for n in range(1, 24)]
    store.approve(ids[4], "bien", now=T0)
    page, total = store.latest_page(event, 2, 10)
    assert total == 23 and [s.team for s in page] == [f"Equipo {n:02}" for n in range(11, 21)]
    assert not page[0].files  # a page shows the check's results, never the files
    same, total = store.latest_page(event, 1, 5, fingerprint="WT-SAME")
    assert total == 12 and [s.team for s in same] == ["Equipo 01", "Equipo 03", "Equipo 05", "Equipo 07", "Equipo 09"]
    groups, many = store.same_lists(event, most=5)
    assert many == 1 and groups[0].teams == 12 and groups[0].names == ("Equipo 01", "Equipo 03", "Equipo 05")
    assert store.same_lists(event, fingerprints=["WT-0002"]) == ([], 0)  # sent by one team only
    batches = list(store.latest_batches(event, size=10))
    assert [len(b) for b in batches] == [10, 10, 3] and all(s.files == ROSTER for b in batches for s in b)
    assert [s.team_id for b in batches for s in b] == ids
    assert set(store.standings(ids)) == {ids[4]} and store.standings(ids)[ids[4]] == store.standing(ids[4])
