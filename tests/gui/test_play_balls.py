"""Play mode on a ball puzzle (issue 35): a little pyramid of the sphere grid, its board reaching
below y = 0, played to solved in the layer grid (a hint, then the other piece turned with R/T
to the way the solver's solution has it, and a click), a placement that does not fit refused
with a message, and the pieces drawn as balls in the tray and in 3D."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from polygui.views.balls import BallMesh
from puzzles import little_ball_pyramid
from solvers import GridKind
from solvers.play.check import solution_with
from solvers.play.moves import PlayBoard, turns_to
from solvers.puzzle.grids import normalise
from qt_fixtures import choose_from_tray, play_in_3d

LEFT = Qt.MouseButton.LeftButton
SPHERE = GridKind.SPHERE


@pytest.fixture
def pyramid(window, qtbot):
    """The pyramid in Play mode (Ctrl+3): the window, its page."""
    window.set_puzzle(little_ball_pyramid())
    return window, play_in_3d(window, qtbot)


def click_cell(qtbot, canvas, cell) -> None:
    """Click board `cell` in the layer grid, which shows the board moved into its box."""
    while canvas.layer != cell[2] - canvas.origin[2]:
        below = canvas.layer > cell[2] - canvas.origin[2]
        qtbot.keyClick(canvas, Qt.Key.Key_PageDown if below else Qt.Key.Key_PageUp)
    point = canvas.grid.cell_centre(tuple(np.subtract(cell, canvas.origin)))
    qtbot.mouseMove(canvas.grid, point)
    qtbot.mouseClick(canvas.grid, LEFT, pos=point)


def test_a_ball_pyramid_is_played_to_solved_and_a_wrong_placement_refused(pyramid, qtbot):
    window, page = pyramid
    canvas, puzzle = page.canvas, window.document.puzzle
    assert canvas.origin[1] < 0 and canvas.grid.look.round and canvas.tray.balls

    choose_from_tray(qtbot, canvas, 1)  # B, held by its first ball, on a place it does not fit
    board = PlayBoard(puzzle)
    wrong = next(cell for cell in puzzle.board
                 if board.placement_at(1, canvas.shapes[1], canvas.grips[1], cell) is None)
    click_cell(qtbot, canvas, wrong)
    assert page.model.placed == ()
    assert "B cannot go there" in page.status_text()

    qtbot.mouseClick(page.hint_button, LEFT)
    qtbot.waitUntil(lambda: len(page.model.placed) == 1, timeout=60_000)
    solution = solution_with(puzzle, page.model.placed)  # the solver's, not a stored one
    assert solution is not None
    (piece, cells), = [p for p in solution if p not in page.model.placed]
    choose_from_tray(qtbot, canvas, piece)
    wanted = normalise(np.array(cells), SPHERE)
    keys = turns_to(canvas.shapes[piece], canvas.grips[piece], wanted, False, SPHERE)
    for key in keys:
        qtbot.keyClick(canvas, getattr(Qt.Key, f"Key_{key}"))
    assert canvas.shapes[piece] == wanted
    click_cell(qtbot, canvas, cells[canvas.grips[piece]])
    assert set(page.model.placed) == set(solution)
    qtbot.waitUntil(lambda: page.status_text().startswith("Solved! in "))
    assert page.status_text().endswith("with 1 hint")
    assert len(canvas.view.cells) == len(puzzle.board)
    assert isinstance(canvas.view.look.mesh.build(canvas.view.cells), BallMesh)

