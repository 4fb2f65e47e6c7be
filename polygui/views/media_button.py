"""A flat tool button with one of the style's media icons (font glyphs for these are often
missing), as the solution browser and the disassembly player use them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QStyle, QToolButton, QWidget


def media_button(owner: QWidget, icon: QStyle.StandardPixmap, tip: str,
                 slot: Callable[[], object]) -> QToolButton:
    button = QToolButton()
    button.setIcon(owner.style().standardIcon(icon))
    button.setToolTip(tip)
    button.setAutoRaise(True)
    button.clicked.connect(slot)
    return button
