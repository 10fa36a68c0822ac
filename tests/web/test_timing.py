"""Server-Timing: the parts of an answer timed where they run, added up, and named in order."""

import contextvars
import threading

from builder.web import timing


def test_the_parts_are_added_up_and_named_in_the_order_a_click_makes_them():
    timings = timing.begin()
    with timing.part("render"):
        pass
    with timing.part("check"):
        pass
    with timing.part("check"):
        pass
    header = timings.header()
    names = [p.split(";")[0] for p in header.split(", ")]
    assert names == ["check", "render", "total"]
    assert all(float(p.split("dur=")[1]) >= 0 for p in header.split(", "))


def test_a_part_timed_in_another_thread_of_the_same_answer_counts():
    # The page's handlers run in a worker thread, in a copy of the request's context.
    timings = timing.begin()

    def save():
        with timing.part("save"):
            pass

    worker = threading.Thread(target=contextvars.copy_context().run, args=(save,))
    worker.start()
    worker.join()
    assert "save;dur=" in timings.header()


def test_outside_an_answer_nothing_is_kept():
    def elsewhere():
        with timing.part("check"):
            return "done"

    assert contextvars.Context().run(elsewhere) == "done"
