"""builder.core.printout: cards described as plain data, and packed by the estimate into cards that
continue (no WeasyPrint here)."""

from builder.core.printout import Card, PrintSpec, Ruler, Section, pack


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


class Fixed(Ruler):
    """Round heights, to pack by hand: a first card holds 50 mm, a continuation 45 (its head wraps)."""

    def section(self, s):
        return {"a": 30.0, "b": 15.0, "c": 10.0, "d": 5.0}[s.title]

    def body(self, card):
        return 45.0 if card.continued else 50.0


def test_a_section_kept_with_the_one_before_it_never_starts_a_continuation_card_alone():
    tables = [Section("table", "a"), Section("table", "b"), Section("table", "c", keep_with_previous=True)]
    # a 30 + b 15 = 45 of 50; c (10) needs 55 > 50, so it continues, and b goes with it: 15 + 10 = 25 of 45.
    parts = pack(Card("Corredor", tables), Fixed())
    assert [[s.title for s in p.sections] for p in parts] == [["a"], ["b", "c"]]
    assert [p.continued for p in parts] == [False, True]
    # Without the rule, c alone would start the continuation card.
    loose = [Section("table", "a"), Section("table", "b"), Section("table", "c")]
    assert [[s.title for s in p.sections] for p in pack(Card("Corredor", loose), Fixed())] == [["a", "b"], ["c"]]


def test_a_continuation_card_has_its_own_room():
    # a 30 + b 15 + d 5 = 50 fills the first card (50); then c 10, b 15, b 15 = 40 fit a continuation's 45,
    # and a further d 5 would make 45: still in.
    sections = [Section("table", t) for t in ("a", "b", "d", "c", "b", "b", "d")]
    parts = pack(Card("X", sections), Fixed())
    assert [[s.title for s in p.sections] for p in parts] == [["a", "b", "d"], ["c", "b", "b", "d"]]


def test_an_unbroken_section_moves_whole():
    rows = [["dados", "2D4", "1D6", "1D5"], ["≈", "5", "3,5", "3"]]
    # By the estimate: 15 lines of text, 15 × (3.1 + 0.5) + a gap 1.2 = 55.2, leave 68 − 55.2 = 12.8 mm.
    # The dice: title 3.3 + header 2.9 + gap 1.2 = 7.4, and 3.4 a row: whole 7.4 + 6.8 = 14.2 > 12.8,
    # but the head and one row, 10.8, fit.
    text = Section("text", items=["x"] * 15)
    dice = Section("table", "dados", headers=["", "D", "L", "S"], items=rows)
    assert [len(s.items) for s in pack(Card("R", [text, dice]))[0].sections] == [15, 1]  # split by rows
    whole = Section("table", "dados", headers=["", "D", "L", "S"], items=rows, unbroken=True)
    parts = pack(Card("R", [text, whole]))
    assert [[len(s.items) for s in p.sections] for p in parts] == [[15], [2]]
