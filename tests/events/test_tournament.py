"""Checking an event's lists together: folders of files (sorted, YAML only, the pack left out), the
rules across lists (one lineup size), and the report of a batch."""

import json
import re
import shutil
from pathlib import Path

import pytest

from builder.events.tournament import expand
from tests.book_cases import CRIP, by_file, check_json, run, stdout_json, wartime_list

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "tournament"
PACK = EXAMPLE / "pack" / "torneo-otono.yaml"
WARBOOK = ROOT / "examples" / "wartime" / "fenix-warbook.yaml"


def results(result) -> dict:
    return {Path(r["file"]).name: r for r in json.loads(result.output)["results"]}


def codes(result: dict) -> list[str]:
    return [e["code"] for e in result["errors"]]


def test_the_example_event():
    result = run("check", EXAMPLE / "lists", "--pack", PACK, "--format", "json")
    assert result.exit_code == 2   # one unreadable file among them
    r = results(result)
    assert list(r) == ["01-patrulla-alfa.yaml", "02-exploradores.yaml", "03-asalto-pesado.yaml",
                       "04-equipo-equivocado.yaml", "05-rota.yaml", "fenix-warbook.yaml"]   # sorted
    # The Warbook the lists share is kept beside them (issue 32): checked, and no list.
    assert (r["fenix-warbook.yaml"]["status"], r["fenix-warbook.yaml"]["errors"]) == ("warbook", [])
    # Sargento 58 + 3 × Fusilero 40 = 178; the list says 300, the pack says 250.
    assert (r["01-patrulla-alfa.yaml"]["points"], r["01-patrulla-alfa.yaml"]["points_limit"]) == (178, 250)
    assert r["01-patrulla-alfa.yaml"]["legal"] and r["02-exploradores.yaml"]["legal"]
    assert r["01-patrulla-alfa.yaml"]["player"] == "Ana Robles"
    # 58 + 4 × 40 + 42 = 260 > 250.
    assert codes(r["03-asalto-pesado.yaml"]) == ["over-points-limit"]
    assert codes(r["04-equipo-equivocado.yaml"]) == ["wrong-system"]
    assert r["05-rota.yaml"]["readable"] is False
    # An unreadable file's result has every key a read one has (null where nothing was read).
    assert {"file", "system", "name", "legal", "readable", "points", "points_limit", "fingerprint", "player",
            "errors", "warnings"} <= set(r["05-rota.yaml"])
    assert r["05-rota.yaml"]["player"] is None


def test_text_output_ends_with_the_tally():
    result = run("check", EXAMPLE / "lists", "--pack", PACK)
    assert result.output.strip().splitlines()[-1] == "Total: 2 legales, 2 ilegales, 1 ilegible, 1 sin lista que jugar"


def team(name: str, size: int) -> str:
    runners = "\n".join(f"  - {{name: R{i}, race: orco}}" for i in range(size))
    return f"system: cripmaquion\nteam: {name}\nrunners:\n{runners}\n"


def test_runners_per_team(tmp_path):
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "a.yaml").write_text(team("A", 6), encoding="utf-8")
    (tmp_path / "lists" / "b.yaml").write_text(team("B", 5), encoding="utf-8")
    pack = tmp_path / "copa.yaml"
    pack.write_text("system: cripmaquion\nname: Copa del Orbe\nruns: 1\n", encoding="utf-8")
    assert run("check", tmp_path / "lists", "--pack", pack).exit_code == 2   # unknown key: invalid pack
    pack.write_text("system: cripmaquion\nname: Copa del Orbe\nruners_per_team: 6\n".replace("runers", "runners"),
                    encoding="utf-8")
    r = results(run("check", tmp_path / "lists", "--pack", pack, "--format", "json"))
    assert codes(r["a.yaml"]) == [] and codes(r["b.yaml"]) == ["lineup-size"]


def test_lineups_of_one_event_have_the_same_size(tmp_path):
    for name, size in (("a", 5), ("b", 5), ("c", 4)):
        (tmp_path / f"{name}.yaml").write_text(team(name.upper(), size), encoding="utf-8")
    pack = tmp_path / "pack.yml"
    pack.write_text("system: cripmaquion\nname: Jornada\n", encoding="utf-8")
    r = results(run("check", tmp_path / "a.yaml", tmp_path / "b.yaml", tmp_path / "c.yaml", "--pack", pack,
                    "--format", "json"))
    assert [codes(r[f]) for f in ("a.yaml", "b.yaml", "c.yaml")] == [[], [], ["lineup-size"]]


