"""Crescent proofs of loss (issue 16): how many full deals the sound search settles with no redeal
left, each loss checked against plain search, then what it says of real deals (three redeals).

Run: .venv/bin/python bench/crescent_proofs.py [--deals 100] [--timeout 60] [--plain 60] [--real 20]
     [--real-timeout 10]
Part one takes the survey's sample of standard deals (seed 2026), sets each to ``redeals=0``
through table text and solves it in ``--timeout`` seconds; it prints won / lost / unknown, the
settled share (target >= 90% within 60 s), the median and 95th percentile time, and for each loss
whether plain search (``_crescent.prove`` with every reduction off, the transposition table kept)
exhausted too in ``--plain`` seconds: a plain win there would be a bug. Part two runs the
exhaustive search alone (all reductions) on ``--real`` real deals with three redeals, counts
the deals proved unwinnable and prints what that bounds; and solves a constructed layout whose
tops allow no move in any of the four redeal states (an unwinnable starting layout).
"""

from __future__ import annotations

import argparse
import statistics
import time

from paciencia.analysis import survey
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state, state_from_text
from paciencia.games.crescent import _search as _crescent
from paciencia.games.crescent.rules import CrescentState
from paciencia.games.crescent.solver import _position, solve_crescent

EXHAUSTED, WON = 1, 0


def no_redeal(code: str) -> CrescentState:
    text = new_state(code).to_text().replace("redeals=3", "redeals=0", 1)
    state = state_from_text(text)
    assert isinstance(state, CrescentState)
    return state


def percentile(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))] if ys else 0.0


def frozen_layout() -> str:
    """Table text of a starting layout (all 96 cards, three redeals) that allows no move at all:
    each pile's top and its three bottom cards (the tops after each redeal) are, in every state,
    16 cards of ranks 3 5 7 9 or of 4 6 8 10 (no 2 and no Queen, which the foundations take, and
    no two of adjacent rank), and the Aces, 2s, Jacks, Queens and Kings lie in the middle."""
    suits, low, high = "shdc", "3579", "468T"
    rows: list[list[str]] = [[] for _ in range(16)]
    for i in range(16):
        s, k = suits[i % 4], i // 4
        rows[i] = [low[k] + s, high[k] + s, high[k] + s, "", "", low[k] + s]
    middle = [r + s for s in suits for r in "A22JJQQK"]
    for i in range(16):
        rows[i][3], rows[i][4] = middle[2 * i], middle[2 * i + 1]
    places = [f"{f}{s}: {f}{s}" for f in "AK" for s in suits]
    piles = [f"{i + 1}: {' '.join(rows[i])}" for i in range(16)]
    return "\n".join(["# crescent CR1-N-AAAAAAA status=playing moves=0 redeals=3", *places, *piles]) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--plain", type=float, default=60.0, help="seconds of plain search per loss")
    ap.add_argument("--real", type=int, default=20, help="real deals (three redeals) tried")
    ap.add_argument("--real-timeout", type=float, default=10.0)
    args = ap.parse_args()

    codes = survey.deal_codes("crescent", "N", args.deals, 2026)
    counts = {v: 0 for v in Verdict}
    times: list[float] = []
    print(f"{len(codes)} standard deals set to redeals=0, {args.timeout:g} s each", flush=True)
    for code in codes:
        state = no_redeal(code)
        r = solve_crescent(state, args.timeout)
        counts[r.verdict] += 1
        times.append(r.seconds)
        line = f"  {code} {r.verdict.value:10} {r.seconds:6.1f} s"
        if r.verdict is Verdict.UNWINNABLE:
            status, _, nodes, _, _ = _crescent.prove(*_position(state), args.plain, 0)
            check = {EXHAUSTED: "plain search agrees", WON: "PLAIN SEARCH WINS: a bug"}.get(
                status, f"plain search unfinished in {args.plain:g} s ({nodes} nodes)"
            )
            line += f"  ({r.notes.get('phase')}; {check})"
        print(line, flush=True)
    settled = counts[Verdict.WINNABLE] + counts[Verdict.UNWINNABLE]
    share = settled / max(1, len(codes))
    print(
        f"won {counts[Verdict.WINNABLE]}, lost {counts[Verdict.UNWINNABLE]}, unknown {counts[Verdict.UNKNOWN]}; "
        f"settled {share:.0%} (target >= 90% within 60 s: {'met' if share >= 0.9 else 'NOT met'}); "
        f"median {statistics.median(times):.1f} s, 95th percentile {percentile(times, 0.95):.1f} s",
        flush=True,
    )

    real = survey.deal_codes("crescent", "N", args.real, 2026)
    print(f"\n{len(real)} real deals (three redeals), exhaustive search alone, {args.real_timeout:g} s each")
    lost: list[str] = []
    verdicts: list[str] = []
    for code in real:
        deal = new_state(code)
        assert isinstance(deal, CrescentState)
        began = time.perf_counter()
        status, _, nodes, most, _ = _crescent.prove(*_position(deal), args.real_timeout, _crescent.R_PROOF)
        if status == EXHAUSTED:
            lost.append(code)
        name = {EXHAUSTED: "unwinnable", WON: "won"}.get(status, "unfinished")
        verdicts.append(name)
        print(f"  {code} {name:10} {time.perf_counter() - began:5.1f} s {nodes} nodes, most up {most}", flush=True)
    won = sum(1 for v in verdicts if v == "won")
    _, hi = survey.wilson(len(real) - won, len(real))
    print(
        f"proved unwinnable: {len(lost)} of {len(real)} {' '.join(lost)}; won {won}; unfinished"
        f" {len(real) - won - len(lost)}. Share of unwinnable real deals: at least {len(lost) / max(1, len(real)):.0%}"
        f" proved, at most {hi:.0%} (95% Wilson upper bound on the deals not won; an unfinished search is no"
        f" win, so only settled deals bound it: none lost among N settled would give < 3/N at 95%)"
    )
    frozen = state_from_text(frozen_layout())
    assert isinstance(frozen, CrescentState)
    r = solve_crescent(frozen, 5.0)
    print(f"constructed layout with no move in any redeal state: {r.verdict.value} in {r.seconds:.2f} s")


if __name__ == "__main__":
    main()
