"""A completion names no deal: the positions hints and chances are worked out from carry no real
deal code (with the published shuffle a code names every card), for every registered game; and
two positions the player cannot tell apart, under different deal codes, give the very same
completions (so nothing worked out from completions alone can tell the two apart)."""

from __future__ import annotations

import pytest

from paciencia.engine.dealcode import NAMELESS, DealCode
from paciencia.engine.knowledge import Knowledge
from paciencia.games import REGISTRY, new_state, state_from_text
from tests.web.test_honest import hiding_deals, mid_game, pairs

VARIANTS = [(name, v) for name, e in REGISTRY.items() for v in e.game.variants]


def after_a_move(code: str) -> tuple[Knowledge, bool]:
    """The knowledge of a deal after its first legal move, and whether the fresh deal hides cards."""
    start = new_state(code)
    tokens = [str(start.legal_moves()[0])]
    hides = bool(start.game.knowledge(start, []).unknown)
    return start.game.knowledge(start, tokens), hides


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_no_completion_carries_the_deal_code(name: str, variant: str) -> None:
    cls = REGISTRY[name].game
    codes = [str(DealCode(cls.prefix, cls.version, variant, n)) for n in (4242, 977_000_123)]
    named = set()
    for code in codes:
        knowledge, hides = after_a_move(code)
        assert bool(knowledge.unknown) == hides, code  # a game that hides cards: some still hidden
        for completion in knowledge.completions(4, every=24):
            assert completion.code.number == NAMELESS, (code, completion.code)
            assert code not in completion.to_text()
            named.add(completion.code)
        assert knowledge.state.code.number == NAMELESS and code not in knowledge.state.to_text()
    # Nothing derived from the deal either: two deals' completions name the one code (the game
    # and variant alone, as a table text's header needs).
    assert named == {DealCode.parse(codes[0]).nameless()}


@pytest.mark.parametrize("code", hiding_deals())
def test_look_alike_positions_under_different_codes_give_the_same_completions(code: str) -> None:
    """A position and its twin (two hidden cards of different places exchanged, and another deal
    number): the same knowledge (digest), and the same completions to the last character of
    their table texts, the header's code included. Hints, chances and refusals are worked out
    from these alone, so whatever they read of a completion is the same on both sides."""
    for one, two in pairs(mid_game(code, 4), 3):
        a, b = state_from_text(one), state_from_text(two)
        assert a.code != b.code and a.to_text() != b.to_text()
        ka, kb = a.game.knowledge(a, []), b.game.knowledge(b, [])
        assert ka.digest == kb.digest
        texts = [c.to_text() for c in ka.completions(6)]
        assert texts == [c.to_text() for c in kb.completions(6)], (one, two)
        assert [c.code for c in ka.completions(6)] == [c.code for c in kb.completions(6)]
