"""Pinning pieces on a flat board in Design mode: a copy of the selected piece fixed where it is
clicked (or where a piece dragged from the tray is dropped).

The piece lies in the tool's current orientation (Turn, or R, steps through the ways the
piece may be turned), placed so that it covers the position under the mouse: the first of its
cells, in order, that lets it lie on the board clear of the other pins goes there (when no
cell does, the next orientation that fits is taken). The canvas
outlines where it would go. A click on a pinned copy takes the pin away. Each pin and unpin is
one undoable edit; the puzzle refuses a pin past the piece's copies, with the reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from solvers import Puzzle
from solvers.puzzle.grids import Cell, orientations_of
from solvers.puzzle.pins import Pin

from ..models import PuzzleDocument


class PinSurface(Protocol):
    """What the tool needs of where it pins: the board canvas, or the cube designer's 3D
    view and layer grid together."""

    @property
    def hovered(self) -> Cell | None: ...

    def set_preview(self, cells: Iterable[Cell]) -> None: ...


def pin_at(puzzle: Puzzle, cell: Cell) -> Pin | None:
    """The pin covering `cell`, if any."""
    return next((pin for pin in puzzle.pins if cell in pin.cells), None)


def placed_covering(puzzle: Puzzle, shapes: list[tuple[Cell, ...]],
                    cell: Cell) -> tuple[Cell, ...]:
    """The first of `shapes` (ways a piece lies) that, moved to cover `cell`, lies on the
    board clear of every pin, moved so (the first of its cells that allows it goes on
    `cell`); when none fits, the first shape with its first cell on `cell`."""
    board = set(puzzle.board)
    pinned = {c for pin in puzzle.pins for c in pin.cells}
    moves = [tuple(tuple(v - a + t for v, a, t in zip(c, anchor, cell)) for c in shape)
             for shape in shapes for anchor in shape]
    for cells in moves:
        if set(cells) <= board and not set(cells) & pinned:
            return tuple(sorted(cells))
    return tuple(sorted(moves[0]))


class PinTool(QObject):
    """What a press on the board canvas (any `PinSurface`) does in "Pin pieces" mode;
    `changed()` when the orientation turns (for the hint)."""

    changed = Signal()

    def __init__(self, document: PuzzleDocument, canvas: PinSurface,
                 selected: Callable[[], int | None], report: Callable[[str], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.canvas = document, canvas
        self.selected, self.report = selected, report
        self.active = False
        self.turn_index = 0

    def set_active(self, active: bool) -> None:
        self.active = active
        self.canvas.set_preview(self.ghost(self.canvas.hovered) if active else ())

    def orientations(self) -> tuple[tuple[Cell, ...], ...]:
        index = self.selected()
        puzzle = self.document.puzzle
        if index is None or index >= len(puzzle.pieces):
            return ()
        piece = puzzle.pieces[index]
        return orientations_of(puzzle.kind, piece.cells, piece.mirror)

    def turn(self) -> None:
        """The next way the selected piece may lie."""
        self.turn_index += 1
        self.show_ghost(self.canvas.hovered)
        self.changed.emit()

    def ghost(self, cell: Cell | None) -> tuple[Cell, ...]:
        """Where the selected piece would be pinned by a click on `cell` (none on a pin)."""
        shapes = self.orientations()
        puzzle = self.document.puzzle
        if cell is None or not shapes or pin_at(puzzle, cell) is not None:
            return ()
        turn = self.turn_index % len(shapes)  # the chosen way first, then the next ones
        return placed_covering(puzzle, list(shapes[turn:] + shapes[:turn]), cell)

    def show_ghost(self, cell: Cell | None) -> None:
        if self.active:  # else the outline is another tool's (a selection, a paste)
            self.canvas.set_preview(self.ghost(cell))

    def press(self, cell: Cell) -> None:
        """Unpin the copy on `cell`, or pin the selected piece over it."""
        puzzle = self.document.puzzle
        pinned = pin_at(puzzle, cell)
        if pinned is not None:
            self.report("")
            self.document.edit(f"Unpin {pinned.piece}", lambda p: dataclasses.replace(
                p, pins=tuple(pin for pin in p.pins if pin != pinned)))
        elif self.selected() is None:
            self.report("Select a piece to pin, then click where it goes")
        elif self._all_copies_pinned(puzzle.pieces[self.selected()]):
            piece = puzzle.pieces[self.selected()]
            self.report(f"Every copy of {piece.name} is pinned already ({piece.count}): "
                        "unpin one, or add copies, first")
        else:
            name = puzzle.pieces[self.selected()].name
            pin = Pin(name, self.ghost(cell))
            self.report("")
            self.document.edit(f"Pin {name}",
                               lambda p: dataclasses.replace(p, pins=p.pins + (pin,)))
        self.show_ghost(cell)

    def _all_copies_pinned(self, piece) -> bool:
        return sum(pin.piece == piece.name for pin in self.document.puzzle.pins) >= piece.count

    def hint(self) -> str:
        shapes = self.orientations()
        if not shapes:
            return "Select a piece, then click on the board to pin a copy there."
        return (f"Click to pin the selected piece where it is outlined (way "
                f"{self.turn_index % len(shapes) + 1} of {len(shapes)}: Turn or R for the "
                "next); click a pinned piece to unpin it; or drag a piece from the tray.")
