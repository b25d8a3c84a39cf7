"""The review's accuracy: on games played to their end and lost, is the move it names the one that
lost the game (the position before it winnable, the one after it proved lost), checked with a
larger budget; how often it is unsure instead; and its cost per game.

Run: .venv/bin/python bench/review_accuracy.py --game crescent --variant N --games 50 --records cr.jsonl
     .venv/bin/python bench/review_accuracy.py --game klondike --variant 3 --games 50 --records kl.jsonl
     .venv/bin/python bench/review_accuracy.py --game freecell --variant 4 --games 50 --records fc.jsonl
The games: a random player (uniform over the moves that lead to no position met before) and the
honest player (``paciencia.analysis.honest``, as ``bench/honest_play.py`` drives it; once it has
no move to give, the random player goes on), each from seeded random deals until the game is
blocked (no move leads anywhere new); the games won are left out. Records (and their reviews)
are appended to ``--records`` as they are made, so an interrupted run resumes. ``--old FILE``:
also review each game with a review module given as a file (e.g. the one before issue 24, from
``git show``) and check the move it names the same way.
The check: the position before a named move solved again on ``--check`` times the review's
largest level (the line found replayed to won), the one after it likewise (it must be proved
lost again; a win found there is a wrong name).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from paciencia.analysis.honest import Budget, advise, fresh_moves
from paciencia.analysis.review import review_budget, review_game
from paciencia.analysis.survey import deal_codes
from paciencia.engine.protocol import State, Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state

MOVE_CAP = 600


def to_the_end(start: State[Any], tokens: list[str], rng: random.Random) -> list[str]:
    """The random player from ``tokens`` on, until no move leads anywhere new (or the cap)."""
    state = start.copy()
    state.play_all(tokens)
    while state.status == Status.PLAYING and len(tokens) < MOVE_CAP:
        fresh = fresh_moves(state)
        if not fresh:
            break
        token = rng.choice(sorted(fresh))
        state.play(token)
        tokens.append(token)
    return tokens


def honest_start(start: State[Any]) -> list[str]:
    """The honest player's moves from the deal until it has none to give."""
    game = start.game
    budget = Budget(*game.hint_budget)
    state = start.copy()
    tokens: list[str] = []
    while state.status == Status.PLAYING and len(tokens) < MOVE_CAP:
        advice = advise(game.knowledge(start, tokens), budget)
        if advice.analysis.kind != "move" or advice.analysis.token is None:
            break
        state.play(advice.analysis.token)
        tokens.append(advice.analysis.token)
    return tokens


def record(code: str, player: str, seed: int) -> list[str]:
    start = new_state(code)
    first = honest_start(start) if player == "honest" else []
    return to_the_end(start, first, random.Random(seed))


def check(start: State[Any], tokens: list[str], losing: int, nodes: int) -> dict[str, Any]:
    """The named move checked: the position before it (a win found, its line replayed to won)
    and the one after it (proved lost), each solved afresh on ``nodes``."""
    before = start.copy()
    before.play_all(tokens[:losing])
    after = before.copy()
    after.play(tokens[losing])
    b = before.game.solve(before, 600.0, nodes)
    replayed = before.copy()
    if b.verdict == Verdict.WINNABLE:
        replayed.play_all(b.line)
    a = after.game.solve(after, 600.0, nodes) if after.status == Status.PLAYING else None
    after_verdict = a.verdict.value if a else ("unwinnable" if after.status == Status.BLOCKED else "winnable")
    return {
        "before": b.verdict.value,
        "before_replays": replayed.status == Status.WON,
        "after": after_verdict,
        "right": b.verdict == Verdict.WINNABLE and replayed.status == Status.WON and after_verdict == "unwinnable",
        "wrong": after_verdict == "winnable" or b.verdict == Verdict.UNWINNABLE,
    }


