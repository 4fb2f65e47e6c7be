"""A legend of the puzzle's pieces: a picture of the piece in its colour (a colour swatch for
flat pieces), the name and a visibility checkbox each."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from solvers import GridKind, Puzzle

from .colours import copies_text, piece_colours
from .piece_icons import polycube_icon

SWATCH = 14
PICTURE = 40  # a polycube's picture, in pixels


def swatch(colour: QColor) -> QIcon:
    pixmap = QPixmap(SWATCH, SWATCH)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setPen(QColor("#333333"))
    painter.setBrush(colour)
    painter.drawRect(0, 0, SWATCH - 1, SWATCH - 1)
    painter.end()
    return QIcon(pixmap)


class PieceLegend(QListWidget):
    """Emits `visibility_changed` when a piece is shown or hidden."""

    visibility_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIconSize(QSize(SWATCH, SWATCH))
        self.setToolTip("Tick the pieces to show")
        self.itemChanged.connect(lambda _item: self.visibility_changed.emit())

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.blockSignals(True)
        self.clear()
        cubes = puzzle.kind is GridKind.CUBE
        self.setIconSize(QSize(PICTURE, PICTURE) if cubes else QSize(SWATCH, SWATCH))
        for piece, colour in zip(puzzle.pieces, piece_colours(puzzle)):
            text = piece.name + copies_text(piece)
            icon = polycube_icon(piece.cells, colour, PICTURE) if cubes else swatch(colour)
            item = QListWidgetItem(icon, text)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.addItem(item)
        self.blockSignals(False)
        self.visibility_changed.emit()

    def visible(self) -> np.ndarray:
        """(pieces,) bool: which piece types are shown."""
        return np.array([self.item(row).checkState() == Qt.CheckState.Checked
                         for row in range(self.count())], dtype=bool)

    def set_visible(self, piece: int, visible: bool) -> None:
        state = Qt.CheckState.Checked if visible else Qt.CheckState.Unchecked
        self.item(piece).setCheckState(state)

    def show_all(self) -> None:
        self.blockSignals(True)
        for row in range(self.count()):
            self.item(row).setCheckState(Qt.CheckState.Checked)
        self.blockSignals(False)
        self.visibility_changed.emit()
