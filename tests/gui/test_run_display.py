"""What the Solve panel, the browser and the banners say about a run, before, during and after
it: progress for runs of every kind, what stays and what goes after Stop, a refused Solve or a
changed Count, and a run going on while the puzzle is designed."""

import dataclasses

from PySide6.QtCore import QPoint, Qt

from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import default_puzzle, examples_dir
from polygui.views.sudoku_view import CONFLICT_FILL
from solvers import GridKind, Puzzle, SudokuGrid

LEFT = Qt.MouseButton.LeftButton


def counter(window, name: str) -> str:
    return window.panel.counters[name].text()


def test_a_long_sudoku_run_shows_progress_and_keeps_it_after_stop(window, qtbot):
    window.set_puzzle(blank_puzzle("sudoku-9"))
    qtbot.keyClick(window, Qt.Key.Key_F5)
    # the solver's threads run at idle priority (the window first): on a machine busy with
    # other work, and a first compile, the first figures can take a while
    qtbot.waitUntil(lambda: counter(window, "solutions") != "–", timeout=90_000)
    assert window.is_solving()
    assert window.panel.status.text() == "Searching…"
    assert counter(window, "nodes") != "–" and counter(window, "elapsed") != "–"
    qtbot.keyClick(window, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)  # Stop
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=10_000)
    assert int(counter(window, "solutions").replace(",", "")) == window.browser.count > 0
    assert window.panel.status.text().startswith("Stopped:")


def solve_and_wait(qtbot, window, timeout: int = 60_000) -> None:
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=timeout)


def remove_a_board_cell(window) -> None:
    window.document.edit("Remove board cells", lambda puzzle: dataclasses.replace(
        puzzle, board=puzzle.board[1:]))


def test_time_left_goes_when_the_run_stops(window, qtbot):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    window.start_solve()
    qtbot.waitUntil(lambda: counter(window, "left").startswith("about"), timeout=60_000)
    qtbot.mouseClick(window.panel.stop_button, LEFT)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=10_000)
    assert counter(window, "left") == "–"
    assert counter(window, "elapsed") != "–"  # what the run did stays


def test_a_search_that_proved_there_is_no_solution_says_so_in_the_browser(window, qtbot):
    window.open_puzzle(examples_dir() / "no-solution.json")
    assert window.browser.label.text() == "no solutions yet"
    solve_and_wait(qtbot, window)
    assert window.browser.label.text() == "no solutions"
    window.open_puzzle(default_puzzle())
    assert window.browser.label.text() == "no solutions yet"


def test_a_new_count_choice_clears_the_figures_of_the_old_one(window, qtbot):
    window.open_puzzle(default_puzzle())
    solve_and_wait(qtbot, window)
    assert counter(window, "solutions") == "1,049"
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    assert counter(window, "solutions") == "–" and window.panel.progress.value() == 0
    assert window.panel.status.text() == (
        "The 1,049 solutions shown were counted as “Distinct (rotations and reflections)”. "
        "Press Solve to count “All solutions”.")
    assert window.browser.count == 1049  # still there to browse
    solve_and_wait(qtbot, window)
    assert counter(window, "solutions") == "2,098"


def test_count_starts_at_its_default_for_each_puzzle(window, qtbot):
    window.open_puzzle(default_puzzle())
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    window.open_puzzle(examples_dir() / "soma.json")
    assert window.panel.symmetry_mode() == "distinct"
    assert window.panel.status.text() == "Ready"


def test_enter_in_the_jump_box_gives_the_arrow_keys_back(window, qtbot):
    window.open_puzzle(default_puzzle())
    solve_and_wait(qtbot, window)
    jump = window.browser.jump
    qtbot.mouseClick(jump, LEFT)
    jump.selectAll()
    qtbot.keyClicks(jump, "5")
    qtbot.keyClick(jump, Qt.Key.Key_Return)
    assert window.browser.current == 4
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Right)
    assert window.browser.current == 5
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Left)
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Left)
    assert window.browser.current == 3


