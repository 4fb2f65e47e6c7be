"""The main window's runs: Solve starts one on a snapshot of the open puzzle, its worker's
signals are taken here on the GUI thread, its figures redrawn at most 8 times a second, and it
ends, or is stopped (a stopped run's thread ends by itself, see `_retire`).

A run solves the snapshot it started with; editing during or after it leaves its solutions
as they are but marks them stale (the window's business)."""

from __future__ import annotations

from pathlib import Path
import numpy as np
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QMainWindow, QMessageBox

from solvers import Progress

from .run import SolveRun
from .wording import empty_browser, end_of_run, not_kept

# A run's counters, plot and "n of N" are redrawn at most this often (8 a second looks live;
# the plot costs a few milliseconds a redraw, so redrawing per signal would cost fluidity).
DISPLAY_INTERVAL_MS = 125
START_DELAY_MS = 50  # the panel redraws for a new run before the solver starts (see run.py)
RETIRE_WAIT_MS = 300  # a stopped run's thread ends in this time, unless a kernel compiles


class WindowRuns(QObject):
    """The run of the window's puzzle (at most one at a time), and the stopped ones whose
    thread has not ended yet."""

    def __init__(self, window: QMainWindow) -> None:  # the MainWindow: its parts are used
        super().__init__(window)
        self.window = window
        self.run: SolveRun | None = None
        self.retired: list[SolveRun] = []  # stopped runs whose thread has not ended yet
        self.counted = 0  # solutions the current run has counted (kept or not)
        self.ran = False  # whether the panel shows the figures of a run of this puzzle
        self._open = False  # see is_solving
        self._latest: Progress | None = None  # progress not yet shown
        self._display_timer = QTimer(self)
        self._display_timer.setInterval(DISPLAY_INTERVAL_MS)
        self._display_timer.timeout.connect(self.refresh_display)

    def is_solving(self) -> bool:
        """From Solve until the window has taken the run's last signal (its thread may end a
        little before that)."""
        return self.run is not None and self._open

    def start(self, resume: Path | None) -> None:
        """Solve the puzzle as it is now (a snapshot), or go on with the run kept in `resume`,
        unless it cannot have a solution for a reason found without searching: then say
        which."""
        window = self.window
        if self.is_solving():
            return
        if window.is_designing() or window.play.is_playing():
            window.set_mode("solve")
        if window.families.start():  # the open puzzle is a family: its members are solved
            return
        puzzle = window.document.puzzle
        problems = puzzle.problems()
        if not problems and window.analysis.known_reason(puzzle):  # a certificate, found before
            problems = [window.analysis.known_reason(puzzle)]
        if problems:
            message = f"Cannot solve: {'; '.join(problems)}."
            window.panel.reset()  # the figures of an earlier run are not this puzzle's
            window.panel.show_message(message)
            window.statusBar().showMessage(message, 10_000)
            return
        window.analysis.solve_starting()  # the search itself needs the processor
        window.browsing.reset(puzzle, window.max_kept())
        window.store.searched = True
        self.counted = 0
        window.show_in_view(puzzle)
        window.stale.hide()
        window.panel.reset()
        self.ran = True
        window.solved_symmetry = symmetry = window.panel.symmetry_mode()
        quick = window.analysis.estimating.known_quick(puzzle, symmetry)
        options = window.keeping.options_for(puzzle, symmetry, window.panel.search_on, resume,
                                             quick)
        self.run = SolveRun(puzzle, symmetry, window.panel.limit.value(), window,
                            keep=window.store.max_kept, options=options)
        self._open = True
        window.refresh_intro()
        self._connect(self.run.worker)
        window.panel.set_running(True)
        window.run_indicator.start()
        self._latest = None
        self._display_timer.start()
        self.run.start_soon(0 if quick else START_DELAY_MS)  # quick: over before it matters

    def _connect(self, worker) -> None:
        worker.progress_changed.connect(self._on_progress)
        worker.placements_ready.connect(self._on_placements)
        worker.solutions_found.connect(self._on_solutions)
        self.window.browsing.follow(worker)  # the verdicts of assemblies taken apart
        worker.unsolvable.connect(self._on_unsolvable)
        worker.failed.connect(self._on_failed)
        self.window.not_started.watch(worker)
        worker.finished.connect(self._on_finished)

    def stop(self, wait: bool = False) -> None:
        """Stop the run: at once, its late signals ignored (`wait`, as the window closes), or
        by asking its worker, which ends it as a run that was stopped."""
        if self.run is None:
            return
        if wait:
            run, self.run = self.run, None  # signals still queued from that run are ignored
            self._retire(run)
            self._open = False
            self._display_timer.stop()
            self.window.panel.set_running(False)
            self.window.run_indicator.set_active(False)
        else:
            self.run.worker.stop()

    def _retire(self, run: SolveRun) -> None:
        """Stop `run` and let its thread end by itself. It does at once (within a search
        slice or a preparation step), except while numba compiles a kernel for the first
        time, which nothing interrupts: the window does not wait for that."""
        if not run.shutdown(RETIRE_WAIT_MS):
            self.retired.append(run)
            run.thread.finished.connect(self._forget_retired)

    def _forget_retired(self) -> None:
        self.retired = [run for run in self.retired if run.is_running()]

    def set_paused(self, paused: bool) -> None:
        if self.run is not None:
            (self.run.worker.pause if paused else self.run.worker.resume)()

    def refresh_display(self) -> None:
        """Show the latest progress not shown yet, and the solutions found since."""
        if self._latest is not None:
            self.window.panel.show_progress(self._latest)
            self.window.run_indicator.show_progress(self._latest)
            self._latest = None
        self.window.browsing.refresh()

    # --- the worker's signals -------------------------------------------------------------
    def _from_current_run(self) -> bool:
        return self.run is not None and self.sender() is self.run.worker

    def _on_progress(self, progress: Progress) -> None:
        if not self._from_current_run():
            return
        self._latest = progress
        store = self.window.store
        if progress.solutions > store.max_kept >= self.counted:
            self.window.statusBar().showMessage(not_kept(store.max_kept), 10_000)
        self.counted = progress.solutions
        if progress.phase != "searching":  # preparing and done show at once
            self.refresh_display()

    def _on_placements(self, placements) -> None:
        if self._from_current_run():
            self.window.store.set_placements(placements)

    def _on_solutions(self, batch: np.ndarray) -> None:
        if self._from_current_run():
            self.window.store.extend(batch)  # shown by the next display refresh

    def _on_unsolvable(self, reason: str) -> None:
        if self._from_current_run():
            self.window.panel.show_message(f"No solution: {reason}.")

    def _on_failed(self, message: str) -> None:
        if not self._from_current_run():
            return
        self.window.panel.show_message(f"Cannot solve: {message}")
        QMessageBox.warning(self.window, "Cannot solve", message)

    def _on_finished(self, status: str) -> None:
        if not self._from_current_run():
            return
        window, store = self.window, self.window.store
        self._open = False
        self.run.shutdown()  # joins a thread that has ended, or is about to
        self._display_timer.stop()
        self.refresh_display()
        window.panel.set_running(False)
        window.run_indicator.set_active(False)
        window.show_stale()
        window.refresh_intro()
        count = max(store.solution_count(), self.counted)
        message = end_of_run(status, count, store.solution_count(), store.max_kept,
                             window.panel.assemblies.count)
        if message is not None:
            window.panel.show_end(count)
            window.panel.show_message(message)
        if count == 0 and empty_browser(status):
            window.browser.set_empty_text(empty_browser(status))
        window.keeping.run_ended(status, count)
        window.analysis.search_ended(store.puzzle, status, count)  # solutions, not assemblies
