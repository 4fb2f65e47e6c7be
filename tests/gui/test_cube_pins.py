"""Pinning pieces in the cube designer, by clicks in the layer grid and in the 3D view: each
pin and unpin one undoable edit, Turn (and R) stepping through the ways a piece may lie, no
more pins than copies, pins clear of each other, a board edit that breaks a pin dropping it in
the same undo step; the solver's count with a pin checked against brute force."""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainter

sys.path.append(str(Path(__file__).resolve().parents[1] / "solvers"))  # the oracle's folder
from oracle import all_solutions  # noqa: E402
from polygui.editors.cube_editor import CubeEditor  # noqa: E402
from polygui.editors.voxel_canvas import (PREVIEW_ADD, PREVIEW_OUTSIDE,  # noqa: E402
                                          PREVIEW_REMOVE)
from polygui.models import PuzzleDocument  # noqa: E402
from solvers import GridKind, Piece, Puzzle, count_solutions  # noqa: E402
from solvers.puzzle.grids import orientations_of  # noqa: E402
from qt_fixtures import hover_until  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
V = ((0, 0, 0), (1, 0, 0), (0, 1, 0))
DOMINO = ((0, 0, 0), (1, 0, 0))
BOX = tuple(product(range(2), range(2), range(2)))


def two_vs_and_a_domino() -> Puzzle:
    return Puzzle(GridKind.CUBE, "2x2x2", board=BOX,
                  pieces=(Piece("V", V, 2), Piece("domino", DOMINO)))


@pytest.fixture
def editor(qtbot):
    widget = CubeEditor(PuzzleDocument(two_vs_and_a_domino()))
    qtbot.addWidget(widget)
    widget.resize(1000, 820)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(widget.canvas.gl.isExposed)
    widget.canvas.reset_view()
    widget.pieces.select_piece(0)
    qtbot.mouseClick(widget.pin_mode.toggle, LEFT)
    assert widget.pin_mode.active and widget.pin_mode.turn_button.isVisible()
    return widget


def click_cell(qtbot, editor: CubeEditor, cell) -> None:
    editor.layers.layer.setValue(cell[2] + 1)
    grid = editor.layers.grid
    qtbot.mouseMove(grid, grid.cell_centre(cell))
    qtbot.mouseClick(grid, LEFT, pos=grid.cell_centre(cell))


def screenshot(editor: CubeEditor, path: str) -> None:
    picture = editor.grab()
    painter = QPainter(picture)
    painter.drawImage(editor.canvas.container.mapTo(editor, QPoint(0, 0)),
                      editor.canvas.gl.readQImage())
    painter.end()
    picture.save(path)


def tilings_with(puzzle: Puzzle, pins) -> int:
    """Brute force: the tilings of the unpinned puzzle that hold every pin's placement."""
    pieces = [(piece.cells, piece.count, piece.mirror) for piece in puzzle.pieces]
    number = {piece.name: i for i, piece in enumerate(puzzle.pieces)}
    wanted = {(number[pin.piece], frozenset(pin.cells)) for pin in pins}
    return sum(1 for tiling in all_solutions("cube", puzzle.board, pieces) if wanted <= tiling)


def test_a_click_in_the_layer_grid_pins_the_piece_over_that_cube(qtbot, editor):
    document = editor.document
    click_cell(qtbot, editor, (1, 1, 1))
    (pin,) = document.puzzle.pins
    assert pin.piece == "V" and (1, 1, 1) in pin.cells
    assert document.undo_stack.undoText() == "Pin V" and document.undo_stack.count() == 1
    assert editor.layers.grid.cell_colours[(1, 1, 1)] != editor.layers.grid.colour
    solved = count_solutions(document.puzzle, "all").solutions
    assert solved == tilings_with(document.puzzle, document.puzzle.pins) > 0
    document.undo_stack.undo()
    assert document.puzzle.pins == ()


def test_a_click_in_3d_pins_over_the_cube_clicked_and_a_second_click_unpins(qtbot, editor):
    canvas = editor.canvas
    top = canvas.screen_point(np.array([0.5, 0.5, 2.0])).toPoint()  # the top of (0, 0, 1)
    qtbot.mouseMove(canvas.gl, top)
    ghost = set(map(tuple, (canvas._preview.pos[::24] + 0.5).astype(int)))
    assert (0, 0, 1) in ghost and len(ghost) == 3
    assert canvas._preview.color == PREVIEW_ADD
    qtbot.mouseClick(canvas.gl, LEFT, pos=top)
    (pin,) = editor.document.puzzle.pins
    assert set(pin.cells) == ghost  # the cube clicked, not the one above it
    qtbot.mouseMove(canvas.gl, top + QPoint(1, 0))  # over the pin: a click takes it away
    assert canvas._preview.color == PREVIEW_REMOVE
    screenshot(editor, "/tmp/cube-pin-remove.png")
    qtbot.mouseClick(canvas.gl, LEFT, pos=top)
    assert editor.document.puzzle.pins == ()
    assert editor.document.undo_stack.undoText() == "Unpin V"


