"""Wartime lists by the book: list and squad points, the shape of `check --format json` and of
`builder inspect`, and a warbook given by a path relative to the list (or missing).

Black-box, from the Wartime specification and the shared command-line contract; the points are
worked out by hand next to each assertion (the warbook is ``full_book()`` in tests/book_cases.py).
"""

from __future__ import annotations

from tests.book_cases import (
    SOLDADO, check_json, check_one, full_book, inspect_json, no_crash, run, squad, wartime, wb, write,
)


def test_list_points_and_check_shape(tmp_path):
    # Fusilero 81 x (4 + 2) + Recluta 26 x 3 = 486 + 78 = 564
    squads = [
        {"name": "Alfa", "members": [{"character": "Fusilero", "count": 4},
                                     {"character": "Recluta", "count": 3}]},
        {"name": "Bravo", "members": [{"character": "Fusilero", "count": 2}]},
    ]
    path = wartime(tmp_path, full_book(), squads, points_limit=600)
    code, data = check_json(path)
    assert code == 0
    assert data["legal"] is True
    r = data["results"][0]
    assert {"file", "system", "name", "legal", "points", "points_limit", "fingerprint",
            "errors", "warnings"} <= set(r)
    assert r["system"] == "wartime"
    assert r["name"] == "Compañía Fénix"
    assert r["legal"] is True
    assert r["points"] == 564
    assert r["points_limit"] == 600
    assert isinstance(r["fingerprint"], str) and 4 <= len(r["fingerprint"]) <= 40
    assert r["errors"] == []

    inspected = inspect_json(path)
    assert inspected["system"] == "wartime"
    assert inspected["name"] == "Compañía Fénix"
    assert inspected["points"] == 564
    assert inspected["points_limit"] == 600
    squads_out = {s["name"]: s for s in inspected["squads"]}
    # Alfa: 7 models, 81*4 + 26*3 = 324 + 78 = 402; Bravo: 2 models, 162
    assert squads_out["Alfa"]["models"] == 7
    assert squads_out["Alfa"]["points"] == 402
    assert squads_out["Bravo"]["models"] == 2
    assert squads_out["Bravo"]["points"] == 162


def test_points_limit_null_when_absent(tmp_path):
    # Soldado-only character: 25 x 2 = 50
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado"}])
    code, r = check_one(wartime(tmp_path, book, [{"name": "A", "members": [{"character": "C", "count": 2}]}]))
    assert code == 0
    assert r["points"] == 50
    assert r["points_limit"] is None


def test_warbook_only_file_is_legal(tmp_path):
    code, r = check_one(wartime(tmp_path, full_book()))
    assert code == 0
    assert r["legal"] is True
    assert r["points"] in (0, None)


def test_warbook_from_relative_path(tmp_path):
    # the warbook path is relative to the list file, not to the cwd
    sub = tmp_path / "libros"
    sub.mkdir()
    write(sub, "fenix-warbook.yaml", full_book())
    lists = tmp_path / "listas"
    lists.mkdir()
    path = write(lists, "lista.yaml", {
        "system": "wartime", "name": "Relativa", "warbook": "../libros/fenix-warbook.yaml",
        "squads": [{"name": "Alfa", "members": [{"character": "Recluta", "count": 2}]}],
    })
    code, r = check_one(path)
    assert code == 0
    assert r["points"] == 52  # Recluta 26 x 2


def test_missing_warbook_file_is_unreadable(tmp_path):
    path = write(tmp_path, "lista.yaml", {"system": "wartime", "name": "P", "warbook": "no-existe.yaml",
                                          "squads": [squad()]})
    r = run("check", path)
    no_crash(r)
    assert r.exit_code == 2
    assert "no-existe.yaml" in r.output
