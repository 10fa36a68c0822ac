"""The folder ``builder serve`` works on: rosters listed and read (never through a link out of it), checked
as typed, and saved safely (never over a file changed on disk, nor over another roster)."""

import os

import pytest

from tests.serve.conftest import BROKEN


@pytest.mark.parametrize("path", ["../fuera.yaml", "/etc/passwd.yaml", "sub/../../fuera.yaml", "", "lista.txt"])
def test_paths_outside_the_folder_or_not_rosters_are_refused(client, folder, path):
    assert client.get("/api/file", params={"path": path}).status_code in (400, 403)
    response = client.post("/api/save", json={"path": path, "text": "system: porcrom\n", "version": None})
    assert response.status_code in (400, 403)
    assert not (folder.parent / "fuera.yaml").exists()


def test_a_link_pointing_out_of_the_folder_is_refused(client, folder):
    outside = folder.parent / "secreto.yaml"
    outside.write_text("system: porcrom\nname: Secreto\n", encoding="utf-8")
    os.symlink(outside, folder / "enlace.yaml")
    assert client.get("/api/file", params={"path": "enlace.yaml"}).status_code == 403
    response = client.post("/api/save", json={"path": "enlace.yaml", "text": "x", "version": None})
    assert response.status_code == 403
    assert outside.read_text(encoding="utf-8") == "system: porcrom\nname: Secreto\n"


def test_the_folder_lists_its_rosters_checked(client):
    files = {f["path"]: f for f in client.get("/api/files").json()["files"]}
    assert set(files) == {"asalto-ilegal.yaml", "compania-fenix.yaml", "fenix-warbook.yaml"}
    assert (files["compania-fenix.yaml"]["points"], files["compania-fenix.yaml"]["legal"]) == (283, True)
    assert files["asalto-ilegal.yaml"]["legal"] is False


def test_a_save_s_temporary_file_is_not_listed(client, folder):
    # A newcomer saw «.builder-l5v2opog.yaml» in the folder list after a reload mid-save (issue 40).
    (folder / ".builder-l5v2opog.yaml").write_text("system: porcrom\n", encoding="utf-8")
    files = {f["path"] for f in client.get("/api/files").json()["files"]}
    assert files == {"asalto-ilegal.yaml", "compania-fenix.yaml", "fenix-warbook.yaml"}


def test_a_roster_as_typed_is_checked_with_its_findings_lines(client):
    data = client.post("/api/check", json={"path": "nueva.yaml", "text": BROKEN, "lang": "en"}).json()
    assert (data["readable"], data["legal"]) == (True, False)
    [finding] = data["findings"]
    assert (finding["code"], finding["line"], finding["file"]) == ("unknown-reference", 6, "nueva.yaml")
    assert "Fusilero" in finding["message"]
    fixed = client.post("/api/check", json={"path": "nueva.yaml", "text": BROKEN.replace("Fusilro", "Fusilero")}).json()
    assert (fixed["legal"], fixed["points"]) == (True, 40)  # one Fusilero: 13 + 16 + 5 + 5 + 1 = 40
    assert "Fusilero" in fixed["inspect"]


def test_unreadable_text_is_a_finding_not_an_error(client):
    data = client.post("/api/check", json={"path": "x.yaml", "text": "system: [\n"}).json()
    assert data["readable"] is False and data["findings"][0]["code"] == "invalid-yaml"
    assert client.post("/api/check", json={"path": "x.yaml", "text": "x" * (2 * 1024 * 1024)}).status_code == 413


def test_save_writes_the_file_and_reads_back(client, folder):
    opened = client.get("/api/file", params={"path": "compania-fenix.yaml"}).json()
    text = opened["text"].replace("points_limit: 300", "points_limit: 290")
    saved = client.post("/api/save", json={"path": "compania-fenix.yaml", "text": text, "version": opened["version"]})
    assert saved.status_code == 200
    assert (folder / "compania-fenix.yaml").read_text(encoding="utf-8") == text
    assert client.get("/api/file", params={"path": "compania-fenix.yaml"}).json()["version"] == saved.json()["version"]
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def test_a_file_changed_on_disk_is_not_overwritten(client, folder):
    opened = client.get("/api/file", params={"path": "compania-fenix.yaml"}).json()
    (folder / "compania-fenix.yaml").write_text(opened["text"] + "# cambiado fuera\n", encoding="utf-8")
    response = client.post("/api/save", json={"path": "compania-fenix.yaml", "text": "mía", "version": opened["version"]})
    assert response.status_code == 409
    assert response.json()["disk"].endswith("# cambiado fuera\n")
    assert (folder / "compania-fenix.yaml").read_text(encoding="utf-8").endswith("# cambiado fuera\n")
    # Saving over it is a choice made with the disk's version in hand.
    again = client.post("/api/save", json={"path": "compania-fenix.yaml", "text": "mía",
                                           "version": response.json()["disk_version"]})
    assert again.status_code == 200


