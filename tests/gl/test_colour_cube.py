"""Colour constraints in 3D: the cube designer's Paint cubes (a click in the 3D view, a drag in
the layer grid, each one undo step; the board or the selected piece), taking turns with
pinning; the paint marked on the cubes in the designer, the Solve view and its export."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor

from polygui.editors.cube_editor import CubeEditor
from polygui.export.images import render_cube_view
from polygui.models import PuzzleDocument
from polygui.views.cube_view import CubeView
from polygui.views.paint_decals import mark_geometry
from qt_fixtures import show_widget
from solvers import GridKind, Piece, Puzzle, Solution, solve
from solvers.puzzle.colour_rules import ConstraintColour

LEFT = Qt.MouseButton.LeftButton
RED, GOLD = ConstraintColour("red", "#d62728"), ConstraintColour("gold", "#f2c618")
BOX = tuple((x, y, z) for x in range(2) for y in range(2) for z in range(2))


def bars() -> Puzzle:
    """A 2x2x2 box of four bars of two cubes, coloured red and gold."""
    return Puzzle(GridKind.CUBE, "Bars", board=BOX,
                  pieces=(Piece("B", ((0, 0, 0), (1, 0, 0)), 4, mirror=False),),
                  constraint_colours=(RED, GOLD))


@pytest.fixture
def editor(qtbot):
    widget = show_widget(qtbot, CubeEditor(PuzzleDocument(bars())), 1000, 820)
    qtbot.waitUntil(widget.canvas.gl.isExposed)
    widget.canvas.reset_view()
    return widget


def click_3d(qtbot, editor: CubeEditor, point) -> None:
    position = editor.canvas.screen_point(np.asarray(point, dtype=float)).toPoint()
    qtbot.mouseClick(editor.canvas.gl, LEFT, pos=position)


def test_paint_cubes_paints_a_clicked_cube_and_a_dragged_row_one_step_each(qtbot, editor):
    stack = editor.document.undo_stack
    qtbot.mouseClick(editor.paint.toggle, LEFT)
    assert editor.paint.active and editor.canvas.pick_mode
    click_3d(qtbot, editor, (0.5, 0.5, 2.0))  # the top face of cube (0, 0, 1)
    assert editor.document.puzzle.board_paint == (((0, 0, 1), 1),)
    assert stack.count() == 1 and stack.undoText() == "Paint board red"
    editor.colours.set_brush(2)
    grid = editor.layers.grid
    qtbot.mousePress(grid, LEFT, pos=grid.cell_centre((0, 0, 0)))
    qtbot.mouseMove(grid, grid.cell_centre((1, 0, 0)))
    qtbot.mouseRelease(grid, LEFT, pos=grid.cell_centre((1, 0, 0)))
    assert editor.document.puzzle.board_paint == (((0, 0, 0), 2), ((0, 0, 1), 1),
                                                  ((1, 0, 0), 2))
    assert stack.count() == 2 and editor.document.puzzle.board == BOX  # no cube added
    assert editor.canvas.paint_marks.count == 3
    assert editor.layers.grid.paint[(1, 0, 0)] == QColor(GOLD.rgb)
    stack.undo()
    stack.undo()
    assert editor.document.puzzle.board_paint == ()


def test_a_piece_is_painted_in_its_own_space(qtbot, editor):
    editor.pieces.select_piece(0)
    qtbot.mouseClick(editor.paint.toggle, LEFT)
    grid = editor.layers.grid
    qtbot.mouseClick(grid, LEFT, pos=grid.cell_centre((1, 0, 0)))
    assert editor.document.puzzle.pieces[0].paint == (((1, 0, 0), 1),)
    assert editor.document.undo_stack.undoText() == "Paint B red"
    qtbot.mouseClick(editor.paint.toggle, LEFT)  # off: a click adds a cube again
    qtbot.mouseClick(grid, LEFT, pos=grid.cell_centre((2, 0, 0)))
    assert editor.document.puzzle.pieces[0].cells == ((0, 0, 0), (1, 0, 0), (2, 0, 0))
    assert editor.document.puzzle.pieces[0].paint == (((1, 0, 0), 1),)  # kept


def test_pinning_and_painting_take_turns(qtbot, editor):
    qtbot.mouseClick(editor.paint.toggle, LEFT)
    qtbot.mouseClick(editor.pin_mode.toggle, LEFT)
    assert editor.pin_mode.active and not editor.paint.active and editor.canvas.pick_mode
    qtbot.mouseClick(editor.paint.toggle, LEFT)
    assert editor.paint.active and not editor.pin_mode.active and editor.canvas.pick_mode
    qtbot.mouseClick(editor.paint.toggle, LEFT)
    assert not editor.canvas.pick_mode


def test_mark_geometry_puts_a_square_on_every_face_just_outside_it():
    vertices, triangles, colours, outline = mark_geometry(np.array([[2, 0, 0]]),
                                                          np.array([[1, 0, 0, 1]]))
    assert vertices.shape == (24, 3) and triangles.shape == (12, 3) and outline.shape == (48, 3)
    outside = (vertices < 2 - 1e-3) | (vertices > 3 + 1e-3)
    assert outside[:, 0].sum() == 8  # the marks of the two x faces stand off them
    assert np.all((vertices[:, 1:] > -0.02) & (vertices[:, 1:] < 1.02))
    assert (colours == [1, 0, 0, 1]).all()



def test_a_painted_balls_marks_stand_outside_the_ball_where_they_are_seen():
    """At a cube's faces the marks would be inside a ball (its radius is 0.69 of a cell):
    a ball's stand a hair off its surface, each square touching it at its middle."""
    from polygui.views.balls import RADIUS, BallLook

    vertices, _, _, _ = mark_geometry(np.array([[2, 0, 0]]), np.array([[1, 0, 0, 1]]),
                                      BallLook.mark_reach)
    distances = np.linalg.norm(vertices - [2.5, 0.5, 0.5], axis=1)
    assert distances.min() > RADIUS  # every corner outside the ball
    middles = vertices.reshape(6, 4, 3).mean(axis=1)
    assert np.allclose(np.linalg.norm(middles - [2.5, 0.5, 0.5], axis=1), RADIUS, atol=0.02)

