"""The tournament day in the store (builder/events/day.py), on SQLite and on the PostgreSQL that
BUILDER_TEST_DB names: check-in, drops, fixed tables, rounds paired once, swapped and published,
results reported by both teams, disputes settled, the log, and a database of migration 7 upgraded.

The pairing and the standings are the engine's (builder/events/pairing.py, standings.py): these
tests hold whatever pairing it makes, asserting only what the store keeps of it."""

from __future__ import annotations

import threading
from datetime import datetime, timezone

import pytest
import sqlalchemy as sa

from builder.core.pack import RoundsFormat
from builder.events import schema
from builder.events.day import LOG_MOST, REPORTS_MOST
from builder.events.rounds import Result
from builder.events.store import Checked, Store, StoreRefused
from tests.databases import KINDS, database

T0 = datetime(2026, 5, 1, 10, 0, tzinfo=timezone.utc)
LEGAL = Checked("wartime", 240, 250, True, 0, "WT-AAAA-0001", "es")
ROSTER = {"lista.yaml": "system: wartime\nname: Asalto\n"}
FORMAT = RoundsFormat(count=3, score="puntos de victoria")


@pytest.fixture(params=KINDS)
def url(request, tmp_path) -> str:
    with database(request.param, tmp_path) as opened:
        yield opened


@pytest.fixture
def store(url):
    opened = Store.open(url)
    yield opened
    opened.close()


@pytest.fixture
def event(store) -> int:
    return store.create_event("Torneo de Otoño", "wartime")


def teams(store: Store, event: int, count: int, here: bool = True) -> dict[str, tuple[int, str]]:
    """``count`` teams registered (checked in by the organiser with ``here``): name → (id, code)."""
    made = {}
    for n in range(count):
        receipt = store.register(event, f"Equipo {n}", ROSTER, LEGAL, now=T0, club=f"Club {n % 3}")
        if here:
            store.check_in(receipt.team_id, organiser=True, now=T0)
        made[f"Equipo {n}"] = (receipt.team_id, receipt.edit_code)
    return made


def codes_of(made: dict[str, tuple[int, str]]) -> dict[int, str]:
    return dict(made.values())


def settle_round(store: Store, event: int, number: int, codes: dict[int, str]) -> None:
    """Both teams of every table report that the first won 10-5."""
    for game in store.day(event).games_of(number):
        if not game.table.bye:
            for team in game.table.teams():
                store.report(team, codes[team], number, "a", 10, 5, now=T0)


def test_a_team_names_its_club_when_it_registers_and_the_organiser_may_change_it(store, event):
    first = store.register(event, "Alfa", ROSTER, LEGAL, now=T0, club="  Club   de Rol\tÑ ")
    plain = store.register(event, "Beta", ROSTER, LEGAL, now=T0)
    assert store.clubs(event) == {first.team_id: "Club de Rol Ñ"}
    assert store.set_club(plain.team_id, "Dados") == "Dados" and store.set_club(first.team_id, "  ") is None
    assert store.clubs(event) == {plain.team_id: "Dados"}
    for hostile in ("a\u202eb", "x" * 81, "\x00", "---"):
        with pytest.raises(StoreRefused, match="bad-club-name"):
            store.set_club(plain.team_id, hostile)
        with pytest.raises(StoreRefused, match="bad-club-name"):
            store.register(event, "Gamma", ROSTER, LEGAL, now=T0, club=hostile)
    assert store.teams(event) == {first.team_id: "Alfa", plain.team_id: "Beta"}  # nothing half-stored


def test_a_team_checks_in_with_its_code_while_check_in_is_open_and_the_organiser_at_any_time(store, event):
    made = teams(store, event, 3, here=False)
    (alfa, alfa_code), (beta, _), (gamma, gamma_code) = made.values()
    with pytest.raises(StoreRefused, match="checkin-closed"):
        store.check_in(alfa, alfa_code, now=T0)
    store.check_in(beta, organiser=True, now=T0)  # the organiser needs no open check-in
    store.open_checkin(event)
    with pytest.raises(StoreRefused, match="wrong-edit-code"):
        store.check_in(alfa, gamma_code, now=T0)
    store.check_in(alfa, alfa_code.lower(), now=T0)
    store.check_in(alfa, alfa_code, now=T0)  # again: nothing changes
    day = store.day(event)
    assert day.checkin_open and [e.checked_in for e in day.entrants] == [True, True, False]
    store.close_checkin(event)
    assert not store.day(event).checkin_open
    # The log names the organiser's check-in only.
    assert [(c.who, c.what, c.detail) for c in store.round_changes(event)] == [("organiser", "check-in", "Equipo 1")]
    with pytest.raises(StoreRefused, match="no-such-team"):
        store.check_in(9999, "X", now=T0)


