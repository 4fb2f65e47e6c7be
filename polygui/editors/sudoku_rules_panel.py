"""The Sudoku editor's controls for the variants: what the grid edits (givens, jigsaw regions,
killer cages), the X-Sudoku's diagonals, the selected cage's sum; every change an undoable
edit of the document."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from solvers import Puzzle
from solvers.puzzle.sudoku_rules import cell_name, cell_regions

from ..models import PuzzleDocument
from .sudoku_rules_canvas import Mode, SudokuRulesCanvas
from .sudoku_rules_edits import (cage_of, with_boxes, with_cage_sum, with_cell_toggled,
                                 with_cells_in_region, with_diagonals, with_new_cage,
                                 without_cage, without_cages)

MODE_HELP = {
    Mode.GIVENS: "Click a cell and type its given.",
    Mode.REGIONS: "Drag from a cell of a region over other cells to move them into it, or "
                  "type a region's letter on the selected cell. Each region needs n cells.",
    Mode.CAGES: "Drag over cells to make a cage of them; click a cage to select it, "
                "Shift+click to add or take out a cell, Delete removes it. Set its sum below.",
}


class SudokuRulesPanel(QGroupBox):
    """Emits `problem(text)` for an edit it cannot make (shown by the editor)."""

    problem = Signal(str)

    def __init__(self, document: PuzzleDocument, canvas: SudokuRulesCanvas,
                 parent: QWidget | None = None) -> None:
        super().__init__("Variant rules", parent)
        self.document, self.canvas = document, canvas
        self.mode_buttons = {mode: QRadioButton(text) for mode, text in (
            (Mode.GIVENS, "Givens"), (Mode.REGIONS, "Regions (jigsaw)"),
            (Mode.CAGES, "Cages (killer)"))}
        self.mode_group = QButtonGroup(self)
        for button in self.mode_buttons.values():
            self.mode_group.addButton(button)
        self.mode_buttons[Mode.GIVENS].setChecked(True)
        self.mode_help = QLabel(MODE_HELP[Mode.GIVENS])
        self.mode_help.setWordWrap(True)
        self.mode_help.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.diagonals = QCheckBox("Diagonals (X-Sudoku)")
        self.diagonals.setToolTip("Both main diagonals hold every symbol once")
        self.boxes_button = QPushButton("Regions back to boxes")
        self.cage_label = QLabel()
        self.cage_sum = QSpinBox()
        self.cage_sum.setPrefix("Sum ")
        self.cage_sum.setKeyboardTracking(False)  # one edit when typed, not one per digit
        self.delete_cage_button = QPushButton("Delete cage")
        self.clear_cages_button = QPushButton("Remove all cages")
        self._layout()
        self._connect()
        self.refresh(document.puzzle)

    def _layout(self) -> None:
        layout = QVBoxLayout(self)
        for button in self.mode_buttons.values():
            layout.addWidget(button)
        layout.addWidget(self.mode_help)
        layout.addWidget(self.diagonals)
        layout.addWidget(self.boxes_button)
        cage_row = QHBoxLayout()
        cage_row.addWidget(self.cage_label)
        cage_row.addWidget(self.cage_sum, 1)
        layout.addLayout(cage_row)
        buttons = QHBoxLayout()
        buttons.addWidget(self.delete_cage_button)
        buttons.addWidget(self.clear_cages_button)
        layout.addLayout(buttons)

    def _connect(self) -> None:
        for button in self.mode_buttons.values():
            button.toggled.connect(self._on_mode_toggled)
        self.diagonals.clicked.connect(self._on_diagonals)
        self.boxes_button.clicked.connect(self._on_boxes)
        self.cage_sum.valueChanged.connect(self._on_cage_sum)
        self.delete_cage_button.clicked.connect(self._on_delete_cage)
        self.clear_cages_button.clicked.connect(self._on_clear_cages)
        self.canvas.region_painted.connect(self._on_region_painted)
        self.canvas.region_typed.connect(self._on_region_typed)
        self.canvas.cage_drawn.connect(self._on_cage_drawn)
        self.canvas.cage_toggled.connect(self._on_cage_toggled)
        self.canvas.cage_deleted.connect(self._on_cage_deleted)
        self.canvas.selection_moved.connect(self._on_selection_moved)
        self.document.changed.connect(self.refresh)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Room for the longest help at the width the help has: the controls under it stay
        put whichever mode is chosen, and no help runs into them."""
        super().resizeEvent(event)
        width = self.mode_help.contentsRect().width()
        metrics = self.mode_help.fontMetrics()
        needed = max(metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap,
                                          text).height() for text in MODE_HELP.values())
        if width > 0 and self.mode_help.minimumHeight() != needed:
            self.mode_help.setMinimumHeight(needed)

    @property
    def mode(self) -> Mode:
        return self.canvas.mode

    def set_mode(self, mode: Mode) -> None:
        self.mode_buttons[mode].setChecked(True)

    # --- showing -----------------------------------------------------------------------
    def refresh(self, puzzle: Puzzle) -> None:
        """Show the puzzle's rules without making edits of them."""
        grid = puzzle.sudoku
        self.diagonals.setChecked(grid.diagonals)
        self.boxes_button.setEnabled(bool(grid.regions))
        self.clear_cages_button.setEnabled(bool(grid.cages))
        self._show_cage()

    def _show_cage(self) -> None:
        grid = self.document.puzzle.sudoku
        cage = cage_of(grid, self.canvas.selected)
        self.cage_sum.blockSignals(True)
        self.cage_sum.setRange(1, grid.n * (grid.n + 1) // 2)
        self.cage_sum.setValue(cage.total if cage else self.cage_sum.minimum())
        self.cage_sum.blockSignals(False)
        self.cage_sum.setEnabled(cage is not None)
        self.delete_cage_button.setEnabled(cage is not None)
        self.cage_label.setText(f"Cage at {cell_name(grid.n, cage.cells[0])}:" if cage
                                else "No cage selected")

    # --- edits -------------------------------------------------------------------------
    def _on_mode_toggled(self, checked: bool) -> None:
        if not checked:
            return
        mode = next(m for m, button in self.mode_buttons.items() if button.isChecked())
        self.canvas.set_mode(mode)
        self.mode_help.setText(MODE_HELP[mode])
        self.canvas.setFocus()

    def _on_diagonals(self, on: bool) -> None:
        self.document.edit("Add the diagonals" if on else "Remove the diagonals",
                           with_diagonals(on))

    def _on_boxes(self) -> None:
        self.document.edit("Regions back to boxes", with_boxes)

    def _on_region_painted(self, cells: list, from_cell: int) -> None:
        region = cell_regions(self.document.puzzle.sudoku)[from_cell]
        self._edit_region(cells, region)

    def _on_region_typed(self, cell: int, region: int) -> None:
        self._edit_region([cell], region)

    def _edit_region(self, cells: list[int], region: int) -> None:
        n = self.document.puzzle.sudoku.n
        where = cell_name(n, cells[0]) + (f" and {len(cells) - 1} more" if len(cells) > 1 else "")
        self.document.edit(f"Move {where} to a region", with_cells_in_region(cells, region))

    def _on_cage_drawn(self, cells: list) -> None:
        n = self.document.puzzle.sudoku.n
        if len(cells) > n:
            self.problem.emit(f"A cage holds each symbol at most once: at most {n} cells, "
                              f"not {len(cells)}")
            return
        self.document.edit(f"Make a cage at {cell_name(n, min(cells))}", with_new_cage(cells))
        self._show_cage()

    def _on_cage_toggled(self, cell: int) -> None:
        n = self.document.puzzle.sudoku.n
        self.document.edit(f"Change the cage at {cell_name(n, cell)}",
                           with_cell_toggled(self.canvas.selected, cell))

    def _on_selection_moved(self, cell: int) -> None:
        self._show_cage()

    def _on_cage_deleted(self, cell: int) -> None:
        if cage_of(self.document.puzzle.sudoku, cell) is None:
            self.problem.emit("No cage here to delete")
            return
        n = self.document.puzzle.sudoku.n
        self.document.edit(f"Delete the cage at {cell_name(n, cell)}", without_cage(cell))

    def _on_delete_cage(self) -> None:
        self._on_cage_deleted(self.canvas.selected)

    def _on_clear_cages(self) -> None:
        self.document.edit("Remove all cages", without_cages)

    def _on_cage_sum(self, total: int) -> None:
        cell = self.canvas.selected
        if cage_of(self.document.puzzle.sudoku, cell) is None:
            return
        n = self.document.puzzle.sudoku.n
        self.document.edit(f"Set the cage sum at {cell_name(n, cell)} to {total}",
                           with_cage_sum(cell, total))
