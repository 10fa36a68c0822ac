"""What a campaign's days must say, each mistake a finding with its code, file and line."""

from tests.support import codes, only


def test_a_runner_on_no_team(campaign):
    ev = campaign("  - {name: J1, finish: [Ana, Cdi]}\n")
    finding = only(ev, "campaign-unknown-runner")
    assert finding.place.path == ("stages", 0, "finish", 1)
    assert (finding.place.file, finding.place.line) == ("campana.yaml", 5)
    assert "Cid" in finding.message("es")  # the closest runner is suggested
    assert not ev.legal


def test_a_runner_on_the_roster_but_not_lined_up_does_not_race(campaign, tmp_path):
    (tmp_path / "rojos.yaml").write_text((tmp_path / "rojos.yaml").read_text(encoding="utf-8")
                                         + "lineup: [Ana, Bea]\n", encoding="utf-8")
    ev = campaign("  - {name: J1, finish: [Eva]}\n")
    finding = only(ev, "campaign-unknown-runner")
    assert finding.variant == "benched" and "Rojos" in finding.message("en")


def test_a_runner_finishing_twice(campaign):
    ev = campaign("  - {name: J1, finish: [Ana, Cid, Ana]}\n")
    finding = only(ev, "campaign-runner-twice")
    assert finding.place.path == ("stages", 0, "finish", 2)
    assert finding.params["first"] == 1 and finding.params["again"] == 3
    # Scored once, at its first place: Ana 25, Cid 18.
    assert [r["cripmaquiazos"] for r in ev.details["stages"][0]["finish"]] == [25, 18, 0]


def test_a_runner_crossing_a_summit_twice(campaign):
    ev = campaign("  - {name: J1, finish: [], summits: [{category: oro, order: [Dan, Dan]}]}\n")
    assert only(ev, "campaign-runner-twice").place.path == ("stages", 0, "summits", 0, "order", 1)


def test_a_ko_of_a_runner_by_himself(campaign):
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Bea, victim: Bea, attack: dt, turn: 1}]\n")
    finding = only(ev, "campaign-self-ko")
    assert finding.place.path == ("stages", 0, "kos", 0) and finding.place.line == 7
    assert ev.details["dureza"][0]["points"] == 0  # it scores nothing


def test_kos_by_and_of_unknown_runners(campaign):
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Zoe, victim: Yago, attack: other, turn: 1}]\n")
    assert [f.place.path[-1] for f in ev.findings.errors] == ["by", "victim"]
    assert codes(ev) == ["campaign-unknown-runner", "campaign-unknown-runner"]


def test_a_team_listed_twice(campaign):
    ev = campaign("  - {name: J1, finish: [Ana]}\n", teams="[rojos.yaml, azules.yaml, rojos.yaml]")
    assert only(ev, "campaign-duplicate-team").place.path == ("teams", 2)
    assert len(ev.details["general"]) == 6  # its runners are counted once


def test_a_file_of_another_game_or_a_campaign_is_no_team(campaign, tmp_path):
    (tmp_path / "banda.yaml").write_text("system: porcrom\nname: Banda\ncharacters: []\n", encoding="utf-8")
    ev = campaign("  - {name: J1, finish: [Ana]}\n", teams="[rojos.yaml, banda.yaml, campana.yaml]")
    found = [f for f in ev.findings.errors if f.code == "campaign-not-a-team"]
    assert [f.place.path for f in found] == [("teams", 1), ("teams", 2)]  # itself is never followed


def test_two_teams_racing_runners_of_one_name(campaign, tmp_path):
    (tmp_path / "azules.yaml").write_text((tmp_path / "azules.yaml").read_text(encoding="utf-8")
                                          .replace("name: Cid", "name: Ana"), encoding="utf-8")
    ev = campaign("  - {name: J1, finish: [Ana]}\n")
    assert "campaign-runner-name-clash" in codes(ev)


def test_every_team_is_checked_as_usual(campaign, tmp_path):
    # A brujo with a specialty is illegal on a roster (Cripmaquión's own rule), reported at the team's line.
    (tmp_path / "azules.yaml").write_text((tmp_path / "azules.yaml").read_text(encoding="utf-8")
                                          + "  - {name: Brujo, race: brujo, specialties: [rompehuesos]}\n",
                                          encoding="utf-8")
    ev = campaign("  - {name: J1, finish: [Ana]}\n")
    finding = only(ev, "brujo-specialty")
    assert finding.place.file == "azules.yaml" and finding.place.line == 7
    assert not ev.legal


def test_days_are_bounded(campaign):
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Ana, victim: Cid, attack: dt, turn: 1001}]\n")
    assert codes(ev) == ["value-out-of-range"]


def test_a_runner_of_a_team_beside_the_campaign_but_not_in_it(campaign, tmp_path):
    (tmp_path / "verdes.yaml").write_text("system: cripmaquion\nteam: Verdes\nrunners:\n  - {name: Gil, race: orco}\n",
                                          encoding="utf-8")
    (tmp_path / "rota.yaml").write_text("system: [\n", encoding="utf-8")  # unreadable files beside are passed over
    ev = campaign("  - {name: J1, finish: [Ana, Gil]}\n")
    finding = only(ev, "campaign-unknown-runner")
    assert finding.variant == "other-team"
    assert finding.message("es").endswith("«Gil» corre con «Verdes» (verdes.yaml), que no está en la campaña")
