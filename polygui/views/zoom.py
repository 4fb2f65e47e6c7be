"""Zoom and pan for the 2D views and canvases: wheel or Ctrl +/- to zoom (about the mouse),
drag with the pan button to move, double-click or Ctrl+0 to fit again.

A view draws its picture into a rectangle that fits the widget; `ZoomPan.map_rect` maps that
rectangle to the zoomed and panned one, and the view draws into that instead. Lines keep their
width in pixels, and clicks map back through the same rectangle, so a zoomed canvas paints
exactly where it is clicked. Zoom never goes below fitting the widget, and panning stops where
the picture's edge reaches the widget's.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QWidget

MAX_ZOOM = 16.0
WHEEL_STEP = 1.25  # zoom per wheel notch (120 eighths of a degree)
KEY_STEP = 1.5


class ZoomPan(QObject):
    """Zoom and pan state for `widget`, driven by its events (an event filter). `pan_button`
    drags the view: the left button in views that take no clicks, the middle one in canvases,
    where the left button paints. `changed` is emitted after every change (the widget is
    repainted already)."""

    changed = Signal()

    def __init__(self, widget: QWidget, pan_button: Qt.MouseButton) -> None:
        super().__init__(widget)
        self.widget, self.pan_button = widget, pan_button
        self.zoom = 1.0
        self.offset = QPointF(0, 0)  # where the fitted picture's origin moved to, in pixels
        self._drag_from: QPointF | None = None
        self._cursor = widget.cursor()  # the widget's own, back after a drag
        widget.installEventFilter(self)
        widget.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # for Ctrl +, Ctrl - and Ctrl 0

    # --- the mapping ---------------------------------------------------------------------
    def map_rect(self, rect: QRectF) -> QRectF:
        """`rect` (widget pixels, as fitted) as zoomed and panned."""
        return QRectF(rect.x() * self.zoom + self.offset.x(),
                      rect.y() * self.zoom + self.offset.y(),
                      rect.width() * self.zoom, rect.height() * self.zoom)

    def is_zoomed(self) -> bool:
        return self.zoom > 1.0

    # --- changes -------------------------------------------------------------------------
    def zoom_by(self, factor: float, about: QPointF | None = None) -> None:
        """Zoom by `factor` keeping the point `about` (default: the centre) in place."""
        about = QPointF(about) if about is not None else QPointF(self.widget.rect().center())
        zoom = min(MAX_ZOOM, max(1.0, self.zoom * factor))
        actual = zoom / self.zoom
        self.offset = about - (about - self.offset) * actual
        self.zoom = zoom
        self._settle()

    def pan_by(self, delta: QPointF) -> None:
        self.offset += delta
        self._settle()

    def fit(self) -> None:
        self.zoom, self.offset = 1.0, QPointF(0, 0)
        self._settle()

    def _settle(self) -> None:
        """Keep the zoomed widget-sized area covering the widget, then redraw."""
        width, height = self.widget.width(), self.widget.height()
        low_x, low_y = width * (1 - self.zoom), height * (1 - self.zoom)
        self.offset = QPointF(min(0.0, max(low_x, self.offset.x())),
                              min(0.0, max(low_y, self.offset.y())))
        self.widget.update()
        self.changed.emit()

    # --- events --------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Wheel and isinstance(event, QWheelEvent):
            notches = event.angleDelta().y() / 120
            if notches:
                self.zoom_by(WHEEL_STEP ** notches, event.position())
            return True
        if kind == QEvent.Type.MouseButtonDblClick and isinstance(event, QMouseEvent):
            if event.button() == self.pan_button or event.button() == Qt.MouseButton.MiddleButton:
                self.fit()
                return True
        if isinstance(event, QMouseEvent) and self._handle_drag(kind, event):
            return True
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            return self._handle_key(event)
        if kind == QEvent.Type.Resize:
            self._settle()
        return False

    def _handle_drag(self, kind: QEvent.Type, event: QMouseEvent) -> bool:
        if kind == QEvent.Type.MouseButtonPress and event.button() == self.pan_button:
            self._drag_from = event.position()
            if self.is_zoomed():
                self._cursor = self.widget.cursor()
                self.widget.setCursor(Qt.CursorShape.ClosedHandCursor)
            return True
        if kind == QEvent.Type.MouseMove and self._drag_from is not None:
            self.pan_by(event.position() - self._drag_from)
            self._drag_from = event.position()
            return True
        if kind == QEvent.Type.MouseButtonRelease and event.button() == self.pan_button \
                and self._drag_from is not None:
            self._drag_from = None
            self.widget.setCursor(self._cursor)
            return True
        return False

    def _handle_key(self, event: QKeyEvent) -> bool:
        if not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return False
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(KEY_STEP)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(1 / KEY_STEP)
        elif key == Qt.Key.Key_0:
            self.fit()
        else:
            return False
        return True
