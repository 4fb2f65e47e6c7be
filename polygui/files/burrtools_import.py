"""File > Import…: a problem of a BurrTools file (`.xmpuzzle`) opened as a new puzzle.

A file with several problems asks which (each listed with what BurrTools recorded; only the
problem chosen is built, so a file of thousands lists at once, and one that cannot be imported
says why when chosen); the puzzle opens untitled and unsaved, so Save asks where to keep it as
a PolyGUI file. A file PolyGUI cannot read is refused with the reason, and the work open stays.
Dialogs go through `ask_*` attributes that tests replace."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from solvers import PuzzleError
from solvers.puzzle.burrtools import BurrToolsFile, ProblemSummary

IMPORT_FILTER = "BurrTools puzzles (*.xmpuzzle);;All files (*)"


def problem_label(number: int, problem: ProblemSummary) -> str:
    """"2. Another Example — BurrTools found 12"."""
    text = f"{number}. {problem.name}"
    if problem.assemblies is not None:
        return f"{text} — BurrTools found {problem.assemblies:,}"
    return text


def ask_problem(parent: QWidget, labels: list[str]) -> int | None:
    """The index of the problem chosen, or None when cancelled."""
    label, chosen = QInputDialog.getItem(parent, "Import BurrTools problem",
                                         "The file has several problems. Import:", labels, 0,
                                         False)
    return labels.index(label) if chosen else None


class BurrToolsImport(QObject):
    def __init__(self, files, folder) -> None:
        """`files`: the window's FileActions (the prompt before unsaved work is lost, the
        warnings, the window); `folder()`: where the file dialog starts."""
        super().__init__(files)
        self.files, self.folder = files, folder
        self.ask_path = self._ask_path
        self.ask_problem = ask_problem

    def run(self) -> bool:
        if not self.files.maybe_save():
            return False
        path = self.ask_path()
        return bool(path) and self.import_path(Path(path))

    def import_path(self, path: Path) -> bool:
        """Import a problem of `path`; say why not and keep the current work on failure."""
        try:
            file = BurrToolsFile(path)
            problems = file.problems
            labels = [problem_label(n, p) for n, p in enumerate(problems, start=1)]
            index = 0 if len(labels) <= 1 else self.ask_problem(self.files.window, labels)
            if index is None:
                return False
            puzzle = file.puzzle(index + 1)  # says why a file of shapes only has none
        except PuzzleError as error:
            self.files.warn("Cannot import", str(error))
            return False
        self.files.window.set_puzzle(puzzle, None, modified=True)
        self.files.window.statusBar().showMessage(
            f"Imported “{problems[index].name}” from {path.name} as a new puzzle: Save keeps it "
            "as a PolyGUI file.", 10_000)
        return True

    def _ask_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(self.files.window, "Import BurrTools puzzle",
                                              self.folder(), IMPORT_FILTER)
        return path
