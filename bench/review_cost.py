"""What the review of the longest game a record keeps costs: time and peak memory.

Run: .venv/bin/python bench/review_cost.py [--moves 20000] [--code KL1-3-AAAAAAB]
Each figure is measured in a fresh process (peak RSS, ``ru_maxrss``, is per process): the
review's positions kept as one copy every ``CHECKPOINT`` (today), beside a copy of every
position (what the review kept before issue 21), and the whole review (solver included).
The record: a seeded random game of legal moves and undos (a Klondike state keeps its whole undo
history, so a copy of position i holds i moves), cut at ``--moves`` tokens.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from typing import Any

from paciencia.engine.protocol import State
from paciencia.games import new_state


def record(code: str, moves: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    state = new_state(code)
    tokens: list[str] = []
    while len(tokens) < moves:
        legal = state.legal_moves()
        token = "U" if state.can_undo and (not legal or rng.random() < 0.2) else str(rng.choice(legal))
        state.play(token)
        tokens.append(token)
    return tokens


def every_copy(start: State[Any], tokens: list[str]) -> int:
    state = start.copy()
    kept = [state.copy()]
    for token in tokens:
        state.play(token)
        kept.append(state.copy())
    return len(kept)


def measure(kind: str, code: str, moves: int) -> dict[str, Any]:
    from paciencia.analysis.review import Positions, review_game

    tokens = record(code, moves)
    start = new_state(code)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    if kind == "checkpoints":
        Positions(start, tokens)
    elif kind == "every":
        every_copy(start, tokens)
    else:
        review_game(start, tokens)
    seconds = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "kind": kind,
        "seconds": round(seconds, 2),
        "peak_mb": round(peak / 1024, 1),
        "grew_mb": round((peak - base) / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=20_000)
    parser.add_argument("--code", default="KL1-3-AAAAAAB")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.one:
        print(json.dumps(measure(ns.one, ns.code, ns.moves)))
        return
    print(f"review of a {ns.moves}-token record of {ns.code} (each in a fresh process)")
    print(f"{'what':<34} {'seconds':>8} {'peak MB':>8} {'grown MB':>9}")
    labels = {
        "every": "a copy of every position (before)",
        "checkpoints": "a copy every 64 positions (now)",
        "review": "the whole review (now)",
    }
    for kind, label in labels.items():
        cmd = [sys.executable, __file__, "--one", kind, "--moves", str(ns.moves), "--code", ns.code]
        out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        print(f"{label:<34} {out['seconds']:>8} {out['peak_mb']:>8} {out['grew_mb']:>9}")


if __name__ == "__main__":
    main()
