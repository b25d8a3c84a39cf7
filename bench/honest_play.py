"""Honest play strength: an autoplayer that follows only the honest hints (what the player
knows, ``paciencia.analysis.honest``, on each game's ``hint_budget``), from the deal to its end,
over a seeded sample of random deals; prints the share won with its 95% Wilson interval, and
the hint latency (p50, p95) on the positions met.

Run: .venv/bin/python bench/honest_play.py --game klondike --variant 3 --deals 200 --results k3.jsonl
     .venv/bin/python bench/honest_play.py --game crescent --variant N --deals 200 --results cn.jsonl
Each deal's result is appended to the results file as it ends, so an interrupted run resumes;
``--summary`` prints the figures of the deals done so far (in the sample's order) and plays none.
``--shard i/n`` plays only every n-th deal from the i-th, so n processes share the cores, each
with its own results file; ``cat`` the files together and ``--summary`` the whole.
``--strong``: the strong autoplayer (``advise(strong=True)``; once every card has been seen it
follows a line found to the end, and it gives up, "stalled", after ``STALL`` moves without a new
card seen). Each row keeps the game's moves, its CPU seconds and the positions searched.
    .venv/bin/python bench/honest_play.py --deals 1000 --strong \
        --results bench/data/honest-klondike-3-strong-2026.jsonl \
        --paired bench/data/levels-klondike-3-2026.jsonl
``--hop N`` (with ``--strong``, Klondike): the hindsight player over commitments
(``paciencia.games.klondike.hop``), N layouts at most for the commitment played, each searched on
``--limit`` positions (1,000), raced on common layouts, or spread by UCB1 with ``--ucb``
(lonelybot's allocation); ``--sight``: on a near tie, a commitment off the columns before one that
plays a talon card; docs/honesty.md, "The hindsight player over commitments".
    .venv/bin/python bench/honest_play.py --deals 1000 --strong --hop 1500 \
        --results bench/data/honest-klondike-3-hop-2026.jsonl
    .venv/bin/python bench/honest_play.py --deals 1000 --strong --hop 1500 --sight \
        --results bench/data/honest-klondike-3-hop-sight-2026.jsonl   # 49.7% (46.6-52.8)
Capped within a hint's budget (issue 40, part 3): ``--hop 150 --sight`` on fresh deals, the seed
fixed before the run from HEAD 4ad697c's first 16 hex digits, int("4ad697c113bc1db9", 16):
    .venv/bin/python bench/honest_play.py --deals 2000 --seed 5392664459338325433 --strong --hop 150 \
        --sight --shard 0/2 --results bench/data/honest-klondike-3-hop150-sight-4ad697c-0.jsonl
Each row keeps each decision's CPU (``cpus``) beside its clock time (``times``).
Anchor (Klondike draw three): Bjarnason, Fern & Tadepalli (ICAPS 2009) report a policy that wins
over 35% of games with the hidden cards hidden.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from paciencia.analysis.honest import Budget, advise
from paciencia.analysis.survey import deal_codes, wilson
from paciencia.engine.protocol import State, Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.games.klondike.analysis import SEARCHED

MOVE_CAP = 1500
PLAN_NODES = 2_000_000
"""The strong player's search for a plan once every card has been seen."""
STALL = 300
"""The strong player gives up after this many moves without a card seen for the first time."""


