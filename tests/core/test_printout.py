"""builder.core.printout: cards described as plain data, and packed by the estimate into cards that
continue (no WeasyPrint here)."""

from builder.core.printout import Card, PrintSpec, Section, pack


def test_pack_with_the_estimate_splits_long_lists():
    card = Card("X", [Section("list", "Cosas", items=[(f"Cosa {i}", "detalle " * 8) for i in range(30)])])
    parts = pack(card)
    assert len(parts) > 1
    assert sum(len(p.sections[0].items) for p in parts) == 30
    assert all(p.sections[0].title == "Cosas" for p in parts)


def test_a_short_card_stays_one_card():
    card = Card("X", [Section("stats", items=[("A", 1), ("B", 2)]), Section("text", items=["hola"])])
    assert len(pack(card)) == 1


def test_each_rows_bar_is_its_share_of_the_columns_total():
    spec = PrintSpec(columns=["Escuadra", "Puntos"], rows=[["Alfa", 60], ["Bravo", 30], ["Nadie", 0], ["—", None],
                                                           ["Charlie", 10]], bar_column=1)
    # 60 + 30 + 10 = 100: each bar is that row's points over 100; no bar for 0 or a blank.
    assert spec.bars() == [0.6, 0.3, None, None, 0.1]
    assert PrintSpec(rows=[["Alfa", 60]]).bars() == [None]  # no bar column, no bars


def test_a_bar_may_count_other_than_its_cell():
    # Two runners of 2 slots each, the second benched: only the first counts (2 of 2 = the whole bar).
    spec = PrintSpec(rows=[["A", 2], ["B", 2]], bar_column=1, bar_values=[2, None])
    assert spec.bars() == [1.0, None]
