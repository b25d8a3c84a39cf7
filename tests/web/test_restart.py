"""``paciencia serve --workers N`` killed with -9 (the server process, as an operator or the
OOM killer would): its workers stop too, instead of living on unwatched with the port, and a
server started again on the same port takes it over and answers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.postgres import free_port
from tests.web.test_servers import wait_until_up


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by its new parent) is gone for our purpose.
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


def test_a_killed_server_takes_its_workers_along_and_a_new_one_answers(tmp_path: Path) -> None:
    port = free_port()
    cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--workers", "2"]
    cmd += ["--database", f"sqlite:///{tmp_path / 'games.sqlite3'}"]
    with (tmp_path / "server.log").open("w") as log:
        first = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        second = None
        workers: list[int] = []
        try:
            wait_until_up(port, first)  # type: ignore[arg-type]
            deadline = time.monotonic() + 60
            while len(workers := [p for p in children(first.pid) if alive(p)]) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert len(workers) >= 2
            os.kill(first.pid, signal.SIGKILL)
            first.wait()
            deadline = time.monotonic() + 60
            while any(alive(p) for p in workers) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert not any(alive(p) for p in workers), "the killed server's workers live on"
            second = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
            wait_until_up(port, second)  # type: ignore[arg-type]
            assert second.poll() is None
        finally:
            for proc in (first, second):
                if proc is not None and proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGTERM)
                    proc.wait(30)
            for p in workers:
                if alive(p):
                    os.kill(p, signal.SIGKILL)
