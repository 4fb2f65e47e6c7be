"""Where pieces go in 3D: a box of cubes with every cube coloured by the chosen piece's share
of solutions covering it, opaque where the share is highest and fading to a glass-like ghost
where it is low, so the cubes a piece favours stand out inside the box. A scale under the view
reads the colours; a slider hides the cubes below a share; the cubes the piece covers in every
solution are outlined. PNG export draws what the view shows, with the scale.

Translucent faces blend correctly only when drawn from back to front: `HeatFaces` sorts its
triangles by their distance from the camera whenever the camera has moved, and draws them
without writing depth (each face shows the ones behind it).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager

import numpy as np
from OpenGL import GL
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import (QColor, QImage, QLinearGradient, QPainter, QPaintEvent, QPalette,
                           QVector3D)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget
from pyqtgraph.opengl.items.GLMeshItem import DirtyFlag

from solvers import Puzzle

from ..export.images import render_cube_view
from ..views.cube_view import BACKGROUND, CAMERA, FOV, fit_distance
from ..views.gl_window import GLViewWindow, embed
from ..views.voxel_items import EdgeLines, VoxelFaces, widened
from ..views.voxels import OUTLINE, VoxelMesh
from .heatmap import heat_colour

GHOST_ALPHA = 0.07  # a cube no solution puts the piece on: a faint trace of the box
ALPHA_POWER = 1.4  # how fast the opacity rises with the share (the darkest cube: opaque)
BOX_EDGES = (0.15, 0.15, 0.2, 0.45)  # the box's outline
MARK_EDGES = (0.05, 0.05, 0.07, 1.0)  # the cubes covered in every solution
SCALE_HEIGHT = 40
TRANSLUCENT_FACES = {GL.GL_DEPTH_TEST: True, GL.GL_BLEND: True, GL.GL_CULL_FACE: False,
                     "glBlendFunc": (GL.GL_SRC_ALPHA, GL.GL_ONE_MINUS_SRC_ALPHA),
                     "glDepthMask": (GL.GL_FALSE,)}


def heat_rgba(colour: QColor, relative: np.ndarray) -> np.ndarray:
    """(N, 4): each cube's colour and opacity from its share relative to the darkest's."""
    relative = np.clip(np.asarray(relative, dtype=float), 0.0, 1.0)
    rgb = np.array([heat_colour(colour, r).getRgbF()[:3] for r in relative]).reshape(-1, 3)
    alpha = GHOST_ALPHA + (1 - GHOST_ALPHA) * relative ** ALPHA_POWER
    return np.column_stack((rgb, alpha))


class HeatFaces(VoxelFaces):
    """Voxel faces drawn translucent, back to front (see the module docstring)."""

    def __init__(self, mesh: VoxelMesh, colours: np.ndarray) -> None:
        super().__init__(mesh, colours)
        self.setGLOptions(TRANSLUCENT_FACES)
        self._all = mesh.triangles
        self._centroids = mesh.vertices[mesh.triangles].mean(axis=1)
        self._shown = np.ones(len(mesh.triangles), dtype=bool)
        self._eye: tuple[float, float, float] | None = None

    def show_voxels(self, visible: np.ndarray) -> None:
        """Draw only the `visible` voxels' faces."""
        self._shown = np.repeat(np.asarray(visible, dtype=bool), 12)
        self._eye = None  # sort again at the next paint
        self.update()

    def paint(self) -> None:
        self._sort_from(self.view().cameraPosition())
        try:
            super().paint()
        finally:
            GL.glDepthMask(GL.GL_TRUE)  # the next frame's clear must reach the depth buffer

    def _sort_from(self, eye: QVector3D) -> None:
        key = (round(eye.x(), 4), round(eye.y(), 4), round(eye.z(), 4))
        if key == self._eye:
            return
        self._eye = key
        chosen = np.flatnonzero(self._shown)
        distance = ((self._centroids[chosen] - np.array(key)) ** 2).sum(axis=1)
        triangles = self._all[chosen[np.argsort(-distance, kind="stable")]]
        mesh_data = self.opts["meshdata"]
        mesh_data.setFaces(triangles)
        if self.vertexes is not None:  # uploaded already: replace the index buffer only
            self.faces = mesh_data.faces()
            self._pending |= DirtyFlag.FACES