def pixels_near(image, colour: QColor, tolerance: int = 40) -> int:
    """How many pixels of `image` are within `tolerance` of `colour` (lit faces vary)."""
    converted = image.convertToFormat(image.Format.Format_RGB32)  # kept while read
    array = np.frombuffer(converted.constBits(), dtype=np.uint8).reshape(
        converted.height(), converted.bytesPerLine() // 4, 4)[:, :converted.width()]
    rgb = array[..., [2, 1, 0]].astype(int)
    return int((np.abs(rgb - [colour.red(), colour.green(), colour.blue()]).max(axis=2)
                < tolerance).sum())


def test_the_solve_view_shows_the_paint_of_the_board_then_of_the_pieces(qtbot):
    painted = Puzzle(GridKind.CUBE, "Bars", board=BOX, constraint_colours=(RED, GOLD),
                     pieces=(Piece("B", ((0, 0, 0), (1, 0, 0)), 4, mirror=False,
                                   colour="#3a78c8", paint=(((0, 0, 0), 2),)),),
                     board_paint=(((0, 0, 1), 1),), colour_rules=((2, 2),))
    view = show_widget(qtbot, CubeView(), 900, 700)
    qtbot.waitUntil(view.gl.isExposed)
    view.set_puzzle(painted)
    view.reset_view()
    qtbot.wait(50)
    before = render_cube_view(view, QSize(400, 300))
    assert pixels_near(before, QColor(RED.rgb)) > 20 and pixels_near(before, QColor(GOLD.rgb)) == 0
    solution = next(e for e in solve(painted, "all") if isinstance(e, Solution))
    view.set_solution(solution)
    qtbot.wait(50)
    after = render_cube_view(view, QSize(400, 300))
    assert view.paint_marks.count == 4  # each bar's gold end; the red cell lies under one
    assert pixels_near(after, QColor(GOLD.rgb)) > 20
