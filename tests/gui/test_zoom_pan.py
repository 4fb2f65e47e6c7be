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
from qt_fixtures import double_click, show_widget
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
    double_click(qtbot, canvas, MIDDLE, QPoint(500, 300))
    assert canvas.zoom.zoom == 1 and within_a_pixel(canvas.cell_centre(cell), at)


def test_the_solve_view_zooms_pans_and_fits_again(qtbot):
    view = show_widget(qtbot, BoardView(), 700, 500)
    view.set_puzzle(load_puzzle(examples_dir() / "meteor.json"))
    fitted = view.grab().toImage()
    wheel(view, QPoint(350, 250), 2)
    zoomed = view.grab().toImage()
    assert view.zoom.zoom > 1.5 and zoomed != fitted
    # up and down: meteor's tall board, zoomed, is still narrower than the view, which keeps
    # it centred across (no panning into the blank room beside it)
    drag(qtbot, view, LEFT, QPoint(350, 250), QPoint(300, 200))
    assert view.grab().toImage() != zoomed
    drag(qtbot, view, LEFT, QPoint(100, 100), QPoint(5000, 5000))  # far beyond the edge
    assert view.zoom.offset.x() <= 0 and view.zoom.offset.y() <= 0  # the edge stops it
    double_click(qtbot, view, LEFT, QPoint(350, 250))
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


def test_a_60x60_canvas_zooms_to_readable_cells_and_pans_over_the_board_only(qtbot):
    """Issue 33: a big canvas fits at a few pixels a cell; zoomed in, its scroll bars and a
    Space-drag pan over the cells (not the blank room beside a square board in a wide
    canvas), and a click still lands on the cell under the mouse."""
    editor = show_widget(qtbot, BoardEditor(PuzzleDocument(Puzzle(GridKind.SQUARE, "Big"))),
                         1000, 640)
    editor.width_box.setValue(60)
    editor.height_box.setValue(60)
    canvas = editor.canvas
    bars = canvas.zoom.bars
    assert len(canvas.positions) == 3600 and not bars.horizontal.isVisible()
    while canvas._transform().m11() < 20:  # pixels a cell: readable
        wheel(canvas, QPoint(300, 200), 1)
    assert bars.horizontal.isVisible() and bars.vertical.isVisible()
    right = canvas.width() - bars.vertical.width()
    bars.horizontal.setValue(bars.horizontal.maximum())  # as far right as it goes
    last = canvas.cell_centre((59, 0)).x()
    assert right - 2 * canvas._transform().m11() < last < right  # the board's edge, no blank
    bars.horizontal.setValue(0)
    assert 0 < canvas.cell_centre((0, 0)).x() < 2 * canvas._transform().m11()
    canvas.setFocus()
    before = canvas.cell_centre((10, 10))
    qtbot.keyPress(canvas, Qt.Key.Key_Space)
    drag(qtbot, canvas, LEFT, QPoint(400, 200), QPoint(300, 150))  # Space held: pans
    qtbot.keyRelease(canvas, Qt.Key.Key_Space)
    assert canvas.cell_centre((10, 10)) == before + QPoint(-100, -50)
    assert editor.document.puzzle.board == ()  # painted nothing
    target = (12, 11)
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_centre(target))
    assert editor.document.puzzle.board == (target,)
    qtbot.keyClick(canvas, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert canvas.zoom.zoom == 1 and not bars.horizontal.isVisible()