def paint_scale(painter: QPainter, rect: QRectF, colour: QColor, peak: float,
                text: QColor) -> None:
    """A bar from no share (left) to the darkest cube's share (right), labelled."""
    painter.save()
    bar = QRectF(rect.left() + 40, rect.top() + 4, max(10.0, rect.width() - 80), 12)
    gradient = QLinearGradient(bar.topLeft(), bar.topRight())
    for stop in np.linspace(0, 1, 6):
        gradient.setColorAt(float(stop), heat_colour(colour, float(stop)))
    painter.fillRect(bar, gradient)
    painter.setPen(QColor("#777777"))
    painter.drawRect(bar)
    painter.setPen(text)
    align = Qt.AlignmentFlag.AlignVCenter
    painter.drawText(QRectF(rect.left(), bar.top() - 4, 36, 20),
                     align | Qt.AlignmentFlag.AlignRight, "0%")
    painter.drawText(QRectF(bar.right() + 4, bar.top() - 4, 40, 20),
                     align | Qt.AlignmentFlag.AlignLeft, f"{peak:.0%}")
    painter.drawText(QRectF(bar.left(), bar.bottom() + 2, bar.width(), 18),
                     Qt.AlignmentFlag.AlignCenter,
                     "share of solutions in which the piece covers the cube (faint: few)")
    painter.restore()


