"""A whole tournament day in Chromium, on phones (390×844): fifteen teams registered, fourteen check
in (thirteen from their own phones, one by the organiser; one never comes), four Swiss rounds paired
and published by the organiser on a phone, every result reported by both teams on their phones, one
dispute settled by the organiser, one result entered by the organiser for a table that reported
nothing, one team dropping itself after round 2, and so a bye in rounds 3 and 4.

What the desk shows is checked against what the test works out by itself:
- the standings on ``/rounds`` equal those of :func:`expected_standings`, written here from the
  pack's scoring (win 3, draw 1, loss 0, bye 3) and its tie-breakers as the organisers' guide
  defines them (opponents' points, then score difference; equal on all: one rank, listed by name);
- the pairings keep the guide's promises: clubmates apart in the first round, no rematch, no team
  twice in a round, a dropped or absent team never paired, each bye to the lowest-ranked team
  without one (by the test's own standings), a team with a fixed table kept at it;
- each phone shows its table, its opponent (or the bye), and the result that stands.
"""

from __future__ import annotations

import dataclasses
import re

from builder.core.pack import RoundsFormat
from builder.events.schema import Checked
from tests.desk.support import PACK, TOKEN
from tests.desk.test_browser_building import PHONE, browser  # noqa: F401 - the fixture
from tests.desk.test_browser_day import FILES
from tests.programs import needs
from tests.serve.live import free_port, served
from tests.serve.test_browser import serious_violations

pytestmark = needs("chromium")
FORMAT = RoundsFormat(count=4, win=3, draw=1, loss=0, bye=3, score="puntos de victoria",
                      tie_breakers=("opponents-points", "score-difference"))
CLUBS = {"Aguilas": "Club Norte", "Bisontes": "Club Norte", "Castores": "Club Norte",
         "Delfines": "Club Sur", "Erizos": "Club Sur", "Focas": "Club Sur",
         "Grullas": "Club Este", "Halcones": "Club Este", "Ibis": "Club Este"}
TEAMS = ("Aguilas", "Bisontes", "Castores", "Delfines", "Erizos", "Focas", "Grullas", "Halcones", "Ibis",
         "Jabalies", "Koalas", "Linces", "Mapaches", "Nutrias", "Osos")
NEVER_COMES = "Osos"
CHECKED_IN_BY_ORGANISER = "Grullas"
DROPS_AFTER_2 = "Halcones"
FIXED = ("Castores", 3)
ENGLISH = {"Koalas", "Nutrias"}
"""Phones set to English: their pages say «Table», «won»…"""
DISPUTE = (2, 1)
"""Round 2's table 1: each team says it won; the organiser settles it."""
ORGANISER_ENTERS = (3, 2)
"""Round 3's table 2: neither team reports; the organiser enters the result."""


def true_result(number: int, a: str, b: str) -> tuple[str | None, int, int]:
    """What happened at a table (the winner's name or None for a draw, each side's score): the team
    earlier in TEAMS' reversed order wins, except a draw where the round and the two names' lengths
    add up to a multiple of four; scores vary with the round so score differences differ."""
    if (number + len(a) + len(b)) % 4 == 0:
        return None, 5 + number, 5 + number
    strong = a if TEAMS.index(a) > TEAMS.index(b) else b
    won, lost = 10 + TEAMS.index(strong) % 5 + number, 2 + (TEAMS.index(a) + TEAMS.index(b)) % 6
    return strong, (won if strong == a else lost), (won if strong == b else lost)


