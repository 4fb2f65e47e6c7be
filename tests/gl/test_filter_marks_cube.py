"""The cell of a box a solution filter was made on (issue 33): right-clicked in the layers
under the 3D view, it stays marked there while the filter is on, and the mark goes with it."""

from __future__ import annotations

from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu

from polygui.resources import examples_dir
from polygui.views.filter_marks import FILTER_MARK


def right_click(view, point) -> QMenu:
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point.toPoint(),
                              view.mapToGlobal(point.toPoint()))
    QApplication.sendEvent(view, event)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    return menu


def layer_pixel(layers, cell):
    return layers.grab().toImage().pixelColor(layers.cell_centre(cell).toPoint())


def test_the_right_clicked_layer_cell_is_marked_while_the_filter_is_on(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    layers = window.current_view().layers
    cell = (1, 1, 2)
    assert layer_pixel(layers, cell) != FILTER_MARK
    menu = right_click(layers, layers.cell_centre(cell))
    menu.actions()[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: window.filter.filter.caught_up)
    assert layers.filter_cells == (cell,)
    assert layer_pixel(layers, cell) == FILTER_MARK
    assert layer_pixel(layers, (1, 1, 1)) != FILTER_MARK  # the same place a layer down
    window.filter.clear_button.click()
    assert layers.filter_cells == () and layer_pixel(layers, cell) != FILTER_MARK
