"""The edition of its game's catalogs each list is checked under, on the desk: with Wartime's made-up
2027-prueba installed beside builder's 2026 (BUILDER_EDITIONS: it is then the newest), an event whose
pack pins 2026 checks, stores, shows and prints its lists under 2026; one that pins none, under
2027-prueba; and a list stored under 2026 before 2027-prueba was installed is shown and printed under
2026 still.

The example tournament's Patrulla Alfa under each (worked out in tests/events/test_store.py from
catalogs/wartime/costs.yaml and the made-up edition's): under 2026, Sargento 58 + 3 × Fusilero 40 =
178; under 2027-prueba, Sargento 59 + 3 × Fusilero 38 = 173. The pack's limit is 250."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from starlette.testclient import TestClient

from builder.desk.app import create_desk
from builder.events.packs import load_pack
from builder.events.store import Store
from tests.desk.support import BASE, PACK, TOKEN, admin, exported, submit
from tests.support import EDITIONS, ROOT, catalogs_hash

OLD = ("2026", catalogs_hash(ROOT / "catalogs" / "wartime"))
NEW = ("2027-prueba", catalogs_hash(EDITIONS / "wartime" / "2027-prueba"))


def pack_file(folder: Path, pinned: str | None) -> Path:
    """The example tournament's pack, pinning the edition ``pinned`` (or none)."""
    path = folder / "torneo.yaml"
    path.write_text(PACK.read_text(encoding="utf-8") + (f'edition: "{pinned}"\n' if pinned else ""), encoding="utf-8")
    return path


def desk(pack: Path, db: str) -> TestClient:
    return TestClient(create_desk(load_pack(pack), db, TOKEN, "127.0.0.1:8080"), base_url=BASE)


def shown(edition: tuple[str, str]) -> str:
    """How a desk's page shows an edition: its name and its hash's first 12 digits."""
    return f"{edition[0]} · <code>{edition[1][:12]}</code>"


def printed(client: TestClient) -> str:
    answer = exported(client, "/admin/print.pdf")
    assert answer.status_code == 200, answer.text
    return "\n".join(re.sub(r"[^\S\n]+", " ", p.extract_text()) for p in PdfReader(io.BytesIO(answer.content)).pages)


@pytest.mark.parametrize("pinned, edition, points", [("2026", OLD, 178), (None, NEW, 173)])
def test_an_event_checks_stores_shows_and_prints_its_lists_under_the_edition_its_pack_pins(
        db, tmp_path, monkeypatch, pinned, edition, points):
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    with desk(pack_file(tmp_path, pinned), db) as client:
        client.get("/")
        receipt = submit(client, "Patrulla Alfa")
        assert receipt.status_code == 200, receipt.text
        assert f'id="r-points">{points} / 250<' in receipt.text
        assert f'id="r-edition">{shown(edition)}<' in receipt.text
        store = Store.open(db)
        (kept,) = store.latest(1)
        store.close()
        assert (kept.checked.points, kept.checked.edition, kept.checked.edition_hash) == (points, *edition)
        admin(client)
        board = client.get("/admin").text
        assert f'class="edition">{shown(edition)}<' in board
        assert f'id="team-edition">{shown(edition)}<' in client.get(f"/admin/team/{kept.team_id}").text
        text = printed(client)
        # The cover's row and the team's sheet: its points and the edition it was printed under.
        assert text.count(f"{points} / 250") >= 2
        assert text.count(f"{edition[0]} · {edition[1][:12]}") >= 2
        other = OLD if edition == NEW else NEW
        assert f"{other[0]} · " not in text and other[1][:12] not in text


def test_a_list_stored_under_2026_is_shown_and_printed_under_it_once_a_newer_edition_is_installed(
        db, tmp_path, monkeypatch):
    pack = pack_file(tmp_path, None)
    monkeypatch.delenv("BUILDER_EDITIONS", raising=False)
    with desk(pack, db) as before:
        before.get("/")
        assert 'id="r-points">178 / 250<' in submit(before, "Patrulla Alfa").text
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))  # installed, and the desk started again
    with desk(pack, db) as after:
        after.get("/")
        assert 'id="r-points">173 / 250<' in submit(after, "Beta").text
        admin(after)
        board = after.get("/admin").text
        assert f'class="edition">{shown(OLD)}<' in board and f'class="edition">{shown(NEW)}<' in board
        text = printed(after)
    cover, *sheets = text.split("Puntos comprobados")
    # Patrulla Alfa's row on the cover and its sheet: 178 under 2026; Beta's: 173 under 2027-prueba.
    assert re.search(rf"Beta .*173 / 250 .*{NEW[0]} · {NEW[1][:12]}", cover)
    assert re.search(rf"Patrulla Alfa .*178 / 250 .*{OLD[0]} · {OLD[1][:12]}", cover)
    assert sorted(s.split("\n")[0].strip() for s in sheets) == ["173 / 250", "178 / 250"]


HOUSE_TEAMS = {
    "Casa": "system: cripmaquion\nteam: Casa\nrunners:\n  - {name: Uno, race: trasgo, specialties: []}\n"
            "  - {name: Dos, race: orco, specialties: []}\n  - {name: Tres, race: goblin, specialties: []}\n",
    "Elfos": "system: cripmaquion\nteam: Elfos\nrunners:\n  - {name: Uno, race: elfo, specialties: []}\n"
             "  - {name: Dos, race: orco, specialties: []}\n  - {name: Tres, race: goblin, specialties: []}\n",
}


def test_an_event_with_house_rules_checks_and_stores_its_lists_under_them(db, tmp_path):
    """Issue 49: the pack of tests/core/test_house_rules.py (elves banned, a trasgo added) on the desk:
    a team with the trasgo is stored legal; one with an elf is stored illegal, the error citing the
    pack's line 4, where the ban is."""
    from tests.core.test_house_rules import CRIPMAQUION

    (tmp_path / "casa.yaml").write_text(CRIPMAQUION, encoding="utf-8")
    with desk(tmp_path / "casa.yaml", db) as client:
        client.get("/")
        receipts = {team: submit(client, team, files=(("equipo.yaml", text.encode()),))
                    for team, text in HOUSE_TEAMS.items()}
        assert all(r.status_code == 200 for r in receipts.values())
        assert "los elfos no corren este año" in receipts["Elfos"].text and "línea 4" in receipts["Elfos"].text
        store = Store.open(db)
        kept = {s.team: s.checked for s in store.latest(1)}
        store.close()
    assert kept["Casa"].legal and not kept["Elfos"].legal
    assert (kept["Casa"].edition, kept["Casa"].edition_hash) == ("2026", catalogs_hash(ROOT / "catalogs" / "cripmaquion"))