def test_expand_takes_yaml_and_yml_sorted(tmp_path):
    for name in ("b.yml", "a.yaml", "c.txt", "D.YAML"):
        (tmp_path / name).write_text("x")
    (tmp_path / "sub").mkdir()
    assert [Path(p).name for p in expand([str(tmp_path)])] == ["D.YAML", "a.yaml", "b.yml"]


def test_a_pack_kept_among_the_lists_is_not_checked_as_one(tmp_path):
    lists = tmp_path / "evento" / "listas"
    lists.mkdir(parents=True)
    for name in ("01-patrulla-alfa.yaml", "02-exploradores.yaml", "fenix-warbook.yaml"):  # two lists, their Warbook
        listing = EXAMPLE / "lists" / name
        (lists / listing.name).write_bytes(listing.read_bytes())
    (lists / "pack.yaml").write_bytes(PACK.read_bytes())
    result = run("check", lists, "--pack", lists / "pack.yaml", "--format", "json")
    files = [Path(r["file"]).name for r in json.loads(result.stdout)["results"]]
    assert files == ["01-patrulla-alfa.yaml", "02-exploradores.yaml", "fenix-warbook.yaml"] and result.exit_code == 0
    # Without --pack it is one more file in the folder, and checked as such.
    assert "pack.yaml" in run("check", lists).output
    # A folder that holds only the pack holds no list; a pack named as a PATH is checked as asked.
    alone = tmp_path / "solo"
    alone.mkdir()
    (alone / "pack.yaml").write_bytes(PACK.read_bytes())
    result = run("check", alone, "--pack", alone / "pack.yaml", "--format", "json")
    assert result.exit_code == 2 and json.loads(result.stdout)["results"][0]["errors"][0]["code"] == "empty-folder"
    result = run("check", alone / "pack.yaml", "--pack", alone / "pack.yaml", "--format", "json")
    assert [Path(r["file"]).name for r in json.loads(result.stdout)["results"]] == ["pack.yaml"]


def test_expand_follows_links_to_files_and_skips_folders_named_like_rosters(tmp_path):
    lists = tmp_path / "listas"
    lists.mkdir()
    (tmp_path / "fuera.yaml").write_text("x")
    (lists / "enlace.yaml").symlink_to(tmp_path / "fuera.yaml")        # a link to a file is a file
    (lists / "roto.yaml").symlink_to(tmp_path / "no-existe.yaml")      # a dangling link is not
    (lists / "carpeta.yaml").mkdir()                                   # nor is a folder, whatever its name
    (lists / "b.yaml").write_text("x")
    assert expand([str(lists)]) == [str(lists / "b.yaml"), str(lists / "enlace.yaml")]


def test_expand_keeps_a_file_a_missing_path_and_an_empty_folder_as_given(tmp_path):
    (tmp_path / "lista.yaml").write_text("x")
    (tmp_path / "vacia").mkdir()
    given = [str(tmp_path / "lista.yaml"), str(tmp_path / "no-existe"), str(tmp_path / "vacia")]
    assert expand(given) == given


def test_a_warbook_in_a_folder_of_lists_is_not_counted_as_a_legal_list(tmp_path):
    for name in ("compania-fenix.yaml", "asalto-ilegal.yaml", "fenix-warbook.yaml"):
        (tmp_path / name).write_bytes((ROOT / "examples" / "wartime" / name).read_bytes())
    result = run("check", tmp_path, "--summary", tmp_path / "resumen.xlsx")
    # compania-fenix legal, asalto-ilegal illegal, fenix-warbook a Warbook on its own.
    assert result.exit_code == 1
    # A Warbook is shown as one (issue 32), in the text, the JSON and the summary, in both languages.
    assert f"○ WARBOOK  {tmp_path / 'fenix-warbook.yaml'} — Warbook Fénix (wartime)" in result.output
    assert "Total: 1 legal, 1 ilegal, 0 ilegibles, 1 sin lista que jugar" in result.output
    english = run("check", tmp_path / "fenix-warbook.yaml", "--lang", "en").output
    assert english.startswith("○ WARBOOK  ") and "LEGAL" not in english
    report = json.loads(run("check", tmp_path / "fenix-warbook.yaml", "--format", "json").output)["results"][0]
    assert (report["status"], report["legal"], report["points"], report["warbook_only"]) == ("warbook", True, None, True)
    from openpyxl import load_workbook

    rows = list(load_workbook(tmp_path / "resumen.xlsx").worksheets[1].iter_rows(values_only=True))
    status = {Path(r[0]).name: r[6] for r in rows[1:]}
    assert status == {"asalto-ilegal.yaml": "ILEGAL", "compania-fenix.yaml": "LEGAL", "fenix-warbook.yaml": "WARBOOK"}


