"""pyqtgraph's 3D view as a native OpenGL window, embedded in the widget tree by a container.

Why not pyqtgraph's GLViewWidget: a QOpenGLWidget makes Qt composite its whole top-level
window through OpenGL on every repaint of any widget in it. Under software OpenGL (Xvfb,
llvmpipe, remote desktops) that costs about 20 ms per label change, so a running solve's
counters alone would stall the event loop. A QOpenGLWindow in `QWidget.createWindowContainer`
renders on its own; the rest of the window keeps the plain raster path.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QImage, QMouseEvent, QResizeEvent, QSurfaceFormat
from PySide6.QtOpenGL import QOpenGLWindow
from PySide6.QtWidgets import QWidget
from pyqtgraph.opengl.GLViewWidget import GLViewMixin

SAMPLES = 0  # no multisampling: under software OpenGL it doubles the cost of a frame
CLICK_SLOP = 3  # pixels the mouse may move between press and release for a click, not a drag


class GLViewWindow(GLViewMixin, QOpenGLWindow):
    """GLViewWidget's camera, mouse control and item drawing, in a QOpenGLWindow."""

    resized = Signal()
    # (position, keyboard modifiers) of a left press and release without a drag between
    clicked = Signal(QPointF, object)
    hovered = Signal(QPointF, object)  # the mouse moved with no button down
    mouse_left = Signal()  # the mouse left the window

    def __init__(self) -> None:
        super().__init__()
        surface = QSurfaceFormat.defaultFormat()
        surface.setDepthBufferSize(24)  # a window, unlike QOpenGLWidget's buffer, has none unasked
        surface.setSamples(SAMPLES)
        self.setFormat(surface)
        self._left_press: QPointF | None = None

    def devicePixelRatioF(self) -> float:  # what GLViewMixin asks of a widget
        return self.devicePixelRatio()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        left = event.button() == Qt.MouseButton.LeftButton
        self._left_press = event.position() if left else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if event.buttons() == Qt.MouseButton.NoButton:
            self.hovered.emit(event.position(), event.modifiers())

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        self.mouse_left.emit()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press, self._left_press = self._left_press, None
        if (event.button() == Qt.MouseButton.LeftButton and press is not None
                and (event.position() - press).manhattanLength() <= CLICK_SLOP):
            self.clicked.emit(event.position(), event.modifiers())

    def readQImage(self) -> QImage:
        """The scene as it is now. (A window's grabFramebuffer() reads whatever the buffer
        holds, which lags behind changes not yet painted; render first.)"""
        if not self.isExposed():
            return QImage()
        self.makeCurrent()
        self.paintGL()
        return self.grabFramebuffer()


def embed(window: GLViewWindow, tooltip: str = "") -> QWidget:
    """A widget showing `window`, taking focus on click as GLViewWidget does."""
    container = QWidget.createWindowContainer(window)
    container.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    container.setMinimumSize(200, 160)
    container.setToolTip(tooltip)
    return container
