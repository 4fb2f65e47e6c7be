"""The window's side of families. When the open puzzle is a family, Solve runs every member
(FamilyRun, on the Solve panel's "Search on" threads or cluster; the panel shows the run's
progress; Stop keeps the members counted in a checkpoint, and the next Solve goes on from
them) and the Family dock, under the view, fills in the table, the
checks and the picture as members end.

Opening a member (a row or a picture cell) makes it the window's puzzle and solves it as any
puzzle, so its solutions are in the browser; the dock stays, with "Back to the Family", which
opens the family again with its results. Either way the unsaved-changes prompt comes first:
nothing made is lost."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox

from solvers import Progress, Puzzle, PuzzleError
from solvers.puzzle.family import family_of
from solvers.puzzle.fileformat import puzzle_to_json

from ..resources import private_folder
from ..solving.not_started import TITLE as NOT_STARTED, not_started_text
from ..solving.run import SearchOptions
from .panel import FamilyPanel
from .results import FamilyResults, member_label
from .run import FamilyRun, Solver

CHECKPOINT_SUFFIX = ".family-run.json"
BUSY = "The family is being solved: stop the run (Shift+F5) or wait for it to open a member."


class FamilySolving(QObject):
    def __init__(self, window: QMainWindow, solver: Solver | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.solver = solver  # None: solvers' solve_family (tests may give another)
        self.panel = FamilyPanel()
        self.dock = QDockWidget("Family", window)
        self.dock.setObjectName("family-dock")
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.dock.setWidget(self.panel)
        # under the view only: the Solve panel keeps the window's height (it needs it)
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()
        self.run: FamilyRun | None = None
        self.results: FamilyResults | None = None
        # the family (puzzle, path, modified) while one of its members is open
        self.home: tuple[Puzzle, Path | None, bool] | None = None
        self._family_cache: tuple[Puzzle | None, Any] = (None, None)
        self._switching = False  # the window's puzzle is changing at our request
        self.panel.member_chosen.connect(self.open_member)
        self.panel.back_requested.connect(self.back)
        window.document.changed.connect(self._on_document_changed)
        window.document.path_changed.connect(self._on_path_changed)

    # --- which puzzle is open -----------------------------------------------------------
    def family_of(self, puzzle: Puzzle) -> Any:
        """The puzzle's family (None for a plain puzzle), worked out once per puzzle. Raises
        PuzzleError for a family one of whose members cannot be made (after an edit)."""
        if self._family_cache[0] is not puzzle:
            try:
                found: Any = family_of(puzzle)
            except PuzzleError as error:
                found = error
            self._family_cache = (puzzle, found)
        if isinstance(self._family_cache[1], PuzzleError):
            raise self._family_cache[1]
        return self._family_cache[1]

    def _on_document_changed(self, puzzle: Puzzle) -> None:
        edited = self.window.document.undo_stack.count() > 0  # not a puzzle just opened
        if edited and puzzle.family is not None and self.home is None:
            return  # the results shown stay until the next Solve (making 366 members per
            # edit would cost a third of a second each)
        try:
            family = self.family_of(puzzle)
        except PuzzleError as error:  # said in the dock; Solve says it again
            self.panel.checks.setText(f"The family cannot be solved as it is: {error}")
            return
        if family is not None:
            if self.results is None or self.results.family != family:
                self.results = FamilyResults(family)  # a new family, or the family edited
            self.home = None
            self.panel.show_family(self.results)
            self.panel.show_member_open(None)
            self._show_dock()
        elif self.home is None and not self._switching:  # a plain puzzle, no member
            self.dock.hide()

    def _show_dock(self) -> None:
        """The dock, given half the window's height when it appears."""
        if self.dock.isHidden():
            self.dock.show()
            self.window.resizeDocks([self.dock], [self.window.height() * 45 // 100],
                                    Qt.Orientation.Vertical)

    def _on_path_changed(self, path: Path | None) -> None:
        """Another file opened while a member was: the family's results go."""
        if not self._switching and path is not None and self.home is not None:
            self.home = None
            self.dock.hide()

    # --- the run ----------------------------------------------------------------------------
    def is_running(self) -> bool:
        return self.run is not None

    def start(self) -> bool:
        """Solve the family if the open puzzle is one (True: it was, Solve is handled)."""
        window = self.window
        try:
            family = self.family_of(window.document.puzzle)
        except PuzzleError as error:
            message = f"Cannot solve the family: {error}"
            window.panel.show_message(message)
            window.statusBar().showMessage(message, 10_000)
            return True
        if family is None:
            return False
        if self.run is not None:
            return True
        jobs, cluster = window.panel.search_on.jobs_and_cluster()
        symmetry = window.panel.symmetry_mode()
        self.results = FamilyResults(family, symmetry=symmetry)
        self.panel.show_family(self.results)
        self._show_dock()
        kept = self.checkpoint_path(window.document.puzzle, symmetry)
        self.run = FamilyRun(family, symmetry, SearchOptions(
            jobs=jobs, cluster=cluster, checkpoint=kept,
            resume=kept if kept is not None and kept.exists() else None),
            self.solver, self)
        worker = self.run.worker
        worker.member_done.connect(self._on_member)
        worker.progress_changed.connect(self._on_progress)
        worker.failed.connect(self._on_failed)
        worker.could_not_start.connect(self._on_could_not_start)
        worker.finished.connect(self._on_finished)
        window.panel.reset()
        window.panel.set_running(True)
        self._offer_pause(cluster is None)
        window.panel.show_message(f"Solving the {len(family.members)} members…")
        self.run.start()
        return True

    def checkpoint_path(self, puzzle: Puzzle, symmetry: str) -> Path | None:
        """Where a run of this family (as it is now) in this mode keeps its members counted:
        beside the kept runs of single puzzles, so a stopped run goes on at the next Solve
        (None: that folder cannot be made; the run is not kept)."""
        name = hashlib.sha256(puzzle_to_json(puzzle).encode()).hexdigest()[:24]
        folder = self.window.keeping.runs.directory
        try:
            private_folder(folder)
        except OSError:
            return None
        return folder / f"{name}-{symmetry}{CHECKPOINT_SUFFIX}"

    def stop(self, wait: bool = False) -> None:
        if self.run is None:
            return
        if wait:
            run, self.run = self.run, None  # signals still queued from it are ignored
            run.shutdown(None)
            self.window.panel.set_running(False)
        else:
            self.run.worker.stop()

    def _offer_pause(self, offered: bool) -> None:
        """Pause while a family runs on this machine; not on a cluster, whose members would
        go on counting (Stop keeps the members counted, and Solve counts the rest)."""
        self.window.panel.pause_button.setEnabled(offered)
        self.window.menus.pause_action.setEnabled(offered)

    def set_paused(self, paused: bool) -> None:
        """The panel's Pause: the members running wait where they are, or go on."""
        if self.run is not None:
            (self.run.worker.pause if paused else self.run.worker.resume)()

    def _current(self) -> bool:
        return self.run is not None and self.sender() is self.run.worker

    def _on_member(self, result) -> None:
        if self._current():
            self.panel.add_result(result)

    def _on_progress(self, progress: Progress) -> None:
        if self._current():
            self.window.panel.show_progress(progress)

    def _on_failed(self, message: str) -> None:
        if self._current():
            self.window.panel.show_message(f"Cannot solve the family: {message}")

    def _on_could_not_start(self, reason: str, cluster_to_blame: bool) -> None:
        """A cluster out of reach: said as for one puzzle, and the next Solve runs here."""
        if not self._current():
            return
        panel = self.window.panel
        text = not_started_text(reason, cluster_to_blame and panel.search_on.fall_back_here())
        panel.show_message(text)
        QMessageBox.warning(self.window, NOT_STARTED, text)

    def _on_finished(self, status: str) -> None:
        if not self._current():
            return
        self.run.shutdown()  # joins a thread that has ended, or is about to
        self.run.deleteLater()
        self.run = None
        self.panel.redraw_now()
        panel = self.window.panel
        panel.set_running(False)
        done = len(self.results.results)
        members = len(self.results.family.members)
        if status != "failed":
            panel.show_message(f"{done} of {members} members solved" +
                               (", stopped." if status == "stopped" else "."))
        panel.progress.setValue(int(1000 * done / max(members, 1)))

    # --- a member and back ------------------------------------------------------------------
    def open_member(self, index: int) -> None:
        """Make the member the window's puzzle and solve it (after the unsaved-changes prompt)."""
        window = self.window
        if self.run is not None:
            window.statusBar().showMessage(BUSY, 8_000)
            return
        family = self.results.family if self.results is not None else None
        if family is None or not 0 <= index < len(family.members):
            return
        if self.home is None:  # leaving the family itself
            if not window.files.maybe_save():
                return
            document = window.document
            self.home = (document.puzzle, document.path, document.is_modified)
        elif not window.files.maybe_save():  # another member, maybe edited
            return
        member = family.members[index]
        self._switch(member.puzzle)
        self.panel.show_member_open(member_label(member))
        self.panel.table.select_member(index)
        window.start_solve()

    def back(self) -> None:
        """Open the family again, with its results."""
        if self.home is None or not self.window.files.maybe_save():
            return
        puzzle, path, modified = self.home
        self._switch(puzzle, path, modified)

    def _switch(self, puzzle: Puzzle, path: Path | None = None, modified: bool = False) -> None:
        self._switching = True
        try:
            self.window.set_puzzle(puzzle, path, modified=modified)
        finally:
            self._switching = False
