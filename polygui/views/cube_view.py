"""The 3D cube view: shaded voxels with edges, explode slider, piece legend, layer slices.

Mouse (pyqtgraph's GLViewWidget): drag to orbit, middle-drag or Ctrl+drag to pan, wheel to
zoom; Up/Down keys tilt. Left/Right stay with the window: they step through solutions.

For a solution of a puzzle whose assemblies must come apart, `player` (cube_player) plays how
it comes apart: it moves the pieces by `set_copy_offsets` and shows the layers it follows.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

import numpy as np
from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QColor, QVector3D
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPushButton, QSlider, QSplitter,
                               QVBoxLayout, QWidget)
from pyqtgraph.opengl import GLLinePlotItem

from solvers import Puzzle, Solution

from .cells import (EMPTY, CellIndex, SolutionCells, board_cells, optional_mask,
                    solution_cells)
from .colours import copy_colours, piece_colours
from .cube_player import CubePlayer
from .gl_window import GLViewWindow, embed
from .layer_view import LayerScroll, LayerView
from .legend import PieceLegend
from .marks import Marks, marked_mask, tinted
from .paint_decals import PaintMarks
from .paint_marks import constraint_colours, shown_paint
from .space_look import look_for
from .voxel_items import ON_TOP, VoxelFaces, outline_edges, seam_edges, widened
from .voxels import CUBE_EDGES, OUTLINE, SEAM, VoxelMesh, explode_offsets

BACKGROUND = (236, 238, 242)
EMPTY_RGBA = (0.86, 0.86, 0.88, 1.0)
EXPLODE_MAX = 1.5  # at the slider's end, a piece moves 1.5 times its centroid's distance out
CAMERA = {"elevation": 24.0, "azimuth": -60.0}
FOV = 45.0  # degrees, across the view's width (pyqtgraph's convention)
FIT_MARGIN = 1.08
NAMED_RGBA = (0.86, 0.08, 0.08, 0.95)  # the edges of cells a certificate names, seen through
NAMED_INSET = 0.04  # the outline stands clear of the cube's own edges


def fit_distance(radius: float, fov: float, width: int, height: int) -> float:
    """How far the camera must be for a sphere of `radius` to fit the view both ways."""
    half_width = np.radians(fov) / 2
    aspect = height / width if width > 0 and height > 0 else 1.0
    half = np.arctan(np.tan(half_width) * min(1.0, aspect))
    return float(FIT_MARGIN * radius / np.sin(half))


def refitted_distance(distance: float, fov: float, old: tuple[int, int],
                      new: tuple[int, int]) -> float:
    """The camera distance that frames at size `new` what `distance` framed at size `old`
    (the same share of the narrower side), so a pane that shrinks never cuts the puzzle off
    and the user's zoom is kept."""
    if min(*old, *new) <= 0:
        return distance
    return distance * fit_distance(1.0, fov, *new) / fit_distance(1.0, fov, *old)