def play(
    code: str,
    budget: Budget | None,
    strong: bool = False,
    start: State[Any] | None = None,
    hop: int = 0,
    limit: int = 1000,
    race: bool = True,
    sight: bool = False,
) -> dict[str, object]:
    """One game from the deal (or from ``start``, a deal given as a table, which ``code`` names),
    each move the honest hint's, until it ends or the hint has no move. ``hop`` (Klondike, with
    ``strong``): the hindsight player's commitments (``klondike.hop``), with that many samples of
    the one played, each searched on ``limit`` positions, raced on common layouts (``race``) or
    spread by UCB1 as lonelybot does, near ties going off the columns first (``sight``); the
    hint's where no commitment wins a sample."""
    start = start if start is not None else new_state(code)
    game = start.game
    budget = budget or Budget(*game.hint_budget)
    state = start.copy()
    tokens: list[str] = []
    times: list[float] = []
    cpus: list[float] = []  # each decision's CPU in this process (``times`` is the clock's)
    searched = SEARCHED[0]
    extra = 0
    cpu = time.process_time()
    end = "cap"
    planned = -1
    while len(tokens) < MOVE_CAP:
        if state.status != Status.PLAYING:
            end = state.status.value
            break
        began, began_cpu = time.perf_counter(), time.process_time()
        knowledge = game.knowledge(start, tokens)
        if strong and not knowledge.unknown and planned != knowledge.since:
            # Every card seen: the position is known, and a line found is a plan to follow to the
            # end (re-planned at each move, the hints could walk back and forth for hundreds).
            planned = knowledge.since
            result = game.solve(state, math.inf, PLAN_NODES)
            extra += result.nodes
            times.append(time.perf_counter() - began)
            cpus.append(time.process_time() - began_cpu)
            if result.verdict == Verdict.WINNABLE:
                for token in result.line:
                    state.play(token)
                    tokens.append(token)
                continue
        elif strong and knowledge.unknown and len(tokens) - knowledge.since > STALL:
            end = "stalled"
            break
        if strong and hop and knowledge.unknown:
            line = _hop_line(game, knowledge, hop, limit, race, sight)
            if line:
                times.append(time.perf_counter() - began)
                cpus.append(time.process_time() - began_cpu)
                for token in line:  # a draw may bring a card into sight: then choose again
                    state.play(token)
                    tokens.append(token)
                    if token == "D" and game.knowledge(start, tokens).since != knowledge.since:
                        break
                continue
        advice = advise(knowledge, budget, strong)
        times.append(time.perf_counter() - began)
        cpus.append(time.process_time() - began_cpu)
        if advice.analysis.kind != "move" or advice.analysis.token is None:
            end = advice.analysis.kind
            break
        state.play(advice.analysis.token)
        tokens.append(advice.analysis.token)
    return {
        "code": code,
        "won": state.status == Status.WON,
        "end": end,
        "moves": len(tokens),
        "times": times,
        "cpus": cpus,
        "cpu": time.process_time() - cpu,
        "positions": SEARCHED[0] - searched + extra,
        "tokens": tokens,
    }