def test_a_batch_tunes_the_collector_and_puts_it_back(tmp_path):
    import gc

    from builder.events.tournament import BATCH_FROM, BATCH_GEN0, BATCH_OLDER, check_event

    source = (ROOT / "examples" / "wartime" / "compania-fenix.yaml").read_text(encoding="utf-8")
    (tmp_path / "fenix-warbook.yaml").write_bytes(WARBOOK.read_bytes())
    paths = []
    for n in range(BATCH_FROM):
        path = tmp_path / f"lista-{n:02d}.yaml"
        path.write_text(source, encoding="utf-8")
        paths.append(str(path))
    before = (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled())
    seen = []

    def watching(items):
        for item in items:
            seen.append(gc.get_threshold())
            yield item

    outcomes = check_event(paths, progress=watching)
    assert [o.evaluation.points for o in outcomes] == [283] * BATCH_FROM  # the example's 283 points each
    # Tuned while the batch ran: young objects collected less often, the older generations
    # (start-up's and the outcomes kept) left alone.
    assert set(seen) == {(BATCH_GEN0, BATCH_OLDER, BATCH_OLDER)}
    assert (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()) == before
    # An event's outcomes don't keep each list's resolved view (inspect's) alive.
    assert all(o.evaluation.details is None for o in outcomes)


# --- tournaments by the book ----------------------------------------------------------------------
# Black-box, written from the tournament specification only (plus the shared command-line contract
# and file formats); the event (tests/events/conftest.py) and the Fénix examples (the `wt` fixture,
# tests/conftest.py) are worked out by hand beside their fixtures.


@pytest.mark.book
def test_batch_folder_expansion_sorted_and_yaml_only(event):
    report = check_json(event / "lists", "--pack", event / "pack.yaml")[1]
    names = [Path(r["file"]).name for r in report["results"]]
    assert names == ["a-patrulla.yaml", "b-explor.yml", "c-pareja.yaml", "d-pesado.yaml",
                     "e-cripma.yaml", "f-rota.yaml"]


@pytest.mark.book
def test_batch_text_output_ends_with_a_tally(event):
    result = run("check", event / "lists", "--pack", event / "pack.yaml")
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    numbers = [int(n) for n in re.findall(r"\d+", lines[-1])]
    # 3 legal (a, b, c), 2 illegal (d, e), 1 unreadable (f), in that order
    it = iter(numbers)
    assert all(n in it for n in (3, 2, 1)), lines[-1]
    assert "f-rota.yaml" in result.output


