"""A completion names no deal: the positions hints and chances are worked out from carry no real
deal code (with the published shuffle a code names every card), for every registered game."""

from __future__ import annotations

import pytest

from paciencia.engine.dealcode import NAMELESS, DealCode
from paciencia.games import REGISTRY, new_state

VARIANTS = [(name, v) for name, e in REGISTRY.items() for v in e.game.variants]


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_no_completion_carries_the_deal_code(name: str, variant: str) -> None:
    cls = REGISTRY[name].game
    code = str(DealCode(cls.prefix, cls.version, variant, 4242))
    start = new_state(code)
    tokens = [str(start.legal_moves()[0])]
    state = start.copy()
    state.play_all(tokens)
    knowledge = state.game.knowledge(start, tokens)
    for completion in knowledge.completions(4):
        assert completion.code.number == NAMELESS, (code, completion.code)
        assert code not in completion.to_text()
    assert code not in knowledge.state.to_text()