def test_turn_and_r_step_through_the_ways_the_piece_may_lie(qtbot, editor):
    ways = orientations_of(GridKind.CUBE, V, True)
    grid = editor.layers.grid
    editor.layers.layer.setValue(1)

    def ghost_over_the_corner() -> tuple:
        """The way outlined with the mouse over cell (0, 0, 0). The mouse is moved there
        again each time: clicking the Turn button took it off the grid, and the X server
        may still be delivering the leave event of that (the ghost then goes)."""
        hover_until(qtbot, grid, grid.cell_centre((0, 0, 0)),
                    lambda: grid.ghost is not None and (0, 0, 0) in grid.ghost)
        return grid.ghost

    seen = [ghost_over_the_corner()]
    assert f"way 1 of {len(ways)}" in editor.pin_mode.hint.text()
    qtbot.mouseClick(editor.pin_mode.turn_button, LEFT)
    assert f"way 2 of {len(ways)}" in editor.pin_mode.hint.text()
    seen.append(ghost_over_the_corner())
    editor.canvas.gl.requestActivate()
    qtbot.keyClick(editor.canvas.gl, Qt.Key.Key_R)  # R over the 3D view turns too
    assert f"way 3 of {len(ways)}" in editor.pin_mode.hint.text()
    assert len(set(seen)) > 1
    outlined = ghost_over_the_corner()  # the third way, where the mouse is
    assert outlined not in seen[1:]
    click_cell(qtbot, editor, (0, 0, 0))
    assert set(editor.document.puzzle.pins[0].cells) == set(outlined)


def test_pins_are_clear_of_each_other_and_no_more_than_the_copies(qtbot, editor):
    document = editor.document
    click_cell(qtbot, editor, (0, 0, 0))
    click_cell(qtbot, editor, (1, 1, 1))
    assert len(document.puzzle.pins) == 2
    taken = {c for pin in document.puzzle.pins for c in pin.cells}
    assert len(taken) == 6  # clear of each other
    free = next(cell for cell in BOX if cell not in taken)
    click_cell(qtbot, editor, free)  # a third V: the piece has two copies
    assert len(document.puzzle.pins) == 2 and document.undo_stack.count() == 2
    assert "Every copy of V is pinned already (2)" in editor.message.text()
    editor.pieces.select_piece(1)  # the domino: blue where it fits the two cubes left
    first, second = sorted(set(BOX) - taken)
    fits = sum(abs(a - b) for a, b in zip(first, second)) == 1
    grid = editor.layers.grid
    editor.layers.layer.setValue(first[2] + 1)
    qtbot.mouseMove(grid, grid.cell_centre(first))
    expected = PREVIEW_ADD if fits else PREVIEW_OUTSIDE
    assert grid.ghost_colour.getRgbF()[:3] == pytest.approx(expected[:3], abs=0.01)
    click_cell(qtbot, editor, first)
    if fits:  # the box is full: one solution, as brute force says
        assert len(document.puzzle.pins) == 3
        assert count_solutions(document.puzzle, "all").solutions == 1 == tilings_with(
            document.puzzle, document.puzzle.pins)
    else:  # refused, with the reason
        assert len(document.puzzle.pins) == 2 and editor.message.text()


def test_removing_a_board_cube_under_a_pin_drops_it_in_the_same_undo_step(qtbot, editor):
    document = editor.document
    click_cell(qtbot, editor, (0, 0, 0))
    (pin,) = document.puzzle.pins
    qtbot.mouseClick(editor.pin_mode.toggle, LEFT)
    qtbot.mouseClick(editor.region_button, LEFT)  # back to editing the board
    assert not editor.pin_mode.active and editor.target.is_region
    assert "Editing the board" in editor.editing.text()
    cell = pin.cells[0]
    editor.remove_cube(cell)
    assert cell not in document.puzzle.board and document.puzzle.pins == ()
    document.undo_stack.undo()
    assert cell in document.puzzle.board and document.puzzle.pins == (pin,)


def test_leaving_pin_mode_edits_the_selected_piece_again(qtbot, editor):
    assert "Pinning pieces" in editor.editing.text() and not editor.hint.isVisible()
    qtbot.mouseClick(editor.pin_mode.toggle, LEFT)
    assert editor.target.piece == 0 and "Editing piece V" in editor.editing.text()
    assert editor.hint.isVisible() and not editor.canvas.pick_mode
    click_cell(qtbot, editor, (1, 1, 0))  # edits the piece, not a pin
    assert editor.document.puzzle.pins == ()
    assert len(editor.document.puzzle.pieces[0].cells) == 4