class CubeView(QWidget):
    """The 3D view, the legend and the layers; a right-click on a cell of the layers emits
    `cell_menu_requested(cell, global position)`."""

    cell_menu_requested = Signal(object, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.puzzle: Puzzle | None = None
        self.solution: Solution | None = None
        self._optional = np.zeros(0, dtype=bool)  # which board cells are optional
        self.gl = GLViewWindow()
        self.gl.setBackgroundColor(BACKGROUND)
        self.gl_container = embed(self.gl, "Drag to orbit, middle-drag or Ctrl+drag to pan, "
                                           "wheel to zoom")
        self.layers = LayerView()
        self.layers.cell_menu_requested.connect(self.cell_menu_requested)
        self.legend = PieceLegend()
        self.explode = QSlider(Qt.Orientation.Horizontal)
        self.explode.setRange(0, 100)
        self.explode.setToolTip("Pull the pieces apart")
        self.reset_button = QPushButton("Reset view")
        self.show_all_button = QPushButton("Show all pieces")
        self._copy_offsets: np.ndarray | None = None  # (copies, 3) the player's, by label
        self.player = CubePlayer(self)
        self._layout()
        self.reset_button.clicked.connect(self.reset_view)
        self.show_all_button.clicked.connect(self.legend.show_all)
        self.explode.valueChanged.connect(self._on_explode)
        self.legend.visibility_changed.connect(self._refresh_visibility)
        self._mesh: VoxelMesh | None = None
        self._faces: VoxelFaces | None = None
        self._edges: dict[int, object] = {}  # OUTLINE and SEAM lines
        self._edge_classes = np.zeros(0, dtype=np.int8)
        self._index: CellIndex | None = None
        self._type_colours: list[QColor] = []
        self._placed = SolutionCells(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
        self._shown: tuple[np.ndarray, np.ndarray] | None = None  # (offsets, visible) uploaded
        self._camera_amount = 0.0  # the explode amount the camera distance allows for
        self._fit_pending = True
        self._framed_size = (0, 0)  # the GL window's size the camera distance was set for
        self.gl.resized.connect(self._on_gl_resized)
        self.marks: Marks = {}  # cell -> QColor blended into its voxel (why no solution)
        self.marks_named = False  # the marks name cells: their edges are drawn through all
        self._named = GLLinePlotItem(pos=CUBE_EDGES.reshape(-1, 3), mode="lines",
                                     color=NAMED_RGBA, width=2.5, antialias=True,
                                     glOptions=ON_TOP)
        self._named.setDepthValue(10)  # after the voxels, over them
        self._named.setVisible(False)
        self.gl.addItem(self._named)
        self._paint = np.zeros(0, dtype=np.int64)  # the constraint colour marked on each cell
        self.paint_marks = PaintMarks()
        for item in self.paint_marks.items:
            self.gl.addItem(item)

    def _layout(self) -> None:
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.player.under(self.gl_container))
        splitter.addWidget(self.player.beside(LayerScroll(self.layers)))  # readable cells
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([420, 200])
        side = QVBoxLayout()
        side.addWidget(self.reset_button)
        side.addWidget(QLabel("Explode"))
        side.addWidget(self.explode)
        side.addWidget(QLabel("Pieces"))
        side.addWidget(self.legend, 1)
        side.addWidget(self.show_all_button)
        panel = QWidget()
        panel.setLayout(side)
        panel.setFixedWidth(170)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter, 1)
        layout.addWidget(panel)

    # --- puzzle and solution -----------------------------------------------------------
    def set_puzzle(self, puzzle: Puzzle) -> None:
        cells = board_cells(puzzle)
        self.puzzle = puzzle
        self._index = CellIndex(cells)
        self._type_colours = piece_colours(puzzle)
        self._placed = solution_cells(self._index, len(cells), None)
        self._paint = shown_paint(puzzle, None)
        self._optional = optional_mask(puzzle)
        self.marks, self.marks_named = {}, False
        self._named.setVisible(False)
        self._mesh = None  # the old box's mesh: nothing redraws until the new one is built
        self.player.set_puzzle(puzzle)
        look = look_for(puzzle.kind)
        self.paint_marks.reach = look.mark_reach
        self._replace_items(look.mesh.build(cells))  # cubes, or balls
        self.layers.set_puzzle(puzzle)
        self.legend.set_puzzle(puzzle)
        self.reset_view()
        self.set_solution(None)

    def _replace_items(self, mesh: VoxelMesh) -> None:
        """New geometry: the only time the mesh is built and uploaded whole."""
        for item in (self._faces, *self._edges.values()):
            if item is not None:
                self.gl.removeItem(item)
        self._mesh = mesh
        self._faces = VoxelFaces(mesh, mesh.vertex_colours(self._voxel_rgba()))
        self._edge_classes = mesh.edge_classes(self._placed.labels)
        self._edges = {kind: make(mesh.visible_edges(np.zeros_like(mesh.corners), np.ones(
                           len(mesh.corners), dtype=bool), self._edge_classes == kind))
                       for kind, make in ((OUTLINE, outline_edges), (SEAM, seam_edges))}
        self._shown = (np.zeros_like(mesh.corners), np.ones(len(mesh.corners), dtype=bool))
        self.gl.addItem(self._faces)
        for item in self._edges.values():
            self.gl.addItem(item)

    def set_solution(self, solution: Solution | None) -> None:
        """Re-uploads colours; positions and visible faces only when they change."""
        self.solution = solution
        if self._mesh is None:
            return
        placed = solution_cells(self._index, len(self._mesh.corners), solution, self.puzzle)
        if not (np.array_equal(placed.labels, self._placed.labels)
                and np.array_equal(placed.copy_types, self._placed.copy_types)):
            self.player.clear()  # another solution: nothing to play until it is analysed
        self._placed = placed
        self._paint = shown_paint(self.puzzle, solution)
        self._faces.set_vertex_colours(self._mesh.vertex_colours(self._voxel_rgba()))
        self._refresh_visibility()

    def _voxel_rgba(self) -> np.ndarray:
        copies = copy_colours(self._type_colours, self._placed.copy_types)
        table = np.vstack((np.array([c.getRgbF() for c in copies]).reshape(-1, 4), EMPTY_RGBA))
        rgba = table[self._placed.labels]  # a colour per copy; empty (-1) picks the last row
        return tinted(rgba, self._mesh.cells, self.marks) if self.marks else rgba

    def set_marks(self, marks: Marks, named: bool = False) -> None:
        """Colours blended into board cells (cell -> QColor, translucent), in 3D and in the
        layers: why there is no solution. `named`: the marks name cells (the cells no piece
        covers), whose edges are drawn through the other voxels too, so a cell inside the
        box is seen. Empty: none. A new puzzle clears them."""
        self.marks, self.marks_named = dict(marks), named
        self.layers.set_marks(self.marks)
        if self._mesh is None:
            return
        self._faces.set_vertex_colours(self._mesh.vertex_colours(self._voxel_rgba()))
        self._refresh_named()
        self.gl.update()

    def set_filter_cells(self, cells) -> None:
        """Mark the cells the solution filter was made on in the layers (none: no filter)."""
        self.layers.set_filter_cells(cells)

    def _refresh_named(self) -> None:
        """The edges of the named cells, where the voxels are now (exploded or not)."""
        marked = marked_mask(self._mesh.cells, self.marks) if self.marks_named else None
        if marked is None or not marked.any():
            self._named.setVisible(False)
            return
        offsets = self._shown[0] if self._shown is not None else np.zeros_like(self._mesh.corners)
        corners = self._mesh.corners[marked] + offsets[marked] - NAMED_INSET
        edges = CUBE_EDGES[None] * (1 + 2 * NAMED_INSET) + corners[:, None, None, :]
        self._named.setData(pos=edges.reshape(-1, 3).astype(np.float32))
        self._named.setVisible(True)

    def _visible_voxels(self) -> np.ndarray:
        """Pieces whose legend box is checked, and empty cells; an optional cell a solution
        leaves empty is not part of the assembly and is hidden (the layers show it)."""
        shown = np.append(self.legend.visible(), True)  # empty voxels (-1) always show
        visible = shown[self._placed.cell_types]
        if self.solution is not None:
            visible &= ~(self._optional & (self._placed.labels == EMPTY))
        return visible

    # --- what is drawn -----------------------------------------------------------------
    def _refresh_visibility(self) -> None:
        if self._mesh is None:
            return
        self.refresh_layers()
        self._refresh_geometry()

    def refresh_layers(self) -> None:
        """The layers: the pieces shown, where the player's last move left them."""
        if self._mesh is None:
            return
        labels = np.where(self._visible_voxels(), self._placed.labels, EMPTY)
        colours = copy_colours(self._type_colours, self._placed.copy_types)
        self.layers.set_labels(self.player.layer_labels(labels), colours)
        board = shown_paint(self.puzzle, None)  # a hidden piece's cells show the board's
        self.layers.set_paint(np.where(labels == self._placed.labels, self._paint, board),
                              constraint_colours(self.puzzle))

    def _refresh_geometry(self) -> None:
        if self._mesh is None:
            return
        labels = self._placed.labels
        offsets = explode_offsets(self._mesh.centres, labels, self.explode_amount())
        if self._copy_offsets is not None:  # the player's, for each placed voxel
            placed = labels != EMPTY
            offsets[placed] += self._copy_offsets[labels[placed]]
        visible = self._visible_voxels()
        old_offsets, old_visible = self._shown
        moved = not np.array_equal(offsets, old_offsets)
        shown_changed = not np.array_equal(visible, old_visible)
        classes = self._mesh.edge_classes(self._placed.labels)  # each piece outlined
        reclassified = not np.array_equal(classes, self._edge_classes)
        self._edge_classes = classes
        anything = bool(visible.any())  # (an empty buffer is never uploaded)
        if moved:
            self._faces.set_positions(self._mesh.moved_vertices(offsets))
        if shown_changed and anything:
            self._faces.set_triangles(self._mesh.visible_triangles(visible))
        for kind, item in self._edges.items():
            points = self._mesh.visible_edges(offsets, visible, classes == kind)
            if (moved or shown_changed or reclassified) and len(points):
                item.setData(pos=points)
            item.setVisible(anything and bool(len(points)))
        self._faces.setVisible(anything)
        self._shown = (offsets, visible)
        self._refresh_paint_marks(offsets, visible)
        if self.marks_named:
            self._refresh_named()

    def _refresh_paint_marks(self, offsets: np.ndarray, visible: np.ndarray) -> None:
        """The constraint colours of the visible painted voxels, where they are now."""
        painted = (self._paint > 0) & visible
        table = np.array([colour.getRgbF() if colour.isValid() else (0.5, 0.5, 0.5, 1.0)
                          for colour in constraint_colours(self.puzzle)]).reshape(-1, 4)
        self.paint_marks.show(self._mesh.corners[painted] + offsets[painted],
                              table[self._paint[painted]])

    # --- the disassembly player --------------------------------------------------------
    def set_copy_offsets(self, offsets: np.ndarray | None) -> None:
        """Move each piece copy (by label) this far from its place (None: all in place).
        The layers follow when the player says so (refresh_layers): once a move."""
        self._copy_offsets = None if offsets is None else np.asarray(offsets, np.float32)
        self._refresh_geometry()
        self.gl.update()

    def voxel_offsets(self) -> np.ndarray:
        """(N, 3) how far each voxel is drawn from its board cell now."""
        return self._shown[0] if self._shown is not None else np.zeros((0, 3))

    def cell_index(self) -> tuple[CellIndex | None, np.ndarray]:
        """The board's cells, and the copy label on each (what the player lays frames on)."""
        return self._index, self._placed.labels

    def frame_box(self, low: np.ndarray, high: np.ndarray) -> None:
        """Aim the camera at the box from `low` to `high` (board coordinates) and back it
        off until the box fits, keeping the angle the user chose."""
        if self._mesh is None or not len(self._mesh.cells):
            return
        centre = (self._mesh.cells[0] - self._mesh.corners[0]).astype(np.float64)
        middle = (np.asarray(low) + np.asarray(high)) / 2 - centre
        radius = float(np.linalg.norm(np.asarray(high) - np.asarray(low))) / 2
        self._camera_amount = self.explode_amount()
        distance = fit_distance(radius * (1 + self._camera_amount), self.gl.opts["fov"],
                                self.gl.width(), self.gl.height())
        self.gl.setCameraPosition(pos=QVector3D(*map(float, middle)), distance=distance)
        self._framed_size = (self.gl.width(), self.gl.height())
        self.gl.update()

    def explode_amount(self) -> float:
        return EXPLODE_MAX * self.explode.value() / self.explode.maximum()

    def _on_explode(self, _value: int) -> None:
        """Pull the pieces apart and back off the camera as far, keeping the user's zoom."""
        amount = self.explode_amount()
        self.gl.opts["distance"] *= (1 + amount) / (1 + self._camera_amount)
        self._camera_amount = amount
        self._refresh_geometry()
        self.gl.update()

    def reset_view(self) -> None:
        """Look at the whole board from above and to the side, filling the view."""
        radius = self._mesh.radius if self._mesh is not None else 2.0
        self._camera_amount = self.explode_amount()
        self.gl.opts["fov"] = FOV
        distance = fit_distance(radius * (1 + self._camera_amount), FOV,
                                self.gl.width(), self.gl.height())
        self.gl.setCameraPosition(pos=QVector3D(0, 0, 0), distance=distance, **CAMERA)
        self._fit_pending = not self.gl.isExposed()  # fit again once the window has its size
        self._framed_size = (self.gl.width(), self.gl.height())

    def _on_gl_resized(self) -> None:
        if self._fit_pending:
            self.reset_view()
            return
        size = (self.gl.width(), self.gl.height())
        self.gl.opts["distance"] = refitted_distance(self.gl.opts["distance"], self.gl.opts["fov"],
                                                     self._framed_size, size)
        self._framed_size = size

    def lines_widened(self, factor: float) -> AbstractContextManager[None]:
        """Edges `factor` times as wide meanwhile, for a picture drawn larger."""
        return widened(self._edges.values(), factor)

    def visible_pieces(self) -> np.ndarray:
        return self.legend.visible()
