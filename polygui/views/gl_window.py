"""pyqtgraph's 3D view as a native OpenGL window, embedded in the widget tree by a container.

Why not pyqtgraph's GLViewWidget: a QOpenGLWidget makes Qt composite its whole top-level
window through OpenGL on every repaint of any widget in it. Under software OpenGL (Xvfb,
llvmpipe, remote desktops) that costs about 20 ms per label change, so a running solve's
counters alone would stall the event loop. A QOpenGLWindow in `QWidget.createWindowContainer`
renders on its own; the rest of the window keeps the plain raster path.
"""

from __future__ import annotations

from functools import lru_cache
from math import radians, tan

from OpenGL import GL
from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import (QImage, QMatrix4x4, QMouseEvent, QOffscreenSurface, QOpenGLContext,
                           QResizeEvent, QSurfaceFormat)
from PySide6.QtOpenGL import QOpenGLWindow
from PySide6.QtWidgets import QWidget
from pyqtgraph.opengl.GLViewWidget import GLViewMixin

# Multisampling (antialiased faces) where a GPU makes it cheap. Under software OpenGL
# (llvmpipe: Xvfb, virtual machines, remote desktops) 4x multisampling made a frame of Mini
# Bedlam at 900x700 2.5 times slower (18 -> 53 ms); there only lines are smoothed, and
# exported pictures are drawn larger and scaled down (views.cube_view).
MULTISAMPLES = 4
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software")
CLICK_SLOP = 3  # pixels the mouse may move between press and release for a click, not a drag
# The clipping planes as shares of the camera's distance from the centre. pyqtgraph puts the
# near plane at 0.001 (a million to one with the far plane), which leaves the depth buffer
# too coarse at the model for edges to win over the faces they lie on: seen face on (from
# straight above) they vanished. At 0.1, only what is nearer the camera than a tenth of its
# distance is cut, and the depth buffer is a hundred times finer.
NEAR_CLIP, FAR_CLIP = 0.1, 100.0


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
        surface.setSamples(multisamples())
        self.setFormat(surface)
        self._left_press: QPointF | None = None

    def devicePixelRatioF(self) -> float:  # what GLViewMixin asks of a widget
        return self.devicePixelRatio()

    def projectionMatrix(self, region, viewport) -> QMatrix4x4:
        """GLViewMixin's perspective frustum for `region` of `viewport`, with our clipping
        planes (see NEAR_CLIP)."""
        x0, y0, width, height = viewport
        distance = self.opts["distance"]
        near, far = distance * NEAR_CLIP, distance * FAR_CLIP
        right = near * tan(0.5 * radians(self.opts["fov"]))
        top = right * height / width
        matrix = QMatrix4x4()
        matrix.frustum(right * ((region[0] - x0) * (2.0 / width) - 1),
                       right * ((region[0] + region[2] - x0) * (2.0 / width) - 1),
                       top * ((region[1] - y0) * (2.0 / height) - 1),
                       top * ((region[1] + region[3] - y0) * (2.0 / height) - 1), near, far)
        return matrix

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
        GL.glViewport(0, 0, self.deviceWidth(), self.deviceHeight())  # (Qt sets it before
        self.paintGL()  # its own calls of paintGL; after a resize the old one would stay)
        return self.grabFramebuffer()


def samples_for(renderer: str) -> int:
    """Multisamples for an OpenGL renderer (its GL_RENDERER string)."""
    software = any(name in renderer.lower() for name in SOFTWARE_RENDERERS)
    return 0 if software or not renderer else MULTISAMPLES


@lru_cache(maxsize=1)
def multisamples() -> int:
    """Multisamples for this machine's OpenGL, asked once of a throw-away context."""
    surface = QOffscreenSurface()
    surface.create()
    context = QOpenGLContext()
    if not context.create() or not context.makeCurrent(surface):
        return 0
    try:
        renderer = GL.glGetString(GL.GL_RENDERER) or b""
    finally:
        context.doneCurrent()
    return samples_for(renderer.decode(errors="replace"))


def embed(window: GLViewWindow, tooltip: str = "") -> QWidget:
    """A widget showing `window`, taking focus on click as GLViewWidget does."""
    container = QWidget.createWindowContainer(window)
    container.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    container.setMinimumSize(200, 160)
    container.setToolTip(tooltip)
    return container
