"""The record run (issue 40): a frozen honest player on fresh Klondike deals, paired with the
site's hints, the sample's seed taken from the player's commit, published whatever it gives.

* **The player is frozen**: a commit (``--commit``, default the ``main`` branch's head when the
  run begins) is exported with ``git archive`` into a tree of its own (``--tree``, default
  ``~/.cache/paciencia-record/<commit>``), its C searches built there, and every game is played by
  that tree's ``bench/honest_play.play``, never by the checkout's code, which others keep
  changing. The results file's first row names the commit; a run refuses to continue a file
  begun on another commit unless ``--other-commit`` (each row names the commit that played it).
* **The seed is the commit's**: ``int(commit[:16], 16)``, the first 16 hex digits of the full
  hash as an unsigned 64-bit integer, given to the sample's SplitMix64
  (``paciencia.analysis.survey.deal_codes``): nobody picks it, and it is fixed before any game.
* **The stages**, in this order (``--stages`` to choose): ``site-3``, the site's hints (the plain
  policy on the game's hint budget, ``play(code, None)``, about 1.5 s of CPU a game) on
  ``--deals`` (2,000) draw-three deals; ``sight-3``, the bench's best honest player
  (``--strong --hop 1500 --sight``, about 10 s a game) on the same deals; ``lonelybot``, that
  player on lonelybot's own 300 published deals (``bench/lonelybot_pairs.py``); then draw one the
  same way on the same deal numbers (``site-1``, ``sight-1``).
* **Where**: on Dask (``--scheduler local``, the default, a LocalCluster of ``--jobs`` worker
  processes here; or ``--scheduler tcp://host:8786``). Every worker must hold the frozen tree at
  the same path: on another machine run ``bench/record_run.py --prepare --commit C`` first (a
  game played by any other code is refused). Two games queued a worker, in the stages' order.
* **Rows** are appended to the results file (default ``bench/data/record-klondike-<12 hex>.jsonl``)
  as each game ends: a stopped run (Ctrl-C, SIGTERM, ``--until HH:MM`` UTC) loses only the games
  in play and resumes from the rows.

Run:    .venv/bin/python bench/record_run.py [--deals 2000] [--jobs 2] [--until 11:00]
Resume: .venv/bin/python bench/record_run.py --results bench/data/record-klondike-<12 hex>.jsonl
Figures: the same with ``--summary``: per stage, won / deals over the longest run of the sample
done in order, with the Wilson 95 % interval and the CPU a game; site against sight deal by deal
(won by one alone, by the other alone, McNemar); the lonelybot pairs.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, Future, wait
from pathlib import Path
from types import FrameType
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PLAYERS: dict[str, dict[str, Any]] = {
    "site": {"strong": False},
    "sight": {"strong": True, "hop": 1500, "sight": True},
}
"""The keyword arguments of ``honest_play.play`` for each player."""
STAGES = {"site-3": ("3", "site"), "sight-3": ("3", "sight"), "lonelybot": ("LB", "sight")}
STAGES |= {"site-1": ("1", "site"), "sight-1": ("1", "sight")}
"""Stage: (variant, player); the variant ``LB`` is lonelybot's deals (draw three)."""
LONELYBOT_DEALS = 300


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], check=True, capture_output=True, text=True).stdout.strip()


def seed_of(commit: str) -> int:
    """The sample's seed: the full hash's first 16 hex digits, an unsigned 64-bit integer."""
    return int(commit[:16], 16)


def prepare(commit: str, tree: Path) -> None:
    """The commit's files exported into ``tree`` and its C searches built there, once; the tree's
    ``FROZEN`` file names the commit."""
    stamp = tree / "FROZEN"
    if stamp.exists():
        if stamp.read_text().strip() != commit:
            raise SystemExit(f"{tree} holds another commit's player ({stamp.read_text().strip()})")
        return
    tree.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{commit[:12]}-", dir=tree.parent))
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", commit], check=True, capture_output=True
    )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(work, filter="data")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=work, check=True)
    (work / "FROZEN").write_text(commit + "\n")
    if tree.exists():
        shutil.rmtree(tree)
    work.rename(tree)


def use_tree(tree: Path) -> None:
    """The frozen tree's package and benches first on the path (the checkout's ``bench`` out)."""
    here = str(Path(__file__).resolve().parent)
    sys.path[:] = [str(tree), str(tree / "bench")] + [p for p in sys.path if p not in (here, "")]