def expected_standings(tables: dict[int, list[tuple[str, str | None]]], results: dict[tuple[int, int], tuple],
                       listed: set[str]) -> list[tuple[int, str, int, int, int]]:
    """(rank, team, points, opponents' points, score difference) best first, from the rounds'
    tables and the results that stand: a win 3, a draw 1, a loss 0, a bye 3 (and no opponent, no
    score); opponents' points add up the points of every team faced; the score difference is the
    score made less the score taken in games. Teams equal on points, then opponents' points, then
    difference share a rank, listed by name, and the next rank skips as many places."""
    points = {team: 0 for team in listed}
    opponents: dict[str, list[str]] = {team: [] for team in listed}
    difference = {team: 0 for team in listed}
    for number, seated in tables.items():
        for index, (a, b) in enumerate(seated, start=1):
            if b is None:
                points[a] += 3
                continue
            winner, score_a, score_b = results[(number, index)]
            points[a] += 1 if winner is None else 3 if winner == a else 0
            points[b] += 1 if winner is None else 3 if winner == b else 0
            opponents[a].append(b)
            opponents[b].append(a)
            difference[a] += score_a - score_b
            difference[b] += score_b - score_a
    key = {team: (points[team], sum(points[o] for o in opponents[team]), difference[team]) for team in listed}
    ordered = sorted(listed, key=lambda team: (tuple(-v for v in key[team]), team))
    table = []
    for place, team in enumerate(ordered, start=1):
        rank = table[-1][0] if table and key[table[-1][1]] == key[team] else place
        table.append((rank, team, *key[team]))
    return table


class Phone:
    """A team's phone: its own browser profile, the day's page opened once with the team's code."""

    def __init__(self, browser, url: str, name: str, code: str):
        self.name, self.lang = name, "en" if name in ENGLISH else "es"
        self.url = url
        context = browser.new_context(locale="en-GB" if self.lang == "en" else "es-ES", viewport=PHONE,
                                      bypass_csp=True)  # axe is injected
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(f"{url}/day?lang={self.lang}")
        self.page.fill("#team", name)
        self.page.fill("#code", code)
        self.page.click("#day-open")
        self.page.locator("#day-team").wait_for()

    def day(self):
        self.page.goto(f"{self.url}/day?lang={self.lang}")
        return self.page

    def report(self, side: str, winner: str, score_a: int, score_b: int, mine: str) -> None:
        """The report form as a player fills it: who won (by side), then each side's score."""
        page = self.day()
        assert mine in page.inner_text("label[for=score-a]" if side == "a" else "label[for=score-b]")
        page.check(f"#winner-{winner}")
        page.fill("#score-a", str(score_a))
        page.fill("#score-b", str(score_b))
        page.click("#send-report")
        page.locator("#waiting, #stands, #disputed").first.wait_for()


def seated_of(organiser, number: int) -> list[tuple[str, str | None]]:
    """A round's tables as the organiser's page lists them, table 1 first: (a, b) or (a, None)."""
    rows = organiser.locator(f"#round-{number} tbody tr")
    seated = []
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td")
        assert cells.nth(0).inner_text().strip() == str(index + 1)
        teams = cells.nth(1).inner_text().strip()
        if teams.endswith("· bye"):
            seated.append((teams.removesuffix("· bye").strip(), None))
        else:
            a, b = teams.split(" – ")
            seated.append((a.strip(), b.strip()))
    return seated


def side_of(seated: list[tuple[str, str | None]], team: str) -> tuple[int, str] | None:
    for index, (a, b) in enumerate(seated, start=1):
        if team in (a, b):
            return index, "a" if team == a else "b"
    return None


def as_side(winner: str | None, a: str) -> str:
    return "draw" if winner is None else "a" if winner == a else "b"


