"""The cube views as a user sees them (issue 33, defect 8): a piece being edited is seen with
its whole box (the box ran off the 3D view's edge), the cube designer's side panel never piles
its widgets on each other, and a big box's layers stay readable (cells of 6 pixels, a "(top)"
that came and went), scrolled when the room is short."""

from __future__ import annotations

from itertools import combinations, product

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QLayout, QWidget

from polygui.editors.cube_editor import CubeEditor
from polygui.models import PuzzleDocument
from polygui.resources import examples_dir
from polygui.views.layer_view import MIN_CELL
from solvers import GridKind, Piece, Puzzle

V = Piece("V", ((0, 0, 0), (1, 0, 0), (0, 1, 0)), colour="#e6194b", mirror=False)
STICK = Piece("I", tuple((x, 0, 0) for x in range(4)), colour="#3cb44b")


def drawn_points(canvas) -> np.ndarray:
    """Every end of the lines the 3D view draws around the cubes: its ground grid and the
    outline of the layer shown."""
    return np.concatenate([np.asarray(item.pos, dtype=float).reshape(-1, 3)
                           for item in (canvas._ground, canvas._slice)])


@pytest.mark.parametrize("piece", [V, STICK], ids=["V", "stick"])
@pytest.mark.parametrize("size", [(1000, 700), (700, 760)], ids=["wide", "narrow"])
def test_a_piece_being_edited_is_seen_with_its_whole_box(qtbot, piece, size):
    puzzle = Puzzle(GridKind.CUBE, "One piece", board=piece.cells, pieces=(piece,))
    editor = CubeEditor(PuzzleDocument(puzzle))
    qtbot.addWidget(editor)
    editor.resize(*size)
    editor.show()
    qtbot.waitUntil(editor.canvas.gl.isExposed)
    editor.pieces.select_piece(0)
    qtbot.wait(20)
    canvas, gl = editor.canvas, editor.canvas.gl
    for point in drawn_points(canvas):
        seen = canvas.screen_point(point)
        assert 0 <= seen.x() <= gl.width() and 0 <= seen.y() <= gl.height(), point
    editor.layers.layer.setValue(editor.layers.layer.maximum())  # the top layer outlined
    qtbot.wait(20)
    for point in drawn_points(canvas):
        seen = canvas.screen_point(point)
        assert 0 <= seen.x() <= gl.width() and 0 <= seen.y() <= gl.height(), point


def laid_out(layout: QLayout) -> list[QWidget]:
    found = []
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item.widget() is not None:
            found.append(item.widget())
        elif item.layout() is not None:
            found += laid_out(item.layout())
    return found


def test_a_short_window_scrolls_the_cube_designers_panel_instead_of_piling_it_up(window,
                                                                                   qtbot):
    """At f312cbd the Add/Delete/Colour buttons lay over the piece table's border."""
    window.open_puzzle(examples_dir() / "soma.json")
    window.set_mode("design")
    for size in ((1100, 720), (1000, 520)):
        window.resize(*size)
        qtbot.wait(20)
        for widget in [window.editor, *window.editor.findChildren(QWidget)]:
            if widget.layout() is None or not widget.isVisible():
                continue
            shown = [child for child in laid_out(widget.layout()) if child.isVisible()]
            for a, b in combinations(shown, 2):
                assert not a.geometry().intersects(b.geometry()), (size, a, b)


def big_box(side: int) -> Puzzle:
    return Puzzle(GridKind.CUBE, "Big box", board=tuple(product(range(side), repeat=3)),
                  pieces=(Piece("A", ((0, 0, 0), (1, 0, 0))),))


def test_a_big_boxs_layers_keep_readable_cells_and_whole_captions(window, qtbot):
    window.set_puzzle(big_box(8))
    layers = window.current_view().layers
    for size in ((1100, 720), (1000, 600), (1280, 900)):
        window.resize(*size)
        qtbot.wait(30)
        first, beside = layers.cell_centre((0, 0, 0)), layers.cell_centre((1, 0, 0))
        assert abs(beside.x() - first.x()) >= MIN_CELL - 0.01, size  # was 6 pixels
        assert layers.shown_captions() == layers.captions(), size
        assert layers.shown_captions()[-1] == "layer 8 (top)"
    scroll = layers.parentWidget().parentWidget()  # the scroll area's viewport's
    assert layers.height() > scroll.height()  # what does not fit, scrolls


def test_a_small_box_fills_the_room_it_has(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    window.resize(1100, 720)
    qtbot.wait(30)
    layers = window.current_view().layers
    viewport = layers.parentWidget()
    assert layers.size() == viewport.size()  # nothing to scroll
    assert layers.cell_at(QPointF(layers.cell_centre((0, 0, 0)))) == (0, 0, 0)
