"""Cube Play's tray: the pieces left, as a list with a picture of each as it lies now (the way
R, T and F turned it; cubes or balls) and how many copies are left. Choosing one holds it over the box."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from solvers.puzzle.grids import Shape

from ..views.piece_icons import piece_icon

ICON = 48
# the piece held: a light tint and a frame of the highlight, not its solid fill, on which a
# blue piece would vanish
HELD_STYLE = ("QListWidget::item:selected { background: rgba(42, 111, 219, 36); "
              "color: palette(text); border: 2px solid palette(highlight); border-radius: 4px; }")


class CubeTray(QListWidget):
    """`chosen(int piece)` when the player picks a piece that has copies left."""

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # R, T and F stay with the play
        self.setIconSize(QSize(ICON, ICON))
        self.setToolTip("The pieces left: choose one, then click where it goes in the layer "
                        "grid or in 3D")
        self.setMinimumWidth(130)
        self.setMaximumWidth(200)
        self.setStyleSheet(HELD_STYLE)
        self.itemClicked.connect(self._clicked)
        self.balls = False  # the pieces are of balls (the sphere grid), not cubes

    def show_pieces(self, names: list[str], colours: list[QColor], shapes: dict[int, Shape],
                    left: list[int], held: int | None) -> None:
        """One row per piece: its picture as held now, its name and the copies left (a piece
        with none left is greyed out)."""
        self.blockSignals(True)
        if self.count() != len(names):
            self.clear()
            for _ in names:
                self.addItem(QListWidgetItem())
        for piece, name in enumerate(names):
            item = self.item(piece)
            item.setText(name + (f" ×{left[piece]}" if left[piece] > 1 else "")
                         + ("" if left[piece] else " (placed)"))
            icon = piece_icon(shapes[piece], colours[piece], ICON, self.balls)
            icon.addPixmap(icon.pixmap(ICON, ICON), QIcon.Mode.Selected)  # as it is, untinted
            item.setIcon(icon)
            enabled = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
            item.setFlags(enabled if left[piece] else Qt.ItemFlag.NoItemFlags)
            item.setSelected(piece == held)
        self.blockSignals(False)

    def item_point(self, piece: int):
        """Where to click to choose `piece` (in the viewport), for tests."""
        return self.visualItemRect(self.item(piece)).center()

    def _clicked(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.chosen.emit(self.row(item))
