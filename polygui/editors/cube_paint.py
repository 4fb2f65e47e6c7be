"""Painting constraint colours in the cube designer: with *Paint cubes* (*Paint balls*) on, a
click on a cube in the 3D view paints it, and a click or drag in the layer grid paints the
cubes it crosses,
in the colour the colour panel chooses (paint_tool: a stroke is one undo step; started on a
cube of that colour it takes paint away). What is painted is what the designer edits: the
board, or the selected piece. Pinning and painting take turns: one on turns the other off.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QPushButton

from ..models import PuzzleDocument
from .colour_panel import ColourPanel
from .cube_targets import Cell, EditTarget
from .layer_editor import LayerGrid
from .paint_tool import PaintStroke, PaintTarget
from .voxel_canvas import VoxelCanvas

HINT = ("Paint {noun}s: click a {noun} in 3D, or click or drag in the layer grid, to paint it "
        "in the colour chosen above; start on a {noun} of that colour to take paint away.")


def paint_target(document: PuzzleDocument, target: EditTarget) -> PaintTarget:
    """The paint target of what the designer edits, in its coordinates."""
    if target.is_region:
        return PaintTarget()
    return PaintTarget(target.piece, target.origin(document.puzzle))


class CubePaint(QObject):
    """The *Paint cubes* toggle and its strokes. `toggled(bool)` when it turns on or off."""

    toggled = Signal(bool)

    def __init__(self, document: PuzzleDocument, canvas: VoxelCanvas, grid: LayerGrid,
                 colours: ColourPanel, target: Callable[[], EditTarget],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.canvas, self.grid, self.colours = document, canvas, grid, colours
        self.target = target
        noun = canvas.look.noun  # cube, or ball
        self.toggle = QPushButton(f"Paint {noun}s")
        self.toggle.setCheckable(True)
        self.toggle.setToolTip(HINT.format(noun=noun))
        self._stroke: PaintStroke | None = None
        self._active = False
        self.toggle.toggled.connect(self.set_active)
        canvas.picked.connect(self._on_picked)
        canvas.hover_cell.connect(self._on_hover)
        grid.cell_touched.connect(self._on_touched)
        grid.stroke_finished.connect(self.finish)

    @property
    def active(self) -> bool:
        return self._active

    def set_active(self, on: bool) -> None:
        if on == self._active:
            return
        self._active = on
        self.toggle.setChecked(on)
        self.canvas.set_pick_mode(on)
        if not on:
            self.canvas.set_ghost(())
        self.toggled.emit(on)

    def paint_target(self) -> PaintTarget:
        return paint_target(self.document, self.target())

    def _on_picked(self, cell: Cell) -> None:
        """A cube clicked in 3D: a stroke of one cube."""
        if self.active:
            self.touch(cell)
            self.finish()

    def _on_hover(self, cell: Cell | None) -> None:
        if self.active:
            self.canvas.set_ghost(() if cell is None else (cell,))

    def _on_touched(self, cell: Cell, _adding: bool) -> None:
        if self.active:
            self.touch(cell)

    def touch(self, cell: Cell) -> None:
        """Paint `cell` in the stroke under way, or start one there."""
        if self._stroke is None:
            self._stroke = PaintStroke(self.document, self.paint_target(),
                                       self.colours.brush_colour(), cell)
        else:
            self._stroke.apply(cell)

    def finish(self) -> None:
        if self._stroke is not None:
            stroke, self._stroke = self._stroke, None
            stroke.finish()