def test_a_round_is_paired_drafted_swapped_published_and_reported_by_both_teams(store, event):
    made = teams(store, event, 5)
    codes = codes_of(made)
    paired = store.pair_next_round(event, FORMAT, seed="semilla", now=T0)
    assert (paired.number, paired.seed, paired.published) == (1, "semilla", False)
    seated = [team for table in paired.tables for team in table.teams()]
    assert sorted(seated) == sorted(codes) and sum(t.bye for t in paired.tables) == 1
    assert [t.number for t in paired.tables] == list(range(1, len(paired.tables) + 1))
    # Before publishing, no team reports; the organiser swaps two teams.
    first, second = (t for t in paired.tables if not t.bye)
    with pytest.raises(StoreRefused, match="round-not-published"):
        store.report(first.a, codes[first.a], 1, "a", 1, 0, now=T0)
    store.swap(event, 1, first.a, second.b, now=T0)
    tables = {t.number: t for t in store.day(event).rounds[0].tables}
    assert (tables[first.number].a, tables[second.number].b) == (second.b, first.a)
    for wrong in ((first.a, first.a), (first.a, 9999)):
        with pytest.raises(StoreRefused, match="not-in-round"):
            store.swap(event, 1, *wrong, now=T0)
    store.publish(event, 1, now=T0)
    store.publish(event, 1, now=T0)  # again: nothing
    with pytest.raises(StoreRefused, match="round-published"):
        store.swap(event, 1, first.a, first.b, now=T0)
    # Both teams of a table report: one report waits, two agreeing stand, the same again stores nothing.
    table = next(t for t in store.day(event).rounds[0].tables if not t.bye)
    waiting = store.report(table.a, codes[table.a], 1, "b", 7, 12, now=T0)
    assert (waiting.result, waiting.disputed) == (None, False)
    agreed = store.report(table.b, codes[table.b], 1, "b", 7, 12, now=T0)
    assert agreed.result == Result("b", 7, 12) and not agreed.disputed
    store.report(table.b, codes[table.b], 1, "b", 7, 12, now=T0)
    assert count(store, schema.reports) == 2
    with pytest.raises(StoreRefused, match="wrong-edit-code"):
        store.report(table.a, codes[table.b], 1, "a", 1, 0, now=T0)
    bye = next(t for t in store.day(event).rounds[0].tables if t.bye)
    with pytest.raises(StoreRefused, match="bye-no-report"):
        store.report(bye.a, codes[bye.a], 1, "a", 1, 0, now=T0)
    assert next(g for g in store.day(event).games if g.table.bye).result is not None  # a bye stands
    assert [c.what for c in store.round_changes(event)][:3] == ["publish", "swap", "pair"]


