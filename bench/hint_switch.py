"""Klondike's site hints switched to the capped sight player, measured before the switch (issue 40,
part 3): ``bench/klondike_hints_sight.patch`` applied to a copy of this checkout, on the positions
of the capped player's own games (``bench/honest_play.py --strong --hop 150 --sight`` rows).

At each position of those games where a card is still hidden, the site's hint (``advise`` on the
game's ``hint_budget``, as a hint job runs it) is worked out by this checkout (the plain policy)
and by the patched copy, each in a process of its own, the two taking turns a few games at a
time; prints each side's CPU a hint (p50, p95, p99, max, in process) and the patched hints'
agreement with the bench player: the share of positions where the hint is the move the bench's
player played there (the patch is that player, so anything under 100 % is a difference to find).

    .venv/bin/python bench/hint_switch.py --games 40 --first 200 \\
        bench/data/honest-klondike-3-hop150-sight-4ad697c-0.jsonl \\
        bench/data/honest-klondike-3-hop150-sight-4ad697c-1.jsonl

``--tree DIR``: a patched tree made already (its C loops built or copied); by default one is made
in a temporary folder (``git archive HEAD``, the patch applied, this checkout's ``.so`` files
copied: the patch changes no C).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PATCH = ROOT / "bench" / "klondike_hints_sight.patch"
SEED = 5392664459338325433
CHUNK = 5


def child(tree: str, codes: list[str], files: list[str]) -> None:
    """In ``tree``'s code: each game's hint CPU and whether the hint is the row's next move."""
    sys.path.insert(0, tree)
    from paciencia.analysis.honest import Budget, advise
    from paciencia.engine.protocol import Status
    from paciencia.games import new_state

    rows = {}
    for f in files:
        for line in Path(f).read_text().splitlines():
            row = json.loads(line)
            rows[row["code"]] = row
    for code in codes:
        start = new_state(code)
        game = start.game
        state = start.copy()
        tokens = rows[code]["tokens"]
        cpus, same = [], 0
        for i in range(len(tokens)):
            knowledge = game.knowledge(start, tokens[:i])
            if not knowledge.unknown or state.status != Status.PLAYING:
                break
            began = time.process_time()
            advice = advise(knowledge, Budget(*game.hint_budget))
            cpus.append(time.process_time() - began)
            same += advice.analysis.token == tokens[i]
            state.play(tokens[i])
        print(json.dumps({"code": code, "cpus": cpus, "same": same}), flush=True)


def patched_tree(where: Path) -> Path:
    """This checkout's HEAD with the patch applied and its C loops copied beside it."""
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
    tree = where / "tree"
    tree.mkdir()
    with tempfile.TemporaryFile() as f:
        f.write(archive)
        f.seek(0)
        with tarfile.open(fileobj=f) as tar:
            tar.extractall(tree, filter="data")
    subprocess.run(["git", "apply", str(PATCH)], cwd=tree, check=True)
    for so in (ROOT / "paciencia").rglob("*.so"):
        shutil.copy(so, tree / so.relative_to(ROOT))
    return tree


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows", nargs="+", help="bench/honest_play.py rows of the capped sight player")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--first", type=int, default=0, help="skip this many of the rows' games (in the sample's order)")
    ap.add_argument("--seed", type=int, default=SEED, help="the rows' sample seed")
    ap.add_argument("--tree", type=Path, help="a patched tree made already")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.child[1:], args.rows)
        return
    sys.path.insert(0, str(ROOT))
    from paciencia.analysis.survey import deal_codes

    done = set()
    for f in args.rows:
        done |= {json.loads(line)["code"] for line in Path(f).read_text().splitlines()}
    codes = [c for c in deal_codes("klondike", "3", 10_000, args.seed) if c in done][args.first :][: args.games]
    with tempfile.TemporaryDirectory() as tmp:
        tree = args.tree.resolve() if args.tree else patched_tree(Path(tmp))
        sides: dict[str, list[dict[str, Any]]] = {"plain (this checkout)": [], "capped sight (patched)": []}
        for i in range(0, len(codes), CHUNK):
            for found, root in zip(sides.values(), (ROOT, tree), strict=True):
                cmd = [sys.executable, __file__, *args.rows, "--child", str(root), *codes[i : i + CHUNK]]
                out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=True).stdout
                found += [json.loads(line) for line in out.splitlines()]
            print(f"{min(i + CHUNK, len(codes))}/{len(codes)} games", file=sys.stderr, flush=True)
    print(f"{len(codes)} games of the capped sight player (seed {args.seed}), positions with a card hidden")
    print("| hints by | positions | mean | p50 | p95 | p99 | max | the bench player's move |")
    print("|---|---|---|---|---|---|---|---|")
    for name, found in sides.items():
        t = sorted(x for r in found for x in r["cpus"])
        same = sum(r["same"] for r in found)
        q = [t[min(len(t) - 1, int(p * len(t)))] for p in (0.5, 0.95, 0.99)]
        print(
            f"| {name} | {len(t):,} | {1000 * statistics.mean(t):.0f} ms | {1000 * q[0]:.0f} ms"
            f" | {1000 * q[1]:.0f} ms | {1000 * q[2]:.0f} ms | {1000 * t[-1]:.0f} ms | {100 * same / len(t):.1f} % |"
        )


if __name__ == "__main__":
    main()
