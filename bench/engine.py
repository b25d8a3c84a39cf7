"""Engine speed: legal moves, a push+undo pair, the automatic move's rule (``auto_move``, asked
for every view the site sends), and (Crescent) a full random playout.

Run: .venv/bin/python bench/engine.py [--deals N]
Targets (issues 2 and 3): Crescent legal moves <= 30 us median, push+undo <= 5 us median, a
random playout <= 5 ms median; Klondike legal moves <= 20 us median, push+undo <= 5 us median.
Figures are medians over many mid-game positions (a deal plus 30 seeded random legal moves),
each position timed as the best of 5 runs of a batch (to shed scheduler noise).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from paciencia.engine.protocol import State, Status
from paciencia.games import new_state


def mid_game(code: str, rng: random.Random, plies: int = 30) -> State[Any] | None:
    """A deal after ``plies`` seeded random moves (redealing when stuck), or None when the position
    reached has no move but a redeal (nothing to time a push+undo on)."""
    state = new_state(code)
    for _ in range(plies):
        legal = state.legal_moves()
        if not legal:
            break
        plays = [m for m in legal if str(m) != "R"]
        state.push(rng.choice(plays or legal))
    return state if any(str(m) != "R" for m in state.legal_moves()) else None


def per_call_us(fn: Callable[[], object], batch: int = 200) -> float:
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter_ns()
        for _ in range(batch):
            fn()
        best = min(best, (time.perf_counter_ns() - t) / batch / 1000)
    return best


def push_undo(state: State[Any]) -> Callable[[], None]:
    moves = [m for m in state.legal_moves() if str(m) != "R"]
    move = moves[len(moves) // 2]

    def pair() -> None:
        state.push(move)
        state.undo()

    return pair


def playout(code: str, rng: random.Random, cap: int = 200) -> tuple[float, Status, int]:
    """Random legal moves until won or blocked: foundation moves first, no move straight back, at
    most ``cap`` moves per deal phase, then a redeal. Returns (ms, final status, moves)."""
    t = time.perf_counter_ns()
    state = new_state(code)
    last = None
    phase = 0
    while True:
        legal = state.legal_moves()
        plays = [m for m in legal if not m.is_redeal and not (last and m.src == last.dst and m.dst == last.src)]
        up = [m for m in plays if m.dst >= 16 and m.src < 16]
        if phase < cap and (up or plays):
            m = rng.choice(up or plays)
            state.push(m)
            last, phase = m, phase + 1
            continue
        if state.status is not Status.PLAYING or not any(m.is_redeal for m in legal):
            break
        state.push(next(m for m in legal if m.is_redeal))
        last, phase = None, 0
    return (time.perf_counter_ns() - t) / 1e6, state.status, state.moves


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    n = ap.parse_args().deals
    rng = random.Random(2026)
    for prefix, label in (("CR1-N", "Crescent"), ("KL1-3", "Klondike draw 3"), ("KL1-1", "Klondike draw 1")):
        codes = [f"{prefix}-{''.join(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ') for _ in range(7))}" for _ in range(n)]
        states = [s for s in (mid_game(c, rng) for c in codes) if s is not None]
        legal = [per_call_us(s.legal_moves) for s in states]
        pairs = [per_call_us(push_undo(s)) for s in states]
        autos = [per_call_us(s.auto_move) for s in states]
        print(
            f"{label}: legal moves median {statistics.median(legal):.1f} us (p95 "
            f"{statistics.quantiles(legal, n=20)[-1]:.1f}), push+undo median {statistics.median(pairs):.2f} us "
            f"(p95 {statistics.quantiles(pairs, n=20)[-1]:.2f}), automatic move median "
            f"{statistics.median(autos):.2f} us over {len(states)} mid-game positions"
        )
        if prefix.startswith("CR"):
            runs = [playout(c, rng) for c in codes]
            ms = [r[0] for r in runs]
            ends = {s: sum(1 for r in runs if r[1] is s) for s in Status}
            print(
                f"Crescent random playout: median {statistics.median(ms):.2f} ms (p95 "
                f"{statistics.quantiles(ms, n=20)[-1]:.2f}), median {statistics.median(r[2] for r in runs):.0f} "
                f"moves; ended won {ends[Status.WON]}, blocked {ends[Status.BLOCKED]}, "
                f"capped while playing {ends[Status.PLAYING]} of {n}"
            )


if __name__ == "__main__":
    main()