def test_a_dispute_waits_for_the_organiser_and_the_next_round_waits_for_every_result(store, event):
    made = teams(store, event, 4)
    codes = codes_of(made)
    store.pair_next_round(event, FORMAT, now=T0)
    with pytest.raises(StoreRefused, match="round-unsettled"):  # not published yet
        store.pair_next_round(event, FORMAT, now=T0)
    store.publish(event, 1, now=T0)
    one, two = store.day(event).rounds[0].tables
    store.report(one.a, codes[one.a], 1, "a", 10, 5, now=T0)
    store.report(one.b, codes[one.b], 1, "b", 5, 10, now=T0)  # each says it won
    game = store.day(event).games_of(1)[0]
    assert game.disputed and game.result is None
    assert store.claims(event, 1)[one.number].a == Result("a", 10, 5)
    with pytest.raises(StoreRefused, match="round-unsettled"):
        store.pair_next_round(event, FORMAT, now=T0)
    settled = store.settle(event, 1, one.number, "draw", 8, 8, now=T0)
    assert settled.result == Result("draw", 8, 8) and not settled.disputed
    entered = store.enter_result(event, 1, two.number, "a", 3, 2, now=T0)  # no team reported it
    assert entered.result == Result("a", 3, 2)
    # A team's report no longer moves what the organiser entered.
    store.report(two.b, codes[two.b], 1, "b", 0, 9, now=T0)
    assert store.day(event).games_of(1)[1].result == Result("a", 3, 2)
    second = store.pair_next_round(event, FORMAT, number=2, now=T0)
    assert second.number == 2 and second.seed == store.day(event).rounds[0].seed  # the first round's seed kept
    with pytest.raises(StoreRefused, match="round-closed"):  # round 1 is the organiser's now
        store.report(one.a, codes[one.a], 1, "a", 1, 0, now=T0)
    store.enter_result(event, 1, one.number, "a", 9, 1, now=T0)  # a correction, any time
    assert [c.what for c in store.round_changes(event)][:5] == ["correct", "pair", "result", "settle", "publish"]
    for hostile in (("x", 1, 1), ("a", -1, 0), ("a", "1e9", 0), ("a", 10 ** 9, 0), ("a", True, 0), ("a", "١", 0)):
        with pytest.raises(StoreRefused, match="bad-result"):
            store.enter_result(event, 1, one.number, *hostile, now=T0)
    with pytest.raises(StoreRefused, match="no-such-table"):
        store.enter_result(event, 1, 99, "a", 1, 0, now=T0)
    with pytest.raises(StoreRefused, match="round-not-published"):
        store.enter_result(event, 2, 1, "a", 1, 0, now=T0)


def test_the_rounds_stop_at_the_packs_count_and_need_two_teams(store, event):
    with pytest.raises(StoreRefused, match="too-few-teams"):
        store.pair_next_round(event, FORMAT, now=T0)
    made = teams(store, event, 2)
    codes = codes_of(made)
    for number in (1, 2, 3):
        store.pair_next_round(event, FORMAT, now=T0)
        store.publish(event, number, now=T0)
        settle_round(store, event, number, codes)
    with pytest.raises(StoreRefused, match="rounds-done"):
        store.pair_next_round(event, FORMAT, now=T0)
    with pytest.raises(StoreRefused, match="already-paired"):  # a stale form's round
        store.pair_next_round(event, FORMAT, number=2, now=T0)


def test_a_dropped_team_is_never_paired_again_and_keeps_its_results_and_a_late_one_plays(store, event):
    made = teams(store, event, 4)
    codes = codes_of(made)
    dropping, _ = made["Equipo 0"]
    store.pair_next_round(event, FORMAT, now=T0)
    store.publish(event, 1, now=T0)
    settle_round(store, event, 1, codes)
    with pytest.raises(StoreRefused, match="wrong-edit-code"):
        store.drop(dropping, "AAAA-BBBB-CCCC-DDDD", now=T0)
    assert store.drop(dropping, codes[dropping], now=T0) == 1
    assert store.drop(dropping, codes[dropping], now=T0) == 1  # again: nothing
    late = store.register(event, "Rezagados", ROSTER, LEGAL, now=T0)
    store.open_checkin(event)
    store.check_in(late.team_id, late.edit_code, now=T0)
    second = store.pair_next_round(event, FORMAT, now=T0)
    seated = {team for table in second.tables for team in table.teams()}
    assert dropping not in seated and late.team_id in seated and len(seated) == 4
    day = store.day(event)
    assert next(e for e in day.entrants if e.team_id == dropping).dropped_after == 1
    assert any(dropping in g.table.teams() and g.result is not None for g in day.games_of(1))  # kept
    gone = store.register(event, "Se fue", ROSTER, LEGAL, now=T0).team_id
    store.drop(gone, organiser=True, now=T0)  # before it checked in: it never plays
    with pytest.raises(StoreRefused, match="team-dropped"):
        store.check_in(gone, organiser=True, now=T0)
    drops = [(c.who, c.detail) for c in store.round_changes(event) if c.what == "drop"]
    assert drops == [("organiser", "Se fue (2)"), ("Equipo 0", "Equipo 0 (1)")]


