"""How long the command line takes to start: ``paciencia deal`` of each game (and ``solve`` of an
easy deal) against a bare ``python -c pass``, as fresh processes.

The commands are run in turn (bare, deal, deal, …, bare, deal, …) many times over, so that a change
in the machine's load falls on all of them alike; each one's wall time and user CPU (the child's
own, from ``getrusage``) are taken, and printed as medians with their ratio to the bare
interpreter's: the ratio of the medians, and the median of each round's ratio (a command against
the bare run next to it), the figure to trust on a loaded machine. An old floor is timed beside them:
the bare interpreter importing what the command line needed of the standard library before
issue 39's third step (argparse with the gettext and locale it loads to parse, typing for the
engine's generic classes) and nothing of the project; a plain ``deal`` or ``solve`` now imports
none of them (``paciencia.cli._plain``, ``paciencia.engine.generics``). Then what ``python -X
importtime`` says each command imports: the total, the heaviest modules, and which games' and
which of the site stack's packages were loaded.

The children run with their bytecode kept (``PYTHONPYCACHEPREFIX`` a temporary folder, filled by
the warm-up runs), as an installed copy runs; ``--as-is`` runs them with the environment as it is
(with ``PYTHONDONTWRITEBYTECODE`` set, as in this project's sessions, every run compiles the
project's sources again).

``--before REF`` times a git revision too (its ``paciencia/`` exported to a temporary folder, with
this tree's built C extensions copied in), so one run prints the figures before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("fastapi", "starlette", "sqlalchemy", "jinja2", "uvicorn", "babel", "pydantic", "distributed", "dask")
COMMANDS = (
    ("deal", "CR1-N-AAAAAAB"),
    ("deal", "FC1-4-AAAAAAB"),
    ("deal", "KL1-3-AAAAAAB"),
    ("deal", "SP1-1-AAAAAAB"),
    ("deal", "PY1-3-AAAAAAB"),
    ("deal", "TP1-1-AAAAAAB"),
    ("solve", "KL1-3-DJSLCWH"),  # an easy deal, won in a millisecond
)

Run = tuple[list[str], dict[str, str], Path]  # a command, its environment, its working folder


def once(run: Run) -> tuple[float, float]:
    """(wall seconds, user CPU seconds) of one run of a command to its end."""
    cmd, env, cwd = run
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    t = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, check=True)
    wall = time.perf_counter() - t
    return wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def timed(commands: list[Run], rounds: int, warmup: int = 3) -> list[list[tuple[float, float]]]:
    """Each command's (wall, user) per round, the commands taken in turn within each round."""
    for run in commands * warmup:
        once(run)
    times: list[list[tuple[float, float]]] = [[] for _ in commands]
    for _ in range(rounds):
        for i, run in enumerate(commands):
            times[i].append(once(run))
    return times


def imports(run: Run, runs: int = 5) -> tuple[float, int, list[tuple[int, str]], list[str]]:
    """(total import seconds, how many modules, the heaviest modules by their own time, the
    packages loaded among the games' and the site stack's), each module's own time the least over
    ``runs`` runs (other work on the machine only adds)."""
    cmd, env, cwd = run
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
    games = sorted({name.split(".")[2] for name in own if name.startswith("paciencia.games.") and _is_game(name)})
    heaviest = sorted(((us, name) for name, us in own.items()), reverse=True)[:8]
    return sum(own.values()) / 1e6, len(own), heaviest, [f"games: {', '.join(games) or 'none'}", *loaded]


def _is_game(module: str) -> bool:
    """Whether a ``paciencia.games.X…`` module is a game's package (a folder), not a shared module."""
    return (ROOT / "paciencia" / "games" / module.split(".")[2]).is_dir()


def tree_of(ref: str, into: Path) -> Path:
    into.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "paciencia"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    for so in (ROOT / "paciencia").rglob("_*.so"):
        target = into / so.relative_to(ROOT)
        if target.parent.is_dir():
            shutil.copy(so, target)
    return into


def command(tree: Path, args: tuple[str, ...], base: dict[str, str]) -> Run:
    """``python -m paciencia ARGS`` on ``tree``'s sources (checked), run from the tree itself:
    ``-m`` puts the working folder first on the path."""
    env = dict(base, PYTHONPATH=str(tree))
    where = subprocess.run(
        [sys.executable, "-c", "import paciencia; print(paciencia.__file__)"],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(where).resolve().is_relative_to(tree.resolve()), where
    return [sys.executable, "-m", "paciencia", *args], env, tree


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=40, help="rounds of every command in turn (default 40)")
    ap.add_argument("--before", metavar="REF", help="also time this git revision (e.g. HEAD~1)")
    ap.add_argument("--no-imports", action="store_true", help="skip the -X importtime listing")
    ap.add_argument("--as-is", action="store_true", help="bytecode as the environment says (not kept)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="paciencia-before-") as tmp:
        base = dict(os.environ)
        if not args.as_is:
            base.pop("PYTHONDONTWRITEBYTECODE", None)
            base["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        bytecode = "compiled each run" if base.get("PYTHONDONTWRITEBYTECODE") else "kept"
        trees = [("now", ROOT)] + ([(args.before, tree_of(args.before, Path(tmp) / "tree"))] if args.before else [])
        labelled: list[tuple[str, Run]] = [("python -c pass", ([sys.executable, "-c", "pass"], base, ROOT))]
        # The floor: what the engine's modules need of the standard library before any of them runs.
        floor = [sys.executable, "-c", "import argparse, gettext, locale, typing"]
        labelled.append(("import argparse, gettext, locale, typing", (floor, base, ROOT)))
        for label, tree in trees:
            labelled += [(f"{' '.join(c)} ({label})", command(tree, c, base)) for c in COMMANDS]
        times = timed([run for _, run in labelled], args.rounds)
        load = os.getloadavg()[0]
        bare = times[0]
        bare_wall, bare_user = (statistics.median(t[k] for t in bare) for k in (0, 1))
        print(
            f"{args.rounds} rounds, the commands in turn, the project's bytecode {bytecode}; "
            f"load average {load:.2f} on {os.cpu_count()} cores"
        )
        print(f"{'':40} {'wall':>10} {'user CPU':>10}   ratio to bare: wall, user (medians; median of each round's)")
        for (label, _run), t in zip(labelled, times, strict=True):
            wall, user = (statistics.median(x[k] for x in t) for k in (0, 1))
            paired = [(x[0] / b[0], x[1] / b[1] if b[1] > 0 else float("nan")) for x, b in zip(t, bare, strict=True)]
            pw, pu = (statistics.median(p[k] for p in paired) for k in (0, 1))
            print(
                f"{label:40} {ms(wall)} {ms(user)}   x{wall / bare_wall:.2f}, x{user / bare_user:.2f}"
                f"   (x{pw:.2f}, x{pu:.2f})"
            )
        if not args.no_imports:
            print("\nimports (-X importtime, each module's own time the least of 5 runs):")
            for label, run in labelled[2:]:
                total, count, heaviest, loaded = imports(run)
                print(f"  {label}: {total * 1000:.1f} ms in all, {count} modules; {'; '.join(loaded)}")
                print("    heaviest by own time: " + ", ".join(f"{name} {us / 1000:.1f} ms" for us, name in heaviest))


if __name__ == "__main__":
    main()