def test_a_fifteen_team_four_round_swiss_day_on_phones(browser, tmp_path):
    from builder.desk.app import create_desk
    from builder.events.packs import load_pack

    port = free_port()
    pack = dataclasses.replace(load_pack(PACK), rounds=FORMAT)
    app = create_desk(pack, f"sqlite:///{tmp_path / 'torneo.sqlite'}", TOKEN, f"127.0.0.1:{port}",
                      posts_per_minute=10_000)
    store, event = app.state.desk.store, app.state.desk.event_id
    codes, ids = {}, {}
    for name in TEAMS:
        receipt = store.register(event, name, FILES, Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"),
                                 club=CLUBS.get(name))
        codes[name], ids[name] = receipt.edit_code, receipt.team_id
    found: dict[str, list[str]] = {}
    with served(app, port) as url:
        organiser = browser.new_context(locale="es-ES", viewport=PHONE, bypass_csp=True).new_page()
        organiser_errors: list[str] = []
        organiser.on("pageerror", lambda e: organiser_errors.append(str(e)))
        organiser.goto(f"{url}/admin/login?lang=es")
        organiser.fill("#token", TOKEN)
        organiser.press("#token", "Enter")
        organiser.wait_for_url(re.compile(r".*/admin\?lang=es"))

        def day_admin(number: int | None = None):
            organiser.goto(f"{url}/admin/day?lang=es" + (f"&round={number}" if number else ""))
            return organiser

        # Check-in: opened by the organiser, thirteen teams on their phones, one by the organiser.
        day_admin().click("#checkin-toggle")
        assert "abierta" in organiser.inner_text("#checkin-state").lower()
        phones = {name: Phone(browser, url, name, codes[name]) for name in TEAMS if name != NEVER_COMES}
        for name, phone in phones.items():
            if name == CHECKED_IN_BY_ORGANISER:
                continue
            phone.day().click("#check-in")
            phone.page.locator("#checked-in").wait_for()
        day_admin().click(f"#team-{ids[CHECKED_IN_BY_ORGANISER]} form:has(input[value=check-in]) button")
        organiser.locator(f"#team-{ids[CHECKED_IN_BY_ORGANISER]} form:has(input[value=drop])").wait_for()
        assert phones[CHECKED_IN_BY_ORGANISER].day().locator("#checked-in").is_visible()
        day_admin().fill(f"#team-{ids[FIXED[0]]} input[name=table]", str(FIXED[1]))
        organiser.click(f"#team-{ids[FIXED[0]]} form:has(input[value=fixed-table]) button")
        organiser.locator("#done").wait_for()
        audited = found.setdefault  # each page audited once, by name

        tables: dict[int, list[tuple[str, str | None]]] = {}
        results: dict[tuple[int, int], tuple] = {}
        dropped: set[str] = set()
        for number in range(1, FORMAT.count + 1):
            before = expected_standings(tables, results, set(phones))
            day_admin().click("#pair")
            organiser.locator(f"#round-{number} tbody tr").first.wait_for()
            seed = organiser.inner_text(f"#round-{number} .hint")
            assert re.search(r"[Ss]emilla\W+\S+", seed), seed  # the draw's seed is shown
            seated = tables[number] = seated_of(organiser, number)
            # Nobody sees a draft round.
            assert f"Ronda {number}" not in phones["Aguilas"].day().inner_text("#round-head")
            organiser.click("#publish")
            organiser.locator("#done").wait_for()
            if number == 1:
                audited("organiser-round-1", serious_violations(organiser))

            playing = [team for pair in seated for team in pair if team is not None]
            assert sorted(playing) == sorted(set(phones) - dropped), number  # everyone once, no one else
            assert NEVER_COMES not in playing
            byes = [a for a, b in seated if b is None]
            assert len(byes) == len(playing) % 2, number
            for a, b in seated:
                if b is not None and number == 1:  # clubmates apart where possible: here always
                    assert CLUBS.get(a) is None or CLUBS.get(a) != CLUBS.get(b), (a, b)
                if b is not None:  # no rematch: four rounds of thirteen or fourteen leave room
                    assert all({a, b} != {c, d} for earlier in range(1, number) for c, d in tables[earlier])
            for team in byes:
                earlier_byes = {a for r in range(1, number) for a, b in tables[r] if b is None}
                without = [rank for rank, name, *_ in before if name not in earlier_byes and name not in dropped]
                rank = next(rank for rank, name, *_ in before if name == team)
                assert team not in earlier_byes and rank == max(without), (number, team, before)
            if FIXED[0] not in byes:  # a team given a fixed table plays at it every round
                assert side_of(seated, FIXED[0])[0] == FIXED[1], seated

            # Each phone: its table and its opponent, or its bye.
            for name, phone in phones.items():
                page = phone.day()
                if name in dropped:
                    assert page.locator("#dropped").is_visible() and f"Ronda {number}" not in page.inner_text("#round-head")
                    continue
                table, side = side_of(seated, name)
                word = "Table" if phone.lang == "en" else "Mesa"
                assert page.inner_text("#my-table") == f"{word} {table}", (name, number)
                a, b = seated[table - 1]
                if b is None:
                    assert page.locator("#bye").is_visible()
                    if name == byes[0] and "bye" not in found:
                        audited("bye", serious_violations(page))
                else:
                    assert page.inner_text("#opponent").startswith(b if side == "a" else a)

            # The results, from both phones of each table (but the two special tables).
            for index, (a, b) in enumerate(seated, start=1):
                if b is None:
                    continue
                winner, score_a, score_b = results[(number, index)] = true_result(number, a, b)
                if (number, index) == ORGANISER_ENTERS:
                    continue
                if (number, index) == DISPUTE:  # each says it won, by ten to three
                    phones[a].report("a", "a", 10, 3, a)
                    phones[b].report("b", "b", 3, 10, b)
                    assert phones[a].day().locator("#disputed").is_visible()
                    continue
                phones[a].report("a", as_side(winner, a), score_a, score_b, a)
                phones[b].report("b", as_side(winner, a), score_a, score_b, b)
                assert phones[b].page.locator("#stands").is_visible(), (number, index)
            if number == DISPUTE[0]:
                day_admin(number).locator(f"#disputes-{number}").wait_for()
                audited("organiser-dispute", serious_violations(organiser))
                # Each table a card on the organiser's phone: nothing wider than the screen.
                assert organiser.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            for special in (DISPUTE, ORGANISER_ENTERS):
                if special[0] != number:
                    continue
                a, b = seated[special[1] - 1]
                winner, score_a, score_b = results[special]
                row = day_admin(number).locator(f"#table-{number}-{special[1]}")
                row.locator("select").select_option(as_side(winner, a))
                row.locator("input[name=score_a]").fill(str(score_a))
                row.locator("input[name=score_b]").fill(str(score_b))
                row.locator("button[type=submit]").click()
                organiser.locator("#done").wait_for()
                stands = phones[b].day().inner_text("#stands")
                assert f"{a} {score_a} – {score_b} {b}" in stands, stands  # each score beside its team
            assert day_admin(number).locator(f"#disputes-{number}").count() == 0

            if number == 2:  # a team leaves after round 2, from its phone, asked first
                page = phones[DROPS_AFTER_2].day()
                page.click("#drop-ask")
                page.locator("#drop-yes").wait_for()
                page.click("#drop-yes")
                page.locator("#dropped").wait_for()
                dropped.add(DROPS_AFTER_2)

        # The standings everyone sees on /rounds, against the test's own.
        expected = expected_standings(tables, results, set(phones))
        assert [sum(b is None for _, b in tables[n]) for n in tables] == [0, 0, 1, 1]  # 14, 14, 13, 13 teams
        assert len(expected) == 14  # every team that came, the dropped one too; not the one that never did
        # The tie-breakers had work to do: teams level on points, told apart by them.
        assert any(x[2] == y[2] and x[0] < y[0] for x, y in zip(expected, expected[1:]))
        for lang in ("es", "en"):
            viewer = browser.new_context(locale="es-ES", viewport=PHONE, bypass_csp=True).new_page()
            viewer.goto(f"{url}/rounds?lang={lang}")
            assert viewer.inner_text("#round-title") == ("Ronda 4 de 4" if lang == "es" else "Round 4 of 4")
            shown = viewer.eval_on_selector_all("table.standings tbody tr", """rows => rows.map(r => [
                r.id, r.cells[0].textContent.trim(), r.cells[2].textContent.trim(),
                ...[...r.cells].slice(-2).map(c => c.textContent.trim()), r.classList.contains('dropped')])""")
            by_id = {f"team-{ids[name]}": name for name in TEAMS}
            assert [(int(rank), by_id[row], int(points), int(opponents), int(difference))
                    for row, rank, points, opponents, difference, _ in shown] == expected, lang
            assert [by_id[row] for row, *_, gone in shown if gone] == [DROPS_AFTER_2]
            audited(f"rounds-{lang}", serious_violations(viewer))
            viewer.context.close()
        assert all(phone.errors == [] for phone in phones.values()) and organiser_errors == []
    assert found == {key: [] for key in found}
