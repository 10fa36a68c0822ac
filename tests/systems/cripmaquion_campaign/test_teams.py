"""The teams of a campaign: each listed once, each a Cripmaquión roster checked as usual, and no two
runners of one name racing for different teams."""

from tests.support import codes, only


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
