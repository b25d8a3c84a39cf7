"""Our Spider solver's verdicts beside an independent solver's, Solvitaire's (issue 41).

Run: .venv/bin/python bench/spider_vs_independent.py [--solvitaire PATH] [--deals 10] [--deal-cap 5]
     [--positions 20] [--cap 2] [--seed 2026]

Solvitaire (Charlie Blake and Ian Gent's general solver for solitaires of perfect information,
github.com/thecharlieblake/Solvitaire, GPL-2) is not part of this project: build it by its own
README and give its binary with ``--solvitaire`` or ``$SOLVITAIRE``; without it this prints how
to get it and exits 0. Both solvers run as one process each, in turn, with the same seconds.

Solvitaire's Spider (its preset ``spider``) is not ours in two rules, so only part of what it says
can be set beside our verdicts:

* it deals a row while a column is empty (ours refuses: PRODUCT.md §8), which only helps;
* a complete run King to Ace leaves only when it is a whole column (``only complete pile moves``:
  a run completed on top of other cards must first move to an empty column), and leaving is a
  move it may choose; ours leaves at once wherever it forms. One rule gives, the other takes.

Two comparisons follow from that.

1. **Deals**: ``--deals`` of the survey's seeded deals per suit count (``deal_codes``), our deal's
   columns and stock order given to Solvitaire's preset as its deal (its stock is dealt from the
   end of the list, one card a column from column 1, as ours). Its verdict and ours can differ
   by the rules; the table says how often each settles the deal at all within ``--deal-cap``.
2. **Positions** where those rules cannot differ much and everything is known both ways: the stock
   dealt and every card face up (Solvitaire's ``face up cards: all``), ``R`` complete runs of the
   variant's suits (R = 4, 5, 6: 52-78 cards) shuffled into the ten columns, the other 8 - R runs
   already gone (Solvitaire's deal names its foundations by suit, so at most four can be given
   full: hence R >= 4; told of one deck instead, it moves cards of a repeated suit to its
   foundations by itself and calls won positions lost). Here the deal rule is moot, and the run rule can matter only
   when a run forms on top of other cards with no column empty: a win of ours that
   Solvitaire calls lost is checked for that (our line replayed, each run's leaving looked at).

For each: both winnable, both unwinnable, one settles and the other does not (unknown, timed
out), and every disagreement (one proves a win, the other a loss) named.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from paciencia.analysis.survey import deal_codes
from paciencia.engine.protocol import Status
from paciencia.games import new_state
from paciencia.games.spider.rules import COLS, FOUNDATIONS, RUN, SpiderState
from paciencia.solver import solve

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"
ENDGAME_RULES = {
    "tableau piles": {
        "count": COLS,
        "build policy": "any-suit",
        "move built group": "yes",
        "move built group policy": "same-suit",
        "face up cards": "all",
    },
    "foundations": {"only complete pile moves": True},
    "two decks": True,
}
"""Solvitaire's ``spider`` preset with every card face up and no stock."""

THEIRS = {"solved": "winnable", "unsolvable": "unwinnable"}


