"""Properties of random legal play on random deals, all four variants."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from paciencia.games import new_state, state_from_text
from paciencia.games.crescent.rules import ASC, PILE_LIMIT, CrescentGame, CrescentState, move

deals = st.tuples(st.sampled_from("NFDB"), st.integers(0, 26**7 - 1))
choices = st.lists(st.integers(0, 10**6), min_size=1, max_size=150)


def start(deal: tuple[str, int]) -> CrescentState:
    return CrescentGame(deal[0]).new_state(deal[1])


def cards(state: CrescentState) -> Counter[int]:
    return Counter(c for _, place in state.place_lines() for c, _ in place)


@settings(max_examples=40, deadline=None)
@given(deals, choices)
def test_random_play_keeps_every_card_twice_and_text_round_trips(deal: tuple[str, int], picks: list[int]) -> None:
    s = start(deal)
    for pick in picks:
        legal = s.legal_moves()
        if not legal:
            break
        s.apply(legal[pick % len(legal)])
        assert cards(s) == Counter({c: 2 for c in range(52)})
        text = s.to_text()
        assert state_from_text(text).to_text() == text


@settings(max_examples=40, deadline=None)
@given(deals, choices)
def test_undo_restores_the_exact_previous_position(deal: tuple[str, int], picks: list[int]) -> None:
    s = start(deal)
    for pick in picks:
        legal = [m for m in s.legal_moves() if not m.is_redeal]
        if not legal:
            break
        before = s.to_text()
        m = legal[pick % len(legal)]
        s.apply(m)
        s.undo()
        assert s.to_text() == before
        s.apply(m)


@settings(max_examples=40, deadline=None)
@given(deals, choices)
def test_legal_moves_agree_with_check_and_never_overfill_or_fill_an_empty_pile(
    deal: tuple[str, int], picks: list[int]
) -> None:
    s = start(deal)
    for pick in picks:
        legal = s.legal_moves()
        every = {move(a, b) for a in range(24) for b in range(24)}
        assert {m for m in every if s.check(m) is None} == {m for m in legal if not m.is_redeal}
        for m in legal:
            if not m.is_redeal and m.dst < ASC:
                assert 0 < len(s.piles[m.dst]) < PILE_LIMIT
            assert str(s.game.parse_move(str(m))) == str(m)
        if not legal:
            break
        s.apply(legal[pick % len(legal)])


def test_a_deal_code_reproduces_the_same_game() -> None:
    a, b = new_state("CR1-B-QWERTYU"), new_state("cr1-b-qwertyu")
    for _ in range(40):
        legal_a, legal_b = a.legal_moves(), b.legal_moves()
        assert legal_a == legal_b
        if not legal_a:
            break
        a.apply(legal_a[-1])
        b.apply(legal_b[-1])
    assert a.to_text() == b.to_text()
