"""A ball puzzle (the sphere grid) made in the app: File > New offers it, the editor adds balls
by layer and in 3D with clicks (refusing a place that is no ball, by name), and the puzzle
saves, reopens and solves to the count the solver gives it."""

import numpy as np
from PySide6.QtCore import Qt

from polygui.editors.cube_editor import CubeEditor
from polygui.files.new_puzzle_dialog import KINDS, blank_puzzle
from polygui.play.mode import why_not_playable
from qt_fixtures import show_window
from solvers import GridKind, count_solutions
from solvers.puzzle.fileformat import load_puzzle

CTRL = Qt.KeyboardModifier.ControlModifier
# a pyramid of two layers: a square of four balls and one in its hollow
SQUARE = ((0, 2, 0), (1, 1, 0), (1, 3, 0), (2, 2, 0))
TOP = (1, 2, 1)


def click(qtbot, grid, cell) -> None:
    qtbot.mouseMove(grid, grid.cell_centre(cell))
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_centre(cell))


def test_a_ball_puzzle_built_by_clicks_saves_reopens_and_solves(window, qtbot, settings, tmp_path):
    assert KINDS["sphere"][1] is GridKind.SPHERE
    window.files.ask_new = lambda parent: blank_puzzle("sphere", "Little pyramid")
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    editor = window.editor
    assert isinstance(editor, CubeEditor) and window.puzzle.kind is GridKind.SPHERE
    for spin, size in zip(editor.box_size, (3, 4, 3)):
        spin.setValue(size)
    grid = editor.layers.grid
    for cell in SQUARE:
        click(qtbot, grid, cell)
    click(qtbot, grid, (1, 2, 0))  # x + y + z odd: no ball there
    assert "cell [1, 2, 0] is no ball of the sphere grid" in editor.message.text()
    editor.layers.layer.setValue(2)
    click(qtbot, grid, TOP)
    assert sorted(window.puzzle.board) == sorted(SQUARE + (TOP,))
    qtbot.waitUntil(editor.canvas.gl.isExposed)
    editor.canvas.reset_view()
    # in 3D the balls are drawn as balls: a click on TOP's upper side towards +x adds the ball
    # touching it there, (2, 2, 2), not the cube's neighbour above, (1, 2, 2)
    centre = np.array(TOP) + 0.5
    toward = editor.canvas.screen_point(centre + 0.6 * np.array((1, 0, 1)) / np.sqrt(2))
    assert editor.canvas.action_at(toward, Qt.KeyboardModifier.NoModifier) == ("add", (2, 2, 2))
    qtbot.mouseClick(editor.canvas.gl, Qt.MouseButton.LeftButton, pos=toward.toPoint())
    assert (2, 2, 2) in window.puzzle.board
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert sorted(window.puzzle.board) == sorted(SQUARE + (TOP,))

    qtbot.mouseClick(editor.fill_button, Qt.MouseButton.LeftButton)  # every ball of the box
    assert len(window.puzzle.board) == 18 and all(sum(c) % 2 == 0 for c in window.puzzle.board)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert sorted(window.puzzle.board) == sorted(SQUARE + (TOP,))

    qtbot.mouseClick(editor.pieces.add_button, Qt.MouseButton.LeftButton)
    assert window.puzzle.pieces[0].cells == ((0, 0, 0),)
    editor.layers.layer.setValue(1)
    click(qtbot, grid, (1, 1, 0))  # the selected piece: two balls touching
    assert window.puzzle.pieces[0].cells == ((0, 0, 0), (1, 1, 0))
    box = editor.pieces.count_box(0)
    box.selectAll()
    qtbot.keyClicks(box, "2")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.mouseClick(editor.pieces.add_button, Qt.MouseButton.LeftButton)  # one ball
    assert [(p.size, p.count) for p in window.puzzle.pieces] == [(2, 2), (1, 1)]
    assert why_not_playable(window.puzzle) is None  # Play takes ball puzzles

    target = tmp_path / "pyramid.json"
    window.files.ask_save_path = lambda: str(target)
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL)
    assert load_puzzle(target) == window.puzzle

    again = show_window(qtbot, settings, tmp_path / "autosave-2")
    assert again.open_puzzle(target)
    assert again.puzzle == window.puzzle
    for mode in ("all", "distinct"):
        again.panel.symmetry.setCurrentIndex(again.panel.symmetry.findData(mode))
        qtbot.keyClick(again, Qt.Key.Key_F5)
        qtbot.waitUntil(lambda: not again.is_solving(), timeout=90_000)
        assert again.browser.count == count_solutions(again.puzzle, mode).solutions > 0