def play_one(tree: str, commit: str, stage: str, code: str) -> dict[str, Any]:
    """One game of a stage, played by the frozen tree's code (on a worker; refused elsewhere)."""
    root = Path(tree)
    if not (root / "FROZEN").exists() or (root / "FROZEN").read_text().strip() != commit:
        raise RuntimeError(f"this worker has no frozen tree of {commit[:12]} at {tree}: run --prepare here")
    if str(root) not in sys.path:
        use_tree(root)
    from honest_play import play

    import paciencia

    if not Path(paciencia.__file__).resolve().is_relative_to(root.resolve()):
        raise RuntimeError(f"this worker plays with {paciencia.__file__}, not the frozen tree {tree}")
    variant, player = STAGES[stage]
    start = None
    if variant == "LB":
        from lonelybot_pairs import starts

        from paciencia.games import state_from_text

        start = state_from_text(starts(LONELYBOT_DEALS)[code])
    row: dict[str, Any] = play(code, None, start=start, **PLAYERS[player])
    times = sorted(row.pop("times"))
    row["decisions"] = len(times)
    row["think_max"] = round(times[-1], 4) if times else 0.0
    return {"stage": stage, "commit": commit, **row}


def read(results: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    if not results.exists():
        return None, []
    rows = [json.loads(line) for line in results.read_text().splitlines() if line.strip()]
    head = rows[0] if rows and "record" in rows[0] else None
    return head, [r for r in rows if "stage" in r]


def samples(head: dict[str, Any], stages: list[str]) -> dict[str, list[str]]:
    from paciencia.analysis.survey import deal_codes

    out = {}
    for stage in stages:
        variant, _ = STAGES[stage]
        if variant == "LB":
            out[stage] = [f"LB-{i}" for i in range(LONELYBOT_DEALS)]  # lonelybot's seeds 0-299
        else:
            out[stage] = deal_codes("klondike", variant, int(head["deals"]), int(head["seed"]))
    return out


def summary(head: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    from paciencia.analysis.survey import wilson

    done = {(r["stage"], r["code"]): r for r in rows}
    sample = samples(head, list(STAGES))
    print(
        f"record run: player {head['commit']} (frozen), seed {head['seed']} = int of its first 16 hex digits, "
        f"{head['deals']} deals a variant; began {head['started']}"
    )
    commits = sorted({str(r["commit"]) for r in rows} - {head["commit"]})
    if commits:
        print(f"  ROWS FROM OTHER COMMITS: {', '.join(c[:12] for c in commits)} (continued with --other-commit)")
    prefix: dict[str, list[dict[str, Any]]] = {}
    for stage, codes in sample.items():
        n = next((i for i, c in enumerate(codes) if (stage, c) not in done), len(codes))
        prefix[stage] = [done[(stage, c)] for c in codes[:n]]
        extra = sum(1 for c in codes[n:] if (stage, c) in done)
        got = prefix[stage]
        if not got and not extra:
            print(f"  {stage}: not begun")
            continue
        won = sum(1 for r in got if r["won"])
        lo, hi = wilson(won, len(got))
        cpu = sum(float(r["cpu"]) for r in got) / max(1, len(got))
        share = f"{100 * won / len(got):.1f}%" if got else "-"
        print(
            f"  {stage}: won {won}/{len(got)} = {share} (95% {100 * lo:.1f}-{100 * hi:.1f}%), "
            f"{cpu:.2f} s of CPU a game" + (f"; {extra} more done past the first not done" if extra else "")
        )
    for variant in ("3", "1"):
        a, b = prefix[f"site-{variant}"], {r["code"]: r for r in prefix[f"sight-{variant}"]}
        pairs = [(r["won"], b[r["code"]]["won"]) for r in a if r["code"] in b]
        if not pairs:
            continue
        site_only = sum(1 for s, t in pairs if s and not t)
        sight_only = sum(1 for s, t in pairs if t and not s)
        both = sum(1 for s, t in pairs if s and t)
        z = (sight_only - site_only) / math.sqrt(site_only + sight_only) if site_only + sight_only else 0.0
        print(
            f"  draw {'three' if variant == '3' else 'one'}, paired on {len(pairs)} deals: both won {both}, "
            f"sight alone {sight_only}, site's hints alone {site_only}, "
            f"neither {len(pairs) - both - site_only - sight_only}"
            f" (McNemar z = {z:.2f}, exact p = {mcnemar_p(sight_only, site_only):.3g})"
        )
    lb = {r["code"]: r for r in rows if r["stage"] == "lonelybot"}
    if lb:
        from lonelybot_pairs import report

        print("  lonelybot's own deals (its results from bench/data/lonelybot-hop-default-3.jsonl):")
        report(lb, LONELYBOT_DEALS, "sight (frozen)")


def mcnemar_p(b: int, c: int) -> float:
    """The exact two-sided McNemar p: the discordant pairs as a fair coin's tosses."""
    n = b + c
    if n == 0:
        return 1.0
    tail: float = 2 * sum(math.comb(n, k) for k in range(min(b, c) + 1)) / 2**n  # exact on big ints
    return min(1.0, tail)


def run(args: argparse.Namespace, head: dict[str, Any], rows: list[dict[str, Any]], tree: Path) -> None:
    from paciencia.analysis.survey import _executor

    done = {(r["stage"], r["code"]) for r in rows}
    stages = [s.strip() for s in args.stages.split(",")]
    sample = samples(head, stages)
    todo = iter([(s, c) for s in stages for c in sample[s] if (s, c) not in done])
    until = None
    if args.until:
        hh, mm = map(int, args.until.split(":"))
        now = datetime.datetime.now(datetime.UTC)
        until = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
        if until <= now:
            until += datetime.timedelta(days=1)

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    count = 0
    with _executor(args.jobs, args.scheduler) as (pool, slots), args.results.open("a") as out:
        pending: dict[Future[dict[str, Any]], tuple[str, str]] = {}

        def fill() -> None:
            while len(pending) < 2 * slots() and not (until and datetime.datetime.now(datetime.UTC) >= until):
                nxt = next(todo, None)
                if nxt is None:
                    return
                pending[pool.submit(play_one, str(tree), head["commit"], *nxt)] = nxt

        try:
            fill()
            while pending:
                finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                for f in finished:
                    stage, code = pending.pop(f)
                    try:
                        row = f.result()
                    except Exception as e:  # a worker lost or refusing: that game is left for the next run
                        print(f"{stage} {code}: not played ({type(e).__name__}: {e})", file=sys.stderr)
                        continue
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                    count += 1
                    stamp = time.strftime("%H:%M:%S", time.gmtime())
                    print(f"{stamp} {stage} {code} {row['end']} {row['cpu']:.1f} s", file=sys.stderr, flush=True)
                fill()
        except KeyboardInterrupt:
            for f in pending:
                f.cancel()
            print(f"stopped; {count} games written this run, kept in {args.results}", file=sys.stderr)
            return
    print(f"{count} games written this run ({args.results})", file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser(description="The record run (issue 40): a frozen player on fresh deals.")
    ap.add_argument("--commit", help="the player's commit (default: the results file's, else main's head)")
    ap.add_argument("--results", type=Path, help="default: bench/data/record-klondike-<12 hex of the commit>.jsonl")
    ap.add_argument("--deals", type=int, default=2000, help="fresh deals a variant (a new file only)")
    ap.add_argument("--stages", default=",".join(STAGES), help=f"which, in order (default {','.join(STAGES)})")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes of a local cluster")
    ap.add_argument("--scheduler", default="local", help="'local' (a LocalCluster here) or a scheduler's address")
    ap.add_argument("--tree", type=Path, help="the frozen tree (default ~/.cache/paciencia-record/<commit>)")
    ap.add_argument("--other-commit", action="store_true", help="continue a file begun on another commit")
    ap.add_argument("--until", help="HH:MM UTC: hand out no game after it, and stop when those in play end")
    ap.add_argument(
        "--prepare", action="store_true", help="only export and build the frozen tree (each worker's machine)"
    )
    ap.add_argument("--summary", action="store_true", help="play nothing: the figures so far")
    args = ap.parse_args()
    head, rows = read(args.results) if args.results else (None, [])
    commit = git("rev-parse", "--verify", f"{args.commit}^{{commit}}") if args.commit else None
    if head is not None:
        if commit is not None and commit != head["commit"] and not args.other_commit:
            raise SystemExit(
                f"{args.results} was begun on {head['commit'][:12]}'s player, not {commit[:12]}'s: "
                "give another --results, or --other-commit to continue it anyway"
            )
        commit = commit if args.other_commit and commit else str(head["commit"])
    if commit is None:
        commit = git("rev-parse", "--verify", "main^{commit}")
    args.results = args.results or REPO / "bench" / "data" / f"record-klondike-{commit[:12]}.jsonl"
    if head is None:
        head, rows = read(args.results)
        if head is not None and head["commit"] != commit and not args.other_commit:
            raise SystemExit(f"{args.results} was begun on {head['commit'][:12]}'s player: --other-commit to continue")
    tree = args.tree or Path.home() / ".cache" / "paciencia-record" / commit
    prepare(commit, tree)
    use_tree(tree)
    if args.prepare:
        print(f"frozen tree of {commit} ready at {tree}")
        return
    if head is None:
        head = {
            "record": "klondike",
            "commit": commit,
            "seed": seed_of(commit),
            "seed_rule": "int(commit[:16], 16)",
            "deals": args.deals,
            "players": PLAYERS,
            "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        }
        args.results.parent.mkdir(parents=True, exist_ok=True)
        with args.results.open("a") as out:
            out.write(json.dumps(head) + "\n")
    if not args.summary:
        os.environ.setdefault("PYTHONHASHSEED", "0")
        run(args, head, rows, tree)
        head, rows = read(args.results)
        assert head is not None
    summary(head, rows)


if __name__ == "__main__":
    main()
