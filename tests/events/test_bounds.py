"""What the store accepts, on its own: team names as kept and compared, file names, a team's limits."""

from __future__ import annotations

import pytest

from builder.events.bounds import Limits, StoreRefused, plain_file_name, size_of, slug, team_key, team_name


def test_a_name_is_kept_in_its_plain_forms_with_its_spaces_collapsed():
    assert team_name("  Ｌｏｂｏｓ \t del\nNorte ") == "Lobos del Norte"  # full-width letters are NFKC's plain ones


def test_names_people_read_as_one_share_a_key():
    assert team_key("Los Lobos") == team_key("los-lobos") == team_key("LOS_LOBOS") == team_key("Los Lóbos")
    assert team_key("Los Lobos") != team_key("Las Lobas")


@pytest.mark.parametrize("given", ["", "   ", "---", "a\u202eb", "a\x00b", "x" * 81])
def test_a_name_without_a_letter_with_a_hidden_mark_or_too_long_is_refused(given):
    with pytest.raises(StoreRefused) as refused:
        team_name(given)
    assert refused.value.code == "bad-team-name"


def test_a_name_of_eighty_characters_is_kept():
    assert team_name("x" * 80) == "x" * 80


@pytest.mark.parametrize("name", ["lista.yaml", "Lista de Ñu.yml", "01-alfa.yaml"])
def test_plain_yaml_names_are_files(name):
    assert plain_file_name(name)


@pytest.mark.parametrize("name", ["../x.yaml", "a/b.yaml", ".yaml", "x.txt", " x.yaml", "_x.yaml"])
def test_anything_else_is_not(name):
    assert not plain_file_name(name)


def test_a_slug_is_ascii_words_joined_by_dashes():
    assert slug("Los Ñus de Álava!") == "los-nus-de-alava"
    assert slug("¡¿?!") == "equipo"


def test_a_teams_bytes_count_every_file_in_utf8():
    assert size_of({"a.yaml": "ñ" * 3, "b.yaml": "abc"}) == 3 * 2 + 3  # ñ is two bytes in UTF-8


def test_limits_refuse_a_version_past_the_count_or_the_bytes():
    limits = Limits(versions=3, bytes=100)
    limits.check(2, 60, 40)  # a third version, 60 + 40 = 100 bytes: at the bound, kept
    with pytest.raises(StoreRefused, match="team-versions-full"):
        limits.check(3, 0, 1)
    with pytest.raises(StoreRefused, match="team-bytes-full"):
        limits.check(1, 60, 41)  # 60 + 41 = 101 > 100
    Limits().check(10_000, 10**9, 10**9)  # no bounds: nothing refused


def test_a_clubs_name_is_kept_as_a_teams_and_an_empty_one_is_none():
    from builder.events.bounds import club_name

    assert club_name("  Club\tde  Rol ") == "Club de Rol" and club_name("Ｄａｄｏｓ") == "Dados"
    assert club_name(None) is None and club_name(" \u3000 ") is None
    for hostile in ("a\u202eb", "x" * 81, "\x00a", "---"):
        with pytest.raises(StoreRefused, match="bad-club-name"):
            club_name(hostile)
