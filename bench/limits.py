"""The site's limits against one client, with one server process and with several.

Run: .venv/bin/python bench/limits.py [--workers 1 4] [--seconds 30] [--threads 8] [--forged 400]

For each ``--workers`` count it starts ``paciencia serve --workers N`` on a new SQLite file and,
from loopback (one address), with a new connection per request (so that the requests spread
over the worker processes):

- hints: one cookie asks hints on one of its games from ``--threads`` threads for ``--seconds``;
  prints how many were granted (200) and how the others were refused. One process allows a
  burst of 10 and then 60 a minute.
- games: ``--threads`` threads without a cookie start games for ``--seconds``; prints how many
  were started (one address: a burst of 30, then 30 a minute).
- forged: ``--forged`` games asked with made-up ``paciencia_player`` cookies, one after the
  other; prints how many were started and how long they took.
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from web_site import ROOT, free_port

HOST = "127.0.0.1"
CODE = "CR1-N-AAAAAAB"


def ask(port: int, method: str, path: str, body: Any = None, cookie: str = "") -> tuple[int, Any, str]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://{HOST}:{port}{path}", data=data, method=method)
    req.add_header("content-type", "application/json")
    if cookie:
        req.add_header("cookie", cookie)
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            status, raw, headers = res.status, res.read(), res.headers
    except urllib.error.HTTPError as e:
        status, raw, headers = e.code, e.read(), e.headers
    set_cookie = (headers.get("set-cookie") or "").split(";", 1)[0]
    return status, json.loads(raw) if raw.startswith(b"{") else raw, set_cookie


def wait_up(port: int, proc: subprocess.Popen[bytes], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/en/", timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"the server on port {port} did not start") from None
            time.sleep(0.2)


def hammer(seconds: float, threads: int, one: Any) -> tuple[Counter[str], float]:
    """``one()`` (an outcome's name) from ``threads`` threads for ``seconds``: the outcomes."""
    outcomes: Counter[str] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def loop() -> None:
        while time.monotonic() < stop:
            found = one()
            with lock:
                outcomes[found] += 1

    started = time.monotonic()
    workers = [threading.Thread(target=loop) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return outcomes, time.monotonic() - started


def outcome(status: int, body: Any) -> str:
    return str(status) if status < 400 else f"{status} {body.get('error') if isinstance(body, dict) else ''}"


def run(workers: int, seconds: float, threads: int, forged: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="paciencia-limits-"))
    port = free_port()
    cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--workers", str(workers)]
    cmd += ["--database", f"sqlite:///{folder / 'limits.sqlite3'}"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up(port, proc)
        _, _, cookie = ask(port, "GET", "/en/")
        status, game, _ = ask(port, "POST", "/api/games", {"code": CODE}, cookie)
        assert status == 201, game
        hint_path = f"/api/games/{game['id']}/hint"
        hints, hint_time = hammer(
            seconds, threads, lambda: outcome(*ask(port, "POST", hint_path, {"version": 0}, cookie)[:2])
        )
        games, games_time = hammer(
            seconds, threads, lambda: outcome(*ask(port, "POST", "/api/games", {"code": CODE})[:2])
        )
        started = time.monotonic()
        made: Counter[str] = Counter()
        for _ in range(forged):
            fake = f"paciencia_player={secrets.token_urlsafe(16)}"
            made[outcome(*ask(port, "POST", "/api/games", {"code": CODE}, fake)[:2])] += 1
        forged_time = time.monotonic() - started
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
    return {
        "workers": workers,
        "hints": hints,
        "hint_time": hint_time,
        "games": games,
        "games_time": games_time,
        "forged": made,
        "forged_time": forged_time,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--forged", type=int, default=400)
    ns = parser.parse_args()
    print(f"{ns.threads} threads for {ns.seconds:.0f} s per run; one address (loopback); a new connection per request")
    print("one process allows: hints 10 + 60/min to one cookie, cookie-less games 30 + 30/min to one address")
    for workers in ns.workers:
        r = run(workers, ns.seconds, ns.threads, ns.forged)
        print(f"\n--workers {workers}")
        granted = r["hints"]["200"]
        print(f"  hints to one cookie: {granted} granted in {r['hint_time']:.1f} s; all: {dict(r['hints'])}")
        made = r["games"]["201"]
        print(f"  cookie-less games:   {made} started in {r['games_time']:.1f} s; all: {dict(r['games'])}")
        print(
            f"  forged cookies:      {r['forged']['201']} of {ns.forged} started in {r['forged_time']:.1f} s;"
            f" all: {dict(r['forged'])}"
        )


if __name__ == "__main__":
    main()
