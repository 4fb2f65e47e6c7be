"""A Sudoku's difficulty in the Solve panel and the status line (issue 34): the rating of the
logical solver, worked out in the background, following the givens as they are typed in
Design mode; other sizes say which scale; a puzzle that is no Sudoku shows none."""

from __future__ import annotations

from PySide6.QtCore import Qt

from polygui.resources import examples_dir
from solvers.logic.levels import difficulty_text
from solvers.logic.solver import solve_sudoku
from solvers.puzzle.model import PuzzleError

CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton


def expected(puzzle) -> str:
    """What the line must say, worked out here by the logical solver."""
    try:
        _, rating = solve_sudoku(puzzle.sudoku)
    except PuzzleError as error:
        return f"Difficulty: – ({error})"
    return difficulty_text(rating, puzzle.sudoku.n)


def shown(window) -> str:
    return window.difficulty.panel_label.text()


def wait_for_rating(qtbot, window) -> str:
    qtbot.waitUntil(lambda: shown(window) == expected(window.document.puzzle)
                    and not window.difficulty.job.busy, timeout=20_000)
    return shown(window)


def test_the_panel_and_the_status_line_show_the_rating(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    text = wait_for_rating(qtbot, window)
    assert text.startswith("Difficulty: 1.5 (Easy), hardest step: ")  # SE rates it 1.5 too
    assert window.difficulty.status_label.text() == text
    assert window.difficulty.panel_label.isVisible() and window.difficulty.status_label.isVisible()


def test_the_rating_follows_the_givens_typed_in_design_mode(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    wait_for_rating(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # Design mode
    canvas = window.editor.canvas
    givens = window.document.puzzle.sudoku.givens
    filled = [cell for cell, value in enumerate(givens) if value]
    for cell in filled[:6]:  # six givens gone, one edit after another
        qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_rect(cell).center().toPoint())
        qtbot.keyClick(canvas, Qt.Key.Key_Delete)
    assert window.document.puzzle.sudoku.givens != givens
    text = wait_for_rating(qtbot, window)  # of the grid as it is now, not of an earlier one
    assert window.difficulty.status_label.text().startswith(text[:60])
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_rect(filled[0]).center().toPoint())
    qtbot.keyClick(canvas, str(givens[filled[0]]))  # one given typed back
    assert wait_for_rating(qtbot, window) == expected(window.document.puzzle)


def test_other_sizes_are_rated_on_the_9x9_scale(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-16x16.json")
    assert wait_for_rating(qtbot, window).endswith(", rated on the 9x9 scale")


def test_a_puzzle_of_pieces_shows_no_difficulty(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    wait_for_rating(qtbot, window)
    window.open_puzzle(examples_dir() / "pentominoes-8x8-hole.json")
    assert not window.difficulty.panel_label.isVisible()
    assert not window.difficulty.status_label.isVisible()
