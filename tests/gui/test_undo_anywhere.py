"""Undo and redo by keys whatever has the focus (issue 33): a focused spin box no longer eats
Ctrl+Z; Ctrl+Y redoes as Ctrl+Shift+Z does; a text field keeps the keys only for its own typing
not yet committed, and hands them to the document once it has none."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from polygui.editors.piece_list import NAME
from polygui.editors.sudoku_rules_canvas import Mode
from qt_fixtures import ASSETS

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier


def design(window, name: str):
    assert window.files.open(ASSETS / name, prompt=False)
    window.set_mode("design")
    return window.editor


def focus(qtbot, widget: QWidget) -> QWidget:
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)
    return widget


def press(qtbot, key: Qt.Key, modifiers=CTRL) -> None:
    """The keys, sent where the user's would go: to the focused widget."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def test_a_count_typed_into_its_focused_box_is_undone_and_redone_by_keys(qtbot, window):
    editor = design(window, "pentominoes-6x10.json")
    box = focus(qtbot, editor.pieces.count_box(0))
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "3")  # the box's own text now has an undo step too
    assert window.puzzle.pieces[0].count == 3

    press(qtbot, Qt.Key.Key_Z)
    assert window.puzzle.pieces[0].count == 1 and box.value() == 1
    assert QApplication.focusWidget() is box  # undone where the user is
    press(qtbot, Qt.Key.Key_Y)
    assert window.puzzle.pieces[0].count == 3 and box.value() == 3
    press(qtbot, Qt.Key.Key_Z)
    press(qtbot, Qt.Key.Key_Z, CTRL_SHIFT)
    assert window.puzzle.pieces[0].count == 3
    assert window.document.undo_stack.count() == 1  # undone, not a new edit back to 1


def test_a_killer_cage_sum_is_undone_with_its_box_focused(qtbot, window):
    editor = design(window, "sudoku-killer.json")
    mode = editor.rules.mode_buttons[Mode.CAGES]
    qtbot.mouseClick(mode, Qt.MouseButton.LeftButton, pos=QPoint(8, mode.height() // 2))
    cell = editor.canvas.cell_rect(2).center().toPoint()  # in the cage of sum 15
    qtbot.mouseClick(editor.canvas, Qt.MouseButton.LeftButton, pos=cell)
    box = focus(qtbot, editor.rules.cage_sum)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "17")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.puzzle.sudoku.cages[1].total == 17

    press(qtbot, Qt.Key.Key_Z)
    assert window.puzzle.sudoku.cages[1].total == 15 and box.value() == 15
    press(qtbot, Qt.Key.Key_Y)
    assert window.puzzle.sudoku.cages[1].total == 17 and box.value() == 17


def test_a_name_being_typed_undoes_its_own_typing_first_then_the_document(qtbot, window):
    editor = design(window, "pentominoes-6x10.json")
    box = focus(qtbot, editor.pieces.count_box(1))
    qtbot.keyClick(box, Qt.Key.Key_Up)  # an edit to undo later
    assert window.puzzle.pieces[1].count == 2
    table = editor.pieces.table
    table.setCurrentCell(0, NAME)
    focus(qtbot, table)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    name = QApplication.focusWidget()
    assert isinstance(name, QLineEdit) and name.text() == "F"
    qtbot.keyClicks(name, "ish")

    press(qtbot, Qt.Key.Key_Z)  # the typing, not yet an edit of the puzzle
    assert name.text() == "F" and window.puzzle.pieces[1].count == 2
    press(qtbot, Qt.Key.Key_Z)  # nothing typed left: the document's last edit
    assert window.puzzle.pieces[1].count == 1 and name.text() == "F"
    press(qtbot, Qt.Key.Key_Y)
    assert window.puzzle.pieces[1].count == 2