def test_a_new_file_is_created_but_never_over_an_existing_one(client, folder):
    new = client.get("/api/new", params={"system": "porcrom", "lang": "es"}).json()["text"]
    assert client.post("/api/save", json={"path": "banda.yaml", "text": new, "version": None}).status_code == 200
    assert (folder / "banda.yaml").read_text(encoding="utf-8") == new
    assert client.post("/api/save", json={"path": "banda.yaml", "text": "otra", "version": None}).status_code == 409


def test_a_wartime_check_offers_the_warbooks_archetypes(client):
    text = client.get("/api/file", params={"path": "compania-fenix.yaml"}).json()["text"]
    archetypes = client.post("/api/check", json={"path": "compania-fenix.yaml", "text": text}).json()["archetypes"]
    assert {"name": "Fusilero", "kind": "character", "cost": 40} in archetypes


def test_a_link_pointing_out_of_the_folder_is_not_listed(client, folder):
    outside = folder.parent / "fuera"
    outside.mkdir()
    (outside / "secreto.yaml").write_text("system: porcrom\nname: SECRETO\n", encoding="utf-8")
    (folder / "enlace.yaml").symlink_to(outside / "secreto.yaml")
    listed = client.get("/api/files").json()["files"]
    assert "enlace.yaml" not in [f["path"] for f in listed]
    assert "SECRETO" not in str(listed)


def test_a_name_too_long_a_folder_named_like_a_roster_and_a_pipe_are_refused_without_a_crash(client, folder):
    long_name = "a" * 300 + ".yaml"
    response = client.post("/api/save", json={"path": long_name, "text": "system: porcrom\n", "version": None})
    assert (response.status_code, response.json()["code"]) == (400, "serve-bad-name")
    (folder / "carpeta.yaml").mkdir()
    assert client.get("/api/file", params={"path": "carpeta.yaml"}).json()["code"] == "serve-not-a-roster"
    response = client.post("/api/save", json={"path": "carpeta.yaml", "text": "system: porcrom\n", "version": None})
    assert response.json()["code"] == "serve-not-a-roster" and (folder / "carpeta.yaml").is_dir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "tuberia.yaml")
        # Answered at once (a read would wait for a writer forever), and the server still answers.
        assert client.get("/api/file", params={"path": "tuberia.yaml"}).json()["code"] == "serve-unreadable"
        assert client.get("/api/files").status_code == 200


def test_a_file_not_in_utf8_is_refused_not_opened_with_its_letters_replaced(client, folder):
    (folder / "latin1.yaml").write_bytes("system: porcrom\nname: Compañía\n".encode("latin-1"))
    response = client.get("/api/file", params={"path": "latin1.yaml"})
    assert (response.status_code, response.json()["code"]) == (422, "serve-not-utf8")
    listed = {f["path"]: f for f in client.get("/api/files").json()["files"]}
    assert listed["latin1.yaml"]["readable"] is False


def outside(folder):
    """A Warbook and a Cripmaquión team beside the served folder, not in it."""
    elsewhere = folder.parent / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "wb.yaml").write_text("bodies:\n  - {name: Secreto, con: 4, agi: 4, int: 3, rea: 4, vol: 3}\n",
                                       encoding="utf-8")
    (elsewhere / "equipo.yaml").write_text("system: cripmaquion\nteam: Ajeno\nrunners:\n  - {name: Oculto, race: humano}\n",
                                           encoding="utf-8")
    return elsewhere


@pytest.mark.parametrize("written", ["../elsewhere/wb.yaml", "{abs}/wb.yaml", "../elsewhere/no-such.yaml",
                                     "../../../../../../etc/passwd"])
