"""The Crescent solver: lines that replay to won, proofs of loss, the safe rules checked against
plain exhaustive search, hints and progress analysis."""

from __future__ import annotations

import random

import pytest

from paciencia.engine.verdict import Verdict
from paciencia.games import new_state, state_from_text
from paciencia.games.crescent import _search as _crescent
from paciencia.games.crescent.analysis import analyse_crescent, crescent_progress, hint_crescent, useful_crescent
from paciencia.games.crescent.rules import CrescentState
from paciencia.games.crescent.solver import (
    _position,
    projection,
    solve_crescent,
)
from tests.tables import CRESCENT_FOUNDATIONS, RANKS, SUITS, crescent_table, read


def position(piles: dict[int, list[str]], tops: dict[str, int] | None = None, redeals: int = 0) -> CrescentState:
    """A position from table text: ``tops`` gives a foundation's card count (default 13)."""
    return read(crescent_table(tops, piles, code="CR1-N-AAAAAAB", redeals=redeals), CrescentState)


def replays_to_won(state: CrescentState, line: tuple[str, ...]) -> bool:
    st = state.copy()
    st.play_all(line)
    return st.is_won()


def plain(state: CrescentState) -> bool:
    """Plain exhaustive search on the engine: every legal move, transfers included, no reduction."""
    seen: set[tuple[object, ...]] = set()

    def go(st: CrescentState) -> bool:
        if st.is_won():
            return True
        k = st.key()
        if k in seen:
            return False
        seen.add(k)
        for m in st.legal_moves():
            nxt = st.copy()
            nxt.push(m)
            if go(nxt):
                return True
        return False

    return go(state.copy())


def random_endgame(rng: random.Random, left: int) -> CrescentState:
    """A random position with 3 to ``left`` cards on a few piles and the rest up."""
    total = rng.randint(3, left)
    cuts = sorted(rng.randint(0, total) for _ in range(3))
    tops: dict[str, int] = {}
    cards: list[str] = []
    for s, k in zip(SUITS, [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]], strict=True):
        # k cards of the suit left: the two foundations hold 26 - k, overlapping when k < 13.
        n_a = rng.randint(13 - k, 13)
        tops["A" + s], tops["K" + s] = n_a, 26 - k - n_a
        for r in range(13):
            cards += [RANKS[r] + s] * (2 - (r < n_a) - (r >= n_a + k - 13))
    rng.shuffle(cards)
    piles: dict[int, list[str]] = {}
    for c in cards:
        piles.setdefault(rng.randint(1, 4), []).append(c)
    return position(piles, tops, redeals=rng.randint(0, 2))


# -- deals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["CR1-N-DSJRVFD", "CR1-N-SSUGLDR", "CR1-F-DSJRVFD", "CR1-D-SSUGLDR"])
def test_deal_line_replays_to_won(code: str) -> None:
    state = new_state(code)
    assert isinstance(state, CrescentState)
    r = solve_crescent(state, 5.0)
    assert r.verdict is Verdict.WINNABLE
    assert replays_to_won(state, r.line)


def test_near_end_positions_from_table_text() -> None:
    state = new_state("CR1-N-DSJRVFD")
    assert isinstance(state, CrescentState)
    line = solve_crescent(state, 5.0).line
    for cut in range(max(0, len(line) - 60), len(line), 3):
        st = state.copy()
        st.play_all(line[:cut])
        text = st.to_text()
        again = state_from_text(text)
        assert isinstance(again, CrescentState)
        r = solve_crescent(again, 2.0)
        assert r.verdict is Verdict.WINNABLE, text
        assert replays_to_won(again, r.line)


# -- small positions ---------------------------------------------------------------------------


def test_one_move_from_won() -> None:
    for piles, tops, token in (
        ({5: ["Kh"]}, {"Ah": 12}, "5-Ah"),
        ({9: ["Ad"]}, {"Kd": 12}, "9-Kd"),
    ):
        state = position(piles, tops)
        r = solve_crescent(state, 1.0)
        assert r.verdict is Verdict.WINNABLE
        assert r.line == (token,)


