"""Play's 3D view on a ball puzzle (issue 35) under Xvfb with GLX: a piece put on the ground by
a click, the cell a click against the side of a placed ball aims at (the ball touching it
there, not a cube's neighbour), and a piece picked up by Shift+click. (Clicks, not the
window's hover events, which a loaded machine delivered late.)"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from puzzles import little_ball_pyramid
from solvers import GridKind
from solvers.play.moves import translated

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def pyramid(window, qtbot):
    window.set_puzzle(little_ball_pyramid())
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    page = window.play.page
    canvas = page.canvas
    qtbot.waitUntil(canvas.view.gl.isExposed)
    canvas.view.reset_view()
    return page, canvas


def point_at(canvas, world) -> object:
    """Where a point of the 3D view (in the box's cells) is drawn."""
    return canvas.view.screen_point(np.asarray(world, dtype=float)).toPoint()


def test_balls_are_put_on_the_ground_and_against_a_ball_and_picked_up(pyramid, qtbot):
    page, canvas = pyramid
    canvas.hold(1)  # B, by its first ball
    grip_cell = (0, 0, 0)  # a ball of the board's bottom layer: B goes on (0, 0, 0), (1, 1, 0)
    ground = point_at(canvas, np.subtract(grip_cell, canvas.origin) + (0.5, 0.5, 0.0))
    qtbot.mouseMove(canvas.view.gl, ground)
    qtbot.mouseClick(canvas.view.gl, LEFT, pos=ground)
    step = np.subtract(grip_cell, canvas.shapes[1][canvas.grips[1]])
    placed_b = (1, translated(GridKind.SPHERE, canvas.shapes[1], tuple(int(v) for v in step)))
    assert page.model.placed == (placed_b,)
    assert len(canvas.view.cells) == 2

    # the side of B's second ball facing the camera, towards the top of the pyramid: the
    # held piece's ball goes on the top ball, which touches it there
    top, below = (1, 0, 1), (1, 1, 0)
    direction = np.subtract(top, below) / np.sqrt(2)
    side = point_at(canvas, np.subtract(below, canvas.origin) + 0.5 + 0.6 * direction)
    assert canvas.view_target(side) == top

    centre = point_at(canvas, np.subtract(below, canvas.origin) + 0.5)
    qtbot.mouseMove(canvas.view.gl, centre)
    qtbot.mouseClick(canvas.view.gl, LEFT, Qt.KeyboardModifier.ShiftModifier, centre)
    assert page.model.placed == () and canvas.held == 1  # picked up, as it lay
