"""The browser's filter: conditions offered on a right-click in the Solve view ("only
solutions with piece 3 here"), the bar saying which are active and how many solutions match,
and the timer that looks at the store a slice at a time, so the window stays fluid however
many solutions there are."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QPushButton, QWidget

from solvers import Puzzle, Solution
from solvers.puzzle.grids import Cell
from solvers.puzzle.model import SUDOKU_SYMBOLS

from ..models.status import plural
from .filter import CellHolds, Condition, PieceCovers, PiecePlaced, SolutionFilter, cell_name
from .store import SolutionStore

SCAN_ROWS = 100_000  # solutions looked at per timer tick: a few milliseconds of numpy


class FilterBar(QWidget):
    """Hidden while no filter is on. `changed` when the filter is set, changed or cleared;
    `grown` when looking further found more matches (or finished looking)."""

    changed = Signal()
    grown = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.filter: SolutionFilter | None = None
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.clear_button = QPushButton("Clear filter")
        self.clear_button.setToolTip("Show every solution again")
        self.clear_button.clicked.connect(self.clear)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.clear_button)
        self.setStyleSheet("background: #e3ecfa; color: #1b3a66;")
        self._timer = QTimer(self, interval=0)
        self._timer.timeout.connect(self._step)
        self.hide()

    # --- state -------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.filter is not None

    def conditions(self) -> tuple[Condition, ...]:
        return self.filter.conditions if self.filter else ()

    def set_conditions(self, store: SolutionStore, conditions: tuple[Condition, ...]) -> None:
        """Filter `store` by all of `conditions` (none: no filter)."""
        self._timer.stop()
        self.filter = SolutionFilter(store, conditions) if conditions else None
        self.setVisible(self.filter is not None)
        self.more_solutions()
        self.changed.emit()

    def add(self, store: SolutionStore, condition: Condition) -> None:
        if condition not in self.conditions():
            self.set_conditions(store, self.conditions() + (condition,))

    def clear(self) -> None:
        if self.filter is not None:
            self.set_conditions(self.filter.store, ())

    def more_solutions(self) -> None:
        """The store has grown (or a filter is new): look at what is not seen yet."""
        if self.filter is not None and not self.filter.caught_up:
            self._timer.start()
        self._show()

    def _step(self) -> None:
        before = len(self.filter)
        if self.filter.scan(SCAN_ROWS):
            self._timer.stop()
        self._show()
        if len(self.filter) != before or self.filter.caught_up:
            self.grown.emit()

    def empty_text(self) -> str | None:
        """What the browser says while no solution matches (None: no filter)."""
        if self.filter is None:
            return None
        return "none match the filter" if self.filter.caught_up else "looking for matches…"

    def _show(self) -> None:
        if self.filter is None:
            return
        puzzle = self.filter.store.puzzle
        total, seen = len(self.filter.store), self.filter.scanned
        looking = "" if self.filter.caught_up else f" (looked at {seen:,} of {total:,} so far)"
        what = " and ".join(condition.describe(puzzle) for condition in self.filter.conditions)
        self.label.setText(f"Only solutions where {what}: "
                           f"{plural(len(self.filter), 'solution')} match{looking}.")

    # --- the right-click menu -------------------------------------------------------------
    def offer(self, store: SolutionStore, solution: Solution | None, cell: Cell | int,
              where: QPoint, parent: QWidget) -> QMenu:
        """The menu of conditions on `cell` of the solution shown; shown at `where`."""
        menu = QMenu(parent)
        puzzle = store.puzzle
        if len(store):
            for text, condition in conditions_at(puzzle, solution, cell):
                action = menu.addAction(text)
                action.triggered.connect(lambda _=False, c=condition: self.add(store, c))
            if not puzzle.is_sudoku:
                others = menu.addMenu("Only solutions where this cell is covered by")
                for index, piece in enumerate(puzzle.pieces):
                    action = others.addAction(f"piece “{piece.name}”")
                    condition = PieceCovers(index, cell)
                    action.triggered.connect(lambda _=False, c=condition: self.add(store, c))
        else:
            menu.addAction("Solve first: filters choose among the solutions").setEnabled(False)
        if self.active:
            menu.addSeparator()
            menu.addAction("Clear filter", self.clear)
        menu.popup(where)
        return menu


def conditions_at(puzzle: Puzzle, solution: Solution | None,
                  cell: Cell | int) -> list[tuple[str, Condition]]:
    """What the cell shows in `solution`, as filters: its piece here (and placed as now), or
    its Sudoku symbol."""
    if solution is None:
        return []
    if puzzle.is_sudoku:
        value = solution.grid[cell] if solution.grid else 0
        if not value:
            return []
        symbol = SUDOKU_SYMBOLS[value - 1]
        return [(f"Only solutions with {symbol} in {cell_name(puzzle, cell)}",
                 CellHolds(cell, value))]
    for row, (piece, cells) in zip(solution.rows, solution.pieces):
        if cell in cells:
            name = puzzle.pieces[piece].name
            return [(f"Only solutions where piece “{name}” covers {cell_name(puzzle, cell)}",
                     PieceCovers(piece, cell)),
                    (f"Only solutions with piece “{name}” placed as it is here",
                     PiecePlaced(row, piece, cell))]
    return []