def test_a_fixed_table_is_kept_and_logged_and_hostile_tables_are_refused(store, event):
    made = teams(store, event, 2)
    team, _ = made["Equipo 1"]
    store.set_fixed_table(team, 4, now=T0)
    assert next(e for e in store.day(event).entrants if e.team_id == team).fixed_table == 4
    for hostile in (0, -1, 1001, True, "3"):
        with pytest.raises(StoreRefused, match="bad-table"):
            store.set_fixed_table(team, hostile, now=T0)
    store.set_fixed_table(team, None, now=T0)
    assert store.round_changes(event)[0].detail == "Equipo 1: -"


def test_a_team_keeps_at_most_its_bound_of_reports_of_one_game(store, event):
    made = teams(store, event, 2)
    codes = codes_of(made)
    store.pair_next_round(event, FORMAT, now=T0)
    store.publish(event, 1, now=T0)
    table = store.day(event).rounds[0].tables[0]
    for n in range(REPORTS_MOST):
        store.report(table.a, codes[table.a], 1, "a", n, 0, now=T0)
    with pytest.raises(StoreRefused, match="too-many-reports"):
        store.report(table.a, codes[table.a], 1, "a", 999, 0, now=T0)
    # Its last report again is no new one: still answered.
    assert store.report(table.a, codes[table.a], 1, "a", REPORTS_MOST - 1, 0, now=T0).result is None
    assert count(store, schema.reports) == REPORTS_MOST


def test_the_log_is_bounded(store, event, monkeypatch):
    from builder.events import day

    monkeypatch.setattr(day, "LOG_MOST", 3)
    made = teams(store, event, 3)  # three check-ins by the organiser: the log is full
    team, code = made["Equipo 0"]
    with pytest.raises(StoreRefused, match="log-full"):
        store.drop(team, code, now=T0)
    assert store.day(event).entrants[0].dropped_after is None  # nothing half-stored
    assert LOG_MOST >= 10_000