def test_met_suit_needs_transfers() -> None:
    # Hearts meet at 5/6, so the piles hold one heart of each rank; the Ace and the 2 on top need
    # the meeting point slid down by transfers first.
    hearts = ["Kh", "Qh", "Jh", "Th", "9h", "8h", "7h", "6h", "5h", "4h", "3h"]
    state = position({1: hearts, 2: ["Ah", "2h"]}, {"Ah": 5, "Kh": 8})
    r = solve_crescent(state, 2.0)
    assert r.verdict is Verdict.WINNABLE
    assert any(t in ("Ah-Kh", "Kh-Ah") for t in r.line)
    assert replays_to_won(state, r.line)


@pytest.mark.parametrize(
    ("redeals", "verdict"), [(0, Verdict.UNWINNABLE), (1, Verdict.UNWINNABLE), (2, Verdict.WINNABLE)]
)
def test_inversion_needs_two_redeals(redeals: int, verdict: Verdict) -> None:
    # Ascending diamonds complete, descending at 3: the Ace above the 2 needs them swapped.
    state = position({3: ["Kc", "2d", "Ad"]}, {"Kd": 11, "Ac": 12}, redeals=redeals)
    r = solve_crescent(state, 2.0)
    assert r.verdict is verdict
    assert plain(state) is (verdict is Verdict.WINNABLE)
    if verdict is Verdict.WINNABLE:
        assert replays_to_won(state, r.line)


def test_blocked_position_is_lost() -> None:
    state = position({1: ["2d", "Ad"]}, {"Kd": 11})
    assert state.status.value == "blocked"
    assert solve_crescent(state, 1.0).verdict is Verdict.UNWINNABLE


# -- soundness of the reductions against plain search -------------------------------------------


def test_solver_agrees_with_plain_search() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(120):
        state = random_endgame(rng, 7)
        r = solve_crescent(state, 3.0)
        assert r.verdict is not Verdict.UNKNOWN
        assert (r.verdict is Verdict.WINNABLE) is plain(state), state.to_text()
        if r.verdict is Verdict.WINNABLE:
            assert replays_to_won(state, r.line)
        checked += 1
    assert checked == 120


