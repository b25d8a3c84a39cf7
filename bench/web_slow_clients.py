"""Slow and greedy clients against ``paciencia serve`` (SQLite, one process, the default
deadlines and caps): an ordinary client's GET latency alone, then while one address opens
thousands of idle connections and hundreds of slow-header and slow-body ones; how many of
those the server accepted, refused at once, and closed, and how long the last one took.

    .venv/bin/python bench/web_slow_clients.py [--idle 5000] [--slow 400]
"""

from __future__ import annotations

import argparse
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ATTACKER = "127.0.0.2"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def get(port: int) -> float:
    t0 = time.perf_counter()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=30) as res:
        res.read()
    return time.perf_counter() - t0


def latencies(port: int, seconds: float) -> tuple[list[float], int]:
    out, failed = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            out.append(get(port))
        except OSError:
            failed += 1
    return out, failed


def show(name: str, values: list[float], failed: int) -> None:
    if not values:
        print(f"{name:<34} no answer, {failed} failed")
        return
    q = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
    print(f"{name:<34} {len(values):>6} {1000 * q[49]:>8.1f} {1000 * q[98]:>8.1f} {failed:>6}")


def attack(port: int, idle: int, slow: int, report: dict[str, float]) -> None:
    sel = selectors.DefaultSelector()
    socks: list[socket.socket] = []
    start = time.monotonic()
    heads = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    body = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    body += b"Content-Length: 99\r\n\r\n{"
    for i in range(2 * slow + idle):  # the slow ones first: within the cap, the deadlines close them
        s = socket.socket()
        s.bind((ATTACKER, 0))
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(heads if i < slow else body if i < 2 * slow else b"")
        except OSError:
            s.close()
            report["connect_failed"] = report.get("connect_failed", 0) + 1
            continue
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
        socks.append(s)
    report["opened"] = len(socks)
    closed = 0
    while closed < len(socks) and time.monotonic() - start < 120:
        for key, _ in sel.select(timeout=0.5):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(4096)
            except OSError:
                data = b""
            if not data:
                sel.unregister(sock)
                sock.close()
                closed += 1
                report["last_closed"] = time.monotonic() - start
    report["closed"] = closed
    for s in socks:
        if s.fileno() != -1:
            s.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--idle", type=int, default=5000)
    ap.add_argument("--slow", type=int, default=400)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--per-address", type=int, help="the server's cap per address (default: the site's)")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="slow-bench-"))
    port = free_port()
    cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port)]
    cmd += ["--database", f"sqlite:///{folder / 'games.sqlite3'}"]
    env = dict(os.environ)
    if args.per_address:
        env["PACIENCIA_MAX_CONNECTIONS_PER_ADDRESS"] = str(args.per_address)
    print(f"cap per address: {args.per_address or 'default'}")
    with (folder / "server.log").open("w") as log:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log, env=env)
        try:
            while True:
                try:
                    get(port)
                    break
                except OSError:
                    time.sleep(0.1)
            print(f"{'ordinary GET /en/':<34} {'n':>6} {'p50 ms':>8} {'p99 ms':>8} {'failed':>6}")
            show("alone", *latencies(port, args.seconds))
            report: dict[str, float] = {}
            attacker = threading.Thread(target=attack, args=(port, args.idle, args.slow, report))
            attacker.start()
            show(f"beside {args.idle} idle + {2 * args.slow} slow", *latencies(port, args.seconds))
            attacker.join()
            print(
                f"from {ATTACKER}: {int(report.get('opened', 0))} connections opened "
                f"({int(report.get('connect_failed', 0))} failed to connect), {int(report.get('closed', 0))} closed "
                f"by the server, the last after {report.get('last_closed', float('nan')):.1f} s"
            )
        finally:
            proc.terminate()
            proc.wait(30)


if __name__ == "__main__":
    main()
