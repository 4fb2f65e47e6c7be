"""The main window's Design mode for cube puzzles: the cube editor, and back to the 3D view."""

from PySide6.QtCore import Qt

from polygui.editors.cube_editor import CubeEditor
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import examples_dir

CTRL = Qt.KeyboardModifier.ControlModifier


def test_a_new_cube_puzzle_opens_the_cube_editor_and_its_edits_reach_the_3d_view(window, qtbot):
    window.files.ask_new = lambda parent: blank_puzzle("cube", "Blocks")
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    assert window.is_designing() and isinstance(window.editor, CubeEditor)
    qtbot.mouseClick(window.editor.fill_button, Qt.MouseButton.LeftButton)
    filled = window.puzzle
    assert len(filled.board) > 0 and "board has" in window.status_line.text()
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    assert window.current_view().puzzle == filled  # nothing solved yet: the view follows


def test_opening_another_kind_replaces_the_editor(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    assert isinstance(window.editor, CubeEditor)
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    assert type(window.editor).__name__ == "SudokuEditor"
