"""The flat designers' piece list shows the names at the default window size (issue 33: with
the 12 pentominoes the Piece column was 26 px, its header "Piec", no name shown, and renaming
meant double-clicking a 20 px swatch)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from polygui.editors.piece_list import NAME, SWATCH
from qt_fixtures import ASSETS, double_click

LEFT = Qt.MouseButton.LeftButton


def pentominoes(window):
    assert window.files.open(ASSETS / "pentominoes-6x10.json", prompt=False)
    window.set_mode("design")
    assert window.size() == QSize(1100, 720)  # the default, with no settings kept
    return window.editor.pieces.table


def shows_whole(qtbot, table, row: int) -> bool:
    qtbot.wait(1)  # let pending layouts run
    name = table.item(row, NAME).text()
    width = table.columnWidth(NAME)
    needed = table.sizeHintForIndex(table.model().index(row, NAME)).width()  # as drawn
    return (needed <= width
            and table.fontMetrics().horizontalAdvance(name) + SWATCH < width
            and table.columnViewportPosition(NAME) + width <= table.viewport().width())


def test_every_pentomino_name_and_the_header_show_whole(qtbot, window):
    table = pentominoes(window)
    assert table.rowCount() == 12
    for row in range(12):
        assert shows_whole(qtbot, table, row), table.item(row, NAME).text()
    header = table.horizontalHeader()
    assert header.model().headerData(NAME, Qt.Orientation.Horizontal) == "Piece"
    assert header.sectionSizeHint(NAME) <= header.sectionSize(NAME)  # "Piece", not "Piec"
    assert not table.horizontalScrollBar().isVisible()


def test_double_clicking_a_name_or_f2_renames_the_piece(qtbot, window):
    table = pentominoes(window)
    cell = table.visualRect(table.model().index(3, NAME))
    on_name = QPoint(cell.left() + SWATCH + 12, cell.center().y())  # right of the swatch
    qtbot.mouseClick(table.viewport(), LEFT, pos=on_name)
    double_click(qtbot, table.viewport(), LEFT, on_name)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "N"
    editor.selectAll()
    qtbot.keyClicks(editor, "N5")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # committed by a queued call
    qtbot.waitUntil(lambda: window.puzzle.pieces[3].name == "N5")

    table.setCurrentCell(0, NAME)
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_F2)  # the keyboard's way to rename
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "F"
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