def test_a_warbook_outside_the_folder_is_never_read(client, folder, written):
    elsewhere = outside(folder)
    text = f"system: wartime\nname: Fuera\nwarbook: {written.format(abs=elsewhere)}\nsquads: []\n"
    answer = client.post("/api/check", json={"path": "fuera.yaml", "text": text}).json()
    assert answer["readable"] is False
    assert [f["code"] for f in answer["findings"]] == ["reference-outside-folder"]
    assert answer["findings"][0]["line"] == 3
    assert "Secreto" not in str(answer)


def test_a_link_inside_the_folder_pointing_out_is_refused_too(client, folder):
    elsewhere = outside(folder)
    (folder / "enlace.yaml").symlink_to(elsewhere / "wb.yaml")
    text = "system: wartime\nname: Fuera\nwarbook: enlace.yaml\nsquads: []\n"
    answer = client.post("/api/check", json={"path": "fuera.yaml", "text": text}).json()
    assert [f["code"] for f in answer["findings"]] == ["reference-outside-folder"]


def test_a_campaigns_team_outside_the_folder_is_never_read(client, folder):
    outside(folder)
    text = ("system: cripmaquion-campaign\nname: C\nteams: [../elsewhere/equipo.yaml]\n"
            "stages:\n  - {name: D1, finish: [Oculto]}\n")
    answer = client.post("/api/check", json={"path": "camp.yaml", "text": text}).json()
    assert answer["readable"] is False and answer["findings"][0]["code"] == "reference-outside-folder"
    assert "Ajeno" not in str(answer) and "Oculto" not in str(answer)


def test_a_warbook_inside_the_folder_is_still_followed(client):
    # examples/wartime: compania-fenix.yaml names fenix-warbook.yaml beside it.
    answer = client.post("/api/check", json={"path": "compania-fenix.yaml",
                                             "text": "system: wartime\nname: X\nwarbook: fenix-warbook.yaml\nsquads: []\n"})
    assert answer.json()["readable"] is True


def test_a_roster_is_duplicated_and_renamed_but_never_over_another(client, folder):
    original = (folder / "compania-fenix.yaml").read_bytes()
    copied = client.post("/api/copy", json={"path": "compania-fenix.yaml", "target": "copia.yaml"})
    assert copied.status_code == 200 and (folder / "copia.yaml").read_bytes() == original
    # Onto a roster that exists: refused, both files as they were.
    over = client.post("/api/copy", json={"path": "copia.yaml", "target": "asalto-ilegal.yaml"})
    assert over.status_code == 409 and over.json()["code"] == "serve-target-exists"
    assert (folder / "copia.yaml").read_bytes() == original
    renamed = client.post("/api/copy", json={"path": "copia.yaml", "target": "otra.yaml", "move": True})
    assert renamed.status_code == 200
    assert not (folder / "copia.yaml").exists() and (folder / "otra.yaml").read_bytes() == original
    moved_over = client.post("/api/copy", json={"path": "otra.yaml", "target": "compania-fenix.yaml", "move": True})
    assert moved_over.status_code == 409 and (folder / "otra.yaml").exists()
    # Out of the folder, or a roster that isn't there: refused like any other path.
    assert client.post("/api/copy", json={"path": "otra.yaml", "target": "../fuera.yaml"}).status_code == 403
    assert client.post("/api/copy", json={"path": "nada.yaml", "target": "x.yaml"}).status_code == 404
    assert sorted(p.name for p in folder.iterdir()) == ["asalto-ilegal.yaml", "compania-fenix.yaml",
                                                         "fenix-warbook.yaml", "otra.yaml"]


def test_the_folder_list_follows_each_file_and_the_warbook_it_reads_as_they_change_on_disk(client, folder):
    files = {f["path"]: f for f in client.get("/api/files").json()["files"]}
    assert files["compania-fenix.yaml"]["uses"] == ["fenix-warbook.yaml"]
    assert files["fenix-warbook.yaml"]["holds"] == "warbook" and files["compania-fenix.yaml"]["holds"] is None
    book = folder / "fenix-warbook.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace("- name: Fusilero", "- name: Tirador"), encoding="utf-8")
    files = {f["path"]: f for f in client.get("/api/files").json()["files"]}
    assert files["compania-fenix.yaml"]["legal"] is False                 # its squads recruit a Fusilero
    book.unlink()
    files = {f["path"]: f for f in client.get("/api/files").json()["files"]}
    assert files["compania-fenix.yaml"]["readable"] is False
