"""Zoom and pan for the 2D views and canvases: wheel or Ctrl +/- to zoom (about the mouse),
drag with the pan button (on a canvas also with the left button while Space is held) or the
scroll bars a zoomed view shows to move, double-click or Ctrl+0 to fit again.

A view draws its picture into a rectangle that fits the widget; `ZoomPan.map_rect` maps that
rectangle to the zoomed and panned one, and the view draws into that instead. Lines keep their
width in pixels, and clicks map back through the same rectangle, so a zoomed canvas paints
exactly where it is clicked. Zoom never goes below fitting the widget, and panning stops where
the picture's edge reaches the widget's: the picture's, not the widget's rectangle zoomed, when
the widget says where its picture is (`zoom_content()`), so a square board in a wide canvas
does not pan into blank room beside it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QCursor, QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QWidget

from .board_picture import fit_transform
from .zoom_bars import ZoomBars

MAX_ZOOM = 16.0
WHEEL_STEP = 1.25  # zoom per wheel notch (120 eighths of a degree)
KEY_STEP = 1.5
EDGE = 24  # pixels kept round a zoomed picture at the widget's edges (a scroll bar and more)


def fitted_content(bounds: tuple[float, float, float, float], target: QRectF) -> QRectF:
    """Where a picture of `bounds` fitted into `target` lies (a widget's `zoom_content()`)."""
    left, top, right, bottom = bounds
    return fit_transform(bounds, target).mapRect(QRectF(left, top, right - left, bottom - top))


def clamped_offset(offset: float, low: float, high: float, size: float, zoom: float) -> float:
    """One axis's offset that keeps the content [low, high] (pixels as fitted), zoomed and
    EDGE pixels more each side, over the widget's [0, size] where it is longer, and centred
    where it is shorter."""
    span = (high - low) * zoom
    if span + 2 * EDGE <= size:
        return (size - span) / 2 - low * zoom
    return min(EDGE - low * zoom, max(size - EDGE - high * zoom, offset))


class ZoomPan(QObject):
    """Zoom and pan state for `widget`, driven by its events (an event filter). `pan_button`
    drags the view: the left button in views that take no clicks, the middle one in canvases,
    where the left button paints. `space_pans`: Space held, the left button pans too (a
    canvas whose keys do not use Space). `changed` is emitted after every change (the widget
    is repainted already)."""

    changed = Signal()

    def __init__(self, widget: QWidget, pan_button: Qt.MouseButton, *,
                 space_pans: bool = False) -> None:
        super().__init__(widget)
        self.widget, self.pan_button, self.space_pans = widget, pan_button, space_pans
        self._space_held = False
        self.zoom = 1.0
        self.offset = QPointF(0, 0)  # where the fitted picture's origin moved to, in pixels
        self._drag_from: QPointF | None = None
        self._drag_button = Qt.MouseButton.NoButton
        self._own_cursor: QCursor | None = None  # the widget's own, while a hand shows
        self.bars = ZoomBars(widget, self._scrolled)
        widget.installEventFilter(self)
        # for Ctrl +, Ctrl - and Ctrl 0 (and Space): a click gives it the keys, so does the
        # wheel, without painting a cell of a canvas
        widget.setFocusPolicy(Qt.FocusPolicy.WheelFocus)

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

    def content(self) -> QRectF:
        """What panning keeps in sight, in widget pixels as fitted: the widget's picture (its
        `zoom_content()`), else the whole widget less EDGE."""
        content = getattr(self.widget, "zoom_content", None)
        rect = content() if content is not None else None
        if rect is None or rect.isEmpty():
            return QRectF(self.widget.rect()).adjusted(EDGE, EDGE, -EDGE, -EDGE)
        return rect

    def _settle(self) -> None:
        """Keep the zoomed picture covering the widget where it is longer than the widget,
        centred where it is shorter (fitted: as the widget draws it); then redraw."""
        content = self.content()
        self.offset = QPointF(0, 0) if not self.is_zoomed() else QPointF(
            clamped_offset(self.offset.x(), content.left(), content.right(),
                           self.widget.width(), self.zoom),
            clamped_offset(self.offset.y(), content.top(), content.bottom(),
                           self.widget.height(), self.zoom))
        self.bars.show(self.map_rect(content).adjusted(-EDGE, -EDGE, EDGE, EDGE),
                       self.is_zoomed())
        self.widget.update()
        self.changed.emit()

    def _scrolled(self, position: QPointF) -> None:
        """A scroll bar moved: the picture's top left is `position` left of and above the
        widget's."""
        content = self.content()
        self.offset = QPointF(EDGE - position.x() - content.left() * self.zoom,
                              EDGE - position.y() - content.top() * self.zoom)
        self._settle()

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
        if kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) and self.space_pans \
                and isinstance(event, QKeyEvent) and self._handle_space(event):
            return True
        if kind == QEvent.Type.FocusOut and self._space_held:
            self._space_held = False
            self._show_cursor()
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            return self._handle_key(event)
        if kind == QEvent.Type.Resize:
            self._settle()
        return False

    def _handle_space(self, event: QKeyEvent) -> bool:
        """Space held: the left button pans (the hand cursor says so)."""
        if event.key() != Qt.Key.Key_Space:
            return False
        if not event.isAutoRepeat():
            self._space_held = event.type() == QEvent.Type.KeyPress
            self._show_cursor()
        return True

    def _show_cursor(self) -> None:
        """A closed hand while panning, an open one while Space is held, else the widget's
        own cursor."""
        shape = (Qt.CursorShape.ClosedHandCursor if self._drag_from is not None
                 and self.is_zoomed() else Qt.CursorShape.OpenHandCursor
                 if self._space_held else None)
        if shape is None:
            if self._own_cursor is not None:
                self.widget.setCursor(self._own_cursor)
                self._own_cursor = None
            return
        if self._own_cursor is None:
            self._own_cursor = self.widget.cursor()
        self.widget.setCursor(shape)

    def _pans(self, event: QMouseEvent) -> bool:
        """Whether pressing this button starts a pan."""
        return event.button() == self.pan_button or (
            self._space_held and event.button() == Qt.MouseButton.LeftButton)

    def _handle_drag(self, kind: QEvent.Type, event: QMouseEvent) -> bool:
        if kind == QEvent.Type.MouseButtonPress and self._pans(event):
            self._drag_from, self._drag_button = event.position(), event.button()
            self._show_cursor()
            return True
        if kind == QEvent.Type.MouseMove and self._drag_from is not None:
            self.pan_by(event.position() - self._drag_from)
            self._drag_from = event.position()
            return True
        if kind == QEvent.Type.MouseButtonRelease and self._drag_from is not None \
                and event.button() == self._drag_button:
            self._drag_from = None
            self._show_cursor()
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
