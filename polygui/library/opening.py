"""Opening a library entry as a new, unsaved puzzle: the gallery, then the usual question
about unsaved work, then the puzzle in the window (as File > Import does)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog

from solvers import PuzzleError
from solvers.library import LibraryEntry, load_library

from ..resources import library_dir
from .dialog import LibraryDialog


def ask_entry(parent, entries: tuple[LibraryEntry, ...]) -> LibraryEntry | None:
    dialog = LibraryDialog(entries, parent)
    return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None


class LibraryOpener(QObject):
    def __init__(self, files) -> None:
        """`files`: the window's FileActions (the unsaved-work prompt, warnings, the window)."""
        super().__init__(files)
        self.files = files
        self.ask_entry = ask_entry

    def run(self) -> bool:
        try:
            entries = load_library(library_dir())
        except PuzzleError as error:
            self.files.warn("Cannot open the puzzle library", str(error))
            return False
        entry = self.ask_entry(self.files.window, entries)
        return entry is not None and self.open_entry(entry)

    def open_entry(self, entry: LibraryEntry) -> bool:
        """`entry` as a new puzzle, once unsaved work is saved or given up."""
        if not self.files.maybe_save():
            return False
        try:
            puzzle = entry.puzzle()
        except PuzzleError as error:
            self.files.warn("Cannot open the puzzle", str(error))
            return False
        self.files.window.set_puzzle(puzzle, None, modified=True)
        self.files.window.statusBar().showMessage(
            f"Opened “{entry.title}” from the puzzle library as a new puzzle "
            f"(published: {entry.counts_text()}).", 10_000)
        return True
