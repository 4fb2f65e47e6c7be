"""A designer's side panel that scrolls when the window is shorter than its contents (the
pieces, pins, colour constraints and board boxes together), so that it never makes the window
taller than a small screen."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scrolling(panel: QWidget) -> QScrollArea:
    """`panel` in a frameless area that scrolls when the window is too short for it. The area
    is as narrow as the panel can be: only a window too short and too narrow at once scrolls
    sideways too (room for the vertical scroll bar is not kept: small screens are narrow)."""
    area = QScrollArea()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setMinimumWidth(panel.minimumSizeHint().width())
    return area
