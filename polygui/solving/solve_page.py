"""Solve mode's page: the puzzle's name and next step over its view (the hex or square board,
the Sudoku, or the 3D view of a cube puzzle), a flat puzzle's pieces under it, the banner over
stale solutions, the filter bar and the solution browser (for a puzzle whose assemblies must
come apart, with the choice of what to browse, and the solution shown taken apart for the
3D view's player)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QStackedWidget, QVBoxLayout, QWidget

from solvers import GridKind, Puzzle

from ..views.board_view import BoardView
from ..views.piece_tray import PieceTray
from ..views.puzzle_intro import PuzzleIntro, hint_for
from ..views.sudoku_view import SudokuView
from .assembly_choice import AssemblyChoice
from .browser import SolutionBrowser
from .browsing import Browsing
from .filter_bar import FilterBar
from .taking_apart import TakingApart

TRAY_HEIGHT = 110  # the pieces under a flat board, to begin with (the splitter moves it)


def view_key(kind: GridKind) -> str:
    """The view a grid's puzzles show in: a plane grid's board ("board"), the 3D view of a
    grid in space ("cube": cubes, balls), or the Sudoku view ("sudoku")."""
    if not kind.has_grid:
        return "sudoku"
    return "board" if kind.grid.flat else "cube"


class SolvePage(QWidget):
    """One view per kind of grid, made when first needed; `browsing` puts the solution the
    browser (or the filter) points at on the view shown."""

    def __init__(self, puzzle: Puzzle, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._views: dict[str, QWidget] = {}
        self.stack = QStackedWidget()
        self.intro = PuzzleIntro()  # name, description and what to do next
        self.tray = PieceTray()  # a flat puzzle's pieces, under the board
        self.browser = SolutionBrowser()
        self.filter = FilterBar()
        self.assemblies = AssemblyChoice()
        self.taking_apart = TakingApart(self)
        self.browsing = Browsing(self.browser, self.filter, puzzle, self._show_solution, self,
                                 self.assemblies)
        self.stale = QLabel()
        self.stale.setWordWrap(True)
        self.stale.setStyleSheet("background: #fff3cd; color: #5c4400; padding: 6px;")
        self.stale.hide()
        self._lay_out()
        self.filter.changed.connect(self._mark_filter_cells)

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.intro)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(self.stack)
        split.addWidget(self.tray)
        split.setStretchFactor(0, 1)
        split.setSizes([520, TRAY_HEIGHT])
        layout.addWidget(split, 1)
        layout.addWidget(self.stale)
        layout.addWidget(self.filter)
        layout.addWidget(self.assemblies)
        layout.addWidget(self.browser)

    def _mark_filter_cells(self) -> None:
        """The cells the filter's conditions were made on, marked while it is on."""
        cells = [condition.cell for condition in self.filter.conditions()]
        for view in self._views.values():
            view.set_filter_cells(cells)

    def current_view(self) -> QWidget:
        return self.stack.currentWidget()

    def _show_solution(self, solution) -> None:
        view = self.current_view()
        view.set_solution(solution)
        if hasattr(view, "player"):  # the 3D view plays how it comes apart
            self.taking_apart.show(view.player, self.browsing.store.puzzle, solution)

    def show_puzzle(self, puzzle: Puzzle) -> None:
        """The puzzle with no solution on it. A view already showing this puzzle keeps how the
        user set it up (the 3D camera, hidden pieces): pressing Solve again changes neither."""
        view = self._view_for(puzzle)
        if view.puzzle != puzzle:
            view.set_puzzle(puzzle)
        view.set_solution(None)
        self.taking_apart.stop()
        self.stack.setCurrentWidget(view)

    def _view_for(self, puzzle: Puzzle) -> QWidget:
        key = view_key(puzzle.kind)
        if key not in self._views:
            if key == "cube":
                from ..views.cube_view import CubeView  # OpenGL only when a cube puzzle opens
                view = CubeView()
            else:
                view = BoardView() if key == "board" else SudokuView()
            self._views[key] = view
            view.cell_menu_requested.connect(lambda cell, where, view=view: (
                self.browsing.offer_filter(cell, where, view.solution, self)))
            self.stack.addWidget(view)
        return self._views[key]

    def show_intro(self, puzzle: Puzzle, solving: bool, found: int | None,
                   reason: str | None = None, not_started: str | None = None) -> None:
        """The puzzle's name, description and pieces, and the hint for what to do next
        (`found`: the solutions of a search that has ended, None before one; `reason`: a
        proof that it has none, found without searching; `not_started`: why the last search
        could not start)."""
        self.intro.set_puzzle(puzzle)
        self.intro.show_hint(hint_for(puzzle, solving, found, reason, not_started))
        flat = view_key(puzzle.kind) == "board"
        self.tray.setVisible(flat)
        if flat:
            self.tray.show_pieces(puzzle, None)

    def show_stale(self, text: str | None) -> None:
        """The banner over solutions of an earlier version of the puzzle (None: hidden)."""
        if text is not None:
            self.stale.setText(text)
        self.stale.setVisible(text is not None)
