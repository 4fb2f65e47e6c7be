"""File > New: choose the kind of puzzle (and a Sudoku's size), get an empty one, or one
with a classic piece set to start from (solvers.puzzle.piece_sets, the polyiamonds)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QListWidget,
                               QListWidgetItem, QWidget)

from solvers import GridKind, Piece, Puzzle, SudokuGrid
from solvers.puzzle.piece_sets import SETS, piece_set
from solvers.puzzle.polyiamonds import hexiamonds, one_sided_tetriamonds

from ..models.status import DEFAULT_NAME

# key: (label, grid kind, sudoku box shape or None)
KINDS: dict[str, tuple[str, GridKind, tuple[int, int] | None]] = {
    "hex": ("Hex board with polyhex pieces (like meteor)", GridKind.HEX, None),
    **{f"hex-{s.key}": (f"Hex board, starting with {s.label}", s.kind, None)
       for s in SETS if s.kind is GridKind.HEX},
    "square": ("Square board with polyominoes (like pentominoes)", GridKind.SQUARE, None),
    **{f"square-{s.key}": (f"Square board, starting with {s.label}", s.kind, None)
       for s in SETS if s.kind is GridKind.SQUARE},
    "triangle": ("Triangle board with polyiamonds", GridKind.TRIANGLE, None),
    "triangle-tetriamonds": ("Triangle board, starting with the 4 one-sided tetriamonds",
                             GridKind.TRIANGLE, None),
    "triangle-hexiamonds": ("Triangle board, starting with the 12 hexiamonds",
                            GridKind.TRIANGLE, None),
    "stick": ("Stick grid with polysticks (unit segments of the square lattice)",
              GridKind.STICK, None),
    "cube": ("3D box with polycubes (like the Soma cube)", GridKind.CUBE, None),
    **{f"cube-{s.key}": (f"3D box, starting with {s.label}", s.kind, None)
       for s in SETS if s.kind is GridKind.CUBE},
    "sphere": ("Balls in a plane or in space (like Kanoodle)", GridKind.SPHERE, None),
    "sudoku-4": ("Sudoku 4×4 (2×2 boxes)", GridKind.SUDOKU, (2, 2)),
    "sudoku-6": ("Sudoku 6×6 (2×3 boxes)", GridKind.SUDOKU, (2, 3)),
    "sudoku-9": ("Sudoku 9×9 (3×3 boxes)", GridKind.SUDOKU, (3, 3)),
    "sudoku-12": ("Sudoku 12×12 (3×4 boxes)", GridKind.SUDOKU, (3, 4)),
    "sudoku-16": ("Sudoku 16×16 (4×4 boxes)", GridKind.SUDOKU, (4, 4)),
}


STARTING_PIECES: dict[str, Callable[[], tuple[Piece, ...]]] = {
    "triangle-tetriamonds": one_sided_tetriamonds,
    "triangle-hexiamonds": hexiamonds,
    **{f"{s.kind.value}-{s.key}": (lambda key=s.key: piece_set(key)) for s in SETS},
}


def blank_puzzle(key: str, name: str = "") -> Puzzle:
    """An empty puzzle of the kind `key` names (a key of KINDS): no board, and no pieces
    but a starting set's."""
    _, kind, box = KINDS[key]
    name = name.strip() or DEFAULT_NAME
    if box is None:
        return Puzzle(kind, name, pieces=STARTING_PIECES.get(key, tuple)())
    rows, cols = box
    return Puzzle(kind, name, sudoku=SudokuGrid(rows, cols, (0,) * (rows * cols) ** 2))


class NewPuzzleDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New puzzle")
        self.kinds = QListWidget()
        for key, (label, _, _) in KINDS.items():
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.kinds.addItem(item)
        self.kinds.setCurrentRow(0)
        self.name = QLineEdit()
        self.name.setPlaceholderText("Untitled")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.kinds.itemDoubleClicked.connect(lambda _item: self.accept())
        form = QFormLayout(self)
        form.addRow("Kind", self.kinds)
        form.addRow("Name", self.name)
        form.addRow(buttons)
        self.resize(460, 440)

    def selected_key(self) -> str:
        return self.kinds.currentItem().data(Qt.ItemDataRole.UserRole)

    def puzzle(self) -> Puzzle:
        return blank_puzzle(self.selected_key(), self.name.text())


def ask_new_puzzle(parent: QWidget) -> Puzzle | None:
    dialog = NewPuzzleDialog(parent)
    return dialog.puzzle() if dialog.exec() == QDialog.DialogCode.Accepted else None
