"""The player's board: the placements made so far, changed only through undoable steps.

A placement is (piece type, sorted board cells), one of solvers.play.moves.PlayBoard's rows.
The history is a QUndoStack of its own, so that play moves never touch the puzzle's design
history (the window's Undo drives this stack while Play mode shows).
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from solvers.records import record
from solvers import Puzzle
from solvers.play.moves import Placement


@record
class _State:
    """What a step changes: the placements, the hints among the moves so far, and (a
    Restart only) the clock's seconds, None where a step leaves the clock alone."""

    placed: tuple[Placement, ...]
    hints: int
    clock: float | None = None


class _Step(QUndoCommand):
    """The state before and after one move."""

    def __init__(self, model: "PlayModel", before: _State, after: _State, text: str) -> None:
        super().__init__(text)
        self.model, self.before, self.after = model, before, after

    def redo(self) -> None:
        self.model._show(self.after)

    def undo(self) -> None:
        self.model._show(self.before)


class PlayModel(QObject):
    """`changed()` after every move, undo, redo or restart; `moved()` after a move the
    player made (not an undo), which starts the clock; `clock_set(float)` before the
    `changed()` of a Restart, its undo or its redo: the clock's seconds to show (0: reset).
    `hints`: the hints among the moves made (an undone hint no longer counts)."""

    changed = Signal()
    moved = Signal()
    clock_set = Signal(float)

    def __init__(self, puzzle: Puzzle, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.puzzle = puzzle
        self.placed: tuple[Placement, ...] = ()
        self.hints = 0
        self.stack = QUndoStack(self)

    def reset(self, puzzle: Puzzle) -> None:
        """A new game of `puzzle`: nothing placed, no history."""
        self.puzzle = puzzle
        self.stack.clear()
        self._show(_State((), 0))

    def left(self, piece: int) -> int:
        """Copies of `piece` still in the tray."""
        return self.puzzle.pieces[piece].count - self.used()[piece]

    def used(self) -> Counter:
        return Counter(piece for piece, _ in self.placed)

    def owner(self, cell) -> int | None:
        """The index in `placed` of the placement covering `cell`, or None."""
        for index, (_, cells) in enumerate(self.placed):
            if cell in cells:
                return index
        return None

    def fits(self, placement: Placement, ignoring: int | None = None) -> bool:
        """Whether `placement` overlaps no piece placed (but the one at `ignoring`) nor a pin."""
        taken = {cell for index, (_, cells) in enumerate(self.placed) if index != ignoring
                 for cell in cells}
        taken.update(cell for pin in self.puzzle.pins for cell in pin.cells)
        return not taken & set(placement[1])

    # --- moves --------------------------------------------------------------------------
    def place(self, placement: Placement, text: str = "Place", hint: bool = False) -> None:
        name = self.puzzle.pieces[placement[0]].name
        self._push(self.placed + (placement,), f"{text} {name}", self.hints + hint)

    def move(self, index: int, placement: Placement, text: str = "Move") -> None:
        after = self.placed[:index] + (placement,) + self.placed[index + 1:]
        self._push(after, f"{text} {self.puzzle.pieces[placement[0]].name}")

    def take_back(self, index: int) -> None:
        name = self.puzzle.pieces[self.placed[index][0]].name
        self._push(self.placed[:index] + self.placed[index + 1:], f"Take back {name}")

    def restart(self, clock: float) -> None:
        """Take every piece back; the clock (at `clock` seconds now) starts over, and an
        undo of the Restart gives it back its time."""
        if self.placed:
            self.stack.push(_Step(self, _State(self.placed, self.hints, clock),
                                  _State((), 0, 0.0), "Restart"))

    def _push(self, after: tuple, text: str, hints: int | None = None) -> None:
        if after != self.placed:
            hints = self.hints if hints is None else hints
            self.stack.push(_Step(self, _State(self.placed, self.hints), _State(after, hints),
                                  text))
            self.moved.emit()

    def _show(self, state: _State) -> None:
        self.placed, self.hints = state.placed, state.hints
        if state.clock is not None:
            self.clock_set.emit(state.clock)
        self.changed.emit()
