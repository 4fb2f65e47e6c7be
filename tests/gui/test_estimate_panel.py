"""The Solve panel's estimate: computed off the GUI thread a moment after a puzzle opens or
changes, shown in words with its range, stoppable, stopped by Solve."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from polygui.solving.run import running_solves
from solvers import count_solutions

WAIT_MS = 90_000  # the estimate thread runs at the lowest priority on a loaded machine


def estimate_text(window) -> str:
    return window.panel.estimate_box.text.text()


def test_opening_a_puzzle_estimates_it_and_shows_its_range(qtbot, window, asset):
    """Whether a probed range holds the truth is a matter of chance, with how many probes
    the machine fits in the time (tests/solvers/test_estimate.py checks the interval on a
    fixed set); an exact estimate is the count."""
    puzzle = asset("pentominoes-6x10.json")
    window.set_puzzle(puzzle)
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        pass
    found = window.estimating.latest
    assert found is not None and found.symmetry == "distinct"
    assert found.solutions.low <= found.solutions.value <= found.solutions.high
    if found.exact:
        assert found.solutions.value == count_solutions(puzzle, "distinct").solutions
    text = estimate_text(window)
    assert text.startswith("Estimate: ") and "solutions" in text
    assert window.panel.estimate_box.text.toolTip()  # what the figures rest on
    # its thread ends just after it hands over the estimate (on a busy machine, later)
    qtbot.waitUntil(lambda: not running_solves(), timeout=WAIT_MS)


def test_a_puzzle_the_search_ends_while_measuring_gets_its_exact_count(qtbot, window, asset):
    window.set_puzzle(asset("soma.json"))
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        pass
    assert window.estimating.latest.exact
    assert "240 solutions" in estimate_text(window) and "about" not in estimate_text(window)


def test_changing_the_count_estimates_again_in_that_mode(qtbot, window, asset):
    window.set_puzzle(asset("soma.json"))
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        pass
    with qtbot.waitSignal(window.estimating.shown, timeout=WAIT_MS):
        window.panel.set_symmetry_mode("all")
    assert window.estimating.latest.symmetry == "all"
    assert "11,520 solutions" in estimate_text(window)


def test_stop_ends_the_estimate_and_its_thread(qtbot, window, asset):
    window.set_puzzle(asset("mini-bedlam.json"))
    box = window.panel.estimate_box
    qtbot.mouseClick(box.button, Qt.MouseButton.LeftButton)  # at once, not after the delay
    assert box.button.text() == "Stop" and window.estimating.job is not None
    qtbot.mouseClick(box.button, Qt.MouseButton.LeftButton)
    assert window.estimating.job is None
    assert estimate_text(window) == "Estimate: stopped"
    assert box.button.text() == "Estimate"
    qtbot.waitUntil(lambda: not running_solves(), timeout=WAIT_MS)


def test_solve_stops_the_estimate(qtbot, window, asset):
    window.set_puzzle(asset("meteor.json"))
    qtbot.mouseClick(window.panel.estimate_box.button, Qt.MouseButton.LeftButton)
    assert window.estimating.job is not None
    window.start_solve()
    assert window.estimating.job is None
    assert window.panel.estimate_box.button.text() == "Estimate"
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=WAIT_MS)


def test_a_puzzle_that_cannot_be_solved_gets_no_estimate(qtbot, window, asset):
    puzzle = asset("meteor.json")
    window.set_puzzle(replace(puzzle, pieces=puzzle.pieces[:-1]))  # 45 cells for 50
    assert estimate_text(window).startswith("Estimate: none")
    assert not window.panel.estimate_box.button.isEnabled()
    assert window.estimating.job is None and not window.estimating._timer.isActive()
