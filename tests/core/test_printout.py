"""builder.core.printout: cards described as plain data, and packed by the estimate into cards that
continue (no WeasyPrint here)."""

from builder.core.printout import Card, Section, pack


def test_pack_with_the_estimate_splits_long_lists():
    card = Card("X", [Section("list", "Cosas", items=[(f"Cosa {i}", "detalle " * 8) for i in range(30)])])
    parts = pack(card)
    assert len(parts) > 1
    assert sum(len(p.sections[0].items) for p in parts) == 30
    assert all(p.sections[0].title == "Cosas" for p in parts)


def test_a_short_card_stays_one_card():
    card = Card("X", [Section("stats", items=[("A", 1), ("B", 2)]), Section("text", items=["hola"])])
    assert len(pack(card)) == 1
