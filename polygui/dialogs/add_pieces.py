"""Edit > Add Pieces from File…: the pieces of another puzzle file (any format PolyGUI opens;
a BurrTools file's first problem) added to the puzzle being designed, as one undoable step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from solvers import PuzzleError
from solvers.puzzle.any_file import load_any
from solvers.puzzle.piece_sets import with_pieces_of

from ..models.document import PuzzleDocument

OPEN_FILTER = "Puzzles (*.json *.txt *.xmpuzzle);;All files (*)"


def add_pieces_from_file(parent: QWidget, document: PuzzleDocument, folder: str = "") -> bool:
    """Ask for a file and add its pieces; a file that cannot be read, or of another grid,
    is refused with its reason (nothing changes). Whether pieces were added."""
    path, _ = QFileDialog.getOpenFileName(parent, "Add the pieces of a puzzle file", folder,
                                          OPEN_FILTER)
    return bool(path) and add_pieces_of(parent, document, Path(path))


def add_pieces_of(parent: QWidget, document: PuzzleDocument, path: Path) -> bool:
    try:
        other = load_any(path)
        changed = with_pieces_of(document.puzzle, other)
    except PuzzleError as error:
        QMessageBox.warning(parent, "Cannot add these pieces", str(error))
        return False
    count = len(other.pieces)
    return document.edit(f"Add {count} piece{'s' * (count != 1)} of “{other.name}”",
                         lambda _puzzle: changed)
