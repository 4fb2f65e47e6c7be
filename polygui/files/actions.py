"""File handling for the main window: New, Open, Save, Save As, the prompt before unsaved work
is lost, and autosave with recovery after a crash.

Dialogs go through small `ask_*` attributes that tests replace."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox, QStatusBar

from solvers import Puzzle, PuzzleError
from solvers.puzzle.fileformat import load_puzzle, save_puzzle

from ..models import PuzzleDocument
from .autosave import Autosave, Recovered
from .new_puzzle_dialog import ask_new_puzzle

AUTOSAVE_DELAY_MS = 3_000  # after the last change
AUTOSAVE_INTERVAL_MS = 30_000  # at the latest, while changes keep coming
FILTER = "PolyGUI puzzles (*.json)"
OPEN_FILTER = "Puzzles (*.json *.txt);;All files (*)"
Button = QMessageBox.StandardButton


class RecentFiles(Protocol):
    def add_recent(self, path: Path) -> None: ...


class FileWindow(Protocol):
    """What file handling needs of the main window (a QMainWindow, which also parents the
    dialogs). A protocol, so this module does not import the window that imports it."""

    document: PuzzleDocument
    menus: RecentFiles

    def set_puzzle(self, puzzle: Puzzle, path: Path | None = None, *,
                   modified: bool = False) -> None: ...
    def set_mode(self, mode: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...


class FileActions(QObject):
    def __init__(self, window: FileWindow, autosave_dir: Path | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.autosave = Autosave(autosave_dir)
        self._debounce = QTimer(self, singleShot=True, interval=AUTOSAVE_DELAY_MS)
        self._debounce.timeout.connect(self.write_autosave)
        self._periodic = QTimer(self, interval=AUTOSAVE_INTERVAL_MS)
        self._periodic.timeout.connect(self.write_autosave)
        self._periodic.start()
        # (after the stack moved: while `changed` is emitted, a push is not counted yet)
        self.document.undo_stack.indexChanged.connect(self._schedule_autosave)
        self.document.modified_changed.connect(self._on_modified_changed)
        # stand-ins for the dialogs, replaced in tests
        self.ask_new = ask_new_puzzle
        self.ask_open_path = self._ask_open_path
        self.ask_save_path = self._ask_save_path
        self.ask_unsaved = self._ask_unsaved
        self.ask_restore = self._ask_restore
        self.warn = lambda title, text: QMessageBox.warning(window, title, text)

    # --- the commands ------------------------------------------------------------------
    def new(self) -> bool:
        if not self.maybe_save():
            return False
        puzzle = self.ask_new(self.window)
        if puzzle is None:
            return False
        self.window.set_puzzle(puzzle, None)
        self.window.set_mode("design")  # an empty puzzle: there is only designing to do
        return True

    def open_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        path = self.ask_open_path()
        return bool(path) and self.open(Path(path), prompt=False)

    def open(self, path: str | Path, *, prompt: bool = True) -> bool:
        """Load a puzzle file; on failure say why and keep the current work."""
        if prompt and not self.maybe_save():
            return False
        path = Path(path)
        try:
            puzzle = load_puzzle(path, strict=False)
        except PuzzleError as error:
            self.warn("Cannot open puzzle", str(error))  # the message names the file
            return False
        self.window.set_puzzle(puzzle, path)  # Save of a text file asks for a .json name
        self.window.menus.add_recent(path)
        return True

    def save(self) -> bool:
        path = self.document.path
        if path is None or path.suffix.lower() != ".json":
            return self.save_as()
        return self._save_to(path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        if not path:
            return False
        path = Path(path)
        if not path.suffix:
            path = path.with_suffix(".json")
        return self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        try:
            save_puzzle(self.document.puzzle, path)
        except PuzzleError as error:
            self.warn("Cannot save puzzle", f"{error}\n\nYour work is still open, unsaved.")
            return False
        self.document.mark_saved(path)
        self.window.menus.add_recent(path)
        self.autosave.remove()
        return True

    def maybe_save(self) -> bool:
        """Before unsaved work would be lost: Save, Discard or Cancel. True to go on."""
        if not self.document.is_modified:
            return True
        answer = self.ask_unsaved()
        if answer == Button.Save:
            return self.save()
        if answer == Button.Discard:
            self.autosave.remove()
            return True
        return False

    # --- autosave ----------------------------------------------------------------------
    def _schedule_autosave(self, _index: int = 0) -> None:
        if shiboken6.isValid(self.document.undo_stack) and self.document.is_modified:
            self._debounce.start()

    def _on_modified_changed(self, modified: bool) -> None:
        if not modified:
            self._debounce.stop()
            self.autosave.remove()

    def write_autosave(self) -> None:
        if not self.document.is_modified:
            return
        try:
            self.autosave.write(self.document.puzzle, self.document.path)
        except PuzzleError as error:  # never interrupt the work for this; say it once
            self.window.statusBar().showMessage(f"Autosave failed: {error}", 10_000)

    def closing(self) -> None:
        """The window closes normally (after maybe_save): nothing to recover."""
        self._debounce.stop()
        self._periodic.stop()
        self.autosave.remove()

    def offer_recovery(self) -> bool:
        """At start-up: offer back work a crashed session autosaved. True if restored."""
        for found in self.autosave.leftovers():
            answer = self.ask_restore(found)
            if answer == Button.Cancel:
                return False  # decide later: the file stays
            found.file.unlink(missing_ok=True)
            if answer == Button.Yes:
                self.window.set_puzzle(found.puzzle, found.path, modified=True)
                self.write_autosave()  # it is this session's unsaved work now
                return True
        return False

    # --- dialogs -----------------------------------------------------------------------
    def _start_folder(self) -> str:
        path = self.document.path
        return str(path.parent) if path else str(Path.home())

    def _ask_open_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open puzzle", self._start_folder(),
                                              OPEN_FILTER)
        return path

    def _ask_save_path(self) -> str:
        path = self.document.path
        start = str(path.with_suffix(".json")) if path else \
            str(Path(self._start_folder()) / f"{self.document.puzzle.name}.json")
        chosen, _ = QFileDialog.getSaveFileName(self.window, "Save puzzle as", start, FILTER)
        return chosen

    def _ask_unsaved(self) -> Button:
        name = self.document.puzzle.name
        return QMessageBox.question(
            self.window, "Unsaved changes",
            f"“{name}” has changes that are not saved. Save them first?",
            Button.Save | Button.Discard | Button.Cancel, Button.Save)

    def _ask_restore(self, found: Recovered) -> Button:
        where = f" (from {found.path})" if found.path else ""
        return QMessageBox.question(
            self.window, "Recover unsaved work",
            f"PolyGUI found unsaved work on “{found.puzzle.name}”{where}, autosaved at "
            f"{found.saved_at:%Y-%m-%d %H:%M} by a session that did not end normally.\n\n"
            "Restore it? (No discards it; Cancel keeps it for next time.)",
            Button.Yes | Button.No | Button.Cancel, Button.Yes)

