"""Events: packs that take precedence, folders of lists, rules across lists, summaries, verify."""

import json
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from builder.events.tournament import expand

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "tournament"
PACK = EXAMPLE / "pack" / "torneo-otono.yaml"
WARBOOK = ROOT / "examples" / "wartime" / "fenix-warbook.yaml"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def results(result) -> dict:
    return {Path(r["file"]).name: r for r in json.loads(result.output)["results"]}


def codes(result: dict) -> list[str]:
    return [e["code"] for e in result["errors"]]


def test_the_example_event():
    result = run("check", EXAMPLE / "lists", "--pack", PACK, "--format", "json")
    assert result.exit_code == 2   # one unreadable file among them
    r = results(result)
    assert list(r) == ["01-patrulla-alfa.yaml", "02-exploradores.yaml", "03-asalto-pesado.yaml",
                       "04-equipo-equivocado.yaml", "05-rota.yaml"]   # sorted
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
    assert result.output.strip().splitlines()[-1] == "Total: 2 legales, 2 ilegales, 1 ilegible"


def test_pack_precedence_and_where_it_points(tmp_path):
    listing = tmp_path / "lista.yaml"
    listing.write_text(f"""\
system: wartime
name: Cinco
points_limit: 300
restrictions: {{max_level: 5}}
warbook: {WARBOOK}
squads:
  - name: A
    members: [{{character: Fusilero, count: 5}}]
""", encoding="utf-8")
    alone = results(run("check", listing, "--format", "json"))["lista.yaml"]
    # On its own: 5 × 40 = 200 of 300, but its own max_level 5 is broken by the Fusilero (level 18).
    assert (alone["points"], alone["points_limit"]) == (200, 300)
    assert codes(alone) == ["restriction-max-level"]
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: Copa\npoints_limit: 150\nrestrictions: {max_models: 4}\n", encoding="utf-8")
    event = results(run("check", listing, "--pack", pack, "--format", "json"))["lista.yaml"]
    # The pack's 150 and its restrictions replace the list's: 200 > 150 and 5 models > 4; no level limit now.
    assert event["points_limit"] == 150
    assert sorted(codes(event)) == ["over-points-limit", "restriction-max-models"]
    where = {e["code"]: e["where"] for e in event["errors"]}
    assert where["over-points-limit"].startswith(f"{pack}:3")
    assert where["restriction-max-models"].startswith(f"{pack}:4")
    # The fingerprint is the list's own, whichever event checks it.
    assert event["fingerprint"] == alone["fingerprint"]


def test_a_pack_without_a_key_leaves_the_lists_value(tmp_path):
    listing = tmp_path / "lista.yaml"
    listing.write_text(f"system: wartime\nname: X\npoints_limit: 100\nwarbook: {WARBOOK}\n"
                       "squads: [{name: A, members: [{character: Fusilero, count: 3}]}]\n", encoding="utf-8")
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: Sin límite\nformations: false\n", encoding="utf-8")
    r = results(run("check", listing, "--pack", pack, "--format", "json"))["lista.yaml"]
    assert r["points_limit"] == 100 and codes(r) == ["over-points-limit"]   # 3 × 40 = 120 > 100


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


def test_an_invalid_pack_is_a_usage_error(tmp_path):
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: X\npoints_limit: -3\n", encoding="utf-8")
    result = run("check", WARBOOK, "--pack", pack)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "pack" in result.output