@pytest.mark.book
def test_batch_many_lists_json_is_clean(event, tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(30):
        wartime_list(folder / f"l{i:02d}.yaml", f"Lista {i:02d}", [("Sargento", 1), ("Fusilero", 1)],
                     warbook="../wartime/fenix-warbook.yaml")
    result = run("check", folder, "--pack", event / "pack.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    report = stdout_json(result)
    assert [r["name"] for r in report["results"]] == [f"Lista {i:02d}" for i in range(30)]
    assert all(r["points"] == 98 and r["legal"] for r in report["results"])  # 58 + 40


@pytest.mark.book
def test_batch_unreadable_file_reported_and_the_rest_checked(event, tmp_path):
    folder = tmp_path / "solo"
    folder.mkdir()
    shutil.copy(event / "lists" / "a-patrulla.yaml", folder / "a.yaml")
    shutil.copy(event / "lists" / "f-rota.yaml", folder / "b.yaml")
    wartime_list(folder / "c.yaml", "Pareja", [("Sargento", 1), ("Fusilero", 1)],
                 warbook="../wartime/fenix-warbook.yaml")
    result = run("check", folder, "--pack", event / "pack.yaml", "--format", "json")
    assert result.exit_code == 2, result.output  # the command-line contract: 2 when a file can't be read
    r = by_file(stdout_json(result))
    assert r["a.yaml"]["legal"] is True and r["c.yaml"]["legal"] is True
    assert r["b.yaml"]["legal"] is False
    text = run("check", folder, "--pack", event / "pack.yaml")
    assert "b.yaml" in text.output and "Patrulla Alfa" in text.output and "Pareja" in text.output


def crip_setup(tmp_path: Path) -> Path:
    folder = tmp_path / "crip"
    folder.mkdir()
    shutil.copy(CRIP / "saqueadores-rio-lobo.yaml", folder / "a-saqueadores.yaml")  # lineup of 6
    shutil.copy(CRIP / "grupetto-verde.yaml", folder / "b-grupetto.yaml")  # no lineup: all 8
    return folder


@pytest.mark.book
def test_cripmaquion_pack_runners_per_team(tmp_path):
    folder = crip_setup(tmp_path)
    pack = tmp_path / "copa.yaml"
    pack.write_text("system: cripmaquion\nname: Copa del Orbe — jornada 1\nrunners_per_team: 6\n",
                    encoding="utf-8")
    # each team is legal on its own (Saqueadores: 6 runners, 2 + 1 + 1 = 4 slots of 4;
    # Grupetto: 8 runners, 2 + 1 + 1 + 1 = 5 slots of 5)
    assert run("check", folder).exit_code == 0
    result = run("check", folder, "--pack", pack, "--format", "json")
    assert result.exit_code == 1, result.output
    r = by_file(stdout_json(result))
    assert r["a-saqueadores.yaml"]["legal"] is True      # 6 lined up
    assert "lineup-size" in [e["code"] for e in r["b-grupetto.yaml"]["errors"]]  # 8 ≠ 6
    assert r["b-grupetto.yaml"]["legal"] is False


@pytest.mark.book
def test_cripmaquion_teams_under_one_pack_must_line_up_the_same_size(tmp_path):
    folder = crip_setup(tmp_path)
    pack = tmp_path / "copa.yaml"
    pack.write_text("system: cripmaquion\nname: Copa del Orbe\n", encoding="utf-8")
    # 6 and 8 runners under one pack: lineup-size
    result = run("check", folder, "--pack", pack, "--format", "json")
    assert result.exit_code == 1, result.output
    report = stdout_json(result)
    codes = [e["code"] for r in report["results"] for e in r["errors"]]
    assert "lineup-size" in codes
    # with the Grupetto lining up 6 (2 + 1 + 1 = 4 slots of 4) both have 6: legal
    text = (folder / "b-grupetto.yaml").read_text(encoding="utf-8")
    text += "lineup: [Gnatte Franzs, Gurtlutz, Arcada, Gengis, Gorko, Pogco Middo]\n"
    (folder / "b-grupetto.yaml").write_text(text, encoding="utf-8")
    result = run("check", folder, "--pack", pack, "--format", "json")
    assert result.exit_code == 0, result.output


def test_the_same_list_twice_and_a_player_with_two_lists_are_flagged_with_the_files(tmp_path):
    import openpyxl

    lists = tmp_path / "lists"
    shutil.copytree(EXAMPLE / "lists", lists)
    (lists / "05-rota.yaml").unlink()
    (lists / "04-equipo-equivocado.yaml").unlink()
    shutil.copytree(ROOT / "examples" / "wartime", tmp_path / "wartime")
    original = (lists / "01-patrulla-alfa.yaml").read_text(encoding="utf-8")
    # The same list sent again, with a comment and another layout: the same fingerprint.
    (lists / "06-copia.yaml").write_text("# otra vez\n" + original.replace("    members:\n", "    members:   # x\n"),
                                         encoding="utf-8")
    # Ana Robles (as she writes it the second time) also sent the Exploradores list.
    explorers = (lists / "02-exploradores.yaml").read_text(encoding="utf-8")
    player = re.search(r"player: (.*)", explorers)
    (lists / "02-exploradores.yaml").write_text(
        explorers.replace(player.group(0), "player: ana robles") if player else
        explorers.replace("name:", "player: ana robles\nname:", 1), encoding="utf-8")
    for path in lists.iterdir():   # their Warbook, where it sits beside the lists here
        path.write_text(path.read_text(encoding="utf-8").replace("../../wartime/", "../wartime/"), encoding="utf-8")
    out = tmp_path / "resumen.xlsx"
    result = run("check", lists, "--pack", PACK, "--format", "json", "--summary", out)
    r = results(result)
    warned = {name: [(w["code"], w["message"]) for w in res["warnings"]] for name, res in r.items()}
    assert [c for c, _ in warned["01-patrulla-alfa.yaml"]] == ["repeated-list", "player-with-two-lists"]
    assert "06-copia.yaml" in warned["01-patrulla-alfa.yaml"][0][1]
    assert [c for c, _ in warned["06-copia.yaml"]] == ["repeated-list", "player-with-two-lists"]
    assert [c for c, _ in warned["02-exploradores.yaml"]] == ["player-with-two-lists"]
    assert "01-patrulla-alfa.yaml" in warned["02-exploradores.yaml"][0][1]
    assert warned["03-asalto-pesado.yaml"] == []
    wb = openpyxl.load_workbook(out)
    cover = {row[0]: row[1] for row in wb["Evento"].iter_rows(values_only=True) if row[0]}
    # Two files are one list; one player (Ana Robles) sent three files.
    assert cover["Listas repetidas"] == 2 and cover["Jugadores con dos listas"] == 1
    header, *rows = list(wb["Listas"].iter_rows(values_only=True))
    assert header[11] == "Repetida / otra lista del jugador"
    copy = next(row for row in rows if row[0].endswith("06-copia.yaml"))
    assert "01-patrulla-alfa.yaml" in copy[11]


def test_without_a_pack_the_same_list_twice_is_a_players_own_business(tmp_path):
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(team("A", 5), encoding="utf-8")
    r = results(run("check", tmp_path, "--format", "json"))
    assert r["a.yaml"]["warnings"] == [] and r["b.yaml"]["warnings"] == []


def test_a_copy_of_the_example_tournament_checks_the_same_anywhere(tmp_path):
    # An organiser copies examples/tournament/ to start an event: it must need nothing outside it.
    copy = tmp_path / "mi-torneo"
    shutil.copytree(EXAMPLE, copy)

    def findings(folder: Path) -> list:
        result = run("check", folder / "lists", "--pack", folder / "pack" / "torneo-otono.yaml", "--format", "json")
        assert result.exit_code == 2  # 05-rota.yaml is broken on purpose, and only it is unreadable
        report = json.loads(result.stdout.replace(str(folder), "<evento>"))
        return [(Path(r["file"]).name, r["status"], r["points"], r["fingerprint"],
                 [(f["code"], f["message"], f["where"]) for f in r["errors"] + r["warnings"]])
                for r in report["results"]]

    here = findings(EXAMPLE)
    assert findings(copy) == here
    assert [status for _, status, *_ in here] == ["legal", "legal", "illegal", "illegal", "unreadable", "warbook"]


def test_the_example_tournaments_warbook_is_the_fenix_warbook():
    import yaml

    ours, theirs = EXAMPLE / "lists" / "fenix-warbook.yaml", ROOT / "examples" / "wartime" / "fenix-warbook.yaml"
    assert yaml.safe_load(ours.read_text(encoding="utf-8")) == yaml.safe_load(theirs.read_text(encoding="utf-8"))


def test_a_list_sent_by_many_names_a_few_of_the_others_not_every_one():
    from builder.core.pipeline import Outcome
    from builder.core.system import Evaluation
    from builder.events.tournament import repeated

    outcomes = [Outcome(f"equipo-{n:03}.yaml", evaluation=Evaluation("wartime", "Copia", (), fingerprint="WT-SAME",
                                                                      player=f"Jugador {n}"))
                for n in range(300)]
    found = repeated(outcomes)
    assert len(found) == 300 and all(f.code == "repeated-list" for _, f in found)
    first = found[0][1].params["files"]
    assert first == ", ".join(f"equipo-{n:03}.yaml" for n in range(1, 9)) + ", …"
    assert max(len(f.params["files"]) for _, f in found) < 200
