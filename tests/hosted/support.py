"""What the hosted builder's tests share: a legal example list of each game (with the files it reads),
and a click as the page's script sends it."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
BASE = "http://127.0.0.1:8090"
LEGAL = {
    "confrontation": (("lista.yaml", EXAMPLES / "confrontation" / "artilleria-no-dan-kar.yaml"),),
    "cripmaquion": (("lista.yaml", EXAMPLES / "cripmaquion" / "grupetto-verde.yaml"),),
    "dungeon-universalis": (("lista.yaml", EXAMPLES / "dungeon-universalis" / "criptas.yaml"),),
    "porcrom": (("lista.yaml", EXAMPLES / "porcrom" / "lobos-de-zamora.yaml"),),
    "wartime": (("lista.yaml", EXAMPLES / "wartime" / "compania-fenix.yaml"),
                ("fenix-warbook.yaml", EXAMPLES / "wartime" / "fenix-warbook.yaml")),
}
"""A legal list of each game the hosted builder serves (``builder check`` says so of each example)."""


def files_of(game: str) -> tuple[tuple[str, bytes], ...]:
    return tuple((name, path.read_bytes()) for name, path in LEGAL[game])


def click(client, route: str = "/build/view", game: str = "wartime", files=None, headers=None, **fields):
    """A click as keeping.js sends it: the token, the language, the list's game, the click's fields,
    then the texts as file parts."""
    files = files_of(game) if files is None else files
    given = {"csrf": client.cookies.get("builder_csrf", ""), "lang": "es", "game": game,
             "file": files[0][0] if files else "", **fields}
    return client.post(route, data={k: v for k, v in given.items() if v is not None},
                       files=[("files", (name, data, "application/yaml")) for name, data in files] or None,
                       headers=headers or {})
