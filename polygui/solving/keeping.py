"""Keeping long runs to resume them: the bar in the Solve panel that offers a puzzle's kept
run, what Stop and closing the window ask, and how Solve > Resume Run picks a run.

Every run that outlasts its first moment keeps a run file as it goes (see kept_runs); a run
that ends is forgotten, one that is stopped or cut off stays if the user says so (or after a
crash), and reopening its puzzle offers it again.

Dialogs go through `ask_*` attributes that tests replace."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (QFileDialog, QFrame, QHBoxLayout, QLabel, QMessageBox,
                               QPushButton, QWidget)

from solvers import Puzzle, PuzzleError
from solvers.parallel.runfile import RunFile

from .kept_runs import SUFFIX, KeptRun, KeptRuns, read_kept_run
from .run import SearchOptions
from .search_on import SearchOnChoice

Button = QMessageBox.StandardButton


class KeptRunBar(QFrame):
    """'Kept run: 35% searched, 4,011 solutions found [Resume] [Discard]', shown while the
    open puzzle has a kept run."""

    resume_requested = Signal()
    discard_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kept-run-bar")
        self.setStyleSheet("#kept-run-bar { background: #e8f1fb; border-radius: 4px; }")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.resume_button = QPushButton("Resume")
        self.resume_button.setToolTip("Continue the kept run where it stopped")
        self.discard_button = QPushButton("Discard")
        self.discard_button.setToolTip("Forget the kept run")
        layout = QHBoxLayout(self)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.resume_button)
        layout.addWidget(self.discard_button)
        self.resume_button.clicked.connect(self.resume_requested)
        self.discard_button.clicked.connect(self.discard_requested)
        self.kept: KeptRun | None = None
        self.hide()

    def show_run(self, kept: KeptRun | None) -> None:
        self.kept = kept
        if kept is not None:
            self.label.setText(f"Kept run: {kept.describe()}.")
        self.setVisible(kept is not None)


class KeepingWindow(Protocol):
    """What run keeping needs of the main window (a QMainWindow, which parents dialogs)."""

    def resume_from(self, path: Path, symmetry: str) -> None: ...


class RunKeeping(QObject):
    def __init__(self, window: KeepingWindow, bar: KeptRunBar, runs: KeptRuns) -> None:
        super().__init__(window)
        self.window, self.bar, self.runs = window, bar, runs
        self.puzzle: Puzzle | None = None
        self.run_file: Path | None = None  # the run file of the last run started
        self._discard_when_closed: Path | None = None
        self.ask_keep = _ask_keep
        self.ask_run_file = _ask_run_file
        self.warn = lambda title, text: QMessageBox.warning(window, title, text)
        bar.resume_requested.connect(self.resume)
        bar.discard_requested.connect(self._discard_offered)

    def options_for(self, puzzle: Puzzle, symmetry: str, search_on: SearchOnChoice,
                    resume: Path | None, quick: bool = False) -> SearchOptions:
        """Where a new run searches (the panel's Search on) and the run file it keeps: the
        one it resumes, or a new one for the puzzle. `quick`: the whole search is known to
        take a moment (an exact estimate), so on this computer it runs on one thread and
        keeps no run file: a parallel run's first trial and a run file would only make its
        first solution wait (a cluster chosen is still used)."""
        jobs, cluster = search_on.jobs_and_cluster()
        if quick and cluster is None and resume is None:
            self.run_file = None
            return SearchOptions(1, None, None, None)
        checkpoint = None if resume else self.runs.path_for(puzzle, symmetry)
        self.run_file = resume or checkpoint
        return SearchOptions(jobs, cluster, checkpoint, resume)

    def show_puzzle(self, puzzle: Puzzle) -> None:
        """Offer the puzzle's kept run, if it has one (saying once which were set aside as
        damaged)."""
        self.puzzle = puzzle
        self.bar.show_run(self._find(puzzle))

    def _find(self, puzzle: Puzzle) -> KeptRun | None:
        kept = self.runs.find(puzzle)
        if self.runs.damaged:  # said once the window is done with the change that looked
            text = self.runs.damaged_report()
            QTimer.singleShot(0, self, lambda: self.warn("Damaged run set aside", text))
        return kept

    # --- the end of a run ---------------------------------------------------------------
    def run_ended(self, status: str, counted: int | None = None) -> None:
        """A run that ended is forgotten; one the user stopped is kept if they say so
        (`counted`: the solutions the run counted, its unfinished tasks' included)."""
        path = self.run_file
        if path is not None and status in ("done", "limit"):
            self.runs.discard(path)
        kept = _unfinished(path, counted) if status == "stopped" else None
        if kept is not None and self.ask_keep(self.window, kept, closing=False) != Button.Save:
            self.runs.discard(kept.path)
        if self.puzzle is not None:
            self.show_puzzle(self.puzzle)

    def may_close(self, counted: int | None = None) -> bool:
        """Before the window closes during a run: keep it, discard it, or stay open."""
        kept = _unfinished(self.run_file, counted)
        if kept is None:
            return True
        answer = self.ask_keep(self.window, kept, closing=True)
        if answer == Button.Cancel:
            return False
        self._discard_when_closed = kept.path if answer != Button.Save else None
        return True

    def closed(self) -> None:
        """The window has closed and its run has stopped: forget the run if so asked (not
        before: the run writes its file until it stops)."""
        if self._discard_when_closed is not None:
            self.runs.discard(self._discard_when_closed)

    # --- resuming -------------------------------------------------------------------------
    def resume(self) -> None:
        """Resume the open puzzle's kept run, or a run file the user picks."""
        if self.puzzle is None:
            return
        kept = self._find(self.puzzle)
        if kept is None:
            chosen = self.ask_run_file(self.window, str(self.runs.directory))
            if not chosen:
                return
            try:
                kept = self._checked(Path(chosen))
            except PuzzleError as error:
                self.warn("Cannot resume this run", str(error))
                return
        if kept.count_only:
            self.warn("Cannot resume this run", f"{kept.path} counts solutions without "
                      f"keeping them; resume it with: polygui-solve --resume {kept.path} "
                      f"--count-only")
            return
        self.window.resume_from(kept.path, kept.symmetry)

    def _checked(self, path: Path) -> KeptRun:
        run = RunFile.open(path, writable=False)
        try:
            run.check_matches(self.puzzle)
        finally:
            run.close()
        return read_kept_run(path)

    def _discard_offered(self) -> None:
        if self.bar.kept is not None:
            self.runs.discard(self.bar.kept.path)
        self.bar.show_run(None)


def _unfinished(path: Path | None, counted: int | None = None) -> KeptRun | None:
    """The run kept at `path` if it is there and not finished (with what the run counted)."""
    if path is None or not path.exists():
        return None
    try:
        kept = replace(read_kept_run(path), counted=counted)
    except PuzzleError:
        return None
    return kept if kept.fraction_done < 1.0 - 1e-9 else None  # (a sum of shares)


def keep_question(kept: KeptRun, *, closing: bool) -> tuple[str, str]:
    """The question and its details. A run file holds its finished tasks only: the
    solutions of tasks still running at Stop are found again when the run resumes, so the
    question says what Keep keeps when the panel counted more."""
    what = "PolyGUI is closing during a search." if closing else "The search is stopped."
    resume = ("A kept run continues where it stopped (Solve > Resume Run), even after PolyGUI "
              "was closed.")
    if kept.counted is None or kept.counted <= kept.solutions:
        return (f"{what} Keep the run to resume it later?",
                f"So far: {kept.describe()}. {resume}")
    others = kept.counted - kept.solutions
    return (f"{what} Keep the run to resume it later?",
            f"Keep saves the parts of the search that finished: {kept.describe()}. The other "
            f"{others:,} of the {kept.counted:,} solutions counted were found in parts still "
            f"being searched; resuming searches those parts again. {resume}")


def _ask_keep(parent: QWidget, kept: KeptRun, *, closing: bool) -> Button:
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Keep this run?")
    text, details = keep_question(kept, closing=closing)
    box.setText(text)
    box.setInformativeText(details)
    keep = box.addButton("Keep", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel) if closing else None
    box.setDefaultButton(keep)
    box.exec()
    clicked = box.clickedButton()
    if clicked is keep:
        return Button.Save
    if cancel is not None and clicked is cancel:
        return Button.Cancel
    return Button.Discard if clicked is discard else (Button.Cancel if closing else Button.Discard)


def _ask_run_file(parent: QWidget, folder: str) -> str:
    path, _ = QFileDialog.getOpenFileName(parent, "Resume a run", folder,
                                          f"PolyGUI runs (*{SUFFIX});;All files (*)")
    return path
