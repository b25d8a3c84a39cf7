"""How long ``paciencia serve`` takes to answer again after a crash: the server process killed
with -9 (its workers left to themselves) or its whole process group, then started again on
the same port and SQLite file; seconds until the new server answers ``GET /en/``, and whether
workers of the killed one were still alive then.

    .venv/bin/python bench/web_restart.py [--workers 1 4] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import IO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=2) as res:
            return bool(res.status == 200)
    except OSError:
        return False


def start(cmd: list[str], log: IO[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 4])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=float, default=90.0, help="seconds to wait for an answer")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="restart-bench-"))
    print(f"{'workers':>7} {'kill -9':>8} {'round':>5} {'answered (s)':>12} {'new server':>10} {'orphans':>7}")
    for workers in args.workers:
        for how in ("server", "group"):
            port = free_port()
            database = f"sqlite:///{folder / f'{workers}-{how}.sqlite3'}"
            cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--database", database]
            cmd += ["--workers", str(workers)]
            log = (folder / "server.log").open("a")

            proc = start(cmd, log)
            while not answers(port):
                time.sleep(0.05)
            times = []
            for n in range(args.rounds):
                time.sleep(1)  # every worker up
                old = children(proc.pid)
                if how == "server":
                    os.kill(proc.pid, signal.SIGKILL)
                else:
                    os.killpg(proc.pid, signal.SIGKILL)
                t0 = time.monotonic()
                proc.wait()
                proc = start(cmd, log)
                # An answer counts once the new server is the one listening (not the orphans).
                while time.monotonic() - t0 < args.limit:
                    orphans = [p for p in old if Path(f"/proc/{p}").exists()]
                    if proc.poll() is not None:
                        break
                    if not orphans and answers(port):
                        break
                    time.sleep(0.05)
                took = time.monotonic() - t0
                orphans = [p for p in old if Path(f"/proc/{p}").exists()]
                new_ok = proc.poll() is None and not orphans and answers(port)
                state = "up" if new_ok else ("exited" if proc.poll() is not None else "not yet")
                print(f"{workers:>7} {how:>8} {n:>5} {took:>12.2f} {state:>10} {len(orphans):>7}", flush=True)
                if new_ok:
                    times.append(took)
                for p in orphans:  # left from a failed round: cleared before the next
                    os.kill(p, signal.SIGKILL)
                if proc.poll() is not None:
                    proc = start(cmd, log)
                    while not answers(port):
                        time.sleep(0.05)
            if times:
                print(f"{workers:>7} {how:>8}  median {statistics.median(times):.2f} s over {len(times)} rounds")
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


if __name__ == "__main__":
    main()
