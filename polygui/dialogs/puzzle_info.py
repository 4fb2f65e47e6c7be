"""Edit > Puzzle Name and Description…: one undoable edit of the document."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLineEdit,
                               QPlainTextEdit, QWidget)

from ..models import PuzzleDocument

Asker = Callable[[QWidget, str, str], "tuple[str, str] | None"]


def ask_name_and_description(parent: QWidget, name: str,
                             description: str) -> tuple[str, str] | None:
    """The name (never empty: OK waits for one) and the description; None if cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Puzzle name and description")
    name_box = QLineEdit(name)
    text_box = QPlainTextEdit(description)
    text_box.setPlaceholderText("What the puzzle is, where it comes from, how many solutions "
                                "it has…")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    name_box.textChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form = QFormLayout(dialog)
    form.addRow("Name", name_box)
    form.addRow("Description", text_box)
    form.addRow(buttons)
    dialog.resize(520, 320)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return name_box.text().strip(), text_box.toPlainText().strip()


def edit_name_and_description(document: PuzzleDocument, parent: QWidget,
                              ask: Asker | None = None) -> bool:
    """Ask (`ask_name_and_description` unless told otherwise), then change the puzzle as one
    undo step named for what changed."""
    puzzle = document.puzzle
    answer = (ask or ask_name_and_description)(parent, puzzle.name, puzzle.description)
    if answer is None:
        return False
    name, description = answer
    renamed, described = name != puzzle.name, description != puzzle.description
    text = ("Edit puzzle name and description" if renamed and described else
            f"Rename puzzle to {name}" if renamed else "Edit puzzle description")
    return document.edit(text, lambda p: dataclasses.replace(p, name=name,
                                                             description=description))
