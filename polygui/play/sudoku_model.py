"""The player's Sudoku: the digits entered, the player's own pencil marks and the candidates
struck out of the automatic ones, changed only through undoable steps (a QUndoStack of its
own, which the window's Undo drives while Play mode shows, as for placement puzzles).

The automatic candidates of a cell are the digits none of its peers holds, less those struck
(by the player, or by a hint's eliminations): they are what a hint reasons on.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from solvers.records import record
from solvers.logic import Board, Step
from solvers.logic.steps import cell_name
from solvers.puzzle.model import SudokuGrid

Candidate = tuple[int, int]  # (cell, digit)


@record
class SudokuState:
    """values: every cell's digit, givens included (0 empty); marks: the player's own pencil
    marks per cell (bit d-1 for digit d); struck: candidates taken out of the automatic ones."""
    values: tuple[int, ...]
    marks: tuple[int, ...]
    struck: frozenset[Candidate] = frozenset()

    @classmethod
    def start(cls, grid: SudokuGrid) -> SudokuState:
        return cls(tuple(grid.givens), (0,) * len(grid.givens))


def auto_candidates(grid: SudokuGrid, state: SudokuState) -> list[int]:
    """The automatic candidates of each cell (0 for a filled one): the digits its peers do not
    hold, less the struck ones."""
    candidates = Board.from_grid(grid, state.values).candidates
    for cell, digit in state.struck:
        candidates[cell] &= ~(1 << (digit - 1))
    return candidates


def hint_board(grid: SudokuGrid, state: SudokuState, solution: tuple[int, ...]) -> Board:
    """The board a hint reasons on: the digits entered and the automatic candidates, with any
    struck candidate the solution needs put back (a mistaken strike must not mislead it)."""
    struck = frozenset((cell, digit) for cell, digit in state.struck if solution[cell] != digit)
    candidates = auto_candidates(grid, replace(state, struck=struck))
    board = Board.from_grid(grid, state.values)
    return Board.with_candidates(board.layout, list(state.values), candidates)


class _Move(QUndoCommand):
    def __init__(self, model: SudokuPlayModel, before: SudokuState, after: SudokuState,
                 text: str) -> None:
        super().__init__(text)
        self.model, self.before, self.after = model, before, after

    def redo(self) -> None:
        self.model._show(self.after)

    def undo(self) -> None:
        self.model._show(self.before)


class SudokuPlayModel(QObject):
    """`changed()` after every move, undo, redo or restart; `moved()` after the player's own
    move (not an undo), which starts the clock."""

    changed = Signal()
    moved = Signal()

    def __init__(self, grid: SudokuGrid, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.grid = grid
        self.state = SudokuState.start(grid)
        self.stack = QUndoStack(self)

    def reset(self, grid: SudokuGrid) -> None:
        """A new game of `grid`: only the givens, no history."""
        self.grid = grid
        self.stack.clear()
        self._show(SudokuState.start(grid))

    def is_given(self, cell: int) -> bool:
        return bool(self.grid.givens[cell])

    # --- moves --------------------------------------------------------------------------
    def enter(self, cell: int, digit: int) -> None:
        """Put `digit` in `cell` (0 clears it); the digit leaves the marks of its peers, as
        the popular apps do."""
        if self.is_given(cell) or self.state.values[cell] == digit:
            return
        values = list(self.state.values)
        values[cell] = digit
        marks = list(self.state.marks)
        if digit:
            bit = 1 << (digit - 1)
            board = Board.from_grid(self.grid)
            for peer in range(len(marks)):
                if board.layout.peers[cell] >> peer & 1:
                    marks[peer] &= ~bit
        text = f"Enter {digit} in {cell_name(self.grid.n, cell)}" if digit else \
            f"Clear {cell_name(self.grid.n, cell)}"
        self._push(replace(self.state, values=tuple(values), marks=tuple(marks)), text)

    def toggle_mark(self, cell: int, digit: int, automatic: bool) -> None:
        """Pencil: add or remove `digit` as a mark of the empty `cell`: the player's own marks,
        or (automatic candidates shown) strike it from the automatic ones or bring it back."""
        if self.state.values[cell]:
            return
        where = cell_name(self.grid.n, cell)
        if automatic:
            struck = self.state.struck ^ {(cell, digit)}
            self._push(replace(self.state, struck=struck), f"Pencil {digit} in {where}")
            return
        marks = list(self.state.marks)
        marks[cell] ^= 1 << (digit - 1)
        self._push(replace(self.state, marks=tuple(marks)), f"Pencil {digit} in {where}")

    def apply_step(self, step: Step) -> None:
        """A hint's step, as one move: its placements entered, its eliminations struck (and
        taken out of the player's own marks)."""
        values, marks = list(self.state.values), list(self.state.marks)
        for cell, digit in step.placements:
            values[cell] = digit
        for cell, digit in step.eliminations:
            marks[cell] &= ~(1 << (digit - 1))
        after = SudokuState(tuple(values), tuple(marks), self.state.struck | set(step.eliminations))
        self._push(after, f"Hint: {step.technique}")

    def restart(self) -> None:
        self._push(SudokuState.start(self.grid), "Restart")

    def _push(self, after: SudokuState, text: str) -> None:
        if after != self.state:
            self.stack.push(_Move(self, self.state, after, text))
            self.moved.emit()

    def _show(self, state: SudokuState) -> None:
        self.state = state
        self.changed.emit()
