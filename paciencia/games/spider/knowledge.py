"""What a Spider player knows (``Game.knowledge``): its cards repeat (two to eight of each), so a
card is not known by its value having been seen somewhere; each card slot is followed instead.

Every card of the starting position gets a tag of its own, and the tags follow the cards
through each token (moves, deals, runs leaving for a foundation, and the undos of all three, as
the position's history records them). A tag is seen once its card was face up on a column; a
card is known when its tag was seen, and a foundation's cards are always known (a complete run).
A deal undone puts seen cards back in the stock: they stay known there.
"""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.engine.knowledge import Knowledge, knowledge_of
from paciencia.engine.protocol import is_undo
from paciencia.games.spider.rules import COLS, FOUNDATIONS, K_DEAL, RUN, SpiderState


def spider_knowledge(start: SpiderState, tokens: Sequence[str]) -> Knowledge:
    state = start.copy()
    count = 0

    def fresh(n: int) -> list[int]:
        nonlocal count
        count += n
        return list(range(count - n, count))

    stock = fresh(len(state.stock))
    cols = [fresh(len(col)) for col in state.cols]
    gone: list[list[int]] = []  # the tags of each run that left, in order

    def seen_now() -> set[int]:
        return {t for i, tags in enumerate(cols) for t in tags[state.down[i] :]}

    seen = seen_now()
    since = 0
    for token in tokens:
        if is_undo(token):
            if not state.history:
                state.undo()  # refused: nothing to undo (raises)
            m, _flipped, left = state.history[-1]
            state.undo()
            for i, _turned in reversed(left):
                cols[i].extend(gone.pop())
            if m.kind == K_DEAL:
                for tags in reversed(cols):
                    stock.append(tags.pop())
            else:
                cols[m.src].extend(cols[m.dst][-m.n :])
                del cols[m.dst][-m.n :]
        else:
            m = state.play(token)
            _m, _flipped, left = state.history[-1]
            if m.kind == K_DEAL:
                for tags in cols:
                    tags.append(stock.pop())
            else:
                cols[m.dst].extend(cols[m.src][-m.n :])
                del cols[m.src][-m.n :]
            for i, _turned in left:
                gone.append(cols[i][-RUN:])
                del cols[i][-RUN:]
        now = seen_now()
        if not seen.issuperset(now):
            seen |= now
            since = len(state.history)
    assert [len(t) for t in cols] == [len(c) for c in state.cols] and len(stock) == len(state.stock)
    known = [[t in seen for t in stock]]
    known += [[True] * (RUN if k < len(state.found) else 0) for k in range(FOUNDATIONS)]
    known += [[t in seen for t in cols[i]] for i in range(COLS)]
    return knowledge_of(state, known, state.game.deck(), since)
