"""What Spider's honest hint costs (issue 41: 300 ms at the 95th percentile through the API), in
process: the knowledge replayed from the moves played, the completions drawn and settled.

Run: .venv/bin/python bench/spider_hint.py [--positions 100] [--suits 1 2 4] [--seed 1]

For each suit count, random deals are played from their start by following the hints (as a
player pressing Hint each move would) until ``--positions`` hints were asked, and each hint is
timed (wall clock and this process's CPU): ``Game.knowledge`` over the moves so far, then
``analysis.honest.advise`` on the game's ``hint_budget``. The HTTP around it is left out (the
site's own bench, bench/honest_latency.py, times it once Spider is on the site). Also printed:
how the games played by the hints ended (won, lost, left when no hint moved or after 400 hints,
cut when the count of hints was reached).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from paciencia.analysis.honest import Budget, advise
from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.engine.protocol import Status
from paciencia.games import new_state

MOVES = 400
"""A game followed no further than this many hints."""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--suits", nargs="*", default=["1", "2", "4"], choices=["1", "2", "4"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="print each game that ended without a win")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    for suits in a.suits:
        wall: list[float] = []
        cpu: list[float] = []
        ends = {"won": 0, "lost": 0, "left": 0, "cut": 0}
        while len(wall) < a.positions:
            code = str(DealCode("SP", 1, suits, rng.randrange(DEAL_COUNT)))
            start = new_state(code)
            state = start.copy()
            tokens: list[str] = []
            end = "left"
            for _ in range(MOVES):
                if state.status is Status.WON:
                    end = "won"
                    break
                t, c = time.perf_counter(), time.process_time()
                knowledge = start.game.knowledge(start, tokens)
                advice = advise(knowledge, Budget(*start.game.hint_budget))
                wall.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
                if advice.analysis.kind != "move" or advice.analysis.token is None:
                    end = "lost" if advice.analysis.kind == "lost" else "left"
                    if a.verbose:
                        print(f"  {code}: {advice.analysis.kind} after {len(tokens)} moves: {' '.join(tokens)}")
                    break
                state.play(advice.analysis.token)
                tokens.append(advice.analysis.token)
                if len(wall) >= a.positions:
                    end = "cut"
                    break
            ends[end] += 1
        ms = [1000 * x for x in wall]
        cms = [1000 * x for x in cpu]
        print(
            f"Spider, {suits} suit(s), hint budget {new_state(f'SP1-{suits}-AAAAAAB').game.hint_budget}: "
            f"{len(ms)} hints; wall ms median {statistics.median(ms):.0f}, 95th pct {pct(ms, 0.95):.0f}, "
            f"max {max(ms):.0f}; CPU ms median {statistics.median(cms):.0f}, 95th pct {pct(cms, 0.95):.0f}; "
            f"games {ends}",
            flush=True,
        )


if __name__ == "__main__":
    main()
