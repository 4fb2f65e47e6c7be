"""Zoom and pan in the 2D views and canvases: the wheel zooms about the mouse, a drag pans
(the middle button on canvases, where the left one paints), a double-click or Ctrl+0 fits,
and clicks on a zoomed canvas land on the cell under the mouse."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from polygui.editors.board_editor import BoardEditor
from polygui.models import PuzzleDocument
from polygui.resources import examples_dir
from polygui.views.board_view import BoardView
from polygui.views.sudoku_view import SudokuView
from qt_fixtures import show_widget
from solvers import GridKind, Puzzle
from solvers.puzzle.fileformat import load_puzzle

LEFT, MIDDLE = Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton


def wheel(widget, at: QPoint, notches: int) -> None:
    event = QWheelEvent(QPointF(at), QPointF(widget.mapToGlobal(at)), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def drag(qtbot, widget, button, start: QPoint, end: QPoint) -> None:
    qtbot.mousePress(widget, button, pos=start)
    qtbot.mouseMove(widget, end)
    qtbot.mouseRelease(widget, button, pos=end)


def within_a_pixel(a: QPoint, b: QPoint) -> bool:
    """The same point, but for each coordinate's rounding to whole pixels."""
    return abs(a.x() - b.x()) <= 1 and abs(a.y() - b.y()) <= 1


def distance(a: QPoint, b: QPoint) -> float:
    return ((a.x() - b.x()) ** 2 + (a.y() - b.y()) ** 2) ** 0.5


def test_a_zoomed_canvas_paints_the_cell_under_the_mouse(qtbot):
    editor = show_widget(qtbot, BoardEditor(PuzzleDocument(Puzzle(GridKind.HEX, "Zoom"))),
                         1000, 640)
    canvas = editor.canvas
    cell, neighbour = (2, 2), (3, 2)
    at = canvas.cell_centre(cell)
    apart = distance(at, canvas.cell_centre(neighbour))
    wheel(canvas, at, 3)  # about the mouse: that cell stays where it is
    assert canvas.zoom.zoom > 1.9
    assert within_a_pixel(canvas.cell_centre(cell), at)
    assert distance(canvas.cell_centre(cell), canvas.cell_centre(neighbour)) > 1.9 * apart
    target = canvas.cell_centre(neighbour)
    qtbot.mouseClick(canvas, LEFT, pos=target)
    assert editor.document.puzzle.board == (neighbour,)  # clicks map back through the zoom
    before = canvas.cell_centre(cell)
    drag(qtbot, canvas, MIDDLE, QPoint(500, 300), QPoint(460, 280))  # pans, paints nothing
    assert canvas.cell_centre(cell) == before + QPoint(-40, -20)
    assert editor.document.puzzle.board == (neighbour,)
    qtbot.mouseDClick(canvas, MIDDLE, pos=QPoint(500, 300))
    assert canvas.zoom.zoom == 1 and within_a_pixel(canvas.cell_centre(cell), at)


def test_the_solve_view_zooms_pans_and_fits_again(qtbot):
    view = show_widget(qtbot, BoardView(), 700, 500)
    view.set_puzzle(load_puzzle(examples_dir() / "meteor.json"))
    fitted = view.grab().toImage()
    wheel(view, QPoint(350, 250), 2)
    zoomed = view.grab().toImage()
    assert view.zoom.zoom > 1.5 and zoomed != fitted
    drag(qtbot, view, LEFT, QPoint(350, 250), QPoint(300, 250))
    assert view.grab().toImage() != zoomed
    drag(qtbot, view, LEFT, QPoint(100, 100), QPoint(5000, 5000))  # far beyond the edge
    assert view.zoom.offset.x() <= 0 and view.zoom.offset.y() <= 0  # the edge stops it
    qtbot.mouseDClick(view, LEFT, pos=QPoint(350, 250))
    assert view.grab().toImage() == fitted
    wheel(view, QPoint(350, 250), 2)
    view.set_puzzle(load_puzzle(examples_dir() / "pentominoes-6x10.json"))
    assert view.zoom.zoom == 1  # a new puzzle is seen whole


def test_a_sudoku_zooms_with_the_keys_and_never_below_fitting(qtbot):
    view = show_widget(qtbot, SudokuView(), 500, 500)
    view.set_puzzle(load_puzzle(examples_dir() / "sudoku-16x16.json"))
    fitted = view.grab().toImage()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom.zoom == 1 and view.grab().toImage() == fitted
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom.zoom == 1.5 and view.grab().toImage() != fitted
    qtbot.keyClick(view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom.zoom == 1 and view.grab().toImage() == fitted
