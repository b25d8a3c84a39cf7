"""What a hint's admission costs the server: a hint admitted and released, as the hint pool
does for every hint and chance (``web/db/limits.py``: ``Limits.admit``, ``Limits.release``), here
and at an earlier commit, taking turns in one process (issue 39).

Run: .venv/bin/python bench/admission_cost.py [--before REF] [--backends sqlite,postgres]
     [--hints 400] [--rounds 6]

Each round admits and releases ``--hints`` hints of 50 players behind 20 addresses (their
buckets made in a first, unrecorded pass), one after the other, with this checkout's ``limits.py``
and with ``REF``'s (default: the commit before the admission took its buckets in one statement),
in turn, on a new SQLite file (the server's pragmas) and on a new PostgreSQL cluster. Prints per
side: the statements an admission and its release sent, the wall time and this process's CPU
time per hint (the rounds' median, the least), and the ratio of this checkout's to ``REF``'s.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from sqlalchemy import event
from web_servers import postgres
from web_site import ROOT

from paciencia.web.db import limits as here
from paciencia.web.db.store import Store

BEFORE = "db198d4"
ROOM = 10
PLAYERS = 50
ADDRESSES = 20


def module_at(ref: str) -> ModuleType:
    """``web/db/limits.py`` as it was at ``ref``, imported under a name of its own."""
    text = subprocess.run(
        ["git", "show", f"{ref}:paciencia/web/db/limits.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    folder = Path(tempfile.mkdtemp())
    path = folder / "limits_before.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("limits_before", path)
    assert spec is not None and spec.loader is not None
    found = importlib.util.module_from_spec(spec)
    sys.modules["limits_before"] = found
    spec.loader.exec_module(found)
    return found


@contextmanager
def database(backend: str) -> Iterator[str]:
    with ExitStack() as stack:
        if backend == "sqlite":
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            yield f"sqlite:///{folder}/admission.db"
        else:
            _, url = stack.enter_context(postgres())
            yield url


def hints(module: ModuleType, store: Store, count: int, engine: Any = None) -> Callable[[], None]:
    """A pass of ``count`` hints admitted and released with ``module``'s ``Limits``: ``PLAYERS``
    players behind ``ADDRESSES`` addresses, their buckets never short (a bucket's statements cost
    the same however full it is)."""
    limits = module.Limits(store.engine)
    if engine is not None:
        limits.engine = engine
    rate = module.Rate(1e9, 10**9)

    def run() -> None:
        for n in range(count):
            player, address = f"p{n % PLAYERS}", f"10.0.0.{n % ADDRESSES}"
            takes = [module.Take(f"hints:{player}", rate), module.Take(f"hints@{address}", rate)]
            limits.release(player, limits.admit(player, ROOM, takes))

    return run


def statements(module: ModuleType, store: Store) -> int:
    """The statements one hint's admission and release sent (on the engine the limits write with)."""
    sent = [0]

    def counted(*_: Any) -> None:
        sent[0] += 1

    engine = getattr(module, "limits_engine", lambda e: e)(store.engine)
    run = hints(module, store, 1, engine)
    event.listen(engine, "before_cursor_execute", counted)
    try:
        run()
    finally:
        event.remove(engine, "before_cursor_execute", counted)
    return sent[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", default=BEFORE, help="the commit compared with (its limits.py)")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--hints", type=int, default=400, help="hints a round, a side")
    parser.add_argument("--rounds", type=int, default=6)
    ns = parser.parse_args()
    sides = {"here": here, ns.before: module_at(ns.before)}
    for backend in ns.backends.split(","):
        with database(backend) as url:
            store = Store(url)
            wall: dict[str, list[float]] = {k: [] for k in sides}
            cpu: dict[str, list[float]] = {k: [] for k in sides}
            hints(here, store, PLAYERS)()  # the buckets made, unrecorded
            sent = {k: statements(m, store) for k, m in sides.items()}
            for r in range(ns.rounds):
                for k in list(sides) if r % 2 == 0 else list(sides)[::-1]:
                    run = hints(sides[k], store, ns.hints)
                    w0, c0 = time.perf_counter(), time.process_time()
                    run()
                    wall[k].append((time.perf_counter() - w0) / ns.hints * 1000)
                    cpu[k].append((time.process_time() - c0) / ns.hints * 1000)
            store.close()
        print(f"-- {backend}: {ns.hints} hints a round, {ns.rounds} rounds, admitted and released")
        for k in sides:
            print(
                f"{k:>10}: {sent[k]} statements a hint; wall {statistics.median(wall[k]):.2f} ms "
                f"(least {min(wall[k]):.2f}), this process's CPU {statistics.median(cpu[k]):.2f} ms "
                f"(least {min(cpu[k]):.2f})"
            )
        b = ns.before
        print(
            f"here / {b}: wall x{statistics.median(wall['here']) / statistics.median(wall[b]):.2f}, "
            f"CPU x{statistics.median(cpu['here']) / statistics.median(cpu[b]):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
