"""Why a box of cubes has no solution, drawn on the cube: a colouring tints its cells in 3D and
in the layers, and the cells no piece covers are red there, their edges drawn through the
other cubes so a cell inside the box is seen too."""

from __future__ import annotations

from itertools import product

import numpy as np
from PySide6.QtGui import QColor

from polygui.solving.analysis import UNCOVERABLE_TINT
from solvers import GridKind, Piece, Puzzle
from test_cube_view import framebuffer, shown_cube_view

WAIT_MS = 90_000  # background threads run at the lowest priority on a loaded machine
RING = tuple((x, y, 0) for x in range(3) for y in range(3) if (x, y) != (1, 1))
CHAIR = RING + ((0, 0, 1), (0, 0, 2), (1, 0, 2))  # as wide as the box every way
T = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0))


def rings_in_a_box() -> Puzzle:
    """Two square rings and a ring with a back (27 cubes) cannot cover the centre of a 3x3x3
    box, which lies inside it: none has a cube in the middle of its own 3x3 span."""
    return Puzzle(GridKind.CUBE, "rings", board=tuple(product(range(3), repeat=3)),
                  pieces=(Piece("ring", RING, 2), Piece("chair", CHAIR)))


def reddish(rgb: np.ndarray) -> int:
    """How many pixels are clearly red."""
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    return int(((r > 170) & (g < 90) & (b < 90)).sum())


def layer_pixel(view, cell) -> QColor:
    """The colour the layers show at the centre of `cell`."""
    image = view.layers.grab().toImage()
    return image.pixelColor(view.layers.cell_centre(cell).toPoint())


def test_a_cell_inside_the_box_is_seen_through_the_others(qtbot):
    view = shown_cube_view(qtbot)
    view.set_puzzle(rings_in_a_box())
    qtbot.wait(100)
    assert reddish(framebuffer(view)) == 0
    view.set_marks({(1, 1, 1): UNCOVERABLE_TINT}, named=True)
    qtbot.waitUntil(lambda: reddish(framebuffer(view)) > 200)  # its red edges, in front
    assert view.marks_named and view._named.visible()
    view.set_marks({(1, 1, 1): UNCOVERABLE_TINT})  # a tint alone: hidden inside
    qtbot.waitUntil(lambda: reddish(framebuffer(view)) == 0)


def test_a_colouring_tints_the_cubes_and_their_layers(qtbot):
    view = shown_cube_view(qtbot)
    board = tuple(product(range(2), range(2), range(3)))
    view.set_puzzle(Puzzle(GridKind.CUBE, "Ts", board=board, pieces=(Piece("T", T, 3),)))
    qtbot.wait(100)
    before = framebuffer(view)
    dark = QColor(30, 30, 40, 120)
    view.set_marks({cell: dark for cell in board if sum(cell) % 2 == 0})
    qtbot.waitUntil(lambda: not np.array_equal(framebuffer(view), before))
    assert (framebuffer(view).astype(int).sum() < before.astype(int).sum())  # darker
    darker, plain = layer_pixel(view, (0, 0, 0)), layer_pixel(view, (1, 0, 0))
    assert darker.lightness() < plain.lightness() - 30
    view.set_puzzle(view.puzzle)  # a new puzzle clears the marks
    assert view.marks == {} and not view._named.visible()
    assert abs(layer_pixel(view, (0, 0, 0)).lightness() - plain.lightness()) < 5


def test_the_window_draws_the_cells_no_piece_covers_on_the_cube(qtbot, window):
    window.set_puzzle(rings_in_a_box())
    with qtbot.waitSignal(window.analysis.reason_found, timeout=WAIT_MS):
        pass
    assert "no piece fits over this cell ((1, 1, 1))" in window.status_line.text()
    view = window.current_view()
    assert view.marks == {(1, 1, 1): UNCOVERABLE_TINT} and view.marks_named
    redness = lambda colour: colour.red() - colour.green()  # noqa: E731
    assert redness(layer_pixel(view, (1, 1, 1))) > redness(layer_pixel(view, (0, 0, 1))) + 60
    qtbot.waitUntil(lambda: reddish(framebuffer(view)) > 200)


def test_the_window_draws_a_colouring_on_the_cube(qtbot, window):
    board = tuple(product(range(2), range(2), range(3)))
    window.set_puzzle(Puzzle(GridKind.CUBE, "Ts", board=board, pieces=(Piece("T", T, 3),)))
    with qtbot.waitSignal(window.analysis.reason_found, timeout=WAIT_MS):
        pass
    view = window.current_view()
    assert set(view.marks) == {cell for cell in board if sum(cell) % 2 == 0}
    assert not view.marks_named and not view._named.visible()