def name(card: int) -> str:
    return RANKS[card % RUN] + SUITS[card // RUN]


def solvitaire(binary: str, args: list[str], deal: dict[str, object], cap: float) -> tuple[str, float]:
    """Solvitaire's verdict on ``deal`` (``winnable``, ``unwinnable`` or ``unknown``) and its seconds."""
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(deal, f)
        f.flush()
        t = time.monotonic()
        out = subprocess.run(
            [binary, *args, "--timeout", str(int(cap * 1000)), "--classify", f.name],
            capture_output=True,
            text=True,
            timeout=cap * 3 + 30,
        )
        seconds = time.monotonic() - t
    fields = [x.strip() for x in (out.stdout.strip().splitlines() or [""])[-1].split(",")]
    return THEIRS.get(fields[1] if len(fields) > 1 else "", "unknown"), seconds


def ours(state: SpiderState, cap: float) -> tuple[str, float, list[str]]:
    t = time.monotonic()
    result = solve(state, cap)
    seconds = time.monotonic() - t
    line = [str(m) for m in result.line]
    if line:
        check = copy_position(state)
        check.play_all(line)
        assert check.status is Status.WON
    return result.verdict.value, seconds, line


def run_left_on_top(state: SpiderState, line: list[str]) -> bool:
    """Whether our winning line has a complete run leave from on top of other cards (a move
    Solvitaire's Spider does not have without an empty column to move the run to first)."""
    for token in line:
        before = len(state.found)
        state.play(token)
        if len(state.found) > before and all(state.cols):
            return True
    return False


def spider(code: str) -> SpiderState:
    state = new_state(code)
    assert isinstance(state, SpiderState)
    return state


def position(variant: str, runs: int, rng: random.Random) -> tuple[SpiderState, dict[str, object]]:
    """``runs`` complete runs of the variant's suits shuffled face up into the ten columns, the
    rest gone; the same position as Solvitaire's deal."""
    base = spider(f"SP1-{variant}-AAAAAAB")
    suits = sorted({c // RUN for c in base.game.cards})
    left = [suits[k % len(suits)] for k in range(FOUNDATIONS)]
    rng.shuffle(left)
    keep, gone = left[:runs], left[runs:]
    cards = [s * RUN + r for s in keep for r in range(RUN)]
    rng.shuffle(cards)
    cols: list[list[int]] = [[] for _ in range(COLS)]
    for k, c in enumerate(cards):
        cols[k % COLS].append(c)
    state = SpiderState(base.game, base.code, [], cols, [0] * COLS, list(gone))
    filled = [RANKS[r] + SUITS[k] for k in range(FOUNDATIONS - runs) for r in range(RUN)]
    deal = {"tableau piles": [[name(c) for c in col] for col in cols], "foundations": filled}
    return state, deal


def copy_position(state: SpiderState) -> SpiderState:
    return SpiderState(
        state.game, state.code, list(state.stock), [list(c) for c in state.cols], list(state.down), list(state.found)
    )


def tally(rows: list[tuple[str, str, str]]) -> dict[str, object]:
    c: Counter[str] = Counter()
    named: list[str] = []
    for label, a, b in rows:
        c["ours unwinnable"] += a == "unwinnable"
        if a == b and a != "unknown":
            c[f"both {a}"] += 1
        elif a == "unknown" and b == "unknown":
            c["neither settles"] += 1
        elif "unknown" in (a, b):
            c["only ours settles" if b == "unknown" else "only theirs settles"] += 1
        else:
            c["DISAGREE"] += 1
            named.append(f"{label} (ours {a}, theirs {b})")
    return {"counts": c, "named": named}


HEAD = "| {:<22} | {:>5} | {:>13} | {:>15} | {:>17} | {:>19} | {:>15} | {:>8} | {:>15} | {:>16} |"
KEYS = [
    "both winnable",
    "both unwinnable",
    "only ours settles",
    "only theirs settles",
    "neither settles",
    "DISAGREE",
    "ours unwinnable",
]


def print_row(label: str, n: int, t: dict[str, object], secs: tuple[float, float]) -> None:
    c = t["counts"]
    assert isinstance(c, Counter)
    print(HEAD.format(label, n, *(c[k] for k in KEYS), f"{secs[0]:.1f} / {secs[1]:.1f}"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--solvitaire", default=os.environ.get("SOLVITAIRE") or shutil.which("solvitaire"))
    ap.add_argument("--deals", type=int, default=10, help="survey deals per suit count")
    ap.add_argument("--deal-cap", type=float, default=5.0, help="seconds each solver has for a deal")
    ap.add_argument("--positions", type=int, default=20, help="face-up positions per suit count and run count")
    ap.add_argument("--cap", type=float, default=2.0, help="seconds each solver has for a position")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--suits", nargs="*", default=["1", "2", "4"], choices=["1", "2", "4"])
    args = ap.parse_args()
    if not args.solvitaire or not Path(args.solvitaire).exists():
        print(
            "Solvitaire not found: build github.com/thecharlieblake/Solvitaire by its README and pass its "
            "binary with --solvitaire PATH (or $SOLVITAIRE); nothing compared."
        )
        return
    binary = args.solvitaire
    print(HEAD.format("what", "n", *KEYS, "s ours / theirs"))
    print("|" + "|".join("-" * (w + 2) for w in (22, 5, 13, 15, 17, 19, 15, 8, 15, 16)) + "|")
    named: list[str] = []
    for variant in args.suits if args.deals else []:
        rows: list[tuple[str, str, str]] = []
        secs = [0.0, 0.0]
        for code in deal_codes("spider", variant, args.deals, args.seed):
            state = spider(code)
            deal = {
                "tableau piles": [[name(c) for c in col] for col in state.cols],
                "stock": [name(c) for c in state.stock],
            }
            a, sa, _ = ours(copy_position(state), args.deal_cap)
            b, sb = solvitaire(binary, ["--type", "spider"], deal, args.deal_cap)
            secs[0] += sa
            secs[1] += sb
            rows.append((code, a, b))
        t = tally(rows)
        print_row(f"deals, {variant} suit(s), {args.deal_cap:g} s", len(rows), t, (secs[0], secs[1]))
        named += t["named"]  # type: ignore[arg-type]
        sys.stdout.flush()
    with tempfile.NamedTemporaryFile("w", suffix=".json") as rules_file:
        json.dump(ENDGAME_RULES, rules_file)
        rules_file.flush()
        for variant in args.suits:
            for runs in (4, 5, 6):
                rng = random.Random(f"{args.seed}-{variant}-{runs}")
                rows = []
                secs = [0.0, 0.0]
                for k in range(args.positions):
                    state, deal = position(variant, runs, rng)
                    label = f"position {variant}-{runs}-{k}"
                    a, sa, line = ours(copy_position(state), args.cap)
                    b, sb = solvitaire(binary, ["--custom-rules", rules_file.name], deal, args.cap)
                    secs[0] += sa
                    secs[1] += sb
                    if a == "winnable" and b == "unwinnable" and run_left_on_top(copy_position(state), line):
                        label += " [our line has a run leave on top of other cards: the rules differ]"
                    rows.append((label, a, b))
                t = tally(rows)
                print_row(f"{runs * RUN} cards up, {variant} suit(s)", len(rows), t, (secs[0], secs[1]))
                named += t["named"]  # type: ignore[arg-type]
                sys.stdout.flush()
    print("\nDisagreements (one proves a win, the other a loss):", "none" if not named else "")
    for n in named:
        print(" ", n)


if __name__ == "__main__":
    main()
