"""The cube puzzle editor: the board (the shape the pieces fill) and the polycube pieces, cube
by cube.

Three ways to edit the chosen target (the board, or one piece): the board box (fill it whole
or clear it), the layer grid (click or drag cells), and the 3D view (click a face to add a cube
on it, Shift+click to remove a cube, click the ground grid to start on an empty floor). Every
edit goes through the document, so it is undoable, and an edit that would make an invalid
puzzle (a piece in two parts, an empty piece) is refused with the reason shown. Pin mode
(`cube_pins`) fixes copies of the selected piece in the box instead.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QSpinBox, QSplitter, QVBoxLayout, QWidget)

from solvers import Puzzle, PuzzleError

from ..models import PuzzleDocument
from ..models.status import plural
from ..views.messages import MessageLabel
from ..views.space_look import look_for
from .colour_panel import ColourPanel
from .cube_paint import CubePaint
from .cube_pins import CubePins, board_colours
from .cube_targets import (Cell, EditTarget, box_cells, piece_room, piece_space,
                           region_extent)
from .layer_editor import LayerEditor
from .movement_box import MovementBox
from .optional_cells import STROKE_NAMES, optional_edit
from .paint_tool import PaintTarget
from .side_panel import scrolling
from .piece_list import PieceList
from .piece_shapes import PieceShapes
from .voxel_canvas import EDIT_TIP, VoxelCanvas

DEFAULT_BOX = 3
MAX_BOX = 20
PANEL_MARGINS = 40  # the side panel's and the Pieces box's margins around the piece table
HINT = ("Click a cell, or the side of a {noun} in 3D, to add a {noun}; Shift+click a {noun} "
        "(or click a filled cell) to remove it. Drag in the layer grid to paint; drag in 3D to orbit. "
        "Ctrl+click or Ctrl+drag in the layer grid marks board cells optional (they may stay "
        "empty; drawn pale and hatched), or required again.")


def summary_text(puzzle: Puzzle) -> str:
    """Sizes, and why the puzzle cannot be solved yet, if it cannot."""
    copies = sum(piece.count for piece in puzzle.pieces)
    noun = look_for(puzzle.kind).noun
    lines = [f"Board: {plural(len(puzzle.board), noun)}",
             f"Pieces: {len(puzzle.pieces)}, {plural(puzzle.piece_cell_total, noun)}"
             + (f" with copies ({plural(copies, 'piece')} in all)" if copies > len(puzzle.pieces)
                else "")]
    problems = puzzle.problems()
    lines.append("Not solvable yet: " + "; ".join(problems) if problems
                 else "Board and pieces match")
    return "\n".join(lines)


class CubeEditor(QWidget):
    def __init__(self, document: PuzzleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.target = EditTarget()
        self.canvas = VoxelCanvas()
        self.canvas.set_grid(document.puzzle.kind)  # cubes or balls: drawn, picked, added
        self.canvas.container.setToolTip(EDIT_TIP.format(noun=self.canvas.look.noun))
        self.layers = LayerEditor()
        self.layers.grid.set_look(self.canvas.look)
        self._stroke: ExitStack | None = None  # a layer grid stroke in progress
        self._stroke_text = ""
        self._stroke_open = False  # whether the stroke's undo step has begun
        self._build_controls()
        self.pin_mode = CubePins(document, self.canvas, self.layers.grid,
                                 self.pieces.selected_piece, self.message.setText, self)
        self.colours = ColourPanel(document)
        self.paint = CubePaint(document, self.canvas, self.layers.grid, self.colours,
                               lambda: self.target, self)
        self.colours.brush_row.addWidget(self.paint.toggle)
        self._layout()
        self._connect()
        self._grow_box_to_region(document.puzzle)
        self._refresh(document.puzzle)

    # --- widgets -----------------------------------------------------------------------
    def _build_controls(self) -> None:
        self.pieces = PieceList(self.document)
        self.movement = MovementBox(self.document, self.pieces.selected_piece)
        self.shapes = PieceShapes(self.document, self.pieces.selected_piece,
                                  self.pieces.select_piece, self, axes="xyz")  # X, Y, Z, F
        self.shapes.set_enabled(False)
        self.region_button = QPushButton("Edit the board")
        self.region_button.setToolTip("Edit the board; select a piece above to edit it")
        self.editing = QLabel()
        self.box_size = [QSpinBox() for _ in range(3)]
        for spin in self.box_size:
            spin.setRange(1, MAX_BOX)
            spin.setValue(DEFAULT_BOX)
        self.fill_button = QPushButton("Fill box")
        self.fill_button.setToolTip("Make the board exactly the whole box")
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("Remove every cube of the board")
        self.summary = MessageLabel(lines=3)  # its three lines, a long problem cut short
        self.hint = QLabel(HINT.format(noun=self.canvas.look.noun))
        self.hint.setWordWrap(True)
        self.message = MessageLabel(lines=3)  # room kept: the hint under it never moves
        self.message.setStyleSheet("color: #b00020;")

    def _layout(self) -> None:
        pieces = QGroupBox("Pieces")
        piece_layout = QVBoxLayout(pieces)
        piece_layout.addWidget(self.pieces, 1)
        piece_layout.addLayout(self.shapes.row())
        piece_layout.addWidget(self.movement)
        box = QGroupBox("Board box")
        box_form = QFormLayout(box)
        box_form.addRow(self.region_button)
        sizes = QHBoxLayout()  # X [3] Y [3] Z [3], each box as wide as its number needs
        for axis, spin in zip("XYZ", self.box_size):
            spin.setToolTip(f"The region box's size along {axis}")
            sizes.addWidget(QLabel(axis))
            sizes.addWidget(spin)
        sizes.addStretch(1)
        box_form.addRow("Size", sizes)
        box_buttons = QHBoxLayout()
        box_buttons.addWidget(self.fill_button)
        box_buttons.addWidget(self.clear_button)
        box_form.addRow(box_buttons)
        side = QVBoxLayout()
        side.addWidget(self.editing)
        side.addWidget(pieces, 1)
        for widget in (self.pin_mode.box, self.colours, box, self.summary, self.message,
                       self.hint):
            side.addWidget(widget)
        panel = QWidget()
        panel.setLayout(side)
        panel.setFixedWidth(max(300, self.pieces.comfortable_width() + PANEL_MARGINS))
        side_area = scrolling(panel)
        side_area.setFixedWidth(panel.width() + side_area.verticalScrollBar().sizeHint().width())
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.canvas)
        splitter.addWidget(self.layers)
        splitter.setSizes([400, 260])
        layout = QHBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(side_area)

    def _connect(self) -> None:
        self.document.changed.connect(self._on_document_changed)
        self.document.rejected.connect(self.message.setText)
        self.pieces.selection_changed.connect(self._on_piece_selected)
        self.pieces.selection_changed.connect(lambda _index: self.movement.show_puzzle())
        self.movement.message.connect(self.message.setText)
        self.pieces.selection_changed.connect(lambda i: self.shapes.set_enabled(i is not None))
        self.pieces.problem.connect(self.message.setText)
        self.region_button.clicked.connect(lambda: self.pieces.select_piece(None))
        for spin in self.box_size:
            spin.valueChanged.connect(lambda _value: self._refresh(self.document.puzzle))
        self.fill_button.clicked.connect(self.fill_box)
        self.clear_button.clicked.connect(self.clear_region)
        self.canvas.add_requested.connect(self.add_cube)
        self.canvas.remove_requested.connect(self.remove_cube)
        self.canvas.missed.connect(self.message.setText)
        self.layers.slice_changed.connect(self.canvas.set_slice)
        grid = self.layers.grid
        grid.stroke_started.connect(self._begin_stroke)
        grid.cell_touched.connect(self._on_cell_touched)
        grid.optional_touched.connect(self._on_optional_touched)
        grid.stroke_finished.connect(self._end_stroke)
        self.pin_mode.toggled.connect(self._on_pin_mode)
        self.pin_mode.toggled.connect(lambda on: self._one_mode(self.paint, on))
        self.paint.toggled.connect(lambda on: self._one_mode(self.pin_mode, on))
        QShortcut(QKeySequence("R"), self, self.pin_mode.turn,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)

    # --- what is shown -----------------------------------------------------------------
    def selected_piece(self) -> int | None:
        return self.target.piece

    def _on_piece_selected(self, index: int | None) -> None:
        if self.pin_mode.active:  # the piece to pin; the board stays shown
            self.message.clear()
            self.pin_mode.refresh()
            return
        target = EditTarget(index)
        if target != self.target:
            self.target = target
            self.message.clear()
            self._refresh(self.document.puzzle)
            self._frame_target()

    def _frame_target(self) -> None:
        """The board is seen whole in its box, a piece whole in its room (see room())."""
        self.canvas.reset_view()

    def space(self) -> Cell:
        """The box of cells the target is edited in."""
        if self.target.is_region:
            return tuple(spin.value() for spin in self.box_size)
        return piece_space(self.target.cells(self.document.puzzle))

    def room(self) -> Cell | None:
        """What the 3D view draws and frames of a piece's space: the piece and a cube beyond
        it (it fills the view, and its box is seen whole); None: the whole space."""
        if self.target.is_region or self.pin_mode.active:
            return None
        return piece_room(self.target.cells(self.document.puzzle), self.space())

    def _one_mode(self, other, on: bool) -> None:
        """Pinning and painting take turns; the 3D view picks cubes while either is on."""
        if on:
            other.set_active(False)
        self.canvas.set_pick_mode(self.pin_mode.active or self.paint.active)

    def _on_pin_mode(self, on: bool) -> None:
        """Pinning shows the board; leaving it, what the piece list selects."""
        self.message.clear()
        self.target = EditTarget() if on else EditTarget(self.pieces.selected_piece())
        self._refresh(self.document.puzzle)
        self._frame_target()

    def _on_document_changed(self, puzzle: Puzzle) -> None:
        self.message.clear()
        self._grow_box_to_region(puzzle)
        self._refresh(puzzle)
        self.pin_mode.refresh()

    def _grow_box_to_region(self, puzzle: Puzzle) -> None:
        """The box always holds the whole board (a file opened, an undo): it grows with it,
        and cannot shrink below it (Clear first to start smaller)."""
        for spin, extent in zip(self.box_size, region_extent(puzzle)):
            spin.blockSignals(True)
            spin.setMinimum(max(1, min(extent, MAX_BOX)))
            spin.blockSignals(False)

    def _refresh(self, puzzle: Puzzle) -> None:
        if not self.target.exists_in(puzzle):
            self.target = EditTarget()
        self._refresh_target_controls(puzzle)
        cells = self.target.cells(puzzle)
        colour = self.target.colour(puzzle)
        space = self.space()
        if self.pin_mode.active:  # the board, its pinned pieces in their colours
            rgba, groups, pinned = board_colours(puzzle)
            self.canvas.set_contents(np.array(puzzle.board, dtype=np.int64).reshape(-1, 3),
                                     rgba, space, groups)
        else:
            pinned = {}
            self.canvas.set_contents(np.array(sorted(cells), dtype=np.int64).reshape(-1, 3),
                                     colour, space, room=self.room())
        self.layers.set_contents(space, cells, colour)
        self.layers.grid.set_cell_colours(pinned)
        self.layers.grid.set_optional(frozenset(puzzle.optional) if self.target.is_region
                                      else frozenset())
        paint = (PaintTarget() if self.pin_mode.active else self.paint.paint_target()
                 ).shown_paint(puzzle)
        self.canvas.set_paint(paint)
        self.layers.grid.set_paint(paint)
        self.summary.setText(summary_text(puzzle))
        outside = sum(1 for cell in cells if not all(0 <= v < MAX_BOX for v in cell))
        if outside and self.target.is_region:
            self.message.setText(f"{outside} cube{'s' * (outside != 1)} of the region lie "
                                 f"outside the editor's box (0 to {MAX_BOX - 1} on each axis): "
                                 "shown in 3D, not editable here")

    def _refresh_target_controls(self, puzzle: Puzzle) -> None:
        for widget in (*self.box_size, self.fill_button, self.clear_button):
            widget.setEnabled(self.target.is_region)
        self.region_button.setEnabled(not self.target.is_region)
        what = ("the board" if self.target.is_region
                else f"piece {puzzle.pieces[self.target.piece].name}")
        pinning = self.pin_mode.active
        self.editing.setText("<b>Pinning pieces in the box</b>" if pinning
                             else f"<b>Editing {what}</b>")
        self.hint.setVisible(not pinning)  # the pin box says what clicks do meanwhile

    # --- edits -------------------------------------------------------------------------
    def add_cube(self, cell: Cell) -> None:
        if not self._inside(cell):
            return
        cells = self.target.cells(self.document.puzzle)
        if cell not in cells:
            self._set_cells(f"Add {self.canvas.look.noun}", cells | {cell})

    def remove_cube(self, cell: Cell) -> None:
        cells = self.target.cells(self.document.puzzle)
        if cell in cells:
            self._set_cells(f"Remove {self.canvas.look.noun}", cells - {cell})

    def _inside(self, cell: Cell) -> bool:
        space = self.space()
        if all(0 <= value < size for value, size in zip(cell, space)):
            return True
        where = "the board box (make it larger)" if self.target.is_region else "the piece's space"
        self.message.setText(f"{self.canvas.look.noun.capitalize()} {list(cell)} is outside "
                             f"{where}")
        return False

    def _set_cells(self, text: str, cells: frozenset[Cell]) -> None:
        target = self.target

        def change(puzzle: Puzzle) -> Puzzle:
            return target.with_cells(puzzle, cells)

        self._open_stroke_step(change)
        self.document.edit(f"{text} ({target.name(self.document.puzzle)})", change)

    def fill_box(self) -> None:
        """The board becomes every cell of the box (balls: every place a ball can sit)."""
        size = tuple(spin.value() for spin in self.box_size)
        cells = frozenset(filter(self.canvas.look.is_cell, box_cells(size)))
        self.document.edit("Fill box", lambda puzzle: EditTarget().with_cells(puzzle, cells))

    def clear_region(self) -> None:
        self.document.edit("Clear board",
                           lambda puzzle: EditTarget().with_cells(puzzle, frozenset()))

    # --- layer grid strokes: one undo step per press-drag-release ------------------------
    def _begin_stroke(self, adding: bool) -> None:
        self._end_stroke()
        self._stroke = ExitStack()
        noun = self.canvas.look.noun
        self._stroke_text = f"Add {noun}s" if adding else f"Remove {noun}s"

    def _on_cell_touched(self, cell: Cell, adding: bool) -> None:
        if self.pin_mode.active or self.paint.active:  # a press pins, or paints (cube_paint)
            return
        self.add_cube(cell) if adding else self.remove_cube(cell)

    def _on_optional_touched(self, cell: Cell, mark: bool) -> None:
        if self.pin_mode.active or self.paint.active:
            return
        if not self.target.is_region:
            self.message.setText("Optional cells belong to the board: click Edit the board, "
                                 "then Ctrl+click its cells")
            return
        if not self._inside(cell):
            return
        if (cell in self.document.puzzle.optional) == mark:
            return
        self._stroke_text = STROKE_NAMES[0] if mark else STROKE_NAMES[1]
        change = optional_edit(cell, mark)
        self._open_stroke_step(change)
        self.document.edit(self._stroke_text, change)

    def _end_stroke(self) -> None:
        if self._stroke is not None:
            stroke, self._stroke = self._stroke, None
            stroke.close()

    def _open_stroke_step(self, change: Callable[[Puzzle], Puzzle]) -> None:
        """Open the stroke's undo step at its first edit that will be accepted, so a stroke
        that changes nothing (every edit refused) leaves no empty step behind."""
        if self._stroke is None or self._stroke_open:
            return
        try:
            change(self.document.puzzle)
        except PuzzleError:
            return
        self._stroke.enter_context(self.document.compound(self._stroke_text))
        self._stroke.callback(self._close_stroke_step)
        self._stroke_open = True

    def _close_stroke_step(self) -> None:
        self._stroke_open = False
