"""Questions whose buttons say what they do ("Restore", "Discard", "Decide later"), each with
its Alt key, instead of Yes / No / Cancel explained in brackets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from PySide6.QtWidgets import QMessageBox, QWidget

from solvers.records import record

Answer = TypeVar("Answer")
Role = QMessageBox.ButtonRole


@record
class Choice(Generic[Answer]):
    answer: Answer
    text: str  # with & before its Alt key: "&Discard"
    role: Role


def ask_choice(parent: QWidget | None, title: str, text: str,
               choices: Sequence[Choice[Answer]], *, default: Answer,
               escape: Answer) -> Answer:
    """Ask with one button per choice; `escape` is the answer of Esc or closing the box."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton,
                      parent)
    buttons = {}
    for choice in choices:
        button = box.addButton(choice.text, choice.role)
        buttons[button] = choice.answer
        if choice.answer == default:
            box.setDefaultButton(button)
        if choice.answer == escape:
            box.setEscapeButton(button)
    box.exec()
    return buttons.get(box.clickedButton(), escape)
