"""A submission's files checked in a folder of their own: the roster found among them, references kept
inside the submission, names and encodings refused before anything is written; stored versions re-checked."""

from pathlib import Path

import pytest

from builder.core.errors import InputError
from builder.events.packs import load_pack
from builder.events.schema import Checked, Submission
from builder.events.bounds import StoreRefused
from builder.events.submitted import check_submission, latest_outcomes, version_labels

ROOT = Path(__file__).resolve().parents[2]
PACK = load_pack(ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml")
ALFA = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes()


def test_the_roster_is_found_among_the_files_and_checked_under_the_pack():
    checking = check_submission({"fenix-warbook.yaml": WARBOOK, "alfa.yaml": ALFA}, PACK)
    ev = checking.evaluation
    assert (checking.roster, ev.legal, ev.points, ev.points_limit, ev.fingerprint) == \
        ("alfa.yaml", True, 178, 250, "WT-068D-E2A7")
    assert list(checking.files) == ["alfa.yaml", "fenix-warbook.yaml"]


def test_a_warbook_alone_is_no_list_to_enter_and_two_lists_are_one_too_many():
    with pytest.raises(StoreRefused) as alone:
        check_submission({"fenix-warbook.yaml": WARBOOK}, PACK)
    assert alone.value.code == "no-list"
    exploradores = (ROOT / "examples" / "tournament" / "lists" / "02-exploradores.yaml").read_bytes()
    with pytest.raises(StoreRefused) as two:
        check_submission({"alfa.yaml": ALFA, "exploradores.yaml": exploradores, "fenix-warbook.yaml": WARBOOK}, PACK)
    assert two.value.code == "two-lists" and "alfa.yaml" in two.value.detail and "exploradores.yaml" in two.value.detail


def test_an_unreadable_list_beside_its_warbook_is_the_answer_not_the_warbook():
    checking = check_submission({"fenix-warbook.yaml": WARBOOK, "alfa.yaml": b"system: wartime\nsquads: [\n"}, PACK)
    assert checking.evaluation is None and checking.unreadable.code == "invalid-yaml"
    assert checking.roster == "alfa.yaml"


def test_a_reference_outside_the_submission_is_refused_unread():
    outside = ALFA.replace(b"warbook: fenix-warbook.yaml", b"warbook: ../../wartime/fenix-warbook.yaml")
    checking = check_submission({"alfa.yaml": outside}, PACK)
    assert checking.evaluation is None and checking.unreadable.code == "reference-outside-folder"


def test_a_list_of_another_game_is_illegal_at_the_event():
    team = (ROOT / "examples" / "tournament" / "lists" / "04-equipo-equivocado.yaml").read_bytes()
    ev = check_submission({"equipo.yaml": team}, PACK).evaluation
    assert not ev.legal and "wrong-system" in [f.code for f in ev.findings]


@pytest.mark.parametrize("files, code", [
    ({}, "no-files"), ({"../x.yaml": ALFA}, "bad-file-name"), ({"a.yaml": ALFA, "A.YAML": ALFA}, "bad-file-name"),
    ({f"{n}.yaml": ALFA for n in range(6)}, "too-many-files"), ({"a.yaml": b"x" * (1024 * 1024 + 1)}, "file-too-large"),
])
def test_files_the_desk_cannot_take(files, code):
    with pytest.raises(StoreRefused) as refused:
        check_submission(files, PACK)
    assert refused.value.code == code


def test_a_file_not_in_utf8_is_refused_whichever_it_is():
    with pytest.raises(InputError) as refused:
        check_submission({"alfa.yaml": ALFA, "notas.yaml": b"a: \xe9\n"}, PACK)
    assert refused.value.code == "invalid-encoding"


def test_stored_versions_are_checked_again_and_the_same_list_twice_is_flagged():
    def stored(team_id: int, team: str) -> Submission:
        files = {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()}
        return Submission(team_id, team_id, team, 1, Checked("wartime", 178, 250, True, 0, None), False, None, files)

    one, two = latest_outcomes([stored(1, "Patrulla Alfa"), stored(2, "Beta")], PACK)
    assert (one.file, two.file) == ("patrulla-alfa/v1/alfa.yaml", "beta/v1/alfa.yaml")
    assert [f.code for f in one.evaluation.findings] == ["repeated-list", "player-with-two-lists"]  # Ana Robles twice


def test_a_summary_names_each_list_by_its_team_and_version_and_tells_like_slugs_apart():
    def stored(team_id: int, team: str, version: int) -> Submission:
        return Submission(team_id, team_id, team, version, Checked("wartime", 1, 2, True, 0, None), False, None,
                          {"lista.yaml": "", "fenix-warbook.yaml": ""})

    assert version_labels([stored(1, "Los Lobos", 3), stored(2, "Ñandú", 1), stored(3, "Los Lobos!", 2)]) == [
        "los-lobos-1/v3/lista.yaml", "nandu/v1/lista.yaml", "los-lobos-3/v2/lista.yaml"]


def test_a_file_the_list_does_not_read_is_refused_not_stored():
    # The probe's 30 junk versions: a list, its Warbook, and files of anything beside them.
    for junk in (b"x" * 1000, WARBOOK, b"- a\n- b\n", b"# nada\n" * 1000):
        with pytest.raises(StoreRefused) as refused:
            check_submission({"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK, "relleno.yaml": junk}, PACK)
        assert refused.value.code == "stray-file" and refused.value.detail == "relleno.yaml"
    # (A second copy of the Warbook, under a name the list doesn't give, is stray too.) The list and
    # the Warbook it reads are all kept.
    checking = check_submission({"alfa.yaml": ALFA, "fenix-warbook.yaml": WARBOOK}, PACK)
    assert list(checking.files) == ["alfa.yaml", "fenix-warbook.yaml"]
