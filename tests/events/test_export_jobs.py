"""The organiser's export jobs in the store, on SQLite and on PostgreSQL: one running job of a kind
for an event, however many ask; a job whose process fell silent is stopped, and a new ask starts
another; a job ends once, and only a made file can be gone."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from builder.events import schema
from builder.events.export_jobs import STALE_SECONDS
from builder.events.store import Store
from tests.databases import KINDS, database


@pytest.fixture(params=KINDS)
def store(request, tmp_path):
    with database(request.param, tmp_path) as url:
        opened = Store.open(url)
        opened.create_event("Torneo", "wartime")
        opened.create_event("Liga", "wartime")
        yield opened
        opened.close()


def silent(store: Store, job_id: int, seconds: float) -> None:
    """The job's last sign of life put ``seconds`` back."""
    with store.engine.begin() as conn:
        conn.execute(schema.export_jobs.update().where(schema.export_jobs.c.id == job_id)
                     .values(beat_at=schema.utcnow() - timedelta(seconds=seconds)))


def test_asked_again_while_it_runs_the_running_job_is_the_answer_for_its_event_and_kind(store):
    first, new = store.ask_export(1, "print", {"lang": "es", "paper": "a4"})
    again, again_new = store.ask_export(1, "print", {"lang": "en", "paper": "letter"})
    assert new and not again_new and again.id == first.id and again.options == {"lang": "es", "paper": "a4"}
    other_kind, other_new = store.ask_export(1, "summary", {})
    other_event, other_event_new = store.ask_export(2, "print", {})
    assert other_new and other_event_new and len({first.id, other_kind.id, other_event.id}) == 3
    assert [job.id for job in store.running_exports(1)] == [first.id, other_kind.id]


def test_a_job_silent_past_its_bound_is_stopped_and_a_new_ask_starts_another(store):
    first, _ = store.ask_export(1, "print", {})
    silent(store, first.id, STALE_SECONDS - 5)
    assert store.export_job(first.id).state == "running" and not store.ask_export(1, "print", {})[1]
    silent(store, first.id, STALE_SECONDS + 1)
    assert store.export_job(first.id).state == "stopped" and store.running_exports(1) == []
    second, new = store.ask_export(1, "print", {})
    assert new and second.id != first.id and store.last_export(1, "print").id == second.id


def test_a_job_ends_once_with_its_file_and_only_a_made_file_is_gone(store):
    job, _ = store.ask_export(1, "summary", {})
    store.export_progress(job.id, 3, 10)
    assert (store.export_job(job.id).done, store.export_job(job.id).total) == (3, 10)
    store.export_ended(job.id, "gone")  # not made yet: nothing to be gone
    assert store.export_job(job.id).state == "running"
    store.export_ended(job.id, "done", "/exports/job-1/resumen.xlsx", 1234)
    store.export_ended(job.id, "failed")  # ended already
    made = store.export_job(job.id)
    assert (made.state, made.file, made.bytes) == ("done", "/exports/job-1/resumen.xlsx", 1234) and made.ended_at
    assert [j.id for j in store.export_files(1)] == [job.id]
    store.export_ended(job.id, "gone")
    assert store.export_job(job.id).state == "gone" and store.export_files(1) == []
    with pytest.raises(ValueError):
        store.export_ended(job.id, "running")


def test_the_jobs_table_is_the_migrations_own(store):
    assert store.schema_version() == schema.LATEST
    with store.engine.connect() as conn:
        assert "export_jobs" in sa.inspect(conn).get_table_names()
