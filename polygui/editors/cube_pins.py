"""Pinning pieces in the cube designer: a copy of the selected piece fixed in the box, as the
hex and square designer's pin tool does it (`pin_tool.PinTool`, the same rules: one undoable
edit a pin, no more pins than copies, pins clear of each other, edits that break a pin drop
it in the same undo step).

In pin mode the 3D view and the layer grid show the board with its pinned pieces in their
colours. Hovering a cube in either outlines, in both, where a click pins the selected piece
(covering that cube, in the orientation Turn or R chose, or the next that fits); a pinned
piece under the mouse is outlined in red: a click there takes it away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from solvers import Puzzle

from ..models import PuzzleDocument
from ..models.status import plural
from ..views.colours import piece_colour
from .cube_targets import REGION_COLOUR, Cell
from .layer_editor import LayerGrid
from .pin_tool import PinTool, pin_at
from .voxel_canvas import PREVIEW_ADD, PREVIEW_OUTSIDE, PREVIEW_REMOVE, VoxelCanvas


def rgba_colour(rgba: tuple) -> QColor:
    return QColor.fromRgbF(*rgba)


class CubePinSurface:
    """The 3D view and the layer grid as one surface for the pin tool: the cube under the
    mouse in either, and the ghost outlined in both (blue where a click pins the piece, grey
    where it does not fit, red over a pinned piece a click takes away)."""

    def __init__(self, document: PuzzleDocument, canvas: VoxelCanvas, grid: LayerGrid) -> None:
        self.document, self.canvas, self.grid = document, canvas, grid
        self.hovered: Cell | None = None

    def set_preview(self, cells: Iterable[Cell]) -> None:
        cells = tuple(tuple(cell) for cell in cells)
        puzzle = self.document.puzzle
        pinned = pin_at(puzzle, self.hovered) if self.hovered is not None else None
        if not cells and pinned is not None:
            cells, rgba = pinned.cells, PREVIEW_REMOVE
        else:
            rgba = PREVIEW_ADD if fits(puzzle, cells) else PREVIEW_OUTSIDE
        self.canvas.set_ghost(cells, rgba)
        self.grid.set_ghost(cells, rgba_colour(rgba))


def fits(puzzle: Puzzle, cells: tuple[Cell, ...]) -> bool:
    """Whether a copy on `cells` lies on the board, clear of every pin."""
    taken = {cell for pin in puzzle.pins for cell in pin.cells}
    return set(cells) <= set(puzzle.board) and not taken & set(cells)


def board_colours(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray, dict[Cell, QColor]]:
    """(RGBA per board cell, a group per cell: 0 the board, k + 1 pin k, the pinned cells'
    colours): the board as pin mode shows it."""
    number = {piece.name: index for index, piece in enumerate(puzzle.pieces)}
    colours: dict[Cell, QColor] = {}
    groups = np.zeros(len(puzzle.board), dtype=np.int64)
    position = {cell: index for index, cell in enumerate(puzzle.board)}
    for pin_number, pin in enumerate(puzzle.pins):
        colour = piece_colour(puzzle, number[pin.piece])
        for cell in pin.cells:
            colours[cell] = colour
            groups[position[cell]] = pin_number + 1
    rgba = np.array([colours.get(cell, REGION_COLOUR).getRgbF() for cell in puzzle.board],
                    dtype=float).reshape(-1, 4)
    return rgba, groups, colours


class CubePins(QObject):
    """The cube designer's pin mode: its controls (`box`), and what clicks and hovering in
    the 3D view and the layer grid do while it is on. `toggled(bool)` when it turns on or
    off; `changed()` when what it shows changes (the orientation)."""

    toggled = Signal(bool)
    changed = Signal()

    def __init__(self, document: PuzzleDocument, canvas: VoxelCanvas, grid: LayerGrid,
                 selected: Callable[[], int | None], report: Callable[[str], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.canvas, self.grid = document, canvas, grid
        self.surface = CubePinSurface(document, canvas, grid)
        self.tool = PinTool(document, self.surface, selected, report, self)
        self.toggle = QPushButton("Pin pieces")
        self.toggle.setCheckable(True)
        self.toggle.setToolTip("Fix copies of the selected piece in the box: click a cube in "
                               "3D or in the layer grid")
        self.turn_button = QPushButton("Turn (R)")
        self.turn_button.setToolTip("The next way the piece to pin may lie")
        self.turn_button.setVisible(False)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.box = QGroupBox("Pinned pieces")
        buttons = QHBoxLayout()
        buttons.addWidget(self.toggle)
        buttons.addWidget(self.turn_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self.box)
        layout.addLayout(buttons)
        layout.addWidget(self.hint)
        self.toggle.toggled.connect(self.set_active)
        self.turn_button.clicked.connect(self.turn)
        self.tool.changed.connect(self.refresh)
        canvas.picked.connect(self.press)
        canvas.hover_cell.connect(self.hover)
        canvas.turn_requested.connect(self.turn)
        grid.pressed.connect(self.press)
        grid.hovered.connect(self.hover)
        self.refresh()

    @property
    def active(self) -> bool:
        return self.tool.active

    def set_active(self, on: bool) -> None:
        if on == self.active:
            return
        self.toggle.setChecked(on)
        self.turn_button.setVisible(on)
        self.canvas.set_pick_mode(on)
        self.tool.set_active(on)
        if not on:
            self.grid.set_ghost(())
        self.refresh()
        self.toggled.emit(on)

    def hover(self, cell: Cell | None) -> None:
        if self.active:
            self.surface.hovered = cell
            self.tool.show_ghost(cell)

    def press(self, cell: Cell) -> None:
        if self.active:
            self.tool.press(cell)

    def turn(self) -> None:
        if self.active:
            self.tool.turn()

    def refresh(self) -> None:
        """The hint and the ghost after a change (of the puzzle, the piece, the turn)."""
        if self.active:
            self.tool.show_ghost(self.surface.hovered)
        self.hint.setText(self.hint_text())
        self.changed.emit()

    def hint_text(self) -> str:
        pins = self.document.puzzle.pins
        pinned = (f"{plural(len(pins), 'piece')} pinned: "
                  f"{', '.join(pin.piece for pin in pins)}." if pins else "No piece pinned.")
        if not self.active:
            return pinned
        shapes = self.tool.orientations()
        if not shapes:
            return f"{pinned} Select a piece, then click a cube to pin a copy over it."
        way = self.tool.turn_index % len(shapes) + 1
        return (f"{pinned} Click a cube (in 3D or in the layer grid) to pin the selected "
                f"piece over it, as outlined (way {way} of {len(shapes)}: Turn or R for the "
                "next); click a pinned piece to unpin it.")
