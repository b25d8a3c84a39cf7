"""Where the honest player loses: for each game of a ``bench/honest_play.py`` results file that
was lost on a deal the solver wins (every card known), the move after which no line wins any
more (``review_game``: the position before it proved winnable, the one after it proved lost),
and there, with more completions than the player had, the share of completions won after each
move the player could have played (hindsight per move, each settled after the move). Prints per
game: the move played and its share, the best move and its share, the unsettled completions,
and a tally: how often a move with clearly more winning completions was there (a choice the
player's own sampling got wrong), and how often the move played was as good as any by this
count (a loss that hindsight cannot see: what the player did not know decided it).

Run: .venv/bin/python bench/honest_diagnose.py RESULTS.jsonl [--games 50] [--completions 48]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from paciencia.analysis.honest import fresh_moves
from paciencia.analysis.review import review_game
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state

MARGIN = 0.10
"""A share this much above the move played counts as clearly better."""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("results", type=Path)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--completions", type=int, default=48)
    ap.add_argument("--nodes", type=int, default=20_000)
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.results.read_text().splitlines()]
    tally: dict[str, int] = {}
    seen = 0
    for row in rows:
        if row["won"] or "tokens" not in row or seen >= args.games:
            continue
        start = new_state(row["code"])
        tokens = row["tokens"]
        review = review_game(start, tokens)
        if review.deal != Verdict.WINNABLE.value:
            continue
        seen += 1
        if review.losing is None:
            kind = "unsure"
            print(f"{row['code']}: lost ({row['end']}), the losing move not settled")
            tally[kind] = tally.get(kind, 0) + 1
            continue
        i = review.losing
        game = start.game
        knowledge = game.knowledge(start, tokens[:i])
        played = tokens[i]
        completions = knowledge.completions(args.completions)
        moves = fresh_moves(completions[0], knowledge.since)
        shares: dict[str, float] = {}
        unknown = 0
        for token in moves:
            won = 0
            for c in completions:
                after = c.copy()
                after.play(token)
                v, _ = game.settle(after, args.nodes)
                won += v == Verdict.WINNABLE.value
                unknown += v == Verdict.UNKNOWN.value
            shares[token] = won / len(completions)
        best = max(shares, key=lambda t: shares[t])
        mine = shares.get(played, 0.0)
        kind = "a better move by hindsight" if shares[best] >= mine + MARGIN else "hindsight blind"
        tally[kind] = tally.get(kind, 0) + 1
        print(
            f"{row['code']}: move {i} of {len(tokens)} ({row['end']}): played {played} {100 * mine:.0f}%, "
            f"best {best} {100 * shares[best]:.0f}%, {len(moves)} moves, unsettled {unknown} "
            f"of {len(moves) * len(completions)}; {len(knowledge.unseen)} unseen -> {kind}"
        )
    print(f"{seen} lost games on winnable deals: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))


if __name__ == "__main__":
    main()
