"""The main window: the open puzzle (a PuzzleDocument), shown in two modes: Design (the
editor for its kind) and Solve (the view, the Solve panel and the solution browser).

A run solves the snapshot it started with; editing during or after it leaves its solutions
as they are but marks them stale, and Solve mode keeps showing them on the puzzle they solve.
File handling (New, Open, Save, the unsaved-changes prompt, autosave) is in files.actions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import shiboken6
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (QDockWidget, QMainWindow, QMessageBox, QSizePolicy,
                               QStackedWidget, QVBoxLayout, QWidget)

from solvers import Progress, Puzzle

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
from .solving.solve_page import SolvePage
from .solving.store import SolutionStore, max_kept_setting
from .solving.warmup import KernelWarmup, warm_up
from .solving.wording import count_changed, empty_browser, end_of_run, not_kept, stale_banner
from .views.messages import MessageLabel, StatusBar
from .window_layout import restore_layout, save_layout

APP_NAME = "PolyGUI"
DOCK_WIDTH = 340
# A run's counters, plot and "n of N" are redrawn at most this often (8 a second looks live;
# the plot costs a few milliseconds a redraw, so redrawing per signal would cost fluidity).
DISPLAY_INTERVAL_MS = 125
START_DELAY_MS = 50  # the panel redraws for a new run before the solver starts (see run.py)
RETIRE_WAIT_MS = 300  # a stopped run's thread ends in this time, unless a kernel compiles


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, autosave_dir: Path | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.document = PuzzleDocument(blank_puzzle("hex"), parent=self)
        self._resetting = False
        self._run_open = False  # see is_solving
        self._ran = False  # whether the panel shows the figures of a run of this puzzle
        self.run: SolveRun | None = None
        self._retired: list[SolveRun] = []  # stopped runs whose thread has not ended yet
        self._counted = 0  # solutions the current run has counted (kept or not)
        self.warmup: KernelWarmup | None = None  # started by the app once the window shows
        self.editor: QWidget | None = None
        self._latest: Progress | None = None  # progress not yet shown
        self._display_timer = QTimer(self)
        self._display_timer.setInterval(DISPLAY_INTERVAL_MS)
        self._display_timer.timeout.connect(self._refresh_run_display)
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
        self.panel.pause_toggled.connect(self._set_paused)
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
        self._show_in_view(puzzle)
        self.panel.reset()
        self._ran = False
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
            self._show_in_view(puzzle)
        self._show_stale()
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
        self._refresh_intro()  # Solve would refuse it: the hint says why instead

    def _show_stale(self) -> None:
        """The banner over solutions of an earlier version of the puzzle, saying what to do."""
        solving, puzzle = self.is_solving(), self.document.puzzle
        self.solve_page.show_stale(stale_banner(solving, puzzle.problems())
                                   if self.solutions_are_stale() else None)
        self._refresh_intro()

    def _refresh_intro(self) -> None:
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

    def _show_in_view(self, puzzle: Puzzle) -> None:
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
        self._start(resume=None)

    def resume_from(self, path: Path, symmetry: str) -> None:
        """Continue the run kept in `path` (a run of the open puzzle, counting `symmetry`)."""
        self.panel.set_symmetry_mode(symmetry)
        self._start(resume=path)

    def _start(self, resume: Path | None) -> None:
        if self.is_solving():
            return
        if self.is_designing() or self.play.is_playing():
            self.set_mode("solve")
        if self.families.start():  # the open puzzle is a family: its members are solved
            return
        puzzle = self.document.puzzle
        problems = puzzle.problems()
        if not problems and self.analysis.known_reason(puzzle):  # a certificate, found before
            problems = [self.analysis.known_reason(puzzle)]
        if problems:
            message = f"Cannot solve: {'; '.join(problems)}."
            self.panel.reset()  # the figures of an earlier run are not this puzzle's
            self.panel.show_message(message)
            self.statusBar().showMessage(message, 10_000)
            return
        self.analysis.solve_starting()  # the search itself needs the processor
        self.browsing.reset(puzzle, self.max_kept())
        self.store.searched = True
        self._counted = 0
        self._show_in_view(puzzle)
        self.stale.hide()
        self.panel.reset()
        self._ran = True
        self.solved_symmetry = self.panel.symmetry_mode()
        quick = self.analysis.estimating.known_quick(puzzle, self.solved_symmetry)
        options = self.keeping.options_for(puzzle, self.solved_symmetry, self.panel.search_on,
                                           resume, quick)
        self.run = SolveRun(puzzle, self.solved_symmetry, self.panel.limit.value(), self,
                            keep=self.store.max_kept, options=options)
        self._run_open = True
        self._refresh_intro()
        worker = self.run.worker
        worker.progress_changed.connect(self._on_progress)
        worker.placements_ready.connect(self._on_placements)
        worker.solutions_found.connect(self._on_solutions)
        self.browsing.follow(worker)  # the verdicts of assemblies taken apart
        worker.unsolvable.connect(self._on_unsolvable)
        worker.failed.connect(self._on_failed)
        self.not_started.watch(worker)
        worker.finished.connect(self._on_finished)
        self.panel.set_running(True)
        self.run_indicator.start()
        self._latest = None
        self._display_timer.start()
        self.run.start_soon(0 if quick else START_DELAY_MS)  # quick: over before it matters

    def max_kept(self) -> int:
        return max_kept_setting(self.settings)

    def start_warmup(self) -> KernelWarmup:
        """Get the solver's kernels ready in the background (see solving.warmup)."""
        self.warmup = warm_up(self.panel, self.document.puzzle.kind)
        return self.warmup

    def is_solving(self) -> bool:
        """From Solve until the window has taken the run's last signal (its thread may end a
        little before that)."""
        return self.run is not None and self._run_open

    def stop_solve(self, wait: bool = False) -> None:
        self.families.stop(wait)
        if self.run is None:
            return
        if wait:
            run, self.run = self.run, None  # signals still queued from that run are ignored
            self._retire(run)
            self._run_open = False
            self._display_timer.stop()
            self.panel.set_running(False)
            self.run_indicator.set_active(False)
        else:
            self.run.worker.stop()

    def _retire(self, run: SolveRun) -> None:
        """Stop `run` and let its thread end by itself. It does at once (within a search
        slice or a preparation step), except while numba compiles a kernel for the first
        time, which nothing interrupts: the window does not wait for that."""
        if not run.shutdown(RETIRE_WAIT_MS):
            self._retired.append(run)
            run.thread.finished.connect(self._forget_retired)

    def _forget_retired(self) -> None:
        self._retired = [run for run in self._retired if run.is_running()]

    def _set_paused(self, paused: bool) -> None:
        if self.run is not None:
            (self.run.worker.pause if paused else self.run.worker.resume)()

    def _on_progress(self, progress: Progress) -> None:
        if not self._from_current_run():
            return
        self._latest = progress
        if progress.solutions > self.store.max_kept >= self._counted:
            self.statusBar().showMessage(not_kept(self.store.max_kept), 10_000)
        self._counted = progress.solutions
        if progress.phase != "searching":  # preparing and done show at once
            self._refresh_run_display()

    def _refresh_run_display(self) -> None:
        if self._latest is not None:
            self.panel.show_progress(self._latest)
            self.run_indicator.show_progress(self._latest)
            self._latest = None
        self.browsing.refresh()

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
        self._run_open = False
        self.run.shutdown()  # joins a thread that has ended, or is about to
        self._display_timer.stop()
        self._refresh_run_display()
        self.panel.set_running(False)
        self.run_indicator.set_active(False)
        self._show_stale()
        self._refresh_intro()
        count = max(self.store.solution_count(), self._counted)
        message = end_of_run(status, count, self.store.solution_count(), self.store.max_kept,
                             self.panel.assemblies.count)
        if message is not None:
            self.panel.show_end(count)
            self.panel.show_message(message)
        if count == 0 and empty_browser(status):
            self.browser.set_empty_text(empty_browser(status))
        self.keeping.run_ended(status, count)
        self.analysis.search_ended(self.store.puzzle, status, count)  # solutions, not assemblies

    def _on_count_changed(self) -> None:
        """The figures shown belong to the Count they were found with: a different choice
        clears them until Solve counts again."""
        self._estimate_later()
        if not self._ran or self.is_solving():
            return
        self.panel.reset()
        self.panel.show_message(count_changed(self.store.solution_count(), self.solved_symmetry,
                                              self.panel.symmetry_mode()))

    def _from_current_run(self) -> bool:
        return self.run is not None and self.sender() is self.run.worker

    # --- layout and closing -------------------------------------------------------------
    def _restore_layout(self) -> None:
        """The last session's layout. The window starts in Solve mode, so the Solve panel
        shows even when the last session ended in Design mode (which hides it)."""
        restore_layout(self, self.settings)
        self.dock.setVisible(not self.is_designing())

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save() or (self.is_solving() and not self.keeping.may_close(
                max(self.store.solution_count(), self._counted))):
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

