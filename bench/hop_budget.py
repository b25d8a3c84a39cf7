"""What a capped race costs the sight player, decision by decision (issue 40: the site's hints at
47 % within a hint's p95 of 300 ms).

The sight player (``klondike.hop``, 1,500 layouts, ``sight``) plays fresh draw-three deals; at each
decision that is not a sure move, the same knowledge is also raced with fewer layouts at most.
Prints each cap's CPU a decision (p50, p95, max, mean, in this process) and how often it chooses
the commitment the 1,500-layout race chooses. A proxy, not a win rate: a different choice on a
near tie may cost nothing, and only games played with the cap tell its strength.

    .venv/bin/python bench/hop_budget.py --deals 10 --seed 99 --caps 300 150
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from honest_play import _hop_line  # the bench's sight player, as it plays (bench/ is the script's path)

from paciencia.analysis.survey import deal_codes
from paciencia.engine.protocol import Status
from paciencia.games import new_state
from paciencia.games.klondike.hop import hop_lines

FULL = 1500


def decisions(code: str, caps: list[int]) -> list[dict[str, Any]]:
    """One game of the sight player; a row for each decision that is not a sure move."""
    start = new_state(code)
    game = start.game
    state = start.copy()
    tokens: list[str] = []
    rows: list[dict[str, Any]] = []
    while len(tokens) < 400 and state.status == Status.PLAYING:
        knowledge = game.knowledge(start, tokens)
        if not knowledge.unknown:
            break  # every card seen: the player follows a plan, no race
        sure = game.sure_move(knowledge)
        if sure is None:
            row: dict[str, Any] = {"code": code, "move": len(tokens)}
            chosen = {}
            for cap in [FULL, *caps]:
                began = time.process_time()
                lines = hop_lines(knowledge, cap, 1000, True, True)
                row[f"cpu{cap}"] = time.process_time() - began
                chosen[cap] = lines[0] if lines else None
            for cap in caps:
                row[f"same{cap}"] = chosen[cap] == chosen[FULL]
            rows.append(row)
        line = (sure,) if sure is not None else _hop_line(game, knowledge, FULL, 1000, True, True)
        if not line:
            break
        for token in line:
            state.play(token)
            tokens.append(token)
            if token == "D" and game.knowledge(start, tokens).since != knowledge.since:
                break
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=99)
    ap.add_argument("--caps", type=int, nargs="+", default=[300, 150])
    ap.add_argument("--rows", type=Path, help="also write each decision's row here (JSON lines)")
    args = ap.parse_args()
    rows: list[dict[str, Any]] = []
    for code in deal_codes("klondike", "3", args.deals, args.seed):
        rows += decisions(code, args.caps)
        print(f"{code}: {len(rows)} decisions so far", file=sys.stderr, flush=True)
    if args.rows:
        args.rows.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"{len(rows)} decisions of {args.deals} fresh draw-three deals (seed {args.seed}), CPU in process")
    print("| layouts at most | p50 | p95 | max | mean | same commitment as 1,500 |")
    print("|---|---|---|---|---|---|")
    for cap in [FULL, *args.caps]:
        t = sorted(r[f"cpu{cap}"] for r in rows)
        same = "—" if cap == FULL else f"{100 * statistics.mean(r[f'same{cap}'] for r in rows):.0f} %"
        p50, p95 = t[len(t) // 2], t[min(len(t) - 1, int(0.95 * len(t)))]
        print(
            f"| {cap:,} | {1000 * p50:.0f} ms | {1000 * p95:.0f} ms | {1000 * t[-1]:.0f} ms"
            f" | {1000 * statistics.mean(t):.0f} ms | {same} |"
        )


if __name__ == "__main__":
    main()
