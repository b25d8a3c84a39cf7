"""The strong honest autoplayer against lonelybot's hindsight player on the same deals.

lonelybot (github.com/vuonghy2442/lonelybot, the commit that published 47.58 % on 15,024
draw-three deals) was built here and run on its own default-seed deals 0-299; what it printed,
each deal as Solvitaire JSON and whether its player won with 3,000 samples a commitment (its
setting) and with 300, is ``bench/data/lonelybot-hop-default-3.jsonl``. This script plays our
strong autoplayer (``honest_play.play``, ``--strong``; the hindsight player with ``--hop``, and
``--sight``) on those deals and prints the pairs. ``bench/record_run.py`` plays its frozen player
on them too, through ``starts`` and ``report``.

Run: .venv/bin/python bench/lonelybot_pairs.py --results lb.jsonl [--deals 300] [--shard i/n]
     .venv/bin/python bench/lonelybot_pairs.py --results lb.jsonl --summary
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from honest_play import play

from paciencia.analysis.honest import Budget
from paciencia.analysis.survey import wilson
from paciencia.games import state_from_text

DATA = Path(__file__).parent / "data" / "lonelybot-hop-default-3.jsonl"


def card(text: str) -> str:
    """A Solvitaire card (``10h``, ``QD``: lower case face down) as our table text's."""
    rank, suit = text[:-1], text[-1]
    ours = ("T" if rank == "10" else rank.upper()) + suit.lower()
    return ours if suit.isupper() else f"[{ours}]"


def table(deal: dict[str, Any]) -> str:
    """The deal as Klondike table text: the stock face down, dealt from its end as ours is."""
    lines = ["# klondike KL1-3-AAAAAAB status=playing moves=0 recycles=0 fan=0 up=0"]
    lines.append("S: " + " ".join(card(c[:-1] + c[-1].lower()) for c in deal["stock"]))  # face down
    lines += ["W:", "Fs:", "Fh:", "Fd:", "Fc:"]
    lines += [f"{i + 1}: " + " ".join(card(c) for c in pile) for i, pile in enumerate(deal["tableau piles"])]
    return "\n".join(lines) + "\n"


def starts(deals: int = 300) -> dict[str, str]:
    """lonelybot's first ``deals`` deals, each as our table text, by our name for it (``LB-<seed>``)."""
    rows = [json.loads(line) for line in DATA.read_text().splitlines()][:deals]
    return {f"LB-{r['seed']}": table(r["deal"]) for r in rows}


def report(done: dict[str, dict[str, Any]], deals: int = 300, name: str = "ours (strong)") -> None:
    """Our rows (``done``, by code) beside lonelybot's results on the same deals, paired."""
    rows = [json.loads(line) for line in DATA.read_text().splitlines()][:deals]
    played = [(done[f"LB-{r['seed']}"], r) for r in rows if f"LB-{r['seed']}" in done]
    pairs = [(ours["won"], r["won_3000"], r["won_300"]) for ours, r in played]
    n = len(pairs)
    if not n:
        print("  no deal played yet")
        return
    for label, k in ((name, 0), ("lonelybot, 3,000 samples", 1), ("lonelybot, 300 samples", 2)):
        won = sum(p[k] for p in pairs)
        lo, hi = wilson(won, n)
        print(f"  {label}: {won}/{n} = {100 * won / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)")
    for k, label in ((1, "3,000"), (2, "300")):
        only, other = sum(p[0] and not p[k] for p in pairs), sum(p[k] and not p[0] for p in pairs)
        z = (only - other) / (only + other) ** 0.5 if only + other else 0.0
        print(f"  won by ours alone {only}, by lonelybot ({label}) alone {other} (McNemar z = {z:.1f})")
    cpu = sum(ours["cpu"] for ours, _ in played) / n
    print(f"  ours: {cpu:.2f} s of CPU a game")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", type=Path, required=True)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--shard", default="0/1")
    ap.add_argument("--completions", type=int)
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--hop", type=int, default=0, help="the hindsight player, with this many samples")
    ap.add_argument("--limit", type=int, default=1000, help="with --hop: the positions searched in a sample")
    ap.add_argument("--ucb", action="store_true", help="with --hop: lonelybot's allocation (UCB1), not the race")
    ap.add_argument("--sight", action="store_true", help="with --hop: near ties off the columns before the talon")
    args = ap.parse_args()
    tables = starts(args.deals)
    done: dict[str, dict[str, Any]] = {}
    if args.results.exists():
        done = {(row := json.loads(line))["code"]: row for line in args.results.read_text().splitlines()}
    budget = None
    if args.completions or args.nodes:
        budget = Budget(args.completions or 24, args.nodes or 20_000)
    shard = tuple(map(int, args.shard.split("/")))

    if not args.summary:
        with args.results.open("a") as out:
            for i, code in enumerate(tables):
                if code in done or i % shard[1] != shard[0]:
                    continue
                start = state_from_text(tables[code])
                row = play(code, budget, True, start, args.hop, args.limit, not args.ucb, args.sight)
                del row["times"]
                done[code] = row
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(f"{code} {row['end']}", file=sys.stderr)
    report(done, args.deals, "ours (sight)" if args.sight else "ours (hindsight)" if args.hop else "ours (strong)")


if __name__ == "__main__":
    main()
