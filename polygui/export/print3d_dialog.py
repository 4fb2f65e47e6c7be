"""The 3D Print dialog: how the pieces are made (cell size, gap, edges, tile thickness, names,
the board as a tray or box) and written (a file a piece or plates, STL or 3MF). Its values
become a solvers.output.printable.PrintOptions, checked before the dialog closes: a bad
combination is named in the dialog, which stays open."""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QDoubleSpinBox, QFormLayout, QHBoxLayout, QLabel, QVBoxLayout,
                               QWidget)

from solvers import GridKind, Puzzle, PuzzleError
from solvers.output.printable import PrintOptions

EDGE_CHOICES = (("Sharp", "sharp"), ("Chamfered", "chamfer"), ("Rounded", "round"))
NAME_CHOICES = (("None", "none"), ("Engraved", "engraved"), ("Embossed", "embossed"))
LAYOUT_CHOICES = (("A file a piece", "pieces"), ("Laid out on print plates", "plate"))
FORMAT_CHOICES = (("Binary STL", "stl"), ("3MF (a colour per piece)", "3mf"))


def millimetres(value: float, low: float, high: float, step: float = 0.1) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(2)
    box.setSingleStep(step)
    box.setSuffix(" mm")
    box.setValue(value)
    return box


def choices(items: tuple[tuple[str, str], ...], current: str) -> QComboBox:
    box = QComboBox()
    for text, value in items:
        box.addItem(text, value)
    box.setCurrentIndex(box.findData(current))
    return box


class Print3DDialog(QDialog):
    """`options()` is the PrintOptions chosen once accepted."""

    def __init__(self, parent: QWidget | None, puzzle: Puzzle,
                 start: PrintOptions | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("3D Print")
        self.puzzle = puzzle
        start = start or PrintOptions()
        cube = puzzle.kind is GridKind.CUBE
        self.cell = millimetres(start.cell_mm, 1.0, 500.0, 0.5)
        self.gap = millimetres(start.gap_mm, 0.0, 10.0, 0.05)
        self.edge = choices(EDGE_CHOICES, start.edge)
        self.edge_size = millimetres(start.edge_mm, 0.05, 20.0, 0.1)
        self.thickness = millimetres(start.thickness_mm, 0.5, 100.0, 0.5)
        self.names = choices(NAME_CHOICES, start.names)
        self.tray = QCheckBox("print it too, as an open-top box" if cube else
                              "print it too, as a tray")
        self.tray.setChecked(start.board == "tray")
        self.tray.setEnabled(bool(puzzle.board))
        self.layout_choice = choices(LAYOUT_CHOICES, start.layout)
        self.plate_width = millimetres(start.plate_mm[0], 20.0, 2000.0, 10.0)
        self.plate_depth = millimetres(start.plate_mm[1], 20.0, 2000.0, 10.0)
        self.file_format = choices(FORMAT_CHOICES, start.file_format)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.problem.hide()
        self._lay_out(cube)
        self.edge.currentIndexChanged.connect(self._enable)
        self.layout_choice.currentIndexChanged.connect(self._enable)
        self._enable()

    def _lay_out(self, cube: bool) -> None:
        form = QFormLayout()
        form.addRow("Cube edge:" if cube else "Cell edge:", self.cell)
        form.addRow("Gap between pieces:", self.gap)
        edges = QHBoxLayout()
        edges.addWidget(self.edge)
        edges.addWidget(self.edge_size)
        form.addRow("Edges:", edges)
        if not cube:
            form.addRow("Tile thickness:", self.thickness)
        form.addRow("Piece names on top:", self.names)
        form.addRow("Board:", self.tray)
        form.addRow("Files:", self.layout_choice)
        plate = QHBoxLayout()
        plate.addWidget(self.plate_width)
        plate.addWidget(QLabel("×"))
        plate.addWidget(self.plate_depth)
        form.addRow("Plate (width × depth):", plate)
        form.addRow("Format:", self.file_format)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Choose Folder…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addLayout(form)
        column.addWidget(self.problem)
        column.addWidget(buttons)

    def _enable(self) -> None:
        self.edge_size.setEnabled(self.edge.currentData() != "sharp")
        on_plates = self.layout_choice.currentData() == "plate"
        self.plate_width.setEnabled(on_plates)
        self.plate_depth.setEnabled(on_plates)

    def options(self) -> PrintOptions:
        """The options shown; PuzzleError naming a bad combination."""
        return PrintOptions(
            cell_mm=self.cell.value(), gap_mm=self.gap.value(), edge=self.edge.currentData(),
            edge_mm=self.edge_size.value(), thickness_mm=self.thickness.value(),
            names=self.names.currentData(),
            board="tray" if self.tray.isChecked() and self.tray.isEnabled() else "none",
            layout=self.layout_choice.currentData(),
            plate_mm=(self.plate_width.value(), self.plate_depth.value()),
            file_format=self.file_format.currentData())

    def accept(self) -> None:
        try:
            self.options()
        except PuzzleError as error:
            self.problem.setText(str(error).removeprefix("3D print: ").capitalize())
            self.problem.show()
            return
        super().accept()


def ask_print_options(parent: QWidget, puzzle: Puzzle,
                      start: PrintOptions | None = None) -> PrintOptions | None:
    """The options chosen, or None if cancelled."""
    dialog = Print3DDialog(parent, puzzle, start)
    return dialog.options() if dialog.exec() == QDialog.DialogCode.Accepted else None
