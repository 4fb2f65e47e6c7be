"""The main window: the open puzzle (a PuzzleDocument), shown in two modes: Design (the
editor for its kind) and Solve (the view, the Solve panel and the solution browser).

A run solves the snapshot it started with; editing during or after it leaves its solutions
as they are but marks them stale, and Solve mode keeps showing them on the puzzle they solve.
The runs themselves (starting, their signals, stopping) are in solving.runs;
file handling (New, Open, Save, the unsaved-changes prompt, autosave) is in files.actions."""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (QDockWidget, QMainWindow, QSizePolicy,
                               QStackedWidget, QVBoxLayout, QWidget)

from solvers import Puzzle

from .analysis.actions import AnalysisActions
from .editors import create_editor
from .export.actions import ExportActions
from .family.solving import FamilySolving
from .files.actions import FileActions
from .files.new_puzzle_dialog import blank_puzzle
from .menus import build_menus
from .models import PuzzleDocument
from .models.status import describe, document_title
from .play.mode import PlayMode
from .solving.analysis import PuzzleAnalysis
from .solving.difficulty import SudokuDifficulty
from .solving.indicator import RunIndicator
from .solving.keeping import RunKeeping
from .solving.kept_runs import KeptRuns
from .solving.not_started import NotStarted
from .solving.panel import SolvePanel
from .solving.run import SolveRun, running_solves
from .solving.runs import WindowRuns
from .solving.solve_page import SolvePage
from .solving.store import SolutionStore, max_kept_setting
from .solving.warmup import KernelWarmup, warm_up
from .solving.wording import count_changed, stale_banner
from .views.messages import MessageLabel, StatusBar
from .window_layout import restore_layout, save_layout

