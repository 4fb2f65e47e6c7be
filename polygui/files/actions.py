"""File handling for the main window: New, Open, Save, Save As, the prompt before unsaved work
is lost, and autosave with recovery after a crash.

Shipped examples open as untitled copies, as document apps treat their templates: Save asks
where, and nothing is ever written among them. Open reads a file as what it holds, whatever
its name (is_burrtools looks at the bytes); Save As writes PolyGUI JSON, named .json.
Dialogs go through small `ask_*` attributes that tests replace."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Protocol

import shiboken6
from PySide6.QtCore import QObject, QSettings, QStandardPaths, QTimer
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QStatusBar

from solvers import Puzzle, PuzzleError
from solvers.puzzle.any_file import is_burrtools
from solvers.puzzle.fileformat import load_puzzle, save_puzzle

from ..models import PuzzleDocument
from ..models.status import DEFAULT_NAME
from ..resources import is_shipped_example
from .autosave import Autosave, Recovered
from .burrtools_import import BurrToolsImport
from .generate_dialog import open_generator
from .new_puzzle_dialog import ask_new_puzzle
from .prompts import Choice, Role, ask_choice

AUTOSAVE_DELAY_MS = 3_000  # after the last change
AUTOSAVE_INTERVAL_MS = 30_000  # at the latest, while changes keep coming
FILTER = "PolyGUI puzzles (*.json)"
PUZZLE_SUFFIX = ".json"
OPEN_FILTER = "Puzzles (*.json *.txt *.xmpuzzle);;All files (*)"
Button = QMessageBox.StandardButton
UNSAFE = set('/\\:*?"<>|') | {chr(code) for code in range(32)}
RESTORE, DISCARD, LATER = "restore", "discard", "later"  # answers to the recovery question


def puzzle_path(chosen: Path) -> Path:
    """Where Save As writes: `chosen`, with ".json" after a name that ends otherwise. Save As
    writes PolyGUI JSON, and a file named as another format ("urr.xmpuzzle") was listed,
    then taken for what its name says; "urr.xmpuzzle.json" keeps the name typed, and its
    name and content agree."""
    if chosen.suffix.lower() == PUZZLE_SUFFIX:
        return chosen
    return chosen.with_name(chosen.name + PUZZLE_SUFFIX)


def offered_name(puzzle_name: str) -> str:
    """The file name Save As offers: the puzzle's name, less the characters file systems
    refuse, with ".json"."""
    cleaned = " ".join("".join(" " if c in UNSAFE else c for c in puzzle_name).split())
    return f"{cleaned.strip('.') or DEFAULT_NAME}{PUZZLE_SUFFIX}"


def is_default_name(name: str) -> bool:
    return name.strip().casefold() in ("", DEFAULT_NAME.casefold())


class RecentFiles(Protocol):
    def add_recent(self, path: Path) -> None: ...


class FileWindow(Protocol):
    """What file handling needs of the main window (a QMainWindow, which also parents the
    dialogs). A protocol, so this module does not import the window that imports it."""

    document: PuzzleDocument
    menus: RecentFiles
    settings: QSettings

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
        self._autosave_failing = False
        self.autosave_warning = QLabel("Autosave failed")  # stays until an autosave works
        self.autosave_warning.setStyleSheet("color: #b00020; font-weight: bold")
        self.autosave_warning.hide()
        window.statusBar().addPermanentWidget(self.autosave_warning)
        # (after the stack moved: while `changed` is emitted, a push is not counted yet)
        self.document.undo_stack.indexChanged.connect(self._schedule_autosave)
        self.document.modified_changed.connect(self._on_modified_changed)
        # stand-ins for the dialogs, replaced in tests
        self.ask_new = ask_new_puzzle
        self.ask_open_path = self._ask_open_path
        self.ask_save_path = self._ask_save_path
        self.ask_unsaved = self._ask_unsaved
        self.ask_replace = self._ask_replace
        self.ask_restore = self._ask_restore
        self.warn = lambda title, text: QMessageBox.warning(window, title, text)
        self.importer = BurrToolsImport(self, self._start_folder)

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

    def generate(self) -> None:
        """File > Generate Sudoku…: a window of its own (polygui.files.generate_dialog)."""
        open_generator(self.window)

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
        if is_burrtools(path):
            return self.importer.import_path(path)
        try:
            puzzle = load_puzzle(path, strict=False)
        except PuzzleError as error:
            self.warn("Cannot open puzzle", str(error))  # the message names the file
            return False
        if is_shipped_example(path):
            self.window.set_puzzle(puzzle, None)
            self.window.statusBar().showMessage(
                f"Opened the example “{puzzle.name}” as a new puzzle: Save asks where to keep "
                "your version, and the example stays as shipped.", 10_000)
            return True
        self.window.set_puzzle(puzzle, path)  # Save of a text file asks for a .json name
        self.window.menus.add_recent(path)
        self._remember_folder(path)
        return True

    def save(self) -> bool:
        path = self.document.path
        if path is None or path.suffix.lower() != ".json":
            return self.save_as()
        return self._save_to(path)

    def save_as(self) -> bool:
        chosen = self.ask_save_path()
        if not chosen:
            return False
        chosen = Path(chosen)
        path = puzzle_path(chosen)
        if path != chosen and path.exists() and not self.ask_replace(path):
            return False  # the dialog asked about the name typed, not this one
        named = is_default_name(self.document.puzzle.name) and self.document.edit(
            f"Name the puzzle {path.stem}", lambda p: dataclasses.replace(p, name=path.stem))
        if not self._save_to(path):
            if named:  # not saved: the name it would have had goes too
                self.document.undo_stack.undo()
            return False
        if path != chosen and chosen.suffix:  # named as another format: say why it is not
            self.window.statusBar().showMessage(
                f"Saved as “{path.name}”: PolyGUI puzzle files end in {PUZZLE_SUFFIX}, so "
                "that they open again as what they are.", 10_000)
        return True

    def _save_to(self, path: Path) -> bool:
        if is_shipped_example(path):
            self.warn("Cannot save puzzle", f"{path.parent} holds PolyGUI's shipped examples, "
                      "which stay as shipped: save your version in another folder.\n\n"
                      "Your work is still open, unsaved.")
            return False
        try:
            save_puzzle(self.document.puzzle, path)
        except PuzzleError as error:
            self.warn("Cannot save puzzle", f"{error}\n\nYour work is still open, unsaved.")
            return False
        self.document.mark_saved(path)
        self.window.menus.add_recent(path)
        self._remember_folder(path)
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
            self.autosave_warning.hide()  # saved: nothing is at risk

    def write_autosave(self) -> None:
        if not self.document.is_modified:
            return
        try:
            self.autosave.write(self.document.puzzle, self.document.path,
                                "design" if self.window.is_designing() else "solve")
        except PuzzleError as error:
            self._autosave_failed(str(error))
        else:
            self._autosave_failing = False
            self.autosave_warning.hide()

    def _autosave_failed(self, reason: str) -> None:
        """Never unnoticed: a mark in the status bar until an autosave works, and the first
        failure of a series said in a message box (later ones would interrupt for nothing)."""
        self.autosave_warning.setToolTip(
            f"Autosave failed: {reason}\nUnsaved work is not kept aside in case of a crash: "
            "save it (File > Save). Autosave tries again after each change.")
        self.autosave_warning.show()
        self.window.statusBar().showMessage(f"Autosave failed: {reason}", 10_000)
        if not self._autosave_failing:
            self._autosave_failing = True
            self.warn("Autosave failed", f"{reason}\n\nUnsaved work is not kept aside in case "
                      "of a crash: save it with File > Save. Autosave tries again after each "
                      "change; the status bar says so until it works.")

    def closing(self) -> None:
        """The window closes normally (after maybe_save): nothing to recover."""
        self._debounce.stop()
        self._periodic.stop()
        self.autosave.remove()

    def offer_recovery(self) -> bool:
        """At start-up: offer back work a crashed session autosaved. True if restored.
        Damaged autosaves are set aside and said, all in one message."""
        leftovers = self.autosave.leftovers()
        if self.autosave.damaged:
            self.warn("Damaged autosave set aside", self.autosave.damaged_report())
        for found in leftovers:
            answer = self.ask_restore(found)
            if answer == LATER:
                return False  # the file stays for the next start
            found.file.unlink(missing_ok=True)
            if answer == RESTORE:
                self.window.set_puzzle(found.puzzle, found.path, modified=True)
                if found.mode is not None:  # back where the user was
                    self.window.set_mode(found.mode)
                self.write_autosave()  # it is this session's unsaved work now
                return True
        return False

    # --- dialogs -----------------------------------------------------------------------
    def _start_folder(self) -> str:
        """The open file's folder, else the last folder a file was opened from or saved to,
        else the documents folder."""
        path = self.document.path
        if path is not None:
            return str(path.parent)
        remembered = self.window.settings.value("files/folder", "")
        if remembered and Path(str(remembered)).is_dir():
            return str(remembered)
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation)
        return documents if documents and Path(documents).is_dir() else str(Path.home())

    def _remember_folder(self, path: Path) -> None:
        self.window.settings.setValue("files/folder", str(Path(path).resolve().parent))

    def _ask_open_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open puzzle", self._start_folder(),
                                              OPEN_FILTER)
        return path

    def _ask_save_path(self) -> str:
        path = self.document.path
        start = str(path.with_suffix(".json")) if path else \
            str(Path(self._start_folder()) / offered_name(self.document.puzzle.name))
        chosen, _ = QFileDialog.getSaveFileName(self.window, "Save puzzle as", start, FILTER)
        return chosen

    def _ask_replace(self, path: Path) -> bool:
        answer = QMessageBox.question(
            self.window, "Replace file?", f"“{path.name}” already exists in {path.parent}. "
            "Replace it?", Button.Yes | Button.No, Button.No)
        return answer == Button.Yes

    def _ask_unsaved(self) -> Button:
        name = self.document.puzzle.name
        return ask_choice(
            self.window, "Unsaved changes",
            f"“{name}” has changes that are not saved. Save them first?",
            [Choice(Button.Save, "&Save", Role.AcceptRole),
             Choice(Button.Discard, "&Discard", Role.DestructiveRole),
             Choice(Button.Cancel, "Cancel", Role.RejectRole)],
            default=Button.Save, escape=Button.Cancel)

    def _ask_restore(self, found: Recovered) -> str:
        where = f" (from {found.path})" if found.path else ""
        return ask_choice(
            self.window, "Recover unsaved work",
            f"PolyGUI found unsaved work on “{found.puzzle.name}”{where}, autosaved at "
            f"{found.saved_at:%Y-%m-%d %H:%M} by a session that did not end normally.\n\n"
            "Restore opens it; Discard deletes it; Decide later keeps it for the next start.",
            [Choice(RESTORE, "&Restore", Role.AcceptRole),
             Choice(DISCARD, "&Discard", Role.DestructiveRole),
             Choice(LATER, "Decide &later", Role.RejectRole)],
            default=RESTORE, escape=LATER)

