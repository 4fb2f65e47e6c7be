"""Undo and redo whatever has the focus.

A focused text field claims Ctrl+Z and Ctrl+Y for its own text (a ShortcutOverride event),
which hides the window's Undo and Redo: with a spin box focused, Ctrl+Z did nothing although
the Edit menu named the edit. Here the focused widget of the window is watched (one widget at
a time, not every event of the application) and the claim is refused, so the window's action
runs, except where the user expects the text field's own undo:

- a spin box never keeps the keys: its value is the document's, each change already an edit
  the Edit menu names (the text's own undo would make a new edit, not undo one);
- a text field keeps them while it has typing of its own to undo (or redo), typing not yet
  committed to the document, as a name being typed before Enter; once it has none, the
  keys undo and redo the document.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Slot
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (QAbstractSpinBox, QApplication, QLineEdit, QPlainTextEdit,
                               QTextEdit, QWidget)


def redo_keys() -> list[QKeySequence]:
    """Both common redo keys, whatever the platform's standard one is (Qt's Redo is one of
    them, which one depending on the desktop)."""
    return [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]


def has_own_history(widget: QWidget, redo: bool) -> bool:
    """Whether `widget` is a text field with typing of its own to undo (`redo`: to redo)."""
    if isinstance(widget, QAbstractSpinBox) or isinstance(widget.parentWidget(),
                                                          QAbstractSpinBox):
        return False
    if isinstance(widget, QLineEdit):
        return not widget.isReadOnly() and (widget.isRedoAvailable() if redo
                                            else widget.isUndoAvailable())
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        document = widget.document()
        return not widget.isReadOnly() and (document.isRedoAvailable() if redo
                                            else document.isUndoAvailable())
    return False


class UndoShortcuts(QObject):
    """Makes `undo` and `redo` (actions of `window`) win over the focused widget's claim."""

    def __init__(self, window: QWidget, undo: QAction, redo: QAction) -> None:
        super().__init__(window)
        self.window, self.undo, self.redo = window, undo, redo
        self._watched: QWidget | None = None
        app = QApplication.instance()
        app.focusChanged.connect(self._focus_changed)
        self._focus_changed(None, app.focusWidget())

    @Slot(QWidget, QWidget)
    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)
        self._watched = None
        if new is not None and new.window() is self.window:
            new.installEventFilter(self)
            self._watched = new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        pressed = QKeySequence(event.keyCombination())
        redo = pressed in self.redo.shortcuts()
        if not redo and pressed not in self.undo.shortcuts():
            return False
        if isinstance(watched, QWidget) and has_own_history(watched, redo):
            return False
        event.ignore()  # not claimed: the window's shortcut runs, and no key press follows
        return True