def _hop_line(game: Any, knowledge: Any, samples: int, limit: int, race: bool, sight: bool) -> tuple[str, ...] | None:
    """The sure move (``Game.sure_move``) if any, else the hindsight player's best commitment
    that leads to no position met since a card last came into sight (``fresh_moves``'s rule)."""
    from paciencia.games.klondike.hop import fresh_line

    token = game.sure_move(knowledge)
    if token is not None:
        return (token,)
    return fresh_line(knowledge, samples, limit, race, sight)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="klondike")
    ap.add_argument("--variant", default="3")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--completions", type=int, help="default: the game's hint_budget")
    ap.add_argument("--nodes", type=int, help="default: the game's hint_budget")
    ap.add_argument("--results", type=Path, required=True)
    ap.add_argument("--strong", action="store_true", help="the autoplayer's policy: advise(strong=True)")
    ap.add_argument("--hop", type=int, default=0, help="with --strong: the hindsight player, with this many samples")
    ap.add_argument("--limit", type=int, default=1000, help="with --hop: the positions searched in a sample")
    ap.add_argument("--ucb", action="store_true", help="with --hop: lonelybot's allocation (UCB1), not the race")
    ap.add_argument("--sight", action="store_true", help="with --hop: near ties off the columns before the talon")
    ap.add_argument("--shard", default="0/1", help="i/n: play only the deals whose index is i modulo n")
    ap.add_argument("--summary", action="store_true", help="play nothing: the figures of the deals done so far")
    ap.add_argument(
        "--paired", type=Path, help="a scripts/make-levels measure results file: the same deals, its site_won"
    )
    args = ap.parse_args()
    budget = None
    if args.completions or args.nodes:
        probe = new_state(deal_codes(args.game, args.variant, 1, args.seed)[0]).game
        c, n = probe.hint_budget
        budget = Budget(args.completions or c, args.nodes or n)
    done = {}
    if args.results.exists():
        for line in args.results.read_text().splitlines():
            row = json.loads(line)
            done[row["code"]] = row
    codes = deal_codes(args.game, args.variant, args.deals, args.seed)
    shard = tuple(map(int, args.shard.split("/")))
    if args.summary:  # the deals are drawn in order: the longest run of them done
        codes = codes[: next((i for i, c in enumerate(codes) if c not in done), len(codes))]
    with args.results.open("a") as out:
        for i, code in enumerate(codes):
            if code in done or i % shard[1] != shard[0]:
                continue
            row = play(code, budget, args.strong, hop=args.hop, limit=args.limit, race=not args.ucb, sight=args.sight)
            done[code] = row
            out.write(json.dumps(row) + "\n")
            out.flush()
            won = sum(1 for c in codes[: i + 1] if done.get(c, {}).get("won"))
            print(f"{i + 1}/{len(codes)} {code} {row['end']} {row['moves']} moves; won {won}", file=sys.stderr)
    rows = [done[c] for c in codes if c in done]  # a shard: its own deals (and any done before)
    won = sum(1 for r in rows if r["won"])
    low, high = wilson(won, len(rows))
    times = sorted(t for r in rows for t in r["times"])
    p50 = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    ends: dict[str, int] = {}
    for r in rows:
        ends[str(r["end"])] = ends.get(str(r["end"]), 0) + 1
    print(f"{args.game} {args.variant}: honest autoplayer over {len(rows)} deals (seed {args.seed})")
    print(f"  won {won}/{len(rows)} = {100 * won / len(rows):.1f}% (95% interval {100 * low:.1f}%-{100 * high:.1f}%)")
    print(f"  ends: {', '.join(f'{k} {v}' for k, v in sorted(ends.items()))}")
    print(f"  hint (advice) latency over {len(times)} positions: p50 {1000 * p50:.0f} ms, p95 {1000 * p95:.0f} ms")
    cpus = sorted(t for r in rows for t in r.get("cpus", ()))
    if cpus:
        print(
            f"  CPU a decision over {len(cpus)}: p50 {1000 * statistics.median(cpus):.0f} ms, "
            f"p95 {1000 * cpus[min(len(cpus) - 1, int(0.95 * len(cpus)))]:.0f} ms, max {1000 * cpus[-1]:.0f} ms"
        )
    if args.paired:
        paired(rows, args.paired)
    costed = [r for r in rows if "cpu" in r]
    if costed:
        cpu = sum(float(r["cpu"]) for r in costed)
        moves = max(1, sum(int(r["moves"]) for r in costed))
        positions = sum(int(r["positions"]) for r in costed)
        print(
            f"  cost: {cpu / len(costed):.2f} s of CPU a game, {1000 * cpu / moves:.1f} ms and "
            f"{positions / moves:,.0f} positions searched a move ({moves / len(costed):.0f} moves a game)"
        )


def paired(rows: list[dict[str, Any]], levels: Path) -> None:
    """This run against the site's hints (``site_won``, seed 0) of a levels measure, deal by deal."""
    other = {}
    for line in levels.read_text().splitlines():
        row = json.loads(line)
        if "code" in row:
            other[row["code"]] = row
    both = [(r, other[r["code"]]) for r in rows if r["code"] in other]
    if not both:
        return
    mine = sum(1 for r, _ in both if r["won"])
    site = sum(1 for _, o in both if o["site_won"])
    only = sum(1 for r, o in both if r["won"] and not o["site_won"])
    lost = sum(1 for r, o in both if o["site_won"] and not r["won"])
    winnable = [(r, o) for r, o in both if o["verdict"] == "winnable"]
    print(
        f"  paired with {levels.name} ({len(both)} deals): won {mine} here, {site} by the site's hints "
        f"(won here only {only}, there only {lost}); of the {len(winnable)} winnable deals "
        f"{sum(1 for r, _ in winnable if r['won'])} here, {sum(1 for _, o in winnable if o['site_won'])} there"
    )


if __name__ == "__main__":
    main()
