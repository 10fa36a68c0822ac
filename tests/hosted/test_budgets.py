"""The hosted builder's budgets per client, in memory: as the desk's stored ones count, and bounded."""

from builder.hosted import budgets
from builder.hosted.budgets import Budget, clicks_budget


def test_a_budget_takes_its_most_a_window_from_one_client_and_others_apart():
    budget = Budget(3, window=60)
    assert [budget.allow("a", now=600.0) for _ in range(5)] == [True, True, True, False, False]
    assert budget.allow("b", now=600.0)
    # Half a window on, half the previous window's count still weighs: room for one and a half.
    assert [budget.allow("a", now=690.0) for _ in range(3)] == [True, True, False]
    # Two windows on, nothing of the old ones weighs.
    assert [budget.allow("a", now=780.0) for _ in range(4)] == [True, True, True, False]


def test_the_clients_counted_in_a_window_are_bounded(monkeypatch):
    monkeypatch.setattr(budgets, "CLIENTS_MOST", 10)
    budget = Budget(5, window=60)
    assert all(budget.allow(f"10.0.0.{n}", now=60.0) for n in range(10))
    assert not budget.allow("10.0.0.99", now=60.0) and budget.allow("10.0.0.1", now=60.0)
    assert budget.allow("10.0.0.99", now=125.0)  # the window turned: room again


def test_clicks_come_in_bursts_as_the_desks_do():
    budget = clicks_budget(600)  # 120 at once, over 12 s
    assert budget.most == 120 and budget.window == 12.0
    assert clicks_budget(20).most == 20
