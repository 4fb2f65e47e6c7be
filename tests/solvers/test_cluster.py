"""Solving on a real Dask LocalCluster of worker processes: exact counts, a worker killed
mid-run, and no worker process left once a run ends or is stopped."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from puzzles import shipped
from solvers import Progress, PuzzleError, Solution, solve
from solvers.parallel.run import ParallelRun


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def worker_pids(run: ParallelRun) -> list[int]:
    return [nanny.process.process.pid for nanny in run._backend._cluster.workers.values()]


@pytest.mark.parametrize("name, mode, expected", [
    ("soma.json", "all", 11520),
    ("pentominoes-6x10.json", "distinct", 2339),
])
def test_a_local_cluster_of_two_processes_counts_exactly(name, mode, expected):
    run = ParallelRun(shipped(name), mode, cluster="local:2")
    events = run.events()
    keys, pids = [], []
    for event in events:
        if not pids and run._backend is not None and run._backend._cluster is not None:
            pids = worker_pids(run)
        if isinstance(event, Solution):
            keys.append(event.rows)
    assert event.phase == "done" and event.exhausted and event.solutions == expected
    assert len(keys) == len(set(keys)) == expected
    assert set(keys) == {e.rows for e in solve(shipped(name), mode) if isinstance(e, Solution)}
    assert len(pids) == 2 and not any(alive(pid) for pid in pids)


def test_a_worker_killed_mid_run_has_its_tasks_run_elsewhere():
    run = ParallelRun(shipped("pentominoes-6x10.json"), "distinct", cluster="local:2",
                      count_only=True)
    killed = False
    for event in run.events():
        if not killed and isinstance(event, Progress) and event.phase == "searching" \
                and event.fraction_done > 0:
            os.kill(worker_pids(run)[0], signal.SIGKILL)
            killed = True
    assert killed and event.exhausted and event.solutions == 2339


def test_stopping_a_cluster_run_ends_its_worker_processes():
    run = ParallelRun(shipped("meteor.json"), "all", cluster="local:2", count_only=True)
    events = run.events()
    for event in events:
        if isinstance(event, Progress) and event.phase == "searching":
            break
    pids = worker_pids(run)
    assert all(alive(pid) for pid in pids)
    events.close()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in pids)


def test_a_cluster_that_cannot_be_reached_is_named(monkeypatch):
    from solvers.parallel import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(cluster.ClusterError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        list(ParallelRun(shipped("soma.json"), "distinct", cluster="tcp://127.0.0.1:9").events())
    with pytest.raises(cluster.ClusterError, match="local:4"):
        list(ParallelRun(shipped("soma.json"), "distinct", cluster="local:x").events())


def test_a_local_cluster_whose_workers_cannot_start_is_named(tmp_path):
    """A script without the `if __name__ == "__main__":` guard makes every worker process
    fail to start (each would run the script again): the run says so as a ClusterError."""
    script = tmp_path / "unguarded.py"
    script.write_text(
        "import sys\n"
        f"sys.path[:0] = {[str(Path(__file__).resolve().parents[2]), str(Path(__file__).parents[1])]!r}\n"
        "from puzzles import shipped\n"
        "from solvers.parallel.cluster import ClusterError\n"
        "from solvers.parallel.run import ParallelRun\n"
        "try:\n"
        "    list(ParallelRun(shipped('soma.json'), cluster='local:1').events())\n"
        "except ClusterError as error:\n"
        "    print('named:', error, flush=True)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120)
    assert "named: cannot start a local cluster (local:1)" in done.stdout, done.stderr[-2000:]


def test_a_puzzle_that_fails_to_prepare_leaves_no_cluster_behind():
    """The cluster starts while the puzzle is prepared: when preparing fails, the run still
    waits for the cluster and ends its worker processes."""
    soma = shipped("soma.json")
    broken = replace(soma, pieces=soma.pieces[1:])  # fewer cells than the board
    before = {child.pid for child in multiprocessing.active_children()}
    with pytest.raises(PuzzleError, match="the pieces cover"):
        list(ParallelRun(broken, "distinct", cluster="local:2").events())
    left = {child.pid for child in multiprocessing.active_children()} - before
    assert not left
