"""The first answer of a small puzzle without waiting (issue 31): an opened puzzle is
estimated at once (only edits wait, so that typing starts no estimate), and a puzzle whose
exact estimate took a moment is solved on one thread with no run file, so its first solution
is not held back by a parallel run's trial; the counts stay those of the full run."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from polygui.resources import examples_dir
from polygui.solving import estimating
from solvers import count_solutions

WAIT_MS = 90_000


def solve_to_the_end(window, qtbot) -> None:
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=WAIT_MS)


def test_an_opened_puzzle_is_estimated_at_once_and_an_edit_waits(window, qtbot, monkeypatch):
    monkeypatch.setattr(estimating, "DELAY_MS", 3_600_000)  # an hour: only "at once" can run
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        window.open_puzzle(examples_dir() / "soma.json")
    assert window.estimating.latest is not None and window.estimating.latest.exact
    window.document.edit("Rename", lambda puzzle: replace(puzzle, name="Soma, renamed"))
    assert window.estimating.latest is None and window.estimating._timer.isActive()
    assert window.estimating._timer.interval() == 3_600_000


def test_a_quick_exact_estimate_solves_on_one_thread_without_a_run_file(window, qtbot,
                                                                      monkeypatch):
    monkeypatch.setattr(estimating, "QUICK_SECONDS", 3600.0)  # however loaded the machine
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        window.open_puzzle(examples_dir() / "soma.json")
    assert window.estimating.known_quick(window.puzzle, "distinct")
    solve_to_the_end(window, qtbot)
    options = window.run.worker.options
    assert (options.jobs, options.cluster, options.checkpoint) == (1, None, None)
    assert window.browser.count == count_solutions(window.puzzle, "distinct").solutions


def test_without_a_quick_exact_estimate_the_run_uses_the_cores_and_a_run_file(
        window, qtbot, monkeypatch):
    monkeypatch.setattr(estimating, "QUICK_SECONDS", 0.0)  # no estimate is quick enough
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        window.open_puzzle(examples_dir() / "soma.json")
    assert not window.estimating.known_quick(window.puzzle, "distinct")
    solve_to_the_end(window, qtbot)
    options = window.run.worker.options
    assert options.checkpoint is not None
    assert options.jobs == window.panel.search_on.jobs_and_cluster()[0]
    assert window.browser.count == count_solutions(window.puzzle, "distinct").solutions


def test_an_estimate_of_another_count_is_not_taken_for_this_one(window, qtbot, monkeypatch):
    monkeypatch.setattr(estimating, "QUICK_SECONDS", 3600.0)
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        window.open_puzzle(examples_dir() / "soma.json")
    assert window.estimating.known_quick(window.puzzle, "distinct")
    assert not window.estimating.known_quick(window.puzzle, "all")
