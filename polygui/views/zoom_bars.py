"""Scroll bars over a zoomed view's right and bottom edges (views.zoom): where the part seen
lies in the whole picture, and a way to pan with the left button alone (a touchpad has no
middle button, and a canvas's left button paints). Hidden while the view fits."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QScrollBar, QWidget


class ZoomBars:
    """Two scroll bars, children of `widget`: `show(seen, zoomed)` after every change, with
    the picture's rectangle as zoomed and panned (widget pixels); a bar shows only where the
    zoomed picture is longer than the widget. `moved(position)` is called when the user moves one,
    with where the picture's top left corner now is, left of and above the widget's."""

    def __init__(self, widget: QWidget, moved: Callable[[QPointF], None]) -> None:
        self.widget, self._moved = widget, moved
        self.horizontal = QScrollBar(Qt.Orientation.Horizontal, widget)
        self.vertical = QScrollBar(Qt.Orientation.Vertical, widget)
        for bar in (self.horizontal, self.vertical):
            bar.hide()
            bar.setCursor(Qt.CursorShape.ArrowCursor)
            bar.valueChanged.connect(self._on_value)

    def show(self, seen: QRectF, zoomed: bool) -> None:
        width, height = self.widget.width(), self.widget.height()
        thick = self.vertical.sizeHint().width()
        for bar, size, length, start in ((self.horizontal, width, seen.width(), seen.left()),
                                         (self.vertical, height, seen.height(), seen.top())):
            beyond = max(0, round(length - size)) if zoomed else 0
            bar.blockSignals(True)
            bar.setRange(0, beyond)
            bar.setPageStep(max(1, size))
            bar.setSingleStep(max(1, size // 20))
            bar.setValue(round(-start))
            bar.blockSignals(False)
            bar.setVisible(beyond > 0)
        self.horizontal.setGeometry(0, height - thick, max(0, width - thick), thick)
        self.vertical.setGeometry(width - thick, 0, thick, max(0, height - thick))
        for bar in (self.horizontal, self.vertical):
            bar.raise_()

    def _on_value(self, _value: int) -> None:
        self._moved(QPointF(self.horizontal.value(), self.vertical.value()))
