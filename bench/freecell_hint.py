"""What a FreeCell hint costs with the plans keyed by table text (before) and by places (now).

Run: .venv/bin/python bench/freecell_hint.py [--deals 20] [--rounds 5]

For each of Microsoft's deals 1..N it asks the site's hint (``analysis.honest.advise`` with the
game's hint budget) at the deal's start, with the plans forgotten before each ask, so every ask
searches and stores the line's positions. Both ways of keying a plan are timed in turn (A B A B
…, the same process, so a change in the machine's load falls on both), their hints compared (the
same token, chance and exactness), and the ratio of the CPU times printed. Before: a position's
plan under ``key()`` and its table text minus the header (which writes every card's name and runs
``legal_moves`` for the header's ``status=``); now: ``key()`` and the cards of every place.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from paciencia.analysis import honest
from paciencia.analysis.honest import Budget, advise
from paciencia.engine.dealcode import number_to_letters
from paciencia.engine.protocol import State
from paciencia.games import new_state


def text_key(state: State[Any]) -> tuple[object, str]:
    """The key before: the table text, its header line dropped."""
    return state.key(), state.to_text().split("\n", 1)[1]


def hints(deals: int, exact: Any) -> tuple[float, list[tuple[str, str | None, int, int, bool]]]:
    honest._exact = exact
    out = []
    took = 0.0
    for number in range(1, deals + 1):
        state = new_state(f"FC1-4-{number_to_letters(number)}")
        honest._plans.clear()
        knowledge = state.game.knowledge(state, [])
        t = time.process_time()
        advice = advise(knowledge, Budget(*state.game.hint_budget))
        took += time.process_time() - t
        out.append((advice.analysis.kind, advice.analysis.token, advice.won, advice.total, advice.exact))
    return took, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    ns = parser.parse_args()
    now = honest._exact
    before_t: list[float] = []
    now_t: list[float] = []
    for _ in range(ns.rounds):
        t_before, h_before = hints(ns.deals, text_key)
        t_now, h_now = hints(ns.deals, now)
        assert h_before == h_now, "the hints differ"
        before_t.append(t_before)
        now_t.append(t_now)
    honest._exact = now
    b, n = statistics.median(before_t), statistics.median(now_t)
    print(f"FreeCell hints at the start of deals 1-{ns.deals}, {ns.rounds} rounds each way in turn (CPU):")
    print(f"  plans keyed by table text: median {1000 * b / ns.deals:.2f} ms a hint")
    print(f"  plans keyed by places:     median {1000 * n / ns.deals:.2f} ms a hint")
    rounds = ", ".join(f"{x / y:.2f}" for x, y in zip(now_t, before_t, strict=True))
    print(f"  now / before: x{n / b:.2f} (per round: {rounds})")
    print("  the same hints (token, chance, exactness) both ways")


if __name__ == "__main__":
    main()
