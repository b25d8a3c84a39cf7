"""Surveys: solve many random deals in parallel and report the share winnable.

Results go to a JSON-lines file, one line per finished deal, written as each deal finishes, so
a survey stopped at any point (Ctrl-C included) resumes where it was without losing a deal.
The deals are a fixed pseudo-random sample (SplitMix64 from ``seed``), so the same survey
parameters always draw the same deals.

The deals are solved by local processes (``jobs``) or, given a ``scheduler``, on a Dask
distributed cluster: an address (``tcp://host:8786``) or ``local`` for a LocalCluster of
``jobs`` worker processes started here. Both paths run the same ``solve_one`` through the same
``concurrent.futures`` loop (a cluster through ``Client.get_executor``), so the rows, the
results file, the progress bar and the figures are the same; only where the deals are solved
differs. ``distributed`` is imported only for a cluster run.
"""

from __future__ import annotations

import importlib
import json
import math
import statistics
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from paciencia.engine.dealcode import DEAL_COUNT, SplitMix64
from paciencia.engine.verdict import Verdict
from paciencia.games import GAMES, new_state
from paciencia.solver import solve


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (0..1)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def deal_codes(game: str, variant: str, count: int, seed: int) -> list[str]:
    found = GAMES.get(game)
    if found is None:
        raise ValueError(f"unknown game {game!r} (expected {' or '.join(GAMES)})")
    probe = found.game(variant.upper())  # refuses an unknown variant
    rng = SplitMix64(seed)
    return [str(probe.code(rng.below(DEAL_COUNT))) for _ in range(count)]


def solve_one(code: str, timeout: float, nodes: int | None = None) -> dict[str, object]:
    """One row of the results: a survey on a node budget records it in each row (``budget``),
    so that its file says what the verdicts were reached with and is resumed only alike."""
    result = solve(new_state(code), timeout, nodes)
    row: dict[str, object] = {
        "code": code,
        "verdict": result.verdict.value,
        "seconds": round(result.seconds, 4),
        "nodes": result.nodes,
        "line": " ".join(result.line),
    }
    if nodes is not None:
        row["budget"] = nodes
    return row


class OtherBudget(Exception):
    """The results file holds deals solved on another node budget (or on the clock)."""


@dataclass
class Summary:
    deals: int
    winnable: int
    unwinnable: int
    unknown: int
    low: float
    high: float
    median: float
    p95: float
    settled_in: float
    nodes_median: float = 0.0
    nodes_p95: float = 0.0

    def lines(self, timeout: float, nodes: int | None = None) -> list[str]:
        share = self.winnable / self.deals if self.deals else 0.0
        head = [
            f"deals: {self.deals}  winnable: {self.winnable}  unwinnable: {self.unwinnable}  unknown: {self.unknown}",
            f"winnable: {100 * share:.2f}%  95% interval (Wilson; unknowns lost/won): "
            f"{100 * self.low:.2f}% .. {100 * self.high:.2f}%",
        ]
        if nodes is None:
            return [
                *head,
                f"solve time: median {self.median:.3f} s, 95th percentile {self.p95:.3f} s; "
                f"settled within {timeout:g} s: {100 * self.settled_in:.1f}%",
            ]
        cap = "" if math.isinf(timeout) else f" (and at most {timeout:g} s)"
        return [
            *head,
            f"budget: {nodes} positions searched per deal{cap}; the same verdicts on any machine",
            f"positions searched: median {self.nodes_median:.0f}, 95th percentile {self.nodes_p95:.0f}; "
            f"settled within the budget: {100 * self.settled_in:.1f}%",
            f"solve time (this machine): median {self.median:.3f} s, 95th percentile {self.p95:.3f} s",
        ]


def _median_p95(values: list[float]) -> tuple[float, float]:
    values = sorted(values) or [0.0]
    p95 = statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]
    return statistics.median(values), p95


def summarise(rows: list[dict[str, object]], timeout: float) -> Summary:
    n = len(rows)
    won = sum(1 for r in rows if r["verdict"] == Verdict.WINNABLE)
    lost = sum(1 for r in rows if r["verdict"] == Verdict.UNWINNABLE)
    unknown = n - won - lost
    low, _ = wilson(won, n)
    _, high = wilson(won + unknown, n)
    times = sorted(float(str(r["seconds"])) for r in rows) or [0.0]
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else times[0]
    settled = sum(1 for r in rows if r["verdict"] != Verdict.UNKNOWN and float(str(r["seconds"])) <= timeout)
    nodes = _median_p95([float(str(r.get("nodes", 0))) for r in rows])
    return Summary(n, won, lost, unknown, low, high, statistics.median(times), p95, settled / n if n else 0.0, *nodes)


