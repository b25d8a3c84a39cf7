"""Where the hint processes stand on the processor (Linux): below the server and the database,
in a scheduling group of their own, so that the hints' work never takes their share."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paciencia.analysis.jobs import GROUP_NICE
from paciencia.web.service.hints import HINT_WORKERS, HintProcesses, hint_processes

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux's scheduling classes and autogroups")

AUTOGROUP = Path("/proc/self/autogroup")


def test_a_hint_process_is_idle_priority_in_a_session_and_group_of_its_own() -> None:
    processes = hint_processes(HINT_WORKERS)
    assert processes.run("a game", os.sched_getscheduler, 0) == os.SCHED_IDLE
    assert processes.run("a game", os.getsid, 0) != os.getsid(0)  # not the server's session
    if AUTOGROUP.exists():  # a kernel with autogroups: the session's group at the lowest weight
        group = processes.run("a game", AUTOGROUP.read_text)
        assert group != AUTOGROUP.read_text() and group.split()[-1] == str(GROUP_NICE), group


def _die_once(marker: str) -> str:
    """Kills its own process the first time (as the kernel's out-of-memory killer, or a crash in
    a search, would), answers the next."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return "answered"


def _killed(processes: HintProcesses) -> None:
    """Kills every hint process (idle), and waits until each has ended."""
    found = [p for pool in processes.pools if pool is not None for p in pool._processes.values() if p.is_alive()]
    assert found
    for p in found:
        assert p.pid is not None
        os.kill(p.pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while any(p.is_alive() for p in found):
        assert time.monotonic() < deadline, "a killed hint process still runs"
        time.sleep(0.05)


def test_a_job_whose_process_dies_is_given_once_to_a_new_one(tmp_path: Path) -> None:
    processes = HintProcesses(1)
    try:
        assert processes.run("a game", _die_once, str(tmp_path / "died")) == "answered"
        assert (tmp_path / "died").exists()
    finally:
        processes.close(wait=True)


def test_a_chance_after_the_hint_processes_died_idle_is_answered(client: TestClient) -> None:
    """A hint process that died between two hints is replaced: the next hint or chance is answered,
    not 500 (its pool refused every job after it, for good)."""
    game = client.post("/api/games", json={"game": "freecell", "variant": "4"}).json()
    assert client.get(f"/api/games/{game['id']}/chance?version=0").status_code == 200
    _killed(client.app.state.games.hints.processes)  # type: ignore[attr-defined]
    src, dsts = next((s, d) for s, d in game["dests"].items() if d)
    moved = client.post(f"/api/games/{game['id']}/moves", json={"move": f"{src}-{dsts[0]}", "version": 0})
    assert moved.status_code == 200
    res = client.get(f"/api/games/{game['id']}/chance?version=1")  # a job for a process that died
    assert res.status_code == 200, res.text