class HeatScale(QWidget):
    """The colour scale under the 3D heatmap."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour, self.peak = QColor("black"), 0.0
        self.setFixedHeight(SCALE_HEIGHT)

    def show_scale(self, colour: QColor, peak: float) -> None:
        self.colour, self.peak = colour, peak
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_scale(painter, QRectF(self.rect()), self.colour, self.peak,
                    self.palette().color(QPalette.ColorRole.Text))
        painter.end()


class HeatCube(QWidget):
    """The 3D heatmap of a box of cubes: `show_heat(puzzle, shares, colour, marked)`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gl = GLViewWindow()
        self.gl.setBackgroundColor(BACKGROUND)
        self.gl_container = embed(self.gl, "Drag to orbit, middle-drag or Ctrl+drag to pan, "
                                           "wheel to zoom")
        self.scale = HeatScale()
        self.floor = QSlider(Qt.Orientation.Horizontal)  # in per cent of the solutions
        self.floor.setRange(0, 0)
        self.floor.setPageStep(5)
        self.floor.setToolTip("Hide the cubes the piece covers in fewer solutions than this, "
                              "to see inside the box")
        self.floor_label = QLabel()
        self.reset_button = QPushButton("Reset view")
        self.puzzle: Puzzle | None = None
        self.shares = np.zeros(0)
        self.relative = np.zeros(0)
        self.marked = np.zeros(0, dtype=bool)
        self._mesh: VoxelMesh | None = None
        self._items: list = []
        self._layout()
        self.floor.valueChanged.connect(self._on_floor)
        self.reset_button.clicked.connect(self.reset_view)
        self._on_floor(0)

    def _layout(self) -> None:
        controls = QHBoxLayout()
        controls.addWidget(self.floor_label)
        controls.addWidget(self.floor, 1)
        controls.addWidget(self.reset_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.gl_container, 1)
        layout.addWidget(self.scale)
        layout.addLayout(controls)

    def show_heat(self, puzzle: Puzzle, shares: Sequence[float], colour: QColor,
                  marked: Sequence[bool] | None = None) -> None:
        shares = self.shares = np.asarray(shares, dtype=float)
        peak = float(shares.max()) if len(shares) else 0.0
        self.relative = shares / peak if peak else np.zeros(len(shares))
        self.floor.blockSignals(True)  # up to the darkest cube's share: it always shows
        self.floor.setMaximum(int(np.floor(peak * 100 + 1e-9)))
        self.floor.blockSignals(False)
        self.floor_label.setText(self._floor_text())
        self.marked = (np.zeros(len(shares), dtype=bool) if marked is None
                       else np.asarray(marked, dtype=bool))
        if puzzle != self.puzzle:
            self.puzzle = puzzle
            self._mesh = VoxelMesh.build(np.array(puzzle.board, dtype=np.int64).reshape(-1, 3))
            self.reset_view()
        self._rebuild(heat_rgba(colour, self.relative))
        self.scale.show_scale(colour, peak)

    def visible(self) -> np.ndarray:
        """The cubes shown: those the piece covers in at least the slider's share of the
        solutions."""
        return self.shares >= self.floor.value() / 100 - 1e-12

    def _rebuild(self, rgba: np.ndarray) -> None:
        for item in self._items:
            self.gl.removeItem(item)
        self._items = []
        mesh = self._mesh
        if mesh is None or not len(mesh.cells):
            return
        faces = HeatFaces(mesh, mesh.vertex_colours(rgba))
        self._items.append(faces)
        box = mesh.edge_classes(np.zeros(len(mesh.cells), dtype=np.int64)) == OUTLINE
        self._items.append(EdgeLines(mesh.visible_edges(np.zeros_like(mesh.corners), np.ones(
            len(mesh.cells), dtype=bool), box), BOX_EDGES, 1.2))
        if self.marked.any():
            own = mesh.edge_classes(self.marked.astype(np.int64)) == OUTLINE
            points = mesh.visible_edges(np.zeros_like(mesh.corners), self.marked, own)
            self._items.append(EdgeLines(points, MARK_EDGES, 2.2))
        for item in self._items:
            self.gl.addItem(item)
        self._apply_floor()

    def _on_floor(self, _value: int) -> None:
        self.floor_label.setText(self._floor_text())
        self._apply_floor()

    def _floor_text(self) -> str:
        value = self.floor.value()
        return "Showing every cube" if value == 0 else f"Hiding cubes under {value}%"

    def _apply_floor(self) -> None:
        if not self._items:
            return
        visible = self.visible()
        self._items[0].setVisible(bool(visible.any()))
        if visible.any():
            self._items[0].show_voxels(visible)
        self.gl.update()

    def reset_view(self) -> None:
        """Look at the whole box from above and to the side, filling the view."""
        radius = self._mesh.radius if self._mesh is not None else 2.0
        self.gl.opts["fov"] = FOV
        distance = fit_distance(radius, FOV, max(1, self.gl.width()), max(1, self.gl.height()))
        self.gl.setCameraPosition(pos=QVector3D(0, 0, 0), distance=distance, **CAMERA)
        self.gl.update()

    def lines_widened(self, factor: float) -> AbstractContextManager[None]:
        """Edges `factor` times as wide meanwhile (for a picture drawn larger, then scaled)."""
        return widened((item for item in self._items if isinstance(item, EdgeLines)), factor)

    def render_image(self, size: QSize) -> QImage:
        """What the view shows, at `size`, with the scale under it (PuzzleError when the
        view is not on screen)."""
        room = QSize(size.width(), size.height() - SCALE_HEIGHT - 16)
        scene = render_cube_view(self, room)
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(QColor(*BACKGROUND))
        painter = QPainter(image)
        painter.drawImage(0, 0, scene)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_scale(painter, QRectF(16, room.height() + 4, size.width() - 32, SCALE_HEIGHT),
                    self.scale.colour, self.scale.peak, QColor("#202020"))
        painter.end()
        return image

    def sizeHint(self) -> QSize:
        return QSize(560, 480)
