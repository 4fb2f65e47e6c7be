"""Rotate, flip, move and duplicate the selected piece: the edits, and the buttons and keys of
the designers that offer them.

The geometry is the grid's own (`solvers.puzzle.shape_edits`): a quarter turn of squares, a
sixth of hexes and triangles, a quarter turn about X, Y or Z of cubes. Each command is one
edit of the document, one undo step; a piece's painted cells turn with it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from solvers import GridKind, Piece, Puzzle
from solvers.puzzle import shape_edits
from solvers.puzzle.grids import Cell

from ..models import PuzzleDocument
from .piece_list import fresh_colour, replace_piece

Edit = Callable[[Puzzle], Puzzle]
KEYPAD = Qt.KeyboardModifier.KeypadModifier
CellMapper = Callable[[Iterable[Cell]], shape_edits.CellMap]


def reshape(index: int, mapper: CellMapper) -> Edit:
    """An edit moving piece `index`'s cells (and their paint) where `mapper` says."""
    def edit(puzzle: Puzzle) -> Puzzle:
        piece = puzzle.pieces[index]
        cell_map = mapper(piece.cells)
        paint = tuple((cell_map[cell], colour) for cell, colour in piece.paint)
        return replace_piece(index, cells=shape_edits.shape(cell_map), paint=paint)(puzzle)
    return edit


def copy_name(name: str, taken: Iterable[str]) -> str:
    """"L copy", or "L copy 2", "L copy 3"… when that is taken."""
    taken = set(taken)
    wanted, number = f"{name} copy", 2
    while wanted in taken:
        wanted, number = f"{name} copy {number}", number + 1
    return wanted


def duplicate(index: int) -> Edit:
    """An edit adding a copy of piece `index` at the end, in the next free colour."""
    def edit(puzzle: Puzzle) -> Puzzle:
        piece = puzzle.pieces[index]
        twin = dataclasses.replace(piece, name=copy_name(piece.name, (p.name for p in
                                                                       puzzle.pieces)),
                                   colour=fresh_colour(puzzle))
        return dataclasses.replace(puzzle, pieces=puzzle.pieces + (twin,))
    return edit


class PieceShapes(QObject):
    """The commands on the selected piece (`selected()`), with their buttons and keys on
    `host`. `axes`: the turns offered ("z" alone on flat grids; "x", "y", "z" for cubes)."""

    def __init__(self, document: PuzzleDocument, selected: Callable[[], int | None],
                 select: Callable[[int], None], host: QWidget, axes: str = "z") -> None:
        super().__init__(host)
        self.document, self.selected, self.select = document, selected, select
        self.kind = document.puzzle.kind
        self.buttons: dict[str, QPushButton] = {}
        flat = axes == "z"
        for axis in axes:
            text = "Rotate" if flat else f"Turn {axis.upper()}"
            key = "" if flat else axis.upper()
            self._button(f"turn-{axis}", text, lambda a=axis: self.rotate(a),
                         f"Turn the piece {'' if flat else f'about {axis.upper()} '}"
                         f"({'R' if flat else key})", key)
        self._button("flip", "Flip", self.flip, "Mirror the piece left to right (F)", "F")
        self._button("duplicate", "Duplicate", self.duplicate,
                     "A copy of the piece, as a new piece (Ctrl+D)", "Ctrl+D")

    def _button(self, name: str, text: str, slot: Callable[[], object], tip: str,
                key: str) -> None:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(lambda _checked=False: slot())
        self.buttons[name] = button
        if key:
            QShortcut(QKeySequence(key), self.parent(), slot,
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def row(self) -> QHBoxLayout:
        layout = QHBoxLayout()
        for button in self.buttons.values():
            layout.addWidget(button)
        layout.addStretch(1)
        return layout

    def set_enabled(self, on: bool) -> None:
        for button in self.buttons.values():
            button.setEnabled(on)

    def _piece(self) -> tuple[int, Piece] | None:
        index = self.selected()
        pieces = self.document.puzzle.pieces
        return (index, pieces[index]) if index is not None and index < len(pieces) else None

    def rotate(self, axis: str = "z") -> bool:
        found = self._piece()
        if found is None:
            return False
        index, piece = found
        about = f" about {axis.upper()}" if self.kind is GridKind.CUBE else ""
        return self.document.edit(f"Rotate {piece.name}{about}", reshape(
            index, lambda cells: shape_edits.turn(self.kind, cells, axis)))

    def flip(self) -> bool:
        found = self._piece()
        if found is None:
            return False
        index, piece = found
        return self.document.edit(f"Flip {piece.name}", reshape(
            index, lambda cells: shape_edits.mirror(self.kind, cells)))

    def move(self, direction: str) -> bool:
        """One step "right", "left", "up" or "down" (where the piece lies over the board)."""
        found = self._piece()
        if found is None:
            return False
        index, piece = found
        return self.document.edit(f"Move {piece.name} {direction}", reshape(
            index, lambda cells: shape_edits.move(self.kind, cells, direction)))

    def duplicate(self) -> bool:
        found = self._piece()
        if found is None:
            return False
        index, piece = found
        if not self.document.edit(f"Duplicate {piece.name}", duplicate(index)):
            return False
        self.select(len(self.document.puzzle.pieces) - 1)
        return True


ARROWS = {Qt.Key.Key_Right: "right", Qt.Key.Key_Left: "left", Qt.Key.Key_Up: "up",
          Qt.Key.Key_Down: "down"}


class ArrowKeys(QObject):
    """The arrow keys on `widget` (given the focus by a click) call `move(direction)`."""

    def __init__(self, widget: QWidget, move: Callable[[str], object]) -> None:
        super().__init__(widget)
        self.move = move
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in ARROWS and not event.modifiers() & ~KEYPAD):
            self.move(ARROWS[Qt.Key(event.key())])
            return True
        return False