def test_two_desks_pairing_one_round_at_once_pair_it_once(url, store, event):
    teams(store, event, 6)
    desks = [Store.open(url) for _ in range(4)]
    start, paired, refused = threading.Barrier(len(desks)), [], []

    def pairing(desk: Store) -> None:
        start.wait()
        try:
            paired.append(desk.pair_next_round(event, FORMAT, number=1, now=T0))
        except StoreRefused as exc:
            refused.append(exc.code)

    threads = [threading.Thread(target=pairing, args=(desk,)) for desk in desks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for desk in desks:
        desk.close()
    assert len(paired) == 1 and refused == ["already-paired"] * 3
    assert count(store, schema.rounds) == 1 and count(store, schema.games) == 3


def test_two_reports_of_one_team_at_once_keep_one(url, store, event):
    made = teams(store, event, 2)
    codes = codes_of(made)
    store.pair_next_round(event, FORMAT, now=T0)
    store.publish(event, 1, now=T0)
    table = store.day(event).rounds[0].tables[0]
    desks = [Store.open(url) for _ in range(4)]
    start, answered = threading.Barrier(len(desks)), []

    def reporting(desk: Store) -> None:
        start.wait()
        answered.append(desk.report(table.a, codes[table.a], 1, "a", 3, 1, now=T0))

    threads = [threading.Thread(target=reporting, args=(desk,)) for desk in desks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for desk in desks:
        desk.close()
    assert len(answered) == 4 and count(store, schema.reports) == 1


def test_a_database_of_migration_7_gains_the_day(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    store = Store.open(url)
    event = store.create_event("Torneo", "wartime")
    alfa = store.register(event, "Alfa", ROSTER, LEGAL, now=T0)
    day = schema.MIGRATIONS.index(schema._the_day) + 1
    assert day == 8
    with store.engine.begin() as conn:  # back to migration 7, as the desk before the day left it
        for table in ("round_changes", "reports", "games", "rounds"):
            conn.exec_driver_sql(f"DROP TABLE {table}")
        for column in ("club", "checked_in_at", "dropped_after", "fixed_table"):
            conn.exec_driver_sql(f"ALTER TABLE teams DROP COLUMN {column}")
        conn.exec_driver_sql("ALTER TABLE events DROP COLUMN checkin_open")
        conn.execute(schema.schema_version.delete().where(schema.schema_version.c.version >= day))
    store.close()
    again = Store.open(url)
    try:
        assert again.schema_version() == schema.LATEST
        found = again.day(event)
        assert not found.checkin_open and found.rounds == ()
        assert [(e.name, e.club, e.checked_in, e.dropped_after, e.fixed_table) for e in found.entrants] == \
            [("Alfa", None, False, None, None)]
        again.check_in(alfa.team_id, organiser=True, now=T0)
        beta = again.register(event, "Beta", ROSTER, LEGAL, now=T0, club="Dados")
        again.check_in(beta.team_id, organiser=True, now=T0)
        assert again.pair_next_round(event, FORMAT, now=T0).number == 1
    finally:
        again.close()


def count(store: Store, table: sa.Table) -> int:
    with store.engine.connect() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()



def test_the_organiser_undoes_a_check_in_until_the_team_is_paired(store, event):
    made = teams(store, event, 3)
    wrong, _ = made["Equipo 2"]
    store.check_out(wrong, now=T0)
    store.check_out(wrong, now=T0)  # again: nothing
    assert [e.checked_in for e in store.day(event).entrants] == [True, True, False]
    assert store.round_changes(event)[0].what == "check-out"
    store.pair_next_round(event, FORMAT, now=T0)
    with pytest.raises(StoreRefused, match="team-paired"):
        store.check_out(made["Equipo 0"][0], now=T0)


def test_a_fifteen_team_four_round_day_runs_to_its_end(store, event):
    """One team never arrives, one drops after round 2; one dispute is settled, one result entered by
    the organiser; an odd count gives a bye each round. Whatever the engine pairs, the store keeps
    every team that plays at one table a round, never the absent or dropped one."""
    fmt = RoundsFormat(count=4, score="puntos de victoria")
    made = teams(store, event, 15, here=False)
    codes = codes_of(made)
    store.open_checkin(event)
    absent, _ = made["Equipo 14"]
    for team_id, code in codes.items():
        if team_id != absent:
            store.check_in(team_id, code, now=T0)
    dropping, _ = made["Equipo 3"]
    for number in (1, 2, 3, 4):
        paired = store.pair_next_round(event, fmt, number=number, now=T0)
        seated = [team for table in paired.tables for team in table.teams()]
        expected = {t for t in codes if t != absent and not (number > 2 and t == dropping)}
        assert sorted(seated) == sorted(expected) and sum(t.bye for t in paired.tables) == len(expected) % 2
        store.publish(event, number, now=T0)
        played = [t for t in paired.tables if not t.bye]
        for n, table in enumerate(played):
            if number == 1 and n == 0:  # each says it won: the organiser settles it
                store.report(table.a, codes[table.a], 1, "a", 9, 3, now=T0)
                store.report(table.b, codes[table.b], 1, "b", 3, 9, now=T0)
                assert store.day(event).games_of(1)[0].disputed
                store.settle(event, 1, table.number, "a", 9, 3, now=T0)
            elif number == 2 and n == 0:  # no team reported it
                store.enter_result(event, 2, table.number, "draw", 5, 5, now=T0)
            else:
                for team in table.teams():
                    store.report(team, codes[team], number, "b", n, n + 1, now=T0)
        if number == 2:
            assert store.drop(dropping, codes[dropping], now=T0) == 2
    day = store.day(event)
    assert [r.number for r in day.rounds] == [1, 2, 3, 4] and all(r.published for r in day.rounds)
    assert all(g.result is not None and not g.disputed for g in day.games)
    assert sum(g.table.bye for g in day.games) == 0 + 0 + 1 + 1  # 14 teams in rounds 1-2, 13 after the drop
    assert all(absent not in g.table.teams() for g in day.games)
    with pytest.raises(StoreRefused, match="rounds-done"):
        store.pair_next_round(event, fmt, now=T0)
