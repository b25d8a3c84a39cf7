"""Surveys on a Dask distributed cluster: the same rows and figures as on this machine's processes.

The deals (seed 2, six draw-three deals: four won and two lost, each settled in a few
milliseconds, well inside the solver's first search slice) settle the same way whatever the
timing, so the node counts and the lines must match too, not only the verdicts.
"""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import distributed

dd: Any = distributed  # no type hints in distributed's API

SURVEY = ["survey", "klondike", "--variant", "3", "--deals", "6", "--seed", "2", "--timeout", "10"]


def survey(results: Path, *options: str) -> tuple[list[str], dict[str, dict[str, object]]]:
    p = subprocess.run(
        [sys.executable, "-m", "paciencia", *SURVEY, "--results", str(results), *options],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert "6/6  winnable 4  unknown 0" in p.stderr  # the progress bar, to its end
    rows = {}
    for line in results.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        del row["seconds"]  # the only field that depends on where and when
        rows[str(row["code"])] = row
    return p.stdout.splitlines(), rows


def test_a_local_cluster_gives_the_same_results_as_local_processes(tmp_path: Path) -> None:
    figures, rows = survey(tmp_path / "jobs.jsonl", "--jobs", "2")
    assert figures[0] == "deals: 6  winnable: 4  unwinnable: 2  unknown: 0"
    on_cluster, cluster_rows = survey(tmp_path / "cluster.jsonl", "--jobs", "2", "--scheduler", "local")
    assert cluster_rows == rows
    assert on_cluster[:2] == figures[:2]  # counts and interval; the third line has the times


def test_a_survey_on_a_running_cluster_by_its_address_and_resumed(tmp_path: Path) -> None:
    _, rows = survey(tmp_path / "jobs.jsonl", "--jobs", "1")
    with (
        dd.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as c,
        dd.Client(c) as client,
    ):
        assert len(client.nthreads()) == 2  # two worker processes
        results = tmp_path / "cluster.jsonl"
        # Three deals already done (as if a survey had been stopped): the cluster solves the other three.
        kept = (tmp_path / "jobs.jsonl").read_text(encoding="utf-8").splitlines()[:3]
        results.write_text("\n".join(kept) + "\n", encoding="utf-8")
        figures, cluster_rows = survey(results, "--scheduler", c.scheduler_address)
        assert cluster_rows == rows
        assert figures[0] == "deals: 6  winnable: 4  unwinnable: 2  unknown: 0"
        assert results.read_text(encoding="utf-8").splitlines()[:3] == kept


def test_an_unreachable_scheduler_is_bad_input_and_writes_nothing(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    p = subprocess.run(
        [sys.executable, "-m", "paciencia", *SURVEY, "--results", str(results), "--scheduler", "nonsense://x"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 2
    assert p.stderr.startswith("paciencia: error: cannot reach the Dask scheduler at 'nonsense://x'"), p.stderr
    assert "Traceback" not in p.stderr and not results.exists()
