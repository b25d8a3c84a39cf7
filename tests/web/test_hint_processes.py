"""Where the hint processes stand on the processor (Linux): below the server and the database,
in a scheduling group of their own, so that the hints' work never takes their share."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from paciencia.analysis.jobs import GROUP_NICE
from paciencia.web.service.hints import HINT_WORKERS, hint_processes

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux's scheduling classes and autogroups")

AUTOGROUP = Path("/proc/self/autogroup")


def test_a_hint_process_is_idle_priority_in_a_session_and_group_of_its_own() -> None:
    processes = hint_processes(HINT_WORKERS)
    assert processes.run("a game", os.sched_getscheduler, 0) == os.SCHED_IDLE
    assert processes.run("a game", os.getsid, 0) != os.getsid(0)  # not the server's session
    if AUTOGROUP.exists():  # a kernel with autogroups: the session's group at the lowest weight
        group = processes.run("a game", AUTOGROUP.read_text)
        assert group != AUTOGROUP.read_text() and group.split()[-1] == str(GROUP_NICE), group
