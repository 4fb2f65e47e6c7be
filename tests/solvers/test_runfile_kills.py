"""Run files under fire: a list-mode run (its solutions kept, not only counted) killed with
SIGKILL again and again resumes to exactly the rows of a run straight through; and a
bounded hypothesis run puts hostile values into every table of a finished run file, each
refused by name or resumed to the exact count."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from puzzles import pentomino_box
from solvers import Progress, Solution, solve
from solvers.puzzle.fileformat import save_puzzle
from test_parallel import committed_tasks
from test_runfile_integrity import outcome, run_to_end, straight  # noqa: F401 (a fixture)

KILLS = 3
ROUND_TRIES = 5
RUN = """
import os, sys
os.nice(10)  # so that the test's poller, not the run, gets the CPU on a busy machine
from solvers.parallel.run import ParallelRun
from solvers.puzzle.fileformat import load_puzzle
puzzle = load_puzzle(sys.argv[1]) if sys.argv[1] != "-" else None
where = {"checkpoint": sys.argv[2]} if puzzle is not None else {"resume": sys.argv[2]}
for _ in ParallelRun(puzzle, "distinct", jobs=1, trial_seconds=0, checkpoint_seconds=0.02,
                     **where).events():
    pass
"""


@pytest.mark.slow
def test_a_list_mode_run_killed_again_and_again_resumes_row_for_row(tmp_path):
    """Committed every 20 ms and killed as soon as a commit adds tasks, three times; the
    264 packings of a 2x5x6 box (0.6 s of search) are then resumed to the end here."""
    puzzle = pentomino_box(2, 5, 6)
    puzzle_path, run_path = tmp_path / "box.json", tmp_path / "box.polyrun"
    save_puzzle(puzzle, puzzle_path)
    committed = 0
    for _ in range(KILLS):
        committed = _kill_after_a_commit(puzzle_path, run_path, committed)
    rows, final = run_to_end(resume=run_path)
    straight_rows = sorted(e.rows for e in solve(puzzle) if isinstance(e, Solution))
    assert final.exhausted and final.solutions == len(straight_rows) == 264
    assert final.notes == () and rows == straight_rows


def _kill_after_a_commit(puzzle_path: Path, run_path: Path, committed: int) -> int:
    """Runs (or resumes) until a commit adds tasks, kills the run with SIGKILL and returns the
    tasks now committed. A kill that a busy machine delivered only after every task was
    committed (or after the run's end) tests nothing: that round is tried again from a copy."""
    before = run_path.parent / "before"
    for _ in range(ROUND_TRIES):
        _save_run(run_path, before)
        first = str(puzzle_path) if committed == 0 else "-"
        process = subprocess.Popen([sys.executable, "-c", RUN, first, str(run_path)],
                                   stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 120
            while committed_tasks(run_path) <= committed and process.poll() is None:
                assert time.monotonic() < deadline, "no task was committed in two minutes"
                time.sleep(0.002)
            os.kill(process.pid, signal.SIGKILL)
        finally:
            _, errors = process.communicate()
        assert process.returncode in (0, -signal.SIGKILL), errors.decode()
        now = committed_tasks(run_path)
        assert committed < now <= _task_count(run_path)
        if process.returncode != 0 and now < _task_count(run_path):
            return now
        _restore_run(before, run_path)
    raise AssertionError(f"in {ROUND_TRIES} tries no kill came before the last task's commit")


def _save_run(run_path: Path, folder: Path) -> None:
    """Keeps a killed run file with its rollback journal (which a kill mid-commit leaves hot)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for path in run_path.parent.glob(run_path.name + "*"):
        shutil.copy(path, folder / path.name)


def _restore_run(folder: Path, run_path: Path) -> None:
    for path in run_path.parent.glob(run_path.name + "*"):
        path.unlink()
    for path in folder.iterdir():
        shutil.copy(path, run_path.parent / path.name)


def _task_count(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT count(*) FROM tasks").fetchone()[0]
    finally:
        db.close()


COLUMNS = {"meta": ("key", "value"),
           "tasks": ("name", "position", "share", "done", "solutions", "nodes", "seconds",
                     "assemblies", "levels", "checksum"),
           "solutions": ("task", "width", "rows", "verdicts")}
HOSTILE = st.one_of(st.integers(-2 ** 63, 2 ** 63 - 1), st.floats(allow_nan=True),
                    st.text(max_size=12), st.binary(max_size=24), st.none(),
                    st.sampled_from(["root", "0", "1.2", "-1", "0.0.0.0", "{}", "[]", "nan"]))


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_values_anywhere_are_refused_or_recomputed(straight, data):  # noqa: F811
    table = data.draw(st.sampled_from(sorted(COLUMNS)))
    column = data.draw(st.sampled_from(COLUMNS[table]))
    value = data.draw(HOSTILE)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.polyrun"
        shutil.copy(straight["list"], path)
        db = sqlite3.connect(path)
        rows = db.execute(f"SELECT rowid FROM {table}").fetchall()
        rowid = data.draw(st.sampled_from(rows))[0]
        try:
            with db:
                db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, rowid))
        except sqlite3.IntegrityError:  # NOT NULL, or a name taken: SQLite refused it
            return
        finally:
            db.close()
        result = outcome(straight, path)  # checks a resumed run's count and rows
        assert isinstance(result, Progress) or "run file" in result
        if isinstance(result, str):
            assert result.startswith(str(path))
