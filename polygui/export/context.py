"""What exporting and printing need of the main window, what its Solve view shows, and where
files go: save dialogs open in the folder of the last export (remembered in the settings), else
beside the open puzzle's file, else in the user's documents, never in the app's own examples;
files are named after the puzzle and what they hold ("Meteor solution 12.png")."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QStatusBar, QWidget

from solvers import Puzzle, Solution

from ..resources import is_shipped_example
from ..solving.browsing import Browsing
from ..solving.filter_bar import FilterBar
from ..solving.store import SolutionStore

FOLDER_KEY = "export/folder"
UNSAFE_IN_NAMES = '/\\:*?"<>|'


class ExportWindow(Protocol):
    """What exporting needs of the main window (a QMainWindow, which also parents the
    dialogs). A protocol, so the export modules do not import the window that imports them."""

    store: SolutionStore
    browsing: Browsing  # the solutions browsed: the store's, or the filter's matches
    filter: FilterBar
    solved_symmetry: str  # the symmetry mode of the solutions in the store
    settings: QSettings  # where the last export folder is kept

    @property
    def puzzle(self) -> Puzzle: ...  # the puzzle being designed, unsaved edits included
    @property
    def path(self) -> Path | None: ...
    def current_view(self) -> QWidget: ...
    def is_designing(self) -> bool: ...
    def set_mode(self, mode: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...


@dataclass
class Shown:
    """What the Solve view shows: the puzzle it draws and the solution on it, if any."""

    puzzle: Puzzle
    solution: Solution | None


def shown(window: ExportWindow) -> Shown:
    view = window.current_view()
    return Shown(view.puzzle, view.solution)


def file_name(*parts: str) -> str:
    """A file name from words, without characters file systems refuse."""
    text = " ".join(part for part in parts if part)
    return "".join("-" if char in UNSAFE_IN_NAMES else char for char in text).strip() or "puzzle"


def start_folder(window: ExportWindow) -> Path:
    """The last export's folder, else the open puzzle's (unless it is a shipped example),
    else the user's documents."""
    remembered = window.settings.value(FOLDER_KEY)
    if remembered and Path(str(remembered)).is_dir():
        return Path(str(remembered))
    path = window.path
    if path is not None and not is_shipped_example(path) and path.parent.is_dir():
        return path.parent
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents) if documents and Path(documents).is_dir() else Path.home()


def remember_folder(window: ExportWindow, path: Path) -> None:
    window.settings.setValue(FOLDER_KEY, str(Path(path).parent))