APP_NAME = "PolyGUI"
DOCK_WIDTH = 340


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, autosave_dir: Path | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.document = PuzzleDocument(blank_puzzle("hex"), parent=self)
        self._resetting = False
        self.runs = WindowRuns(self)  # Solve's run of this puzzle (solving/runs.py)
        self.warmup: KernelWarmup | None = None  # started by the app once the window shows
        self.editor: QWidget | None = None
        self.solve_page = page = SolvePage(self.document.puzzle)
        self.browser, self.filter, self.browsing = page.browser, page.filter, page.browsing
        self.intro, self.tray, self.stale = page.intro, page.tray, page.stale
        self.browser.notice.connect(lambda text: self.statusBar().showMessage(text, 8_000))
        self.design_page = QWidget()
        QVBoxLayout(self.design_page).setContentsMargins(0, 0, 0, 0)
        self.pages = QStackedWidget()
        self.pages.addWidget(page)
        self.pages.addWidget(self.design_page)
        self.setCentralWidget(self.pages)
        self.panel = SolvePanel(settings=self.settings)
        self.panel.solve_requested.connect(self.start_solve)
        self.panel.stop_requested.connect(self.stop_solve)
        self.panel.symmetry.currentIndexChanged.connect(self._on_count_changed)
        self.analysis = PuzzleAnalysis(self.panel, page, self.settings, self)
        self.analysis.reason_found.connect(self._show_reason)
        self.estimating = self.analysis.estimating
        self.not_started = NotStarted(self.panel, self)  # a cluster out of reach, ...
        self.dock = QDockWidget("Solve", self)
        self.dock.setObjectName("solve-dock")
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.dock.setWidget(self.panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.setStatusBar(StatusBar())  # long messages end with "…", whole in the tooltip
        # a normal widget, so that temporary messages ("Exported …", status tips) show over it
        self.status_line = MessageLabel()  # never widens the window, however long
        self.statusBar().addWidget(self.status_line, 1)
        self.run_indicator = RunIndicator()
        self.run_indicator.show_requested.connect(lambda: self.set_mode("solve"))
        self.statusBar().addPermanentWidget(self.run_indicator)
        self.difficulty = SudokuDifficulty(self)  # a Sudoku's rating: Solve panel, status line
        self.files = FileActions(self, autosave_dir)
        runs_dir = autosave_dir.parent / "runs" if autosave_dir is not None else None
        self.keeping = RunKeeping(self, self.panel.kept_bar, KeptRuns(runs_dir))
        self.exports = ExportActions(self)
        self.design_tools = AnalysisActions(self)  # Where Pieces Go, the Uniqueness Designer
        self.solved_symmetry = "distinct"  # the symmetry mode of the solutions shown
        self.menus = build_menus(self)
        self.play = PlayMode(self)  # Play mode (Ctrl+3): solving by hand
        self.families = FamilySolving(self)  # a family: every member solved, the Family dock
        self.panel.pause_toggled.connect(self.runs.set_paused)
        self.panel.pause_toggled.connect(self.families.set_paused)  # whichever runs
        self._navigation = self.menus.navigation_actions
        self.document.changed.connect(self._on_document_changed)
        self.document.modified_changed.connect(self.setWindowModified)
        self.document.path_changed.connect(lambda _path: self._update_title())
        self.resize(1100, 720)
        self.resizeDocks([self.dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
        self._restore_layout()
        self.set_puzzle(self.document.puzzle)

    # --- the document -------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.document.puzzle

    @property
    def store(self) -> SolutionStore:
        """The solutions found by the last run (or none yet)."""
        return self.browsing.store

    @property
    def path(self) -> Path | None:
        return self.document.path

    def open_puzzle(self, path: str | Path) -> bool:
        """Open a puzzle file (asking first about unsaved changes); on failure, say why and
        keep the current puzzle."""
        return self.files.open(path)

    def set_puzzle(self, puzzle: Puzzle, path: Path | None = None, *,
                   modified: bool = False) -> None:
        """Start over with `puzzle`: no history, no solutions, a fresh editor."""
        self.stop_solve(wait=True)
        self._remove_editor()  # before the reset: it edits puzzles of the old kind
        self._resetting = True
        try:
            self.document.reset(puzzle, path, modified=modified)
        finally:
            self._resetting = False
        self.browsing.reset(puzzle)
        self.show_in_view(puzzle)
        self.panel.reset()
        self.runs.ran = False
        self.panel.reset_options()  # a new puzzle counts as the default does
        if self.is_designing():
            self._ensure_editor()
        self._on_document_changed(puzzle, opened=True)

    def _on_document_changed(self, puzzle: Puzzle, opened: bool = False) -> None:
        if self._resetting:
            return
        self.panel.set_puzzle(puzzle)
        self.keeping.show_puzzle(puzzle)  # a kept run belongs to the puzzle as it was
        self.status_line.setText(describe(puzzle))
        self.status_line.setToolTip(self.status_line.text())  # whole, where the line is cut off
        self._update_title()
        if not len(self.store) and not self.is_solving():
            self.browsing.reset(puzzle)  # nothing solved yet: show the puzzle as it is
            self.show_in_view(puzzle)
        self.show_stale()
        self._estimate_later(at_once=opened)

    def _estimate_later(self, at_once: bool = False) -> None:
        """Estimate the puzzle and Count shown a moment from now (`at_once`: a puzzle just
        opened, nothing being typed), in Solve mode when idle."""
        in_solve = not self.is_designing() and not self.play.is_playing()
        self.analysis.puzzle_changed(self.document.puzzle, self.panel.symmetry_mode(),
                                     may_start=in_solve and not self.is_solving(),
                                     at_once=at_once)

    def _show_reason(self, reason: str) -> None:
        """A certificate that the puzzle has no solution, in the status line."""
        self.status_line.setText(f"{describe(self.document.puzzle)} — no solution: {reason}")
        self.status_line.setToolTip(self.status_line.text())
        self.refresh_intro()  # Solve would refuse it: the hint says why instead

    def show_stale(self) -> None:
        """The banner over solutions of an earlier version of the puzzle, saying what to do."""
        solving, puzzle = self.is_solving(), self.document.puzzle
        self.solve_page.show_stale(stale_banner(solving, puzzle.problems())
                                   if self.solutions_are_stale() else None)
        self.refresh_intro()

    def refresh_intro(self) -> None:
        solving = self.is_solving()
        found = self.store.solution_count() if self.store.searched and not solving else None
        puzzle = self.document.puzzle
        self.solve_page.show_intro(puzzle, solving, found, self.analysis.known_reason(puzzle),
                                   self.not_started.text if found is not None else None)

    def solutions_are_stale(self) -> bool:
        """Whether the solutions shown belong to an earlier version of the puzzle."""
        return self.store.puzzle != self.document.puzzle and (
            len(self.store) > 0 or self.is_solving())

    def _update_title(self) -> None:
        self.setWindowTitle(f"{document_title(self.document.puzzle.name, self.path)}[*] — "
                            f"{APP_NAME}")
        self.setWindowModified(self.document.is_modified)

    def show_in_view(self, puzzle: Puzzle) -> None:
        self.solve_page.show_puzzle(puzzle)

    def current_view(self) -> QWidget:
        return self.solve_page.current_view()

    # --- modes --------------------------------------------------------------------------
    def _remove_editor(self) -> None:
        """Delete the editor now, so that it never sees the next puzzle (and its own
        connections to the document go with it)."""
        if self.editor is not None:
            editor, self.editor = self.editor, None
            for run in editor.findChildren(SolveRun):  # a Check still looking
                run.shutdown()
            editor.setParent(None)
            shiboken6.delete(editor)

    def _ensure_editor(self) -> QWidget:
        if self.editor is None:
            self.editor = create_editor(self.document.puzzle.kind, self.document)
            self.design_page.layout().addWidget(self.editor)
        return self.editor

    def is_designing(self) -> bool:
        return self.pages.currentWidget() is self.design_page

    def set_mode(self, mode: str) -> None:
        """"design" (the editor), "solve" (the view, Solve panel and browser) or "play"."""
        designing = mode == "design"
        if designing:
            self._ensure_editor()
        elif mode == "play":
            self.play.ensure_page()
        if mode != "solve":
            self.dock.hide()  # first: the editor is laid out in the room the panel leaves
        shown = {"design": self.design_page, "play": self.play.page}.get(mode,
                                                                          self.pages.widget(0))
        for index in range(self.pages.count()):  # a hidden page must not set the minimum size
            page = self.pages.widget(index)
            policy = QSizePolicy.Policy.Preferred if page is shown else QSizePolicy.Policy.Ignored
            page.setSizePolicy(policy, policy)
        self.pages.setCurrentWidget(shown)
        self.dock.setVisible(mode == "solve")
        self.play.shown(mode)
        self.run_indicator.set_active(mode != "solve" and self.is_solving())
        for action in self._navigation:  # arrows and Home/End belong to the editor there
            action.setEnabled(mode == "solve")
        self.menus.show_mode(mode)
        self._estimate_later()

    # --- solving ------------------------------------------------------------------------
    def start_solve(self) -> None:
        """Solve the puzzle as it is now (a snapshot), unless it cannot have a solution for a
        reason found without searching: then say which. The run is kept in a run file as it
        goes (see solving.keeping)."""
        self.runs.start(resume=None)

    def resume_from(self, path: Path, symmetry: str) -> None:
        """Continue the run kept in `path` (a run of the open puzzle, counting `symmetry`)."""
        self.panel.set_symmetry_mode(symmetry)
        self.runs.start(resume=path)

    @property
    def run(self) -> SolveRun | None:
        """The current run (solving/runs.py), or None."""
        return self.runs.run

    def max_kept(self) -> int:
        return max_kept_setting(self.settings)

    def start_warmup(self) -> KernelWarmup:
        """Get the solver's kernels ready in the background (see solving.warmup)."""
        self.warmup = warm_up(self.panel, self.document.puzzle.kind)
        return self.warmup

    def is_solving(self) -> bool:
        """From Solve until the window has taken the run's last signal (its thread may end a
        little before that)."""
        return self.runs.is_solving()

    def stop_solve(self, wait: bool = False) -> None:
        self.families.stop(wait)
        self.runs.stop(wait)

    def _on_count_changed(self) -> None:
        """The figures shown belong to the Count they were found with: a different choice
        clears them until Solve counts again."""
        self._estimate_later()
        if not self.runs.ran or self.is_solving():
            return
        self.panel.reset()
        self.panel.show_message(count_changed(self.store.solution_count(), self.solved_symmetry,
                                              self.panel.symmetry_mode()))

    # --- layout and closing -------------------------------------------------------------
    def _restore_layout(self) -> None:
        """The last session's layout. The window starts in Solve mode, so the Solve panel
        shows even when the last session ended in Design mode (which hides it)."""
        restore_layout(self, self.settings)
        self.dock.setVisible(not self.is_designing())

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save() or (self.is_solving() and not self.keeping.may_close(
                max(self.store.solution_count(), self.runs.counted))):
            event.ignore()
            return
        save_layout(self, self.settings)
        self.hide()  # gone at once for the user, even if a first kernel compile holds on
        self.analysis.shutdown()
        self.difficulty.shutdown()
        self.stop_solve(wait=True)
        self.keeping.closed()
        self.exports.shutdown()
        self.design_tools.close()
        self.play.shutdown()
        for run in running_solves():  # retired runs, an editor's Check or copy still looking
            run.shutdown(None)  # no thread may outlive the window
        self.files.closing()
        super().closeEvent(event)

