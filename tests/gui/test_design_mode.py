"""Design mode in the main window: the editor for each kind, undo and redo from the Edit menu
and its shortcuts, editing while a solve runs, and a hex puzzle built by clicks and solved."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from polygui.editors.board_editor import BoardEditor
from polygui.editors.sudoku_editor import SudokuEditor
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import examples_dir
from solvers import GridKind, Piece, Puzzle, count_solutions
from solvers.puzzle.grids import offset_to_hex
from test_board_editor import BENT, DOMINO, TRIANGLE, add_piece_by_clicks, click, drag

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.mark.parametrize("key, editor_type", [
    ("hex", BoardEditor), ("square", BoardEditor), ("sudoku-9", SudokuEditor),
    ("sudoku-16", SudokuEditor)])
def test_new_puzzle_of_each_kind_opens_its_editor(window, qtbot, key, editor_type):
    window.files.ask_new = lambda parent: blank_puzzle(key)
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    assert window.is_designing() and isinstance(window.editor, editor_type)
    assert window.editor.isVisible() and not window.dock.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    assert not window.is_designing() and window.dock.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    assert window.is_designing() and window.menus.mode_actions["design"].isChecked()


def test_edit_menu_names_the_edit_and_the_shortcuts_undo_and_redo(window, qtbot):
    window.files.ask_new = lambda parent: blank_puzzle("hex")
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    editor = window.editor
    click(qtbot, editor.canvas, (0, 0))
    after = window.puzzle
    assert after.board == ((0, 0),)
    assert window.menus.undo_action.text() == "&Undo Add board cells"
    assert window.isWindowModified()
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert window.puzzle.board == () and window.menus.redo_action.text() == "&Redo Add board cells"
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.puzzle == after
    assert "board has 1" in window.status_line.text()


def test_a_hex_puzzle_built_by_clicks_in_the_window_solves(window, qtbot):
    window.files.ask_new = lambda parent: blank_puzzle("hex", "By clicks")
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    editor = window.editor
    top_row = [offset_to_hex(0, col) for col in range(4)]
    second_row = [offset_to_hex(1, col) for col in range(4)]
    drag(qtbot, editor.canvas, top_row)
    drag(qtbot, editor.canvas, second_row)
    for shape in (TRIANGLE, BENT, DOMINO):
        add_piece_by_clicks(qtbot, editor, shape)
    assert "3 pieces cover 8 cells, board has 8" == window.status_line.text()
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=30_000)
    in_code = Puzzle(GridKind.HEX, board=tuple(top_row + second_row),
                     pieces=(Piece("A", TRIANGLE), Piece("B", BENT), Piece("C", DOMINO)))
    expected = count_solutions(in_code, "all").solutions
    assert expected > 1 and window.browser.count == expected


def test_editing_during_a_solve_leaves_the_run_alone_and_marks_it_stale(
        window, qtbot, unhurried_solve):
    window.open_puzzle(examples_dir() / "meteor.json")
    solved = window.puzzle
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    window.panel.pause_button.click()  # the run stays alive however long the edit takes
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    click(qtbot, window.editor.canvas, solved.board[0])  # removes a board cell mid-run
    assert len(window.puzzle.board) == len(solved.board) - 1
    assert window.is_solving()
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    assert window.stale.isVisible()
    window.panel.pause_button.click()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    assert window.browser.count == count_solutions(solved, "all").solutions
    assert window.store.puzzle == solved and window.current_view().puzzle == solved
    assert window.stale.isVisible()
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)  # the new version
    assert window.panel.status.text().startswith("Cannot solve: the pieces cover 50 cells")
