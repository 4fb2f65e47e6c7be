"""The 3D view of the cube editor: voxels to click on, over a ground grid of the editing space.

World coordinates are cell coordinates: voxel (x, y, z) is the box from (x, y, z) to
(x + 1, y + 1, z + 1), so a picked box is a cell without conversion. A click (press and
release without a drag; a drag still orbits) on a voxel face asks for a cube on that face;
with Shift it asks to remove the voxel clicked; a click that misses every voxel but lands on
the ground grid asks for a cube on the ground there. In pick mode (pinning pieces) a click
on a voxel picks that voxel itself, and the owner outlines what a click would do (`set_ghost`).
A ball puzzle (the sphere grid) is drawn, picked and outlined as balls (`set_grid`: the grid's
`space_look`); a click on a ball adds the ball touching it where it was clicked.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QMatrix4x4, QVector3D
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pyqtgraph.opengl import GLLinePlotItem

from solvers import GridKind

from ..views.cube_view import BACKGROUND, CAMERA, FOV, fit_distance, refitted_distance
from ..views.gl_window import GLViewWindow, embed
from ..views.paint_decals import PaintMarks
from ..views.picking import Ray, click_ray, pick_ground
from ..views.space_look import CUBES, look_for
from ..views.voxel_items import ON_TOP, VoxelFaces, outline_edges, seam_edges
from ..views.voxels import CUBE_EDGES, OUTLINE, SEAM

Cell = tuple[int, int, int]
REMOVE_MODIFIER = Qt.KeyboardModifier.ShiftModifier
GROUND_RGBA = (0.45, 0.47, 0.55, 0.6)
SLICE_RGBA = (0.95, 0.55, 0.1, 0.9)  # the layer grid's slice
PREVIEW_ADD = (0.05, 0.45, 0.95, 1.0)
PREVIEW_REMOVE = (0.85, 0.05, 0.1, 1.0)
PREVIEW_OUTSIDE = (0.5, 0.5, 0.55, 0.8)  # an addition the editing space will refuse
PREVIEW_INSET = 0.03  # the outline stands a little proud of the cube's faces
Action = tuple[str, object]
EDIT_TIP = ("Click a {noun}'s side to add a {noun} there, Shift+click a {noun} to remove it; "
            "drag to orbit, wheel to zoom")


def numpy_matrix(matrix: QMatrix4x4) -> np.ndarray:
    """A QMatrix4x4 as a 4x4 array, row by row (Qt stores it column by column)."""
    return np.array(matrix.data(), dtype=float).reshape(4, 4).T


def ground_grid(space: Cell) -> np.ndarray:
    """Line segments of the space's footprint on the ground, one per cell edge."""
    size_x, size_y = space[0], space[1]
    lines = [((x, 0, 0), (x, size_y, 0)) for x in range(size_x + 1)]
    lines += [((0, y, 0), (size_x, y, 0)) for y in range(size_y + 1)]
    return np.array(lines, dtype=np.float32).reshape(-1, 3)


