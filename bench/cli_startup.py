"""How long ``paciencia solve CODE`` takes for an easy deal, most of which is start-up (imports).

Times the command as a fresh process, many times over (as hyperfine does: warm-up runs, then the
minimum, median and mean of the timed runs), next to a bare ``python -c pass``, and lists what
``python -X importtime`` says the command imports: the total, the heaviest modules, and whether
any of the site's stack (FastAPI, Starlette, SQLAlchemy, Jinja2, uvicorn, Babel) was loaded.

``--before REF`` times a git revision too (its ``paciencia/`` exported to a temporary folder,
with this tree's built C extensions copied in), so one run prints the figures before and after.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("fastapi", "starlette", "sqlalchemy", "jinja2", "uvicorn", "babel", "pydantic", "distributed", "dask")


Run = tuple[list[str], dict[str, str], Path]  # a command, its environment, its working folder


def timed(commands: list[Run], runs: int, warmup: int = 3) -> list[list[float]]:
    """Wall times of each command, taken in turn (A B C A B C …) so that a change in the
    machine's load falls on all of them alike."""
    for cmd, env, cwd in commands * warmup:
        subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, check=True)
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for i, (cmd, env, cwd) in enumerate(commands):
            t = time.perf_counter()
            subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, check=True)
            times[i].append(time.perf_counter() - t)
    return times


def imports(
    cmd: list[str], env: dict[str, str], cwd: Path, runs: int = 5
) -> tuple[float, int, list[tuple[int, str]], list[str]]:
    """(total import seconds, how many modules, the heaviest modules by their own time, the heavy packages loaded),
    each module's own time the least over ``runs`` runs (other work on the machine only adds)."""
    own: dict[str, int] = {}
    for _ in range(runs):
        p = subprocess.run(
            [cmd[0], "-X", "importtime", *cmd[1:]], env=env, cwd=cwd, capture_output=True, text=True, check=True
        )
        for line in p.stderr.splitlines():
            if not line.startswith("import time:") or "self [us]" in line:
                continue
            self_us, _cumulative, name = line[len("import time:") :].split("|")
            own[name.strip()] = min(int(self_us), own.get(name.strip(), 1 << 62))
    loaded = sorted({name.split(".")[0] for name in own if name.split(".")[0] in HEAVY})
    heaviest = sorted(((us, name) for name, us in own.items()), reverse=True)[:8]
    return sum(own.values()) / 1e6, len(own), heaviest, loaded


def tree_of(ref: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "paciencia"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    for so in (ROOT / "paciencia" / "solver").glob("_*.so"):
        shutil.copy(so, into / "paciencia" / "solver" / so.name)
    return into


def command(tree: Path, code: str) -> Run:
    """``python -m paciencia solve CODE`` on ``tree``'s sources (checked), run from the tree itself:
    ``-m`` puts the working folder first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    where = subprocess.run(
        [sys.executable, "-c", "import paciencia; print(paciencia.__file__)"],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(where).resolve().is_relative_to(tree.resolve()), where
    return [sys.executable, "-m", "paciencia", "solve", code], env, tree


def report(label: str, run: Run, t: list[float]) -> None:
    cmd, env, tree = run
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=True).stdout.split()[0]
    total, count, heaviest, loaded = imports(cmd, env, tree)
    print(f"{label} ({tree}):")
    print(f"  {' '.join(cmd[3:])} -> {out}")
    print(
        f"  wall over {len(t)} runs: min {min(t) * 1000:.1f} ms, median {statistics.median(t) * 1000:.1f} ms, "
        f"mean {statistics.mean(t) * 1000:.1f} ms"
    )
    print(f"  imports (-X importtime, least of 5 runs each): {total * 1000:.1f} ms in all, {count} modules")
    print("  heaviest by own time: " + ", ".join(f"{name} {us / 1000:.1f} ms" for us, name in heaviest))
    print("  site stack loaded: " + (", ".join(loaded) if loaded else "none"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--code", default="KL1-3-DJSLCWH", help="an easy deal (winnable in a millisecond)")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--before", metavar="REF", help="also time this git revision (e.g. main)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="paciencia-before-") as tmp:
        runs: list[tuple[str, Run]] = [("python -c pass", ([sys.executable, "-c", "pass"], dict(os.environ), ROOT))]
        if args.before:
            runs.append((f"before ({args.before})", command(tree_of(args.before, Path(tmp)), args.code)))
        runs.append(("this tree", command(ROOT, args.code)))
        times = timed([r for _, r in runs], args.runs)
        bare = times[0]
        print(f"python -c pass: min {min(bare) * 1000:.1f} ms, median {statistics.median(bare) * 1000:.1f} ms")
        for (label, run), t in zip(runs[1:], times[1:], strict=True):
            report(label, run, t)
    if args.before:
        (b, a) = (statistics.median(times[1]), statistics.median(times[2]))
        (bm, am) = (min(times[1]), min(times[2]))
        print(
            f"start-up to answer: median {b * 1000:.1f} ms -> {a * 1000:.1f} ms, "
            f"min {bm * 1000:.1f} ms -> {am * 1000:.1f} ms"
        )
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (figures are noisy on a shared machine)")


if __name__ == "__main__":
    main()
