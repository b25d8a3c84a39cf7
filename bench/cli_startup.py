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


def timed(cmd: list[str], env: dict[str, str], runs: int, warmup: int = 3) -> list[float]:
    for _ in range(warmup):
        subprocess.run(cmd, env=env, capture_output=True, check=True)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, env=env, capture_output=True, check=True)
        times.append(time.perf_counter() - t)
    return times


def imports(cmd: list[str], env: dict[str, str], runs: int = 5) -> tuple[float, int, list[tuple[int, str]], list[str]]:
    """(total import seconds, how many modules, the heaviest modules by their own time, the heavy packages loaded),
    each module's own time the least over ``runs`` runs (other work on the machine only adds)."""
    own: dict[str, int] = {}
    for _ in range(runs):
        p = subprocess.run([cmd[0], "-X", "importtime", *cmd[1:]], env=env, capture_output=True, text=True, check=True)
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


def report(label: str, tree: Path, code: str, runs: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = [sys.executable, "-m", "paciencia", "solve", code]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout.split()[0]
    t = timed(cmd, env, runs)
    total, count, heaviest, loaded = imports(cmd, env)
    print(f"{label} ({tree}):")
    print(f"  paciencia solve {code} -> {out}")
    print(
        f"  wall over {runs} runs: min {min(t) * 1000:.1f} ms, median {statistics.median(t) * 1000:.1f} ms, "
        f"mean {statistics.mean(t) * 1000:.1f} ms"
    )
    print(f"  imports (-X importtime, least of 5 runs each): {total * 1000:.1f} ms in all, {count} modules")
    print("  heaviest by own time: " + ", ".join(f"{name} {us / 1000:.1f} ms" for us, name in heaviest))
    print("  site stack loaded: " + (", ".join(loaded) if loaded else "none"))
    return statistics.median(t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--code", default="KL1-3-DJSLCWH", help="an easy deal (winnable in a millisecond)")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--before", metavar="REF", help="also time this git revision (e.g. main)")
    args = ap.parse_args()
    bare = timed([sys.executable, "-c", "pass"], dict(os.environ), args.runs)
    print(f"python -c pass: min {min(bare) * 1000:.1f} ms, median {statistics.median(bare) * 1000:.1f} ms")
    with tempfile.TemporaryDirectory(prefix="paciencia-before-") as tmp:
        before = (
            report(f"before ({args.before})", tree_of(args.before, Path(tmp)), args.code, args.runs)
            if args.before
            else None
        )
        after = report("this tree", ROOT, args.code, args.runs)
    if before is not None:
        print(f"median start-up to answer: {before * 1000:.1f} ms -> {after * 1000:.1f} ms")
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (figures are noisy on a shared machine)")


if __name__ == "__main__":
    main()