class VoxelCanvas(QWidget):
    """Signals: `add_requested(Cell)`, `remove_requested(Cell)`, `missed(str)` (a click that
    asks for nothing, with the reason); in pick mode `picked(Cell)`, `hover_cell(Cell or
    None)` and `turn_requested()` (R pressed over the view)."""

    add_requested = Signal(object)
    remove_requested = Signal(object)
    missed = Signal(str)
    picked = Signal(object)
    hover_cell = Signal(object)
    turn_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gl = GLViewWindow()
        self.gl.setBackgroundColor(BACKGROUND)
        self.container = embed(self.gl, EDIT_TIP.format(noun="cube"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.container)
        self.cells = np.zeros((0, 3), dtype=np.int64)
        self.grid = GridKind.CUBE.grid  # the editor's (balls: set by `set_grid`)
        self.look = CUBES  # how its cells are drawn and picked
        self.space: Cell = (0, 0, 0)
        self.room: Cell | None = None  # the least box drawn around a piece (None: the space)
        self.box: Cell = (0, 0, 0)  # the box drawn (ground grid, layer outline) and framed
        self._items: list = []
        self._ground = GLLinePlotItem(pos=ground_grid((1, 1, 1)), mode="lines",
                                      color=GROUND_RGBA, width=1.0, antialias=True)
        self.gl.addItem(self._ground)
        self._fit_pending = True
        self._framed_size = (0, 0)  # the GL window's size the camera distance was set for
        self.preview: Action | None = None  # what a click where the mouse is would do
        self._preview = GLLinePlotItem(pos=CUBE_EDGES.reshape(-1, 3), mode="lines",
                                       color=PREVIEW_ADD, width=2.5, antialias=True,
                                       glOptions=ON_TOP)
        self._preview.setVisible(False)
        self._preview.setDepthValue(10)  # drawn after the voxels, over them
        self.gl.addItem(self._preview)
        self.slice = (2, 0)  # (axis, layer) of the layer grid, outlined in the view
        self._slice = GLLinePlotItem(pos=CUBE_EDGES.reshape(-1, 3), mode="lines",
                                     color=SLICE_RGBA, width=1.5, antialias=True)
        self._slice.setDepthValue(5)  # after the voxel edges it would otherwise hide under
        self.gl.addItem(self._slice)
        self.gl.clicked.connect(self._on_click)
        self.gl.hovered.connect(self._on_hover)
        self.gl.mouse_left.connect(self._hide_preview)
        self._hover_at: QPointF | None = None
        self.pick_mode = False  # clicks pick a voxel (pinning), not add or remove cubes
        self.gl.installEventFilter(self)  # Shift pressed or released: the preview follows
        self.gl.resized.connect(self._on_resized)
        self.paint_marks = PaintMarks()  # constraint colours of painted cubes
        for item in self.paint_marks.items:
            self.gl.addItem(item)

    # --- contents ----------------------------------------------------------------------
    def set_grid(self, kind: GridKind) -> None:
        """Cells of the `kind` grid: what a click adds, and how cells are drawn and picked."""
        self.grid, self.look = kind.grid, look_for(kind)
        self.paint_marks.reach = self.look.mark_reach

    def set_contents(self, cells: np.ndarray, colour: QColor | np.ndarray, space: Cell,
                     groups: np.ndarray | None = None, room: Cell | None = None) -> None:
        """Show `cells` (N, 3) in `colour` (or an (N, 4) RGBA array, a colour per cell) over
        the ground of `space` (or of the smaller `room` from the origin: a piece and a cube
        around it, so that a small piece in a large space is framed large, its box whole),
        each of `groups` (one number per cell: pinned pieces) outlined apart. The camera is
        refitted only when the box drawn changes, so editing inside it never moves the view."""
        self.cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        for item in self._items:
            self.gl.removeItem(item)
        self._items = []
        if len(self.cells):
            self._items = self._voxel_items(colour, groups)
            for item in self._items:
                self.gl.addItem(item)
        self.space, self.room = space, room
        self.set_slice(*self.slice)
        self.gl.update()

    def set_paint(self, paint: dict[Cell, QColor]) -> None:
        """Mark the constraint colours of painted cubes (cell -> colour; cells not shown are
        left out)."""
        shown = {tuple(int(v) for v in cell) for cell in self.cells}
        painted = [(cell, colour) for cell, colour in paint.items() if tuple(cell) in shown]
        self.paint_marks.show(np.array([cell for cell, _ in painted], dtype=float).reshape(-1, 3),
                              np.array([colour.getRgbF() for _, colour in painted]).reshape(-1, 4))
        self.gl.update()

    def set_slice(self, axis: int, layer: int) -> None:
        """Outline the slab of cells the layer grid shows (the box drawn grows to hold it)."""
        self.slice = (axis, layer)
        self._show_box()
        low = np.zeros(3)
        high = np.array(self.box, dtype=float)
        low[axis], high[axis] = layer, layer + 1
        low, high = low - PREVIEW_INSET, high + PREVIEW_INSET  # clear of the cube edges
        self._slice.setData(pos=CUBE_EDGES.reshape(-1, 3) * (high - low) + low)
        self.gl.update()

    def _voxel_items(self, colour: QColor | np.ndarray, groups: np.ndarray | None) -> list:
        mesh = self.look.mesh.build(self.cells)
        rgba = (np.asarray(colour, dtype=float).reshape(-1, 4) if isinstance(colour, np.ndarray)
                else np.tile(colour.getRgbF(), (len(self.cells), 1)))
        items = [VoxelFaces(mesh, mesh.vertex_colours(rgba))]
        if groups is None:
            groups = np.zeros(len(self.cells), dtype=np.int64)  # one shape
        classes = mesh.edge_classes(np.asarray(groups, dtype=np.int64))
        for kind, make in ((OUTLINE, outline_edges), (SEAM, seam_edges)):
            if (classes == kind).any():
                items.append(make(mesh.edge_points[np.repeat(classes == kind, 2)]))
        shift = (self.cells.min(axis=0) + self.cells.max(axis=0) + 1) / 2  # undo the centring
        for item in items:
            item.translate(*shift)
        return items

    def _show_box(self) -> None:
        """Draw the ground of the box that holds the room (or the space) and the layer
        outlined; a new box is framed, seen from where the user turned the view."""
        box = list(self.room or self.space)
        axis, layer = self.slice
        box[axis] = max(box[axis], min(layer + 1, self.space[axis]))
        if tuple(box) != self.box:
            first = self.box == (0, 0, 0)
            self.box = tuple(box)
            self._ground.setData(pos=ground_grid(self.box))
            self._look_at(*self._box_sphere(), turn=first)

    def _box_sphere(self) -> tuple[np.ndarray, float]:
        centre = np.array(self.box, dtype=float) / 2
        return centre, float(np.linalg.norm(centre))  # centre to a corner

    def reset_view(self) -> None:
        """Look at the whole box drawn from above and to the side, filling the view."""
        self._look_at(*self._box_sphere())

    def _look_at(self, centre: np.ndarray, radius: float, turn: bool = True) -> None:
        """Frame the sphere at `centre`; `turn`: from the usual direction (else from where
        the camera is)."""
        radius = max(1.0, radius)
        self.gl.opts["fov"] = FOV
        distance = fit_distance(radius, FOV, self.gl.width(), self.gl.height())
        self.gl.setCameraPosition(pos=QVector3D(*centre), distance=distance,
                                  **(CAMERA if turn else {}))
        self._fit_pending = not self.gl.isExposed()
        self._framed_size = (self.gl.width(), self.gl.height())

    def _on_resized(self) -> None:
        if self._fit_pending:
            self.reset_view()
            return
        size = (self.gl.width(), self.gl.height())
        self.gl.opts["distance"] = refitted_distance(self.gl.opts["distance"], self.gl.opts["fov"],
                                                     self._framed_size, size)
        self._framed_size = size

    # --- picking -----------------------------------------------------------------------
    def ray_at(self, position: QPointF) -> Ray:
        """The world-space ray under a point of the GL window (logical pixels)."""
        width, height = max(1, self.gl.width()), max(1, self.gl.height())
        projection = self.gl.projectionMatrix((0, 0, width, height), (0, 0, width, height))
        return click_ray(numpy_matrix(self.gl.viewMatrix()), numpy_matrix(projection),
                         position.x(), position.y(), width, height)

    def screen_point(self, point: np.ndarray) -> QPointF:
        """Where world `point` appears in the GL window (for tests and hints)."""
        width, height = max(1, self.gl.width()), max(1, self.gl.height())
        projection = self.gl.projectionMatrix((0, 0, width, height), (0, 0, width, height))
        clip = numpy_matrix(projection) @ numpy_matrix(self.gl.viewMatrix()) @ np.append(point, 1)
        ndc = clip[:3] / clip[3]
        return QPointF((ndc[0] + 1) / 2 * width, (1 - ndc[1]) / 2 * height)

    def action_at(self, position: QPointF, modifiers: Qt.KeyboardModifier) -> Action:
        """What a click at `position` would do: ("add", cell), ("remove", cell), in pick
        mode ("pick", cell), or ("none", the reason)."""
        ray = self.ray_at(position)
        removing = bool(modifiers & REMOVE_MODIFIER)
        hit = self.look.pick(ray, self.cells)
        noun = self.look.noun
        if self.pick_mode:
            if hit is None:
                return ("none", f"Click a {noun} of the board")
            return ("pick", tuple(int(v) for v in self.cells[hit.index]))
        if hit is not None:
            cell = tuple(int(v) for v in self.cells[hit.index])
            if not removing:  # across the face clicked (a ball: the one touching there)
                cell = self.grid.cell_beside(cell, hit.normal, hit.point)
            return ("remove" if removing else "add", cell)
        if removing:
            return ("none", f"Shift+click a {noun} to remove it")
        point = pick_ground(ray)
        if point is not None:
            cell = self.look.ground_cell(point)
            if self.in_space(cell) and all(0 <= v < size for v, size in zip(cell, self.box)):
                return ("add", cell)  # on the ground grid drawn
        return ("none", f"Click a {noun}, or the ground grid, to add a {noun}")

    def in_space(self, cell: Cell) -> bool:
        return all(0 <= value < size for value, size in zip(cell, self.space))

    def _on_click(self, position: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        kind, what = self.action_at(position, modifiers)
        signal = {"add": self.add_requested, "remove": self.remove_requested,
                  "pick": self.picked, "none": self.missed}[kind]
        signal.emit(what)
        self._on_hover(position, modifiers)  # what a second click there would do

    # --- preview: the cube a click would add (outlined) or remove (outlined in red) -------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Shift (REMOVE_MODIFIER) pressed or released over the view: the preview follows.
        (A key event's modifiers describe the moment before the key changed them.)"""
        is_key = event.type() in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)
        if (self.pick_mode and event.type() == QEvent.Type.KeyPress
                and event.key() == Qt.Key.Key_R):
            self.turn_requested.emit()
            return True
        if is_key and event.key() == Qt.Key.Key_Shift and self._hover_at is not None:
            others = event.modifiers() & ~REMOVE_MODIFIER
            pressed = event.type() == QEvent.Type.KeyPress
            self._on_hover(self._hover_at, others | REMOVE_MODIFIER if pressed else others)
        return False

    def _on_hover(self, position: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        self._hover_at = position
        kind, what = self.action_at(position, modifiers)
        if self.pick_mode:
            self.hover_cell.emit(what if kind == "pick" else None)
            return
        self.preview = (kind, what) if kind != "none" else None
        if self.preview is None:
            self._preview.setVisible(False)
        else:
            colour = (PREVIEW_REMOVE if kind == "remove" else
                      PREVIEW_ADD if self.in_space(what) else PREVIEW_OUTSIDE)
            self._preview.setData(pos=self.look.outline(np.array([what]), PREVIEW_INSET),
                                  color=colour)
            self._preview.setVisible(True)
        self.gl.update()

    def _hide_preview(self) -> None:
        self.preview = self._hover_at = None
        if self.pick_mode:
            self.hover_cell.emit(None)
            return
        self._preview.setVisible(False)
        self.gl.update()

    # --- pick mode: the owner outlines cubes (where a piece would be pinned) ---------------
    def set_pick_mode(self, on: bool) -> None:
        self.pick_mode = on
        self.preview = None
        self._preview.setVisible(False)
        self.gl.update()

    def set_ghost(self, cells, rgba: tuple = PREVIEW_ADD) -> None:
        """Outline `cells` (over everything) in `rgba`; none: hide the outline."""
        cells = np.asarray(sorted(cells), dtype=float).reshape(-1, 3)
        if not len(cells):
            self._preview.setVisible(False)
        else:
            self._preview.setData(pos=self.look.outline(cells, PREVIEW_INSET), color=rgba)
            self._preview.setVisible(True)
        self.gl.update()
