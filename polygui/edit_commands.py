"""Edit > Cut, Copy, Paste, Select All: run by whatever has the keyboard focus.

A text field (a name being typed, a spin box) does its own; otherwise the focused widget and
then its parents are asked in turn, through an `edit_command(command) -> bool` method, until
one has done it: the piece list copies pieces, the board canvas cells, the Sudoku editor its
line. Widgets that claim a key for themselves (the Sudoku grid's Ctrl+V) still get it first.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QAbstractSpinBox, QApplication, QLabel,
                               QLineEdit, QMainWindow, QMenu, QPlainTextEdit, QTextEdit,
                               QWidget)

COMMANDS = (  # (command, menu text, key)
    ("cut", "Cu&t", QKeySequence.StandardKey.Cut),
    ("copy", "&Copy", QKeySequence.StandardKey.Copy),
    ("paste", "&Paste", QKeySequence.StandardKey.Paste),
    ("select_all", "Select &All", QKeySequence.StandardKey.SelectAll),
)
TEXT_METHODS = {"cut": "cut", "copy": "copy", "paste": "paste", "select_all": "selectAll"}
TEXT_WIDGETS = (QLineEdit, QTextEdit, QPlainTextEdit)


def run_edit_command(command: str, focus: QWidget | None) -> bool:
    """Do `command` where `focus` is; False when nothing there takes it."""
    if isinstance(focus, QAbstractSpinBox):
        focus = focus.findChild(QLineEdit)
    if isinstance(focus, TEXT_WIDGETS):
        getattr(focus, TEXT_METHODS[command])()
        return True
    widget = focus
    while widget is not None:
        handler = getattr(widget, "edit_command", None)
        if callable(handler) and handler(command):
            return True
        widget = widget.parentWidget()
    return plain_widget_command(command, focus)


def plain_widget_command(command: str, focus: QWidget | None) -> bool:
    """What Qt's own keys did before the menu took them: a selectable label's text, a list's
    current item copied; a list's items all selected."""
    if command == "copy" and isinstance(focus, QLabel) and focus.hasSelectedText():
        QGuiApplication.clipboard().setText(focus.selectedText())
        return True
    if isinstance(focus, QAbstractItemView):
        if command == "select_all":
            focus.selectAll()
            return True
        if command == "copy" and focus.currentIndex().isValid():
            QGuiApplication.clipboard().setText(str(focus.currentIndex().data() or ""))
            return True
    return False


def add_edit_commands(window: QMainWindow, menu: QMenu,
                      add_action: Callable[..., object]) -> None:
    """The four commands in `menu`, by `add_action(menu, text, slot, key)` (Menus._action)."""
    for command, text, key in COMMANDS:
        def run(command: str = command, text: str = text) -> None:
            if not run_edit_command(command, QApplication.focusWidget()):
                window.statusBar().showMessage(
                    f"{text.replace('&', '')}: nothing here to {text.replace('&', '').lower()}"
                    " (click the board, a piece canvas or the piece list first)", 5_000)
        add_action(menu, text, run, key)