def read_results(path: Path) -> dict[str, dict[str, object]]:
    done: dict[str, dict[str, object]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["code"]] = row
    return done


def _bar(done: int, total: int, won: int, unknown: int, out: TextIO) -> None:
    width = 30
    filled = width * done // max(total, 1)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  winnable {won}  unknown {unknown} ")
    out.flush()


class ClusterError(Exception):
    """The cluster cannot be had: distributed is not installed, or the scheduler does not answer."""


@contextmanager
def _executor(jobs: int, scheduler: str | None) -> Iterator[tuple[Executor, Callable[[], int]]]:
    """An executor and how many deals it can solve at once (asked again as results come in, since
    a cluster's workers may come and go)."""
    if scheduler is None:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool, lambda: jobs
        return
    try:
        # Imported only here, and held as Any: distributed's API has no type hints.
        dd: Any = importlib.import_module("distributed")
    except ImportError as e:
        raise ClusterError(f"a survey on a cluster needs the distributed package ({e})") from None
    if scheduler == "local":
        # One thread per worker process: each deal has its own core and its own clock, as with --jobs.
        # Loopback only, and no fixed dashboard port (another cluster may hold 8787).
        try:
            cluster = dd.LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            )
        except (OSError, RuntimeError) as e:
            raise ClusterError(f"cannot start a local Dask cluster: {e}") from None
        client = dd.Client(cluster)
    else:
        cluster = None
        try:
            client = dd.Client(scheduler, timeout="30s")
        except (OSError, ValueError, TypeError) as e:  # unreachable, or not an address
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler!r}: {e}") from None
    try:
        executor = client.get_executor(pure=False)  # a timed search is not a pure function of its code
        interrupted = False
        try:
            yield executor, lambda: max(1, sum(client.nthreads().values()))
        except BaseException:
            interrupted = True
            raise
        finally:
            executor.shutdown(wait=not interrupted)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run(
    game: str,
    variant: str,
    deals: int,
    timeout: float,
    jobs: int,
    results: Path,
    seed: int = 2026,
    progress: TextIO = sys.stderr,
    scheduler: str | None = None,
    nodes: int | None = None,
) -> Summary:
    """The survey (module notes); ``nodes``: a budget of positions searched per deal instead of
    the clock (``timeout`` then a cap, inf for none), recorded in each row."""
    codes = deal_codes(game, variant, deals, seed)
    done = read_results(results)
    for row in done.values():
        if row.get("budget") != nodes:
            made = f"a budget of {row['budget']} positions" if row.get("budget") is not None else "the clock"
            asked = f"a budget of {nodes} positions" if nodes is not None else "the clock"
            raise OtherBudget(
                f"the results file {str(results)!r} holds deals solved on {made}, not {asked}; "
                "give another --results file"
            )
    todo = [c for c in codes if c not in done]
    rows = [done[c] for c in codes if c in done]
    won = sum(1 for r in rows if r["verdict"] == Verdict.WINNABLE)
    unknown = sum(1 for r in rows if r["verdict"] == Verdict.UNKNOWN)
    # The cluster first: one that cannot be had leaves no results file behind.
    with _executor(max(1, jobs), scheduler) as (pool, slots), results.open("a", encoding="utf-8") as out:
        _bar(len(rows), len(codes), won, unknown, progress)
        pending: set[Future[dict[str, object]]] = set()
        queue: Iterator[str] = iter(todo)
        try:
            # Two deals queued per solver keep every solver busy without handing out the whole sample.
            for code in queue:
                pending.add(pool.submit(solve_one, code, timeout, nodes))
                if len(pending) >= 2 * slots():
                    break
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    try:
                        row = f.result()
                    except ImportError as e:  # a cluster's worker without the project installed
                        raise ClusterError(
                            f"a worker cannot run the solver ({e}); install paciencia on every worker"
                        ) from e
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                    rows.append(row)
                    won += row["verdict"] == Verdict.WINNABLE
                    unknown += row["verdict"] == Verdict.UNKNOWN
                    _bar(len(rows), len(codes), won, unknown, progress)
                want = 2 * slots()
                while len(pending) < want:
                    nxt = next(queue, None)
                    if nxt is None:
                        break
                    pending.add(pool.submit(solve_one, nxt, timeout, nodes))
        except KeyboardInterrupt:
            for f in pending:
                f.cancel()
            progress.write("\nstopped; finished deals are kept in " + str(results) + "\n")
            raise
    progress.write("\n")
    return summarise(rows, timeout)
