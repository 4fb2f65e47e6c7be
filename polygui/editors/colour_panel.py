"""Colour constraints in Design mode: the puzzle's constraint colours, the colour the Paint
tool paints with, and the rules table (a checkbox per piece colour and board colour: ticked,
that piece colour may lie on that board colour).

Every change is one `document.edit(...)`, undoable; the document refuses what is invalid (two
colours of one name). With no box ticked nothing is constrained: the colours only show.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QColorDialog, QComboBox, QGroupBox,
                               QHBoxLayout, QHeaderView, QInputDialog, QLabel, QSizePolicy,
                               QTableWidget, QTableWidgetItem, QToolButton, QVBoxLayout,
                               QWidget)

from solvers import Puzzle

from ..models import PuzzleDocument
from .colour_edits import (fresh_colour, with_changed_colour, with_colour, with_rule,
                           without_colour)
from .piece_list import swatch

RULE_CELL = 24  # pixels: a rules table cell, as wide as tall
NO_RULES = "No pair ticked: nothing is constrained, the colours only show."
SOME_RULES = "A painted piece cell may lie on a neutral cell, or on a colour ticked for it."

NamePicker = Callable[[str, QWidget], str | None]
ColourPicker = Callable[[QColor, QWidget], QColor]


def ask_name(current: str, parent: QWidget) -> str | None:
    text, ok = QInputDialog.getText(parent, "Rename colour", "Name:", text=current)
    return text if ok else None


def ask_colour(initial: QColor, parent: QWidget) -> QColor:
    return QColorDialog.getColor(initial, parent, "Constraint colour")


class ColourPanel(QGroupBox):
    """`brush_changed(int)`: the colour number the Paint tool now paints (0: neutral, which
    takes paint away)."""

    brush_changed = Signal(int)

    def __init__(self, document: PuzzleDocument, parent: QWidget | None = None, *,
                 brush_inside: bool = True) -> None:
        """`brush_inside`: the choice of the brush (`brush_box`) is in the panel; else the
        owner places it (beside its Paint tool)."""
        super().__init__("Colour constraints", parent)
        self.brush_inside = brush_inside
        self.document = document
        self._first_show = True  # the first colour is the brush at first, Neutral after
        self.name_picker: NamePicker = ask_name  # tests put stand-ins here
        self.colour_picker: ColourPicker = ask_colour
        self.brush = QComboBox()
        self.brush.setToolTip("The colour the Paint tool paints; Neutral takes paint away")
        self.brush.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.buttons = {name: self._button(text, tip) for name, text, tip in (
            ("add", "Add", "Add a constraint colour"),
            ("rename", "Rename", "Rename the colour chosen to paint with"),
            ("recolour", "Colour", "Draw the colour chosen to paint with in another colour"),
            ("delete", "Delete", "Delete the colour chosen to paint with, its paint and its "
                                 "rules"))}
        self.rules = self._make_rules_table()
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self._layout()
        self.brush.currentIndexChanged.connect(self._on_brush)
        self.buttons["add"].clicked.connect(self.add_colour)
        self.buttons["rename"].clicked.connect(lambda: self.rename_colour(self.brush_colour()))
        self.buttons["recolour"].clicked.connect(lambda: self.recolour(self.brush_colour()))
        self.buttons["delete"].clicked.connect(lambda: self.delete_colour(self.brush_colour()))
        document.changed.connect(self._show)
        self._show(document.puzzle)

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        return button

    def _make_rules_table(self) -> QTableWidget:
        table = QTableWidget(0, 0)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for header in (table.horizontalHeader(), table.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setDefaultSectionSize(RULE_CELL)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        table.horizontalHeader().setMinimumSectionSize(RULE_CELL)
        table.itemChanged.connect(self._on_rule_changed)
        return table

    def _layout(self) -> None:
        self.brush_box = QWidget()
        row = self.brush_row = QHBoxLayout(self.brush_box)  # (the cube designer adds its toggle)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Paint with"))
        row.addWidget(self.brush, 1)
        buttons = QHBoxLayout()
        for button in self.buttons.values():
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        if self.brush_inside:
            layout.addWidget(self.brush_box)
        layout.addLayout(buttons)
        self.rules_label = QLabel("Piece colour (row) may lie on board colour (column):")
        self.rules_label.setWordWrap(True)
        layout.addWidget(self.rules_label)
        layout.addWidget(self.rules)
        layout.addWidget(self.hint)
        layout.addStretch(1)  # in a tall tab, the rows stay together at the top

    # --- showing the document ------------------------------------------------------------
    def _show(self, puzzle: Puzzle) -> None:
        colours = puzzle.constraint_colours
        chosen = self.brush_colour()
        with QSignalBlocker(self.brush):
            self.brush.clear()
            self.brush.addItem("Neutral (no paint)", 0)
            for number, colour in enumerate(colours, start=1):
                self.brush.addItem(swatch(QColor(colour.rgb)), colour.name, number)
            if self._first_show and colours:
                chosen, self._first_show = 1, False
            self.brush.setCurrentIndex(min(chosen, len(colours)))
        for name in ("rename", "recolour", "delete"):
            self.buttons[name].setEnabled(self.brush_colour() > 0)
        self._show_rules(puzzle)
        if self.brush_colour() != chosen:
            self.brush_changed.emit(self.brush_colour())

    def _show_rules(self, puzzle: Puzzle) -> None:
        colours = puzzle.constraint_colours
        allowed = set(puzzle.colour_rules)
        table = self.rules
        with QSignalBlocker(table):
            table.setRowCount(len(colours))
            table.setColumnCount(len(colours))
            for number, colour in enumerate(colours, start=1):
                for header, setter in ((QTableWidgetItem(), table.setVerticalHeaderItem),
                                       (QTableWidgetItem(), table.setHorizontalHeaderItem)):
                    header.setIcon(swatch(QColor(colour.rgb)))
                    header.setToolTip(colour.name)
                    setter(number - 1, header)
                table.verticalHeaderItem(number - 1).setText(colour.name)
            for piece in range(1, len(colours) + 1):
                for board in range(1, len(colours) + 1):
                    item = QTableWidgetItem()
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Checked if (piece, board) in allowed
                                       else Qt.CheckState.Unchecked)
                    item.setToolTip(f"{colours[piece - 1].name} piece cells on "
                                    f"{colours[board - 1].name} board cells")
                    table.setItem(piece - 1, board - 1, item)
        visible = bool(colours)
        table.setVisible(visible)
        self.rules_label.setVisible(visible)
        rows = min(len(colours), 6)  # the table scrolls past six colours
        table.setFixedHeight(table.horizontalHeader().sizeHint().height() + rows * RULE_CELL
                             + 2 * table.frameWidth() + 2)
        self.hint.setText(NO_RULES)
        self.hint.setVisible(visible and not allowed)
        table.setToolTip(f"Rows: piece colours; columns: board colours. {SOME_RULES}")

    def brush_colour(self) -> int:
        """The colour number the Paint tool paints (0: neutral)."""
        data = self.brush.currentData()
        return int(data) if data is not None else 0

    def set_brush(self, number: int) -> None:
        self.brush.setCurrentIndex(self.brush.findData(number))

    def _on_brush(self) -> None:
        for name in ("rename", "recolour", "delete"):
            self.buttons[name].setEnabled(self.brush_colour() > 0)
        self.brush_changed.emit(self.brush_colour())

    def colour_name(self, number: int) -> str:
        return self.document.puzzle.constraint_colours[number - 1].name

    # --- edits -------------------------------------------------------------------------
    def add_colour(self) -> None:
        colour = fresh_colour(self.document.puzzle)
        if self.document.edit(f"Add colour {colour.name}", with_colour(colour)):
            self.set_brush(len(self.document.puzzle.constraint_colours))

    def rename_colour(self, number: int) -> None:
        if number <= 0:
            return
        old = self.colour_name(number)
        name = self.name_picker(old, self)
        if name is not None and name.strip() and name != old:
            self.document.edit(f"Rename colour {old} to {name}",
                               with_changed_colour(number, name=name.strip()))

    def recolour(self, number: int) -> None:
        if number <= 0:
            return
        colour = self.colour_picker(QColor(self.document.puzzle.constraint_colours[number - 1].rgb),
                                    self)
        if colour.isValid():
            self.document.edit(f"Recolour colour {self.colour_name(number)}",
                               with_changed_colour(number, rgb=colour.name()))

    def delete_colour(self, number: int) -> None:
        if number > 0:
            self.document.edit(f"Delete colour {self.colour_name(number)}",
                               without_colour(number))

    def set_rule(self, piece: int, board: int, allowed: bool) -> bool:
        """Allow (or forbid) piece colour `piece` on board colour `board`: one edit."""
        verb = "Allow" if allowed else "Forbid"
        return self.document.edit(f"{verb} {self.colour_name(piece)} on "
                                  f"{self.colour_name(board)}", with_rule(piece, board, allowed))

    def _on_rule_changed(self, item: QTableWidgetItem) -> None:
        if not self.set_rule(item.row() + 1, item.column() + 1,
                             item.checkState() == Qt.CheckState.Checked):
            self._show_rules(self.document.puzzle)  # refused: show the rules as they are
