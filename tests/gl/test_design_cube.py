"""The main window's Design mode for cube puzzles: the cube editor, and back to the 3D view."""

from PySide6.QtCore import Qt

from polygui.editors.cube_editor import CubeEditor
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import examples_dir
from solvers import count_solutions

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


def test_a_piece_pinned_in_the_cube_designer_is_solved_around_and_shown(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    editor = window.editor
    editor.pieces.select_piece(2)  # T
    qtbot.mouseClick(editor.pin_mode.toggle, Qt.MouseButton.LeftButton)
    grid = editor.layers.grid
    qtbot.mouseMove(grid, grid.cell_centre((1, 0, 0)))
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_centre((1, 0, 0)))
    (pin,) = window.puzzle.pins
    assert pin.piece == "T" and (1, 0, 0) in pin.cells
    assert window.document.undo_stack.undoText() == "Pin T"
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    view = window.current_view()
    pinned = view._placed.labels[[window.puzzle.board.index(c) for c in pin.cells]]
    assert (pinned == 0).all()  # the pinned copy drawn on the unsolved cube
    window.panel.limit.setValue(0)
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=120_000)
    assert len(window.store) == count_solutions(window.puzzle, "all").solutions > 0
    assert all(pin.cells in [cells for _, cells in window.store[i].pieces]
               for i in range(0, len(window.store), max(1, len(window.store) // 50)))