def load_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("old_review", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="crescent")
    ap.add_argument("--variant", default="N")
    ap.add_argument("--games", type=int, default=50, help="lost games per player")
    ap.add_argument("--players", default="random,honest")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--check", type=float, default=4.0, help="the check's budget, times the review's largest level")
    ap.add_argument("--old", type=Path, help="a review module (file) to check beside today's")
    ap.add_argument("--records", type=Path, required=True)
    args = ap.parse_args()
    old = load_module(args.old) if args.old else None
    done: dict[tuple[str, str], dict[str, Any]] = {}
    if args.records.exists():
        for line in args.records.read_text().splitlines():
            row = json.loads(line)
            done[(row["player"], row["code"])] = row
    probe = new_state(deal_codes(args.game, args.variant, 1, args.seed)[0])
    check_nodes = int(review_budget(probe.game).levels[-1] * args.check)
    rows: list[dict[str, Any]] = []
    with args.records.open("a") as out:
        for player in args.players.split(","):
            lost = [r for (p, _), r in done.items() if p == player and not r["won"]]
            codes = iter(deal_codes(args.game, args.variant, 100 * args.games, args.seed))
            mine: list[dict[str, Any]] = []
            while len(mine) < args.games:
                code = next(codes)
                row = done.get((player, code))
                if row is None:
                    tokens = record(code, player, args.seed)
                    start = new_state(code)
                    end = start.copy()
                    end.play_all(tokens)
                    row = {"player": player, "code": code, "tokens": tokens, "won": end.status == Status.WON}
                    if not row["won"]:
                        began = time.perf_counter()
                        review = review_game(start, tokens)
                        row["seconds"] = round(time.perf_counter() - began, 3)
                        row["review"] = {
                            "deal": review.deal,
                            "losing": review.losing,
                            "unsure": review.unsure,
                            "won_at": review.won_at,
                            "lost_at": review.lost_at,
                            "final": review.verdicts.get(len(tokens)),
                            "nodes": review.nodes,
                            "keep": review.keep,
                        }
                        if review.losing is not None:
                            row["check"] = check(start, tokens, review.losing, check_nodes)
                        if old is not None:
                            began = time.perf_counter()
                            was = old.review_game(start, tokens)
                            row["old"] = {"losing": was.losing, "seconds": round(time.perf_counter() - began, 3)}
                            if was.losing is not None:
                                row["old"]["check"] = check(start, tokens, was.losing, check_nodes)
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                    done[(player, code)] = row
                    if not row["won"]:
                        r = row["review"]
                        print(
                            f"{player} {code} {len(tokens)} moves: deal {r['deal']}, named {r['losing']}"
                            f"{' (' + str(row['check']['right']) + ')' if 'check' in row else ''}"
                            f"{', unsure' if r['unsure'] else ''}, {row['seconds']} s",
                            file=sys.stderr,
                        )
                if not row["won"]:
                    mine.append(row)
            rows += mine
            del lost
    print(f"{args.game} {args.variant}: the review of lost games (seed {args.seed}; check on {check_nodes:,} nodes)")
    head = f"{'player':<8} {'games':>5} {'end lost':>8} {'named':>5} {'right':>5} {'wrong':>5} {'unsure':>6}"
    print(head + f" {'deal unwinn.':>12} {'s/game p50':>10} {'p95':>6} {'max':>6}")
    for player in args.players.split(","):
        mine = [r for r in rows if r["player"] == player]
        named = [r for r in mine if r["review"]["losing"] is not None]
        right = sum(1 for r in named if r["check"]["right"])
        wrong = sum(1 for r in named if r["check"]["wrong"])
        unsure = sum(1 for r in mine if r["review"]["unsure"])
        end_lost = sum(1 for r in mine if r["review"]["final"] == "unwinnable")
        unwinnable = sum(1 for r in mine if r["review"]["deal"] == "unwinnable")
        secs = sorted(r["seconds"] for r in mine)
        p95 = secs[min(len(secs) - 1, int(0.95 * len(secs)))]
        print(
            f"{player:<8} {len(mine):>5} {end_lost:>8} {len(named):>5} {right:>5} {wrong:>5} {unsure:>6}"
            f" {unwinnable:>12} {statistics.median(secs):>10.2f} {p95:>6.2f} {secs[-1]:>6.2f}"
        )
        if old is not None:
            was = [r for r in mine if r.get("old", {}).get("losing") is not None]
            bad = sum(1 for r in was if r["old"]["check"]["wrong"])
            ok = sum(1 for r in was if r["old"]["check"]["right"])
            print(f"{'':<8} before issue 24: named {len(was)}, right {ok}, wrong (a win found after it) {bad}")


if __name__ == "__main__":
    main()