def test_summary_sheet(tmp_path):
    out = tmp_path / "resumen.xlsx"
    result = run("check", EXAMPLE / "lists", "--pack", PACK, "--summary", out)
    assert result.exit_code == 2 and out.exists()
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Evento", "Listas"]
    cover = {row[0]: row[1] for row in wb["Evento"].iter_rows(values_only=True) if row[0]}
    assert cover["Torneo de Otoño"] is None and cover["LEGAL"] == 2 and cover["ILEGAL"] == 2 and cover["ILEGIBLE"] == 1
    lists = wb["Listas"]
    assert lists.auto_filter.ref == "A1:K6"
    assert lists.freeze_panes == "A2"
    header, *rows = list(lists.iter_rows(values_only=True))
    assert header[:4] == ("Archivo", "Nombre", "Jugador", "Sistema")
    by_name = {row[1]: row for row in rows}
    patrulla = by_name["Patrulla Alfa"]
    assert patrulla[2:8] == ("Ana Robles", "Wartime", 178, 250, "LEGAL", 0)
    fingerprint = json.loads(run("check", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "--format", "json").output)
    assert patrulla[9] == fingerprint["results"][0]["fingerprint"]
    assert by_name["Asalto Pesado"][6] == "ILEGAL" and "over-points-limit" in by_name["Asalto Pesado"][10]
    broken = next(row for row in rows if row[0].endswith("05-rota.yaml"))
    assert broken[6] == "ILEGIBLE"
    # Both sheets print as the team sheets do: landscape, one page wide.
    for sheet in (wb["Evento"], lists):
        assert sheet.sheet_properties.pageSetUpPr.fitToPage and sheet.page_setup.fitToWidth == 1
        assert sheet.page_setup.orientation == "landscape"


def test_summary_may_not_overwrite_an_input(tmp_path):
    listing = tmp_path / "lista.yaml"
    listing.write_text(team("A", 3), encoding="utf-8")
    before = listing.read_bytes()
    assert run("check", listing, "--summary", listing).exit_code == 2
    assert listing.read_bytes() == before


