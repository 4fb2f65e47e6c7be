"""Play's canvas for puzzles in space, boxes of cubes and balls (the sphere grid, drawn and
picked as balls: `space_look`): the tray (a list), one horizontal layer of the box as a grid,
and the 3D view of the pieces placed.

The player chooses a piece in the tray and holds it: its outline follows the mouse over the
layer grid (the cell held, the piece's `grip`, on the cell under the mouse) and over the 3D
view (against the face under the mouse, or on the ground), blue where a click puts it, red
where it cannot go. R (Shift+R back) turns it about the vertical axis, T (Shift+T back) tips
it over, F flips it where the puzzle allows mirror images; PageUp/PageDown or the wheel over
the grid change the layer shown. A click on a placed piece (in the grid, or Shift+click in
3D) takes it back into the hand; right-click or Delete takes it back to the tray.

The grid and the 3D view show the board moved into a box from the origin (`box_of`: a ball
board may reach below 0); `hover`, `press` and the model work in the board's own cells.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QObject, QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from solvers import Puzzle
from solvers.play.moves import PlayBoard, Placement, flipped, tipped, translated, turned
from solvers.puzzle.grids import Cell, Shape, normalise

from ..editors.voxel_canvas import PREVIEW_ADD, VoxelCanvas
from ..views.cells import pinned_pieces
from ..views.colours import copy_colours, piece_colours
from ..views.picking import pick_ground
from ..views.space_look import look_for
from .cube_grid import PlayLayerGrid
from .cube_tray import CubeTray
from .drawing import HINTED, IN_NO_SOLUTION, NO_PLACE
from .model import PlayModel

BOARD_COLOUR = QColor(228, 230, 236)  # an empty cell of the board in the layer grid
NO_PLACE_RGBA = (0.86, 0.16, 0.16, 1.0)
HELP = ("Choose a piece in the tray, then click where it goes in the layer grid (PageUp/"
        "PageDown or the wheel: another layer) or against a piece in 3D. R turns it (Shift+R "
        "back), T tips it over, F flips it; click a placed piece to pick it up again, "
        "right-click or Delete takes it back.")


def box_of(puzzle: Puzzle) -> tuple[Cell, Cell]:
    """(origin, size) of the least box holding the board, the origin a translation of the
    grid (balls: x + y + z even, so a ball moved into the box is a ball there too: else the
    box starts a column to the left, not a layer down)."""
    cells = np.array(puzzle.board, dtype=np.int64).reshape(-1, 3)
    if not len(cells):
        return (0, 0, 0), (1, 1, 1)
    origin = cells.min(axis=0)
    if not look_for(puzzle.kind).is_cell(tuple(cells[0] - origin)):
        origin[0] -= 1
    size = (cells - origin).max(axis=0) + 1
    return tuple(int(v) for v in origin), tuple(int(v) for v in size)


class CubePlayCanvas(QWidget):
    """The same face to the page as the flat `PlayCanvas`: `set_puzzle`, `marked`, `hinted`,
    `show_marks()`, `message(str)` and HELP."""

    message = Signal(str)
    HELP = HELP

    def __init__(self, model: PlayModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.model = model
        self.moves: PlayBoard | None = None
        self.shapes: dict[int, Shape] = {}  # how each piece is held
        self.grips: dict[int, int] = {}  # the cell each piece is held by
        self.held: int | None = None  # the piece in hand
        self.hover: Cell | None = None  # the cell the held piece's grip would go on
        self._hover_from_grid = False  # the hover follows the layer shown
        self.marked: set[Placement] = set()
        self.hinted: set[Placement] = set()
        self.tray = CubeTray()
        self.grid = PlayLayerGrid()
        self.view = VoxelCanvas()
        self.view.set_pick_mode(True)  # its clicks and hovering are read here
        self.view.container.setToolTip("The pieces placed: click against a face (or on the "
                                       "ground) to put the piece held there, Shift+click a "
                                       "piece to pick it up; drag to orbit, wheel to zoom")
        self.layer_label = QLabel()
        self._lay_out()
        self.tray.chosen.connect(self.hold)
        self.grid.hovered.connect(self._hover_grid)
        self.grid.pressed.connect(lambda cell: self.press(self.on_board(cell)))
        self.grid.right_pressed.connect(lambda cell: self.take_back_at(self.on_board(cell)))
        self.grid.wheeled.connect(self.change_layer)
        self.view.gl.hovered.connect(self._hover_view)
        self.view.gl.clicked.connect(self._click_view)
        self.view.gl.mouse_left.connect(lambda: self._set_hover(None))
        self.view.gl.installEventFilter(self)  # keys pressed over the 3D view
        model.changed.connect(self._placed_changed)

    def _lay_out(self) -> None:
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.layer_label)
        column.addWidget(self.grid, 1)
        splitter = QSplitter()
        splitter.addWidget(middle)
        splitter.addWidget(self.view)
        splitter.setSizes([400, 500])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.tray)
        layout.addWidget(splitter, 1)

    # --- the puzzle ---------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.model.puzzle

    @property
    def layer(self) -> int:
        return self.grid.layer

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.moves = PlayBoard(puzzle)
        self.shapes = {piece: self.moves.start_shape(piece) for piece in range(len(puzzle.pieces))}
        self.grips = dict.fromkeys(self.shapes, 0)
        self._colours = piece_colours(puzzle)
        self.held, self.hover = None, None
        self.marked, self.hinted = set(), set()
        self.origin, self.space = box_of(puzzle)
        self.view.set_grid(puzzle.kind)  # cubes, or balls
        self.grid.set_look(self.view.look)
        self.tray.balls = self.view.look.round
        self.grid.set_contents(self.space, self.in_box(puzzle.board), BOARD_COLOUR)
        self.set_layer(0)
        self._placed_changed()

    def in_box(self, cells) -> frozenset[Cell]:
        """Board cells where the grid and the 3D view show them."""
        return frozenset(tuple(v - o for v, o in zip(cell, self.origin)) for cell in cells)

    def on_board(self, cell: Cell | None) -> Cell | None:
        """The board cell shown at `cell` of the grid or the 3D view."""
        return None if cell is None else tuple(v + o for v, o in zip(cell, self.origin))

    def show_marks(self) -> None:
        """The red mark and the hint's highlight changed."""
        self._show_placed()

    # --- the hand -----------------------------------------------------------------------
    def hold(self, piece: int | None) -> None:
        """Take `piece` (None: nothing) from the tray into the hand."""
        self.held = piece if piece is None or self.model.left(piece) > 0 else None
        self._show_hand()

    def held_placement(self) -> tuple[Placement | None, bool]:
        """(where the held piece goes with its grip on the cell hovered, whether it may go
        there); None when nothing is held or hovered."""
        if self.held is None or self.hover is None:
            return None, False
        shape, grip = self.shapes[self.held], self.grips[self.held]
        placement = self.moves.placement_at(self.held, shape, grip, self.hover)
        if placement is None:
            step = tuple(t - s for s, t in zip(shape[grip], self.hover))
            return (self.held, translated(self.puzzle.kind, shape, step)), False
        return placement, self.model.fits(placement)

    def press(self, cell: Cell) -> None:
        """A click on `cell`: pick up the placed piece there, else put the held piece down."""
        self.setFocus()
        self.hover = cell
        index = self.model.owner(cell)
        if index is not None:
            self.pick_up(index, cell)
            return
        placement, fits = self.held_placement()
        if placement is None:
            if self.held is None:
                self.message.emit("Choose a piece in the tray first")
            return
        if not fits:
            self.message.emit(f"{self.puzzle.pieces[self.held].name} cannot go there")
            return
        self.model.place(placement)
        if self.held is not None and self.model.left(self.held) == 0:
            self.held = None
        self._show_hand()

    def pick_up(self, index: int, cell: Cell) -> None:
        """Take placed piece `index` back into the hand, held by `cell`, as it lay."""
        piece, cells = self.model.placed[index]
        self.shapes[piece] = normalise(np.array(cells), self.puzzle.kind)
        self.grips[piece] = sorted(cells).index(cell)  # normalising keeps the cells' order
        self.held = piece
        self.model.take_back(index)

    def take_back_at(self, cell: Cell) -> None:
        index = self.model.owner(cell)
        if index is not None:
            self.model.take_back(index)

    def reorient(self, verb: str, back: bool = False) -> None:
        """Turn ("turn": about the vertical axis), tip ("tip": about the x axis) or flip the
        held piece, keeping the cell it is held by."""
        if self.held is None:
            self.message.emit("Choose a piece in the tray first")
            return
        piece = self.held
        if verb == "flip" and not self.puzzle.pieces[piece].mirror:
            self.message.emit(f"{self.puzzle.pieces[piece].name} may not be flipped in this "
                              "puzzle")
            return
        shape, grip, kind = self.shapes[piece], self.grips[piece], self.puzzle.kind
        if verb == "flip":
            shape, grip = flipped(kind, shape, grip)
        elif verb == "turn":
            shape, grip = turned(kind, shape, grip, 3 if back else 1)
        else:
            for _ in range(3 if back else 1):
                shape, grip = tipped(kind, shape, grip)
        self.shapes[piece], self.grips[piece] = shape, grip
        self._show_hand()

    # --- layers, keys and the mouse ------------------------------------------------------
    def set_layer(self, layer: int) -> None:
        layer = min(max(layer, 0), self.space[2] - 1)
        self.grid.set_slice(2, layer)
        self.view.set_slice(2, layer)
        self.layer_label.setText(f"Layer {layer + 1} of {self.space[2]} (PageUp/PageDown)")
        if self.hover is not None and self._hover_from_grid:
            self.hover = self.hover[:2] + (layer + self.origin[2],)
        self._show_hand()

    def change_layer(self, steps: int) -> None:
        self.set_layer(self.layer + steps)

    def _hover_grid(self, cell: Cell | None) -> None:
        self._hover_from_grid = cell is not None
        self._set_hover(self.on_board(cell))

    def _set_hover(self, cell: Cell | None) -> None:
        if cell != self.hover:
            self.hover = cell
            self._show_hand()

    def view_target(self, position: QPointF) -> Cell | None:
        """The board cell against the face (or ball) under `position` in the 3D view, or on
        the ground."""
        ray = self.view.ray_at(position)
        look, grid = self.view.look, self.puzzle.kind.grid
        hit = look.pick(ray, self.view.cells)
        if hit is not None:
            shown = tuple(int(v) for v in self.view.cells[hit.index])
            return self.on_board(grid.cell_beside(shown, hit.normal, hit.point))
        point = pick_ground(ray)
        if point is None:
            return None
        cell = look.ground_cell(point)
        inside = all(0 <= v < size for v, size in zip(cell, self.space))
        return self.on_board(cell) if inside else None

    def _hover_view(self, position: QPointF, _modifiers) -> None:
        self._hover_from_grid = False
        self._set_hover(self.view_target(position))

    def _click_view(self, position: QPointF, modifiers) -> None:
        if modifiers & Qt.KeyboardModifier.ShiftModifier:
            hit = self.view.look.pick(self.view.ray_at(position), self.view.cells)
            if hit is not None:
                cell = self.on_board(tuple(int(v) for v in self.view.cells[hit.index]))
                if self.model.owner(cell) is not None:
                    self.pick_up(self.model.owner(cell), cell)
            return
        target = self.view_target(position)
        if target is not None:
            self._hover_from_grid = False
            self.press(target)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(event):
            super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress:
            return self.handle_key(event)
        return False

    def handle_key(self, event: QKeyEvent) -> bool:
        """R/T/F, PageUp/PageDown, Delete and Escape; False for any other key."""
        key, back = event.key(), bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        verbs = {Qt.Key.Key_R: "turn", Qt.Key.Key_T: "tip", Qt.Key.Key_F: "flip"}
        if key in verbs:
            self.reorient(verbs[key], back)
        elif key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            self.change_layer(1 if key == Qt.Key.Key_PageUp else -1)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.hover is not None:
            self.take_back_at(self.hover)
        elif key == Qt.Key.Key_Escape:
            self.hold(None)
        else:
            return False
        return True

    # --- showing ------------------------------------------------------------------------
    def _placed_changed(self) -> None:
        if self.moves is None or self.moves.puzzle is not self.puzzle:
            return  # a new puzzle: set_puzzle comes next
        if self.held is not None and self.model.left(self.held) <= 0:
            self.held = None
        self._show_placed()
        self._show_hand()

    def _copies(self) -> list[Placement]:
        return list(pinned_pieces(self.puzzle)) + list(self.model.placed)

    def _show_placed(self) -> None:
        """The placed pieces (and pins) in their colours in the grid and in 3D, the marked
        ones in red, the hinted one highlighted."""
        copies = self._copies()
        colours = copy_colours(self._colours, [piece for piece, _ in copies])
        cell_colours = {cell: colour for (_, cells), colour in zip(copies, colours)
                        for cell in self.in_box(cells)}
        self.grid.set_cell_colours(cell_colours)
        self.grid.set_outlines(
            [(self.in_box(cells), IN_NO_SOLUTION) for _, cells in self.marked]
            + [(self.in_box(cells), HINTED) for _, cells in self.hinted])
        cells = [np.subtract(cell, self.origin) for _, placed in copies for cell in placed]
        rgba = []
        for (piece, placed), colour in zip(copies, colours):
            shown = QColor(IN_NO_SOLUTION) if (piece, placed) in self.marked else colour
            shown = shown.lighter(130) if (piece, placed) in self.hinted else shown
            rgba += [shown.getRgbF()] * len(placed)
        groups = np.repeat(np.arange(1, len(copies) + 1), [len(c) for _, c in copies])
        self.view.set_contents(np.array(cells, dtype=np.int64).reshape(-1, 3),
                               np.array(rgba, dtype=float).reshape(-1, 4), self.space,
                               groups.astype(np.int64))

    def _show_hand(self) -> None:
        """The tray (pictures as held) and the held piece's outline where a click puts it."""
        if self.moves is None:
            return
        pieces = range(len(self.puzzle.pieces))
        self.tray.show_pieces([self.puzzle.pieces[p].name for p in pieces], self._colours,
                              self.shapes, [self.model.left(p) for p in pieces], self.held)
        placement, fits = self.held_placement()
        cells = self.in_box(placement[1]) if placement is not None else ()
        self.grid.set_ghost(cells, QColor.fromRgbF(*PREVIEW_ADD) if fits else QColor(NO_PLACE))
        self.view.set_ghost(cells, PREVIEW_ADD if fits else NO_PLACE_RGBA)

    def sizeHint(self) -> QSize:
        return QSize(900, 560)