def test_dead_and_clearance_rules_against_plain_search() -> None:
    rng = random.Random(11)
    dead = cleared = 0
    for _ in range(300):
        state = random_endgame(rng, 8)
        dead_now, up, piles, a, d, _, _ = _crescent.reductions(
            [list(p) for p in state.piles], state.ftop[:4], state.ftop[4:], state.redeals
        )
        if dead_now:
            dead += 1
            assert not plain(state), state.to_text()
        if up:
            cleared += 1
            after = position(
                {i + 1: [RANKS[c % 13] + SUITS[c // 13] for c in p] for i, p in enumerate(piles)},
                {f: (a[i] + 1 if i < 4 else 13 - d[i - 4]) for i, f in enumerate(CRESCENT_FOUNDATIONS)},
                state.redeals,
            )
            assert plain(after) is plain(state), state.to_text()
    assert dead > 5 and cleared > 5


def random_middle(rng: random.Random, left: int, piles: int) -> tuple[list[list[int]], list[int], list[int]]:
    """A random position with no redeal left and ``left`` cards on ``piles`` piles, each suit in
    whichever phase its share of the cards gives (gap, met or overlap), as the C search reads it."""
    while True:
        out: list[list[int]] = [[] for _ in range(16)]
        a, d, cards = [], [], []
        share = [0] * 4
        for _ in range(left):
            share[rng.randrange(4)] += 1
        for s in range(4):
            k = min(share[s], 24)  # 12 - a + d cards of the suit on the piles
            ta, td = rng.choice([(x, y) for x in range(13) for y in range(13) if 12 - x + y == k])
            a.append(ta)
            d.append(td)
            cards += [s * 13 + r for r in range(13) for _ in range(2 - (r <= ta) - (r >= td))]
        rng.shuffle(cards)
        for c in cards:
            out[rng.randrange(piles)].append(c)
        if all(len(p) <= 13 for p in out):
            return out, a, d


def as_state(piles: list[list[int]], a: list[int], d: list[int], redeals: int = 0) -> CrescentState:
    return position(
        {i + 1: [RANKS[c % 13] + SUITS[c // 13] for c in p] for i, p in enumerate(piles)},
        {f: (a[i] + 1 if i < 4 else 13 - d[i - 4]) for i, f in enumerate(CRESCENT_FOUNDATIONS)},
        redeals,
    )


PLAIN = 0


@pytest.mark.parametrize("flag", ["R_SUIT", "R_STUCK", "R_SAFE", "R_PROJ", "R_FREE", "R_PROOF"])
def test_proof_reductions_against_plain_search(flag: str) -> None:
    """Each reduction of the sound search alone, then all of them, agree with plain search (every
    move, the transposition table only) on random positions with no redeal left: small ones also
    with the engine's plain search, larger ones with the C search's."""
    flags = getattr(_crescent, flag)
    rng = random.Random(7)
    verdicts = {0: 0, 1: 0}
    cuts = 0
    for left, piles, n in ((8, 3, 150), (20, 6, 120)):
        for _ in range(n):
            pos = random_middle(rng, left, piles)
            status, _, _, _, (_, pcuts) = _crescent.prove(*pos, 0, 10.0, flags)
            cuts += pcuts
            plain_status = _crescent.prove(*pos, 0, 10.0, PLAIN)[0]
            assert status in (0, 1) and plain_status in (0, 1)
            assert status == plain_status, pos
            if left <= 8:
                assert (status == 0) is plain(as_state(*pos)), pos
            verdicts[status] += 1
    assert verdicts[0] > 20 and verdicts[1] > 20
    assert (cuts > 20) is bool(flags & _crescent.R_PROJ)


def random_gap(rng: random.Random) -> tuple[list[list[int]], list[int], list[int]]:
    """A random position with no redeal left where spades alone are left, 14 to 16 of them on four
    piles: the suit is in its gap phase (its foundations hold 10 to 12 cards)."""
    while True:
        ta, td = rng.choice([(x, y) for x in range(13) for y in range(13) if 14 <= 12 - x + y <= 16 and y > x + 1])
        cards = [r for r in range(13) for _ in range(2 - (r <= ta) - (r >= td))]
        rng.shuffle(cards)
        out: list[list[int]] = [[] for _ in range(16)]
        for c in cards:
            out[rng.randrange(4)].append(c)
        if all(len(p) <= 13 for p in out):
            return out, [ta, 12, 12, 12], [td, 0, 0, 0]


def test_stuck_and_safe_moves_against_plain_search() -> None:
    """``stuck`` only ever condemns lost positions, in the gap phase too (where ``dead`` says
    nothing), and the safe moves up keep the verdict."""
    rng = random.Random(13)
    stuck = safe = gap_stuck = 0
    for k in range(2000):
        pos = random_middle(rng, 12, 4) if k % 4 == 0 else random_gap(rng)
        is_dead, _, piles, a, d, is_stuck, up = _crescent.reductions(*pos, 0)
        assert not is_dead or is_stuck, pos  # stuck generalises dead
        if not (is_stuck or up):
            continue
        won = _crescent.prove(*pos, 0, 10.0, PLAIN)[0] == 0
        if is_stuck:
            stuck += 1
            gap_stuck += not is_dead
            assert not won, pos
        if up:
            safe += 1
            assert (_crescent.prove(piles, list(a), list(d), 0, 10.0, PLAIN)[0] == 0) is won, pos
    assert stuck > 10 and gap_stuck >= 3 and safe > 10


def test_projection_is_a_relaxation() -> None:
    """A position whose projection on a suit is lost is lost (no redeal left)."""
    rng = random.Random(17)
    lost_projections = 0
    for _ in range(200):
        piles, a, d = random_middle(rng, 16, 5)
        pos = (piles, a, d, 0)
        won = _crescent.prove(*pos, 10.0, PLAIN)[0] == 0
        for s in range(4):
            if _crescent.prove(*projection(pos, [s]), 10.0, PLAIN)[0] == 1:
                lost_projections += 1
                assert not won, pos
    assert lost_projections > 20


def frozen_layout() -> CrescentState:
    """A starting layout (96 cards, three redeals) with no move at all: in each of the four
    redeal states (a pile's top, then its bottom three cards in turn) the 16 tops are of ranks
    3 5 7 9 or 4 6 8 10 in every suit: none goes up, none is another's pile neighbour."""
    rows = []
    for i in range(16):
        s, k = SUITS[i % 4], i // 4
        rows.append(["3579"[k] + s, "468T"[k] + s, "468T"[k] + s, "", "", "3579"[k] + s])
    middle = [r + s for s in SUITS for r in "A22JJQQK"]
    for i, row in enumerate(rows):
        row[3], row[4] = middle[2 * i], middle[2 * i + 1]
    tops = {f: 1 for f in CRESCENT_FOUNDATIONS}
    return read(crescent_table(tops, dict(enumerate(rows, 1)), code="CR1-N-AAAAAAB", redeals=3), CrescentState)


def test_unwinnable_starting_layout_exists() -> None:
    state = frozen_layout()
    assert sorted(len(p) for p in state.piles) == [6] * 16 and state.redeals == 3
    r = solve_crescent(state, 2.0)
    assert r.verdict is Verdict.UNWINNABLE
    assert _crescent.prove(*_position(state), 10.0, PLAIN)[0] == 1


def test_known_lost_positions_are_proved_lost() -> None:
    # The Ace above the 2 it must follow, with the Kings up: it can go nowhere.
    lost = position({1: ["2d", "Ad"]}, {"Kd": 11})
    assert solve_crescent(lost, 1.0).verdict is Verdict.UNWINNABLE
    assert _crescent.reductions(*_position(lost)[:3], 0)[5]  # stuck: the Ace can go nowhere
    inversion = position({3: ["Kc", "2d", "Ad"]}, {"Kd": 11, "Ac": 12}, redeals=0)
    assert solve_crescent(inversion, 1.0).verdict is Verdict.UNWINNABLE


# -- hints and progress ------------------------------------------------------------------------


def test_hint_is_legal_and_on_a_winning_line() -> None:
    state = new_state("CR1-N-DSJRVFD")
    assert isinstance(state, CrescentState)
    token = hint_crescent(state, 2.0)
    assert token is not None
    state.play(token)
    assert solve_crescent(state, 5.0).verdict is Verdict.WINNABLE


def test_hint_avoids_earlier_positions() -> None:
    state = new_state("CR1-N-KEMUBCR")
    assert isinstance(state, CrescentState)
    seen = {state.key()}
    for _ in range(15):
        token = hint_crescent(state, 0.0, seen)
        if token is None:
            break
        state.play(token)
        assert state.key() not in seen
        seen.add(state.key())
    assert hint_crescent(position({}), 0.1) is None


def test_progress_on_constructed_position() -> None:
    # Hearts to go: 7h … Kh, all on the ascending foundation.
    state = position({1: ["Th", "7h"], 2: ["8h"], 3: ["Kh", "Jh"], 4: ["9h", "Qh"]}, {"Ah": 6})
    assert sorted(map(str, state.legal_moves())) == ["1-2", "1-Ah", "2-1", "3-4", "4-3"]
    useful, lost = crescent_progress(state, 1.0)
    assert "1-Ah" in useful  # a card up
    assert "2-1" in useful  # empties pile 2
    assert "1-2" in useful  # uncovers Th, which can go onto Jh
    assert "4-3" in useful  # uncovers 9h, which can go onto 8h
    assert "3-4" not in useful  # uncovers Kh, which can go nowhere
    assert lost is (not plain(state))


def test_progress_proves_lost() -> None:
    state = position({3: ["Kc", "2d", "Ad"]}, {"Kd": 11, "Ac": 12}, redeals=0)
    useful, lost = crescent_progress(state, 1.0)
    assert lost
    assert useful == []  # the Ace cannot move: blocked


def test_analysis_for_the_hint_button() -> None:
    """One solve decides: proved lost, a move on a winning line, or no useful move."""
    lost = position({1: ["Kh", "8h", "9h"], 2: ["7h", "Th"], 3: ["Jh", "Qh"]}, {"Ah": 6}, redeals=0)
    assert lost.legal_moves() and not plain(lost)
    assert analyse_crescent(lost, 1.0) == ("lost", None)
    near = position({1: ["Th", "7h"], 2: ["8h"], 3: ["Kh", "Jh"], 4: ["9h", "Qh"]}, {"Ah": 6})
    kind, token = analyse_crescent(near, 1.0)
    assert kind == "move" and token is not None
    near.play(token)
    assert plain(near)
    # Out of time, on positions whose moves all only shuffle cards: no useful move to offer.
    rng = random.Random(3)
    found = 0
    for _ in range(3000):
        state = random_endgame(rng, 8)
        if state.legal_moves() and not useful_crescent(state):
            assert analyse_crescent(state, 0.0) == ("no_useful", None), state.to_text()
            found += 1
    assert found >= 3
