"""How the builder writes the words it shows: a catalogue's names as a label starts (the game's
files keep them as the book lists them, «espada», «gregario»), and a list's items by what they are."""

from __future__ import annotations

from builder.core import messages

FACTS = " · "
"""What parts a note's facts (``Orco · FUE 3 / RES 3 · gregario``)."""


def capitalised(text: str) -> str:
    """``text`` with its first letter upper-case («espada» → «Espada»), the rest as written: the
    stored value never changes, only how a label shows it."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def facts(note: str) -> str:
    """A note's facts each as a label starts («Orco · FUE 3 / RES 3 · Gregario»)."""
    return FACTS.join(capitalised(part) for part in note.split(FACTS))


def item_label(game: str, key: object, list_label: str, n: int, lang: str) -> str:
    """What item ``n`` (from 1) of a list of names is called: the game's word for one of them and
    its number («Arma 1», not «Armas 1»), else the list's name and the item's number."""
    word = f"form.{game}.one.{key}"
    if isinstance(key, str) and word in messages.table():
        return f"{messages.text(word, lang)} {n}"
    return messages.text("serve.item-of", lang, list=list_label, n=n)
