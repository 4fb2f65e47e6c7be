"""File > Generate Sudoku…: an easy puzzle made in the background opens in the window with
its rating in the description; Stop ends a search that cannot succeed and leaves the puzzle
open as it was; the Uniqueness Designer rates the Sudoku it proposes."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from polygui.resources import examples_dir
from solvers.logic.rating_bands import LEVELS, level_of
from solvers.logic.solver import solve_sudoku


def generator(window):
    action = next(action for action in window.menus.file_menu.actions()
                  if action.text() == "&Generate Sudoku…")
    action.trigger()
    return window.generate_dialog


def test_an_easy_puzzle_is_generated_and_opens_with_its_rating(window, qtbot):
    dialog = generator(window)
    dialog.level_box.setCurrentText(f"easy ({LEVELS['easy']})")
    dialog.symmetry_box.setCurrentText("rotational")
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert dialog.is_working() and not dialog.generate_button.isEnabled()
    qtbot.waitUntil(lambda: not dialog.is_working(), timeout=60_000)
    puzzle = window.document.puzzle
    assert puzzle == dialog.result and puzzle.is_sudoku
    _, rating = solve_sudoku(puzzle.sudoku)  # refuses a puzzle without one solution
    assert rating.complete and rating.rating <= LEVELS["easy"].high
    assert puzzle.description.startswith(f"ER {rating.rating:.1f}")
    assert "It is open in the window" in dialog.status.text()
    givens = puzzle.sudoku.givens
    assert all(bool(givens[cell]) == bool(givens[80 - cell]) for cell in range(81))
    assert dialog.generate_button.isEnabled()
    dialog.close()


def test_stop_ends_a_search_out_of_reach_and_keeps_the_puzzle(window, qtbot):
    before = window.document.puzzle
    dialog = generator(window)
    dialog.level_box.setCurrentText("a rating range")
    assert dialog.low.isEnabled()
    dialog.low.setValue(9.0)
    dialog.high.setValue(9.5)
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "tries so far" in dialog.status.text(), timeout=30_000)
    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    assert not dialog.is_working() and dialog.status.text().startswith("Stopped")
    assert window.document.puzzle == before and dialog.result is None
    dialog.close()


def test_the_uniqueness_designer_shows_the_rating_of_the_sudoku_it_proposes(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    window.menus.unique_action.trigger()
    designer = window.design_tools.designer
    qtbot.waitUntil(lambda: not designer.is_working(), timeout=90_000)
    _, rating = solve_sudoku(designer.result.puzzle.sudoku)
    assert f"Proposed Sudoku: ER {rating.rating:.1f}" in designer.text.text()
    assert f"level {level_of(rating)}" in designer.text.text()
    window.design_tools.close()


def test_unsaved_work_kept_when_the_question_is_cancelled(window, qtbot):
    window.document.edit("Rename", lambda p: dataclasses.replace(p, name="Mine"))
    before = window.document.puzzle
    window.files.ask_unsaved = lambda: QMessageBox.StandardButton.Cancel
    dialog = generator(window)
    dialog.level_box.setCurrentText(f"easy ({LEVELS['easy']})")
    dialog.start()
    qtbot.waitUntil(lambda: not dialog.is_working(), timeout=60_000)
    assert dialog.result is not None and window.document.puzzle == before
    assert "Not opened: the puzzle in the window was kept" in dialog.status.text()
    dialog.close()
