"""The main window: a puzzle view, the Solve panel and the solution browser."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QMainWindow, QMessageBox,
                               QStackedWidget, QVBoxLayout, QWidget)

import numpy as np

from solvers import GridKind, Progress, Puzzle, PuzzleError
from solvers.fileformat import load_puzzle

from .browser import SolutionBrowser
from .menus import build_menus
from .run import SolveRun
from .solutions import SolutionStore
from .solve_panel import SolvePanel
from .views.board_view import BoardView
from .views.sudoku_view import SudokuView

APP_NAME = "PolyGUI"
DOCK_WIDTH = 340
# A run's counters, plot and "n of N" are redrawn at most this often (8 a second looks live;
# the plot costs a few milliseconds a redraw, so redrawing per signal would cost fluidity).
DISPLAY_INTERVAL_MS = 125
START_DELAY_MS = 50  # the panel redraws for a new run before the solver starts (see run.py)


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.puzzle: Puzzle | None = None
        self.path: Path | None = None
        self.store: SolutionStore | None = None
        self.run: SolveRun | None = None
        self._latest: Progress | None = None  # progress not yet shown
        self._display_timer = QTimer(self)
        self._display_timer.setInterval(DISPLAY_INTERVAL_MS)
        self._display_timer.timeout.connect(self._refresh_run_display)
        self._views: dict[str, QWidget] = {}
        self.stack = QStackedWidget()
        self.browser = SolutionBrowser()
        self.browser.current_changed.connect(self._show_solution)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.browser)
        self.setCentralWidget(central)
        self.panel = SolvePanel()
        self.panel.solve_requested.connect(self.start_solve)
        self.panel.stop_requested.connect(self.stop_solve)
        self.panel.pause_toggled.connect(self._set_paused)
        dock = QDockWidget("Solve", self)
        dock.setObjectName("solve-dock")
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        dock.setWidget(self.panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.menus = build_menus(self)
        self._add_navigation_shortcuts()
        self.resize(1100, 720)
        self.resizeDocks([dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
        self._restore_layout()
        self.statusBar()

    # --- puzzles ------------------------------------------------------------------------
    def open_puzzle(self, path: str | Path) -> bool:
        """Load a puzzle file; on failure, say why and keep the current puzzle."""
        path = Path(path)
        try:
            puzzle = load_puzzle(path)
        except PuzzleError as error:
            QMessageBox.warning(self, "Cannot open puzzle", str(error))  # names the file
            return False
        self.set_puzzle(puzzle, path)
        self.menus.add_recent(path)
        return True

    def open_dialog(self) -> None:
        start = str(self.path.parent) if self.path else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self, "Open puzzle", start, "Puzzles (*.json *.txt);;All files (*)")
        if path:
            self.open_puzzle(path)

    def set_puzzle(self, puzzle: Puzzle, path: Path | None = None) -> None:
        self.stop_solve(wait=True)
        self.puzzle, self.path = puzzle, path
        self.store = SolutionStore(puzzle)
        view = self._view_for(puzzle)
        view.set_puzzle(puzzle)
        view.set_solution(None)
        self.stack.setCurrentWidget(view)
        self.browser.set_count(0)
        self.panel.reset()
        self.panel.set_sudoku(puzzle.is_sudoku)
        self.setWindowTitle(f"{puzzle.name} — {APP_NAME}")
        self.statusBar().showMessage(describe(puzzle))

    def current_view(self) -> QWidget:
        return self.stack.currentWidget()

    def _view_for(self, puzzle: Puzzle) -> QWidget:
        key = {GridKind.HEX: "board", GridKind.SQUARE: "board", GridKind.SUDOKU: "sudoku",
               GridKind.CUBE: "cube"}[puzzle.kind]
        if key not in self._views:
            if key == "cube":
                from .views.cube_view import CubeView  # OpenGL only when a cube puzzle opens
                view = CubeView()
            else:
                view = BoardView() if key == "board" else SudokuView()
            self._views[key] = view
            self.stack.addWidget(view)
        return self._views[key]

    # --- solving ------------------------------------------------------------------------
    def start_solve(self) -> None:
        if self.puzzle is None or self.is_solving():
            return
        self.store.clear()
        self.browser.set_count(0)
        self.current_view().set_solution(None)
        self.panel.reset()
        self.run = SolveRun(self.puzzle, self.panel.symmetry_mode(), self.panel.limit.value(), self)
        worker = self.run.worker
        worker.progress_changed.connect(self._on_progress)
        worker.placements_ready.connect(self._on_placements)
        worker.solutions_found.connect(self._on_solutions)
        worker.unsolvable.connect(self._on_unsolvable)
        worker.failed.connect(self._on_failed)
        worker.finished.connect(self._on_finished)
        self.panel.set_running(True)
        self._latest = None
        self._display_timer.start()
        self.run.start_soon(START_DELAY_MS)

    def is_solving(self) -> bool:
        return self.run is not None and self.run.is_running()

    def stop_solve(self, wait: bool = False) -> None:
        if self.run is None:
            return
        if wait:
            self.run.shutdown()
            self.run = None  # signals still queued from that run are ignored
            self._display_timer.stop()
            self.panel.set_running(False)
        else:
            self.run.worker.stop()

    def _set_paused(self, paused: bool) -> None:
        if self.run is not None:
            (self.run.worker.pause if paused else self.run.worker.resume)()

    def _on_progress(self, progress: Progress) -> None:
        if not self._from_current_run():
            return
        self._latest = progress
        if progress.phase != "searching":  # preparing and done show at once
            self._refresh_run_display()

    def _refresh_run_display(self) -> None:
        if self._latest is not None:
            self.panel.show_progress(self._latest)
            self._latest = None
        if self.store is not None and self.browser.count != len(self.store):
            self.browser.set_count(len(self.store))

    def _on_placements(self, placements) -> None:
        if self._from_current_run():
            self.store.set_placements(placements)

    def _on_solutions(self, batch: np.ndarray) -> None:
        if not self._from_current_run():
            return
        self.store.extend(batch)  # shown by the next display refresh

    def _on_unsolvable(self, reason: str) -> None:
        if self._from_current_run():
            self.panel.show_message(f"No solution: {reason}.")

    def _on_failed(self, message: str) -> None:
        if not self._from_current_run():
            return
        self.panel.show_message(f"Cannot solve: {message}")
        QMessageBox.warning(self, "Cannot solve", message)

    def _on_finished(self, status: str) -> None:
        if not self._from_current_run():
            return
        self._display_timer.stop()
        self._refresh_run_display()
        self.panel.set_running(False)
        count = len(self.store)
        if status == "done" and count == 0:
            self.panel.show_message("No solution: the whole search found none.")
        elif status == "done":
            self.panel.show_message(f"Finished: {count:,} solution{'s' * (count != 1)}.")
        elif status == "limit":
            self.panel.show_message(f"Stopped after {count:,} solutions, as asked.")
        elif status == "stopped":
            self.panel.show_message(f"Stopped: {count:,} solutions found so far.")

    def _from_current_run(self) -> bool:
        return self.run is not None and self.sender() is self.run.worker

    def _show_solution(self, index: int) -> None:
        if self.store is not None and 0 <= index < len(self.store):
            self.current_view().set_solution(self.store.solution(index))

    # --- keys and closing ---------------------------------------------------------------
    def _add_navigation_shortcuts(self) -> None:
        for key, slot in ((Qt.Key.Key_Right, self.browser.next),
                          (Qt.Key.Key_Left, self.browser.previous),
                          (Qt.Key.Key_Home, self.browser.first),
                          (Qt.Key.Key_End, self.browser.last)):
            action = QAction(self)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(slot)
            self.addAction(action)

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_solve(wait=True)
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        super().closeEvent(event)


def describe(puzzle: Puzzle) -> str:
    """A status-bar line: what the puzzle is, and why it has no solution when that is known."""
    if puzzle.is_sudoku:
        n = puzzle.sudoku.n
        givens = sum(1 for value in puzzle.sudoku.givens if value)
        text = f"{puzzle.name}: {n}×{n} Sudoku, {givens} givens"
    else:
        copies = sum(piece.count for piece in puzzle.pieces)
        text = (f"{puzzle.name}: {len(puzzle.board)} cells, {copies} pieces covering "
                f"{puzzle.piece_cell_total} cells")
    problems = puzzle.problems()
    return f"{text}. No solution: {'; '.join(problems)}" if problems else text
