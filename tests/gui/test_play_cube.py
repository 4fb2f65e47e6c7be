"""Play mode on a box of cubes (issue 33, second part): the Soma cube solved by hand in the layer
grid after two hints (the rest of a solution found by the solver, each piece chosen in the
tray, turned with R and tipped with T to the way it lies there, the layer chosen with
PageUp/PageDown, then a click); picking a placed piece up again, a red mark and its undo."""

from __future__ import annotations

import numpy as np
import pytest
import shiboken6
from PySide6.QtCore import Qt

from polygui.play.cube_canvas import CubePlayCanvas
from polygui.resources import examples_dir
from solvers import GridKind, Solution, solve
from solvers.play.check import solution_with
from solvers.play.moves import PlayBoard, turns_to
from solvers.puzzle.grids import normalise
from qt_fixtures import choose_from_tray, play_in_3d

CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton
CUBE = GridKind.CUBE


@pytest.fixture
def soma(window, qtbot):
    """The Soma cube in Play mode (Ctrl+3): the window, its page."""
    window.open_puzzle(examples_dir() / "soma.json")
    return window, play_in_3d(window, qtbot)


def go_to_layer(qtbot, canvas, layer: int) -> None:
    while canvas.layer != layer:
        qtbot.keyClick(canvas, Qt.Key.Key_PageUp if canvas.layer < layer else Qt.Key.Key_PageDown)


def click_cell(qtbot, canvas, cell, button=LEFT) -> None:
    go_to_layer(qtbot, canvas, cell[2])
    point = canvas.grid.cell_centre(cell)
    qtbot.mouseMove(canvas.grid, point)
    qtbot.mouseClick(canvas.grid, button, pos=point)


def place_by_keys(qtbot, canvas, piece: int, cells: tuple) -> None:
    """Choose `piece`, turn it with R/T/F to the way `cells` lie, click its grip's cell."""
    choose_from_tray(qtbot, canvas, piece)
    wanted = normalise(np.array(cells), CUBE)
    mirror = canvas.puzzle.pieces[piece].mirror
    for key in turns_to(canvas.shapes[piece], canvas.grips[piece], wanted, mirror):
        qtbot.keyClick(canvas, getattr(Qt.Key, f"Key_{key}"))
    assert canvas.shapes[piece] == wanted
    click_cell(qtbot, canvas, cells[canvas.grips[piece]])  # a shape's cells keep their order


def test_the_soma_cube_solved_in_the_layer_grid_after_two_hints(soma, qtbot):
    window, page = soma
    canvas = page.canvas
    for hinted in (1, 2):
        qtbot.mouseClick(page.hint_button, LEFT)
        qtbot.waitUntil(lambda: len(page.model.placed) == hinted, timeout=60_000)
    hints = page.model.placed
    solution = solution_with(window.document.puzzle, hints)  # the solver's, not a stored one
    assert solution is not None and set(hints) <= set(solution)
    for piece, cells in solution:
        if (piece, cells) not in hints:
            place_by_keys(qtbot, canvas, piece, cells)
            assert (piece, cells) in page.model.placed
    assert set(page.model.placed) == set(solution)
    qtbot.waitUntil(lambda: page.status_text().startswith("Solved! in "))
    assert page.status_text().endswith("with 2 hints")
    assert len(canvas.view.cells) == 27  # the 3D view shows every piece placed
    assert window.document.undo_stack.count() == 0  # the design's history is untouched


def test_a_placed_piece_is_picked_up_and_a_dead_one_marked_red_until_undone(soma, qtbot):
    window, page = soma
    canvas, puzzle = page.canvas, window.document.puzzle
    used = {(piece, tuple(sorted(cells))) for event in solve(puzzle, "all")
            if isinstance(event, Solution) for piece, cells in event.pieces}
    dead = next(placement for placement in sorted(PlayBoard(puzzle).rows)
                if placement not in used)
    place_by_keys(qtbot, canvas, *dead)
    assert page.model.placed == (dead,)
    qtbot.waitUntil(lambda: canvas.marked == {dead}, timeout=60_000)
    assert page.take_back_button.isVisible()
    assert any(cells == frozenset(dead[1]) for cells, _ in canvas.grid.outlines)
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)  # the window's Undo drives the play's history
    assert page.model.placed == ()
    qtbot.waitUntil(lambda: not canvas.marked, timeout=60_000)
    qtbot.keyClick(canvas, Qt.Key.Key_Y, CTRL)
    assert page.model.placed == (dead,)
    # a click on the placed piece takes it back into the hand, held as it lay
    piece, cells = dead
    click_cell(qtbot, canvas, cells[-1])
    assert page.model.placed == () and canvas.held == piece
    assert canvas.shapes[piece] == normalise(np.array(cells), CUBE)
    assert cells[canvas.grips[piece]] == cells[-1]
    qtbot.mouseMove(canvas.grid, canvas.grid.cell_centre(cells[-1]))
    assert set(canvas.grid.ghost) == set(cells)  # the outline where a click puts it back
    qtbot.mouseClick(canvas.grid, LEFT, pos=canvas.grid.cell_centre(cells[-1]))
    assert page.model.placed == (dead,)
    click_cell(qtbot, canvas, cells[0], Qt.MouseButton.RightButton)  # back to the tray
    assert page.model.placed == () and page.model.left(piece) == 1


def test_a_piece_that_may_not_be_flipped_says_so(soma, qtbot):
    _window, page = soma
    canvas = page.canvas
    choose_from_tray(qtbot, canvas, 0)
    before = canvas.shapes[0]
    qtbot.keyClick(canvas, Qt.Key.Key_F)
    assert canvas.shapes[0] == before and "may not be flipped" in page.status_text()


def test_play_changes_its_canvas_with_the_grid_of_the_puzzle(window, qtbot):
    window.open_puzzle(examples_dir() / "pentominoes-8x8-hole.json")
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    page = window.play.page
    flat = page.canvas
    assert not isinstance(flat, CubePlayCanvas)
    window.open_puzzle(examples_dir() / "soma.json")
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    assert window.play.is_playing() and isinstance(page.canvas, CubePlayCanvas)
    assert page.canvas.isVisible()
    assert not shiboken6.isValid(flat) or flat.parent() is None  # the flat one is gone
    qtbot.waitUntil(lambda: page.checker.state == "solvable", timeout=60_000)
    qtbot.mouseClick(page.hint_button, LEFT)
    qtbot.waitUntil(lambda: len(page.model.placed) == 1, timeout=60_000)
    assert len(page.canvas.view.cells) == len(page.model.placed[0][1])
    window.open_puzzle(examples_dir() / "meteor.json")
    assert not isinstance(page.canvas, CubePlayCanvas) and page.model.placed == ()