def test_a_number_past_the_last_solution_shows_the_last_and_says_why(window, qtbot):
    window.open_puzzle(default_puzzle())
    solve_and_wait(qtbot, window)
    jump = window.browser.jump
    qtbot.mouseClick(jump, LEFT)
    jump.selectAll()
    qtbot.keyClicks(jump, "5000")
    assert jump.text() == "# 5000"  # every digit taken: not cut to #500
    qtbot.keyClick(jump, Qt.Key.Key_Return)
    assert window.browser.current == 1048 and jump.value() == 1049
    assert window.statusBar().currentMessage() == (
        "There are only 1,049 solutions: #5,000 does not exist, so the last is shown.")


def test_a_refused_solve_clears_the_old_figures_and_the_banner_says_why(window, qtbot):
    window.open_puzzle(default_puzzle())
    solve_and_wait(qtbot, window)
    remove_a_board_cell(window)
    assert window.stale.isVisible()
    assert "cannot be solved: the pieces cover 50 cells but the board has 49" in \
        window.stale.text()
    assert "Press Solve" not in window.stale.text()
    window.start_solve()
    assert window.run is not None and not window.is_solving()  # refused: the old run stays
    assert counter(window, "solutions") == "–" and counter(window, "nodes") == "–"
    assert window.panel.progress.value() == 0
    assert window.panel.status.text().startswith("Cannot solve: the pieces cover 50 cells")
    window.document.undo_stack.undo()
    assert not window.stale.isVisible()


def test_the_banner_while_a_run_goes_on_says_to_stop_it_first(window, qtbot):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    window.start_solve()
    qtbot.waitUntil(lambda: window.browser.count > 0, timeout=30_000)
    window.document.edit("Rename", lambda puzzle: dataclasses.replace(puzzle, name="Other"))
    assert window.stale.isVisible() and "stop it, then press Solve" in window.stale.text()
    window.stop_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=10_000)
    assert window.stale.text().endswith("Press Solve to solve the new version.")


def test_design_mode_shows_that_a_run_goes_on(window, qtbot):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    window.start_solve()
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # Design
    assert window.is_designing() and window.run_indicator.isVisible()
    qtbot.waitUntil(lambda: window.run_indicator.label.text().startswith("Solving: "),
                    timeout=30_000)
    assert " solution" in window.run_indicator.label.text()
    qtbot.mouseClick(window.run_indicator.button, LEFT)  # back to the Solve view
    assert not window.is_designing() and not window.run_indicator.isVisible()
    window.set_mode("design")
    window.stop_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=10_000)
    assert not window.run_indicator.isVisible()


def test_the_solve_view_marks_clashing_givens_as_the_editor_does(window, qtbot):
    givens = [0] * 16
    givens[0] = givens[1] = 3  # the same symbol twice in the first row
    window.set_puzzle(Puzzle(GridKind.SUDOKU, "Clash", sudoku=SudokuGrid(2, 2, tuple(givens))))
    window.start_solve()
    assert window.panel.status.text().startswith("Cannot solve: conflicting givens")
    view = window.current_view()
    assert view.conflicts == {0, 1}
    image = view.grab().toImage()
    corner = lambda cell: image.pixelColor(QPoint(*[int(v) + 5 for v in cell_corner(view, cell)]))
    assert corner(0) == CONFLICT_FILL and corner(1) == CONFLICT_FILL
    assert corner(2) != CONFLICT_FILL


def cell_corner(view, cell: int) -> tuple[float, float]:
    """The top-left corner of a cell of a Sudoku view, in its pixels."""
    n = view.puzzle.sudoku.n
    side = min(view.width(), view.height()) - 32
    left, top = (view.width() - side) / 2, (view.height() - side) / 2
    row, col = divmod(cell, n)
    return left + col * side / n, top + row * side / n
