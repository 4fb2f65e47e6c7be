"""The cell a solution filter was made on (issue 33): right-clicked in the Solve view, it stays
marked on the board while the filter is on (a dot in the filter bar's colour at its centre),
and the mark goes with the filter."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from polygui.resources import examples_dir
from polygui.views.filter_marks import FILTER_MARK, frame_width
from test_filter import board_point, right_click


def pixel(view, point) -> QColor:
    return view.grab().toImage().pixelColor(point.toPoint())


def frame_point(view, cell: int) -> QPointF:
    """A point on the frame a Sudoku cell is marked with (half way down its left side)."""
    rect = view.cell_rect(cell)
    return QPointF(rect.left() + frame_width(rect), rect.center().y())


def solved(window, qtbot, name: str):
    window.open_puzzle(examples_dir() / name)
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    return window.current_view()


def filter_by_right_click(window, qtbot, view, point) -> None:
    menu = right_click(view, point)
    menu.actions()[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: window.filter.filter.caught_up)


def test_the_right_clicked_board_cell_is_marked_while_the_filter_is_on(window, qtbot):
    view = solved(window, qtbot, "pentominoes-6x10.json")
    cell, other = window.puzzle.board[23], window.puzzle.board[40]
    assert pixel(view, board_point(view, cell)) != FILTER_MARK and view.filter_cells == ()
    filter_by_right_click(window, qtbot, view, board_point(view, cell))
    assert view.filter_cells == (cell,)
    centre = board_point(view, cell)  # the filter bar took some of the view's height
    assert pixel(view, centre) == FILTER_MARK
    assert pixel(view, board_point(view, other)) != FILTER_MARK  # that cell only
    window.browser.last()  # another solution: the mark stays
    assert pixel(view, centre) == FILTER_MARK
    window.grab().save("/tmp/h-misc-filter-board.png")
    window.filter.clear_button.click()
    assert view.filter_cells == () and pixel(view, board_point(view, cell)) != FILTER_MARK


def test_the_right_clicked_sudoku_cell_is_marked_while_the_filter_is_on(window, qtbot):
    view = solved(window, qtbot, "sudoku-4x4-empty.json")
    filter_by_right_click(window, qtbot, view, view.cell_rect(6).center())
    assert view.filter_cells == (6,)
    assert pixel(view, frame_point(view, 6)) == FILTER_MARK  # framed, its symbol in sight
    assert pixel(view, frame_point(view, 9)) != FILTER_MARK
    window.grab().save("/tmp/h-misc-filter-sudoku.png")
    window.filter.clear_button.click()
    assert view.filter_cells == () and pixel(view, frame_point(view, 6)) != FILTER_MARK
