"""The interned moves of the one-deck games (``paciencia.games.moves.MoveTable``)."""

from __future__ import annotations

import pytest

from paciencia.games.freecell.rules import F0 as FREECELL_F0
from paciencia.games.freecell.rules import FreeCellMove
from paciencia.games.klondike.rules import F0 as KLONDIKE_F0
from paciencia.games.klondike.rules import KlondikeMove
from paciencia.games.moves import MAX_RUN, MoveTable, PlaceMove


@pytest.mark.parametrize(("cls", "f0"), [(FreeCellMove, FREECELL_F0), (KlondikeMove, KLONDIKE_F0)])
def test_a_table_is_made_on_first_use_and_holds_every_move_as_made_alone(cls: type[PlaceMove], f0: int) -> None:
    """Made when first asked for (not when the rules are imported); each move its one value,
    the same as one made alone, kind and refusal included; beyond a run, or where no run goes,
    a move is made when asked for."""
    table = MoveTable(cls, f0)
    assert "all" not in vars(table) and "to_suit" not in vars(table)
    count = len(cls.NAMES)
    for s in range(count):
        for d in range(count):
            for n in range(1, MAX_RUN + 2):
                m = table(s, d, n)
                alone = cls(s, d, n)
                assert (m, m.kind, m.static) == (alone, alone.kind, alone.static)
                if n <= MAX_RUN and (n == 1 or alone.classify(s, d, 2)[1] is None):
                    assert m is table(s, d, n) is table.all[s][d][n - 1]
    assert all(table.to_suit[s][suit] is table(s, f0 + suit) for s in range(count) for suit in range(4))


def test_a_move_asked_for_alone_makes_its_row_alone_and_the_table_keeps_it() -> None:
    """``table(src, dst)`` makes that row only (Klondike names its foundation moves at import,
    and a deal makes no other); the whole table made later holds the same values."""
    table = MoveTable(KlondikeMove, KLONDIKE_F0)
    first = table(0, 1, 3)
    assert "all" not in vars(table) and len(table._rows) == 1
    assert table.all[0][1][2] is first and table.to_suit[7][0] is table(7, KLONDIKE_F0)