def test_summary_may_not_overwrite_a_warbook_a_list_reads(tmp_path):
    lists, books = tmp_path / "listas", tmp_path / "libros"
    lists.mkdir(), books.mkdir()
    warbook = books / "fenix-warbook.yaml"
    warbook.write_bytes((ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes())
    text = (ROOT / "examples" / "wartime" / "compania-fenix.yaml").read_text(encoding="utf-8")
    (lists / "fenix.yaml").write_text(text.replace("warbook: fenix-warbook.yaml", "warbook: ../libros/fenix-warbook.yaml"),
                                      encoding="utf-8")
    before = warbook.read_bytes()
    for jobs in ("1", "2"):
        result = run("check", lists, "--summary", warbook, "--jobs", jobs, "--format", "json")
        report = json.loads(result.stdout)
        assert result.exit_code == 2 and report["error"]["code"] == "output-is-input"
        assert [r["legal"] for r in report["results"]] == [True]   # the lists are still reported
        assert warbook.read_bytes() == before


def test_a_pack_that_is_a_folder_is_reported_in_the_users_language(tmp_path):
    (tmp_path / "pack").mkdir()
    result = run("check", EXAMPLE / "lists", "--pack", tmp_path / "pack", "--format", "json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "file-is-folder"
    result = run("verify", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "WT-0000-0000", "--pack", tmp_path / "pack")
    assert result.exit_code == 2 and "es una carpeta" in result.output and "directory" not in result.output


def _fingerprint(path: Path) -> str:
    return json.loads(run("check", path, "--format", "json").output)["results"][0]["fingerprint"]


@pytest.mark.parametrize("spelling, code", [("exact", 0), ("typed", 0), ("other", 1)])
def test_verify(spelling, code):
    listing = EXAMPLE / "lists" / "03-asalto-pesado.yaml"
    actual = _fingerprint(listing)
    given = {"exact": actual, "typed": actual.lower().replace("-", ""),
             "other": actual[:-1] + ("0" if actual[-1] != "0" else "1")}[spelling]
    result = run("verify", listing, given)
    assert result.exit_code == code
    if code == 0:
        assert "coincide" in result.output
    else:
        # Both codes, and no word a reader could take for a match.
        assert actual in result.output and given in result.output
        assert "NO COINCIDE" in result.output and "coincide" not in result.output


def test_verify_says_whether_the_matching_list_is_legal_and_under_which_pack():
    legal, heavy = EXAMPLE / "lists" / "02-exploradores.yaml", EXAMPLE / "lists" / "03-asalto-pesado.yaml"
    result = run("verify", legal, _fingerprint(legal))
    assert result.exit_code == 0 and "la lista es LEGAL" in result.output
    # Legal on its own, but over the event's points limit: a matching sheet still says so.
    assert "la lista es LEGAL" in run("verify", heavy, _fingerprint(heavy)).output
    result = run("verify", heavy, _fingerprint(heavy), "--pack", PACK, "--lang", "en")
    assert result.exit_code == 0  # the sheet does match the file
    assert "matches" in result.output
    assert "but the list is ILLEGAL under the pack “Torneo de Otoño”: 1 error;" in result.output


def test_verify_unreadable_exits_2():
    assert run("verify", EXAMPLE / "lists" / "05-rota.yaml", "WT-0000-0000").exit_code == 2


def test_verify_fingerprint_is_the_one_check_reports_and_printed():
    listing = EXAMPLE / "lists" / "02-exploradores.yaml"
    fingerprint = json.loads(run("check", listing, "--format", "json").output)["results"][0]["fingerprint"]
    assert run("verify", listing, fingerprint).exit_code == 0


def test_schema_pack():
    schema = json.loads(run("schema", "pack").output)
    systems = {variant["properties"]["system"]["const"] for variant in schema["oneOf"]}
    assert systems == {"wartime", "cripmaquion", "confrontation", "porcrom", "dungeon-universalis"}
    wartime = next(v for v in schema["oneOf"] if v["properties"]["system"]["const"] == "wartime")
    assert {"points_limit", "formations", "restrictions"} <= set(wartime["properties"])


def test_expand_takes_yaml_and_yml_sorted(tmp_path):
    for name in ("b.yml", "a.yaml", "c.txt", "D.YAML"):
        (tmp_path / name).write_text("x")
    (tmp_path / "sub").mkdir()
    assert [Path(p).name for p in expand([str(tmp_path)])] == ["D.YAML", "a.yaml", "b.yml"]


def test_a_pack_kept_among_the_lists_is_not_checked_as_one(tmp_path):
    lists = tmp_path / "evento" / "listas"
    lists.mkdir(parents=True)
    (tmp_path / "wartime").mkdir()   # where the lists find their Warbook: ../../wartime
    (tmp_path / "wartime" / "fenix-warbook.yaml").write_bytes((ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes())
    for listing in sorted((EXAMPLE / "lists").glob("0[12]*.yaml")):
        (lists / listing.name).write_bytes(listing.read_bytes())
    (lists / "pack.yaml").write_bytes(PACK.read_bytes())
    result = run("check", lists, "--pack", lists / "pack.yaml", "--format", "json")
    files = [Path(r["file"]).name for r in json.loads(result.stdout)["results"]]
    assert files == ["01-patrulla-alfa.yaml", "02-exploradores.yaml"] and result.exit_code == 0
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


def test_no_progress_bar_when_not_on_a_terminal():
    from builder.cli.main import _progress

    items = ["a"] * 50
    assert list(_progress(50, "text", "es")(items)) == items   # CliRunner's stderr is not a terminal


def test_writing_a_default_out_keeps_the_fingerprint(tmp_path):
    plain = tmp_path / "a.yaml"
    plain.write_text(f"system: wartime\nname: X\nwarbook: {WARBOOK}\n"
                     "squads: [{name: A, members: [{character: Fusilero}]}]\n", encoding="utf-8")
    explicit = tmp_path / "b.yaml"
    explicit.write_text(f"system: wartime\nname: X\nformations: false\nwarbook: {WARBOOK}\n"
                        "squads: [{name: A, members: [{character: Fusilero, count: 1}]}]\n", encoding="utf-8")
    assert _fingerprint(plain) == _fingerprint(explicit)


def _checked_under_a_pack(tmp_path: Path, listing: Path) -> dict:
    """The list's check result under a pack that overrides its limit, formations and restrictions."""
    pack = tmp_path / "pack.yaml"
    pack.write_text("system: wartime\nname: E\npoints_limit: 100\nformations: true\n"
                    "restrictions: {max_level: 30}\n", encoding="utf-8")
    return json.loads(run("check", listing, "--pack", pack, "--format", "json").output)["results"][0]


@pytest.mark.parametrize("own_keys", [
    "",                                                                              # left out: defaults
    "points_limit: 300\nformations: false\nrestrictions: {max_level: 40, max_models: 20}\n",  # written
])
def test_a_pack_over_the_lists_keys_keeps_its_fingerprint(tmp_path, own_keys):
    listing = tmp_path / "a.yaml"
    listing.write_text(f"system: wartime\nname: X\n{own_keys}warbook: {WARBOOK}\n"
                       "squads: [{name: A, members: [{character: Fusilero}]}]\n", encoding="utf-8")
    with_pack = _checked_under_a_pack(tmp_path, listing)
    assert with_pack["points_limit"] == 100
    assert with_pack["fingerprint"] == _fingerprint(listing)
    # The list written with a default left out is the same list.
    bare = tmp_path / "b.yaml"
    bare.write_text(listing.read_text(encoding="utf-8").replace("formations: false\n", ""), encoding="utf-8")
    assert _fingerprint(bare) == _fingerprint(listing)


def test_a_warbook_in_a_folder_of_lists_is_not_counted_as_a_legal_list(tmp_path):
    for name in ("compania-fenix.yaml", "asalto-ilegal.yaml", "fenix-warbook.yaml"):
        (tmp_path / name).write_bytes((ROOT / "examples" / "wartime" / name).read_bytes())
    result = run("check", tmp_path, "--summary", tmp_path / "resumen.xlsx")
    # compania-fenix legal, asalto-ilegal illegal, fenix-warbook a Warbook on its own.
    assert result.exit_code == 1
    assert "SIN LISTA" in result.output and "fenix-warbook.yaml" in result.output
    assert "Total: 1 legal, 1 ilegal, 0 ilegibles, 1 sin lista que jugar" in result.output
    report = json.loads(run("check", tmp_path / "fenix-warbook.yaml", "--format", "json").output)["results"][0]
    assert (report["legal"], report["points"], report["warbook_only"]) == (True, None, True)
    from openpyxl import load_workbook

    rows = list(load_workbook(tmp_path / "resumen.xlsx").worksheets[1].iter_rows(values_only=True))
    status = {Path(r[0]).name: r[6] for r in rows[1:]}
    assert status == {"asalto-ilegal.yaml": "ILEGAL", "compania-fenix.yaml": "LEGAL", "fenix-warbook.yaml": "SIN LISTA"}


def test_a_restriction_the_pack_sets_is_cited_at_the_packs_line(tmp_path):
    pack = tmp_path / "estricto.yaml"
    pack.write_text("system: wartime\nname: Torneo estricto\n\nrestrictions: {max_level: 20}\n", encoding="utf-8")
    listing = EXAMPLE / "lists" / "01-patrulla-alfa.yaml"
    report = json.loads(run("check", listing, "--pack", pack, "--format", "json").output)["results"][0]
    [error] = report["errors"]
    # The Sargento's level 25 breaks the event's max_level 20, which the pack sets on its line 4.
    assert error["code"] == "restriction-max-level"
    assert (error["file"], error["line"], error["path"]) == (str(pack), 4, "restrictions.max_level")
    # Without the pack the list's own restrictions allow it.
    assert json.loads(run("check", listing, "--format", "json").output)["results"][0]["legal"] is True


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
