"""The pieces of the open puzzle as an editable list, for every polyform grid kind.

Each row shows a piece's colour swatch and name, its size, its count and whether mirror images
may be placed. Every change is one `document.edit(...)`, so it is undoable and an invalid
result (an empty name, two pieces with one name) is refused by the document, not here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QKeyEvent, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QColorDialog, QHBoxLayout, QHeaderView,
                               QPushButton, QSpinBox, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from solvers import Piece, Puzzle

from ..models import PuzzleDocument
from ..views.colours import PALETTE_SIZE, palette_colour, piece_colour
from .colour_edits import keep_paint
from .piece_clipboard import copy_pieces, paste_pieces
from .count_range import fewest_box, piece_change, range_text, with_count, with_fewest

NAME, SIZE, COUNT, MIRROR, FEWEST = range(5)
SWATCH = 16
COUNT_MARGINS = (4, 3, 4, 3)  # around a count box in its cell: left, top, right, bottom
MAX_NAME_WIDTH = 200  # the Piece column asks no more room than this; a longer name is elided

SELECT_ROW = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
ColourPicker = Callable[[QColor, QWidget], QColor]


def ask_colour(initial: QColor, parent: QWidget) -> QColor:
    """The standard colour dialog; an invalid QColor when cancelled."""
    return QColorDialog.getColor(initial, parent, "Piece colour")


def fresh_name(puzzle: Puzzle) -> str:
    """"P<n>" with the smallest n from the piece count up that no piece uses."""
    names = {piece.name for piece in puzzle.pieces}
    number = len(puzzle.pieces) + 1
    while f"P{number}" in names:
        number += 1
    return f"P{number}"


def fresh_colour(puzzle: Puzzle) -> str:
    """The first palette colour no piece shows yet."""
    used = {piece_colour(puzzle, index).name() for index in range(len(puzzle.pieces))}
    index = 0
    while palette_colour(index).name() in used and index < PALETTE_SIZE:
        index += 1
    return palette_colour(index).name()


def count_box_hint() -> QSize:
    """A count box's size, as the style draws it (two digits and the arrows)."""
    box = QSpinBox()
    box.setRange(1, 99)
    box.ensurePolished()
    return box.sizeHint()


def count_column_width(comfort: int = 16) -> int:
    """The box with its margins, `comfort` pixels more, or the header's word."""
    box = QSpinBox()
    words = box.fontMetrics().horizontalAdvance("Fewest") + 24
    return max(count_box_hint().width() + COUNT_MARGINS[0] + COUNT_MARGINS[2] + comfort, words)


def replace_piece(index: int, **changes) -> Callable[[Puzzle], Puzzle]:
    """An edit that changes some fields of piece `index` (new cells keep the paint of the
    cells still there)."""
    def edit(puzzle: Puzzle) -> Puzzle:
        pieces = list(puzzle.pieces)
        kept = ({"paint": keep_paint(pieces[index].paint, changes["cells"])}
                if "cells" in changes and "paint" not in changes else {})
        pieces[index] = dataclasses.replace(pieces[index], **changes, **kept)
        return dataclasses.replace(puzzle, pieces=tuple(pieces))
    return edit


def without_piece(puzzle: Puzzle, index: int) -> Puzzle:
    """`puzzle` less piece `index`. The pieces after it that take their colour from the palette
    by position keep the one they show, written into them."""
    pieces = [piece if piece.colour or later <= index else
              dataclasses.replace(piece, colour=piece_colour(puzzle, later).name())
              for later, piece in enumerate(puzzle.pieces)]
    return dataclasses.replace(puzzle, pieces=tuple(pieces[:index] + pieces[index + 1:]))


def swatch(colour: QColor) -> QIcon:
    """The colour framed dark, with a white ring inside the frame: it stands out on the
    selection's highlight too, even when the highlight is of the same hue."""
    pixmap = QPixmap(SWATCH, SWATCH)
    pixmap.fill(QColor("#202020"))
    painter = QPainter(pixmap)
    painter.fillRect(1, 1, SWATCH - 2, SWATCH - 2, QColor("white"))
    painter.fillRect(2, 2, SWATCH - 4, SWATCH - 4, colour)
    painter.end()
    icon = QIcon(pixmap)
    icon.addPixmap(pixmap, QIcon.Mode.Selected)  # not tinted with the highlight
    return icon


class PieceList(QWidget):
    """Add, delete, rename (double-click or F2), recolour, count and mirror the pieces.

    `selection_changed(object)` carries the selected piece index or None."""

    selection_changed = Signal(object)
    problem = Signal(str)  # a paste refused, and why

    def __init__(self, document: PuzzleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.colour_picker: ColourPicker = ask_colour  # tests put a stand-in here
        self._selected_name: str | None = None
        self._announced: int | None = None  # the index selection_changed last carried
        self._piece_total = 0
        self.table = self._make_table()
        self.add_button = QPushButton("Add piece")
        self.delete_button = QPushButton("Delete")
        self.colour_button = QPushButton("Colour…")
        self.add_button.setToolTip("Add a one-cell piece; paint its cells on the piece canvas")
        self.add_button.clicked.connect(self.add_piece)
        self.delete_button.clicked.connect(self.delete_selected)
        self.colour_button.clicked.connect(self.recolour_selected)
        self.table.installEventFilter(self)  # the Delete key deletes the selected piece
        buttons = QHBoxLayout()
        for button in (self.add_button, self.delete_button, self.colour_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        document.changed.connect(self._show)
        self._show(document.puzzle)

    def _make_table(self) -> QTableWidget:
        table = QTableWidget(0, 5, self)
        table.setHorizontalHeaderLabels(["Piece", "Cells", "Count", "Mirror", "Fewest"])
        table.verticalHeader().hide()
        table.setMinimumHeight(150)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)  # to copy
        table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                              | QAbstractItemView.EditTrigger.EditKeyPressed)
        header = table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for column in (SIZE, MIRROR):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        for column in (COUNT, FEWEST):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(COUNT, count_column_width())
        header.resizeSection(FEWEST, count_column_width(comfort=0))
        table.verticalHeader().setDefaultSectionSize(  # rows tall enough for the boxes
            max(table.verticalHeader().defaultSectionSize(),
                count_box_hint().height() + COUNT_MARGINS[1] + COUNT_MARGINS[3]))
        table.itemChanged.connect(self._on_item_changed)
        table.itemSelectionChanged.connect(self._on_selection_changed)
        return table

    def comfortable_width(self) -> int:
        """The width at which every column shows whole, the names a short name wide ("L",
        "Piece 12"): a side panel of fixed width should be at least this wide."""
        name = self.table.horizontalHeader().fontMetrics().horizontalAdvance("Piece 12")
        return self._width_with(name + SWATCH + 24)

    def name_column_width(self) -> int:
        """What the Piece column needs to show its header and every name with its swatch."""
        table = self.table
        wanted = max(table.horizontalHeader().sectionSizeHint(NAME),
                     table.sizeHintForColumn(NAME))
        return min(wanted, MAX_NAME_WIDTH)

    def sizeHint(self) -> QSize:
        """Wide enough for every column whole and the names as they are, so that a splitter
        giving the list what it asks shows them (the flat designers' side took 2/5 of the
        window, and at the default size the Piece column was 26 px: no name showed)."""
        hint = super().sizeHint()
        return QSize(max(hint.width(), self._width_with(self.name_column_width())),
                     hint.height())

    def _width_with(self, name: int) -> int:
        """The list's width with a Piece column `name` wide and the others whole."""
        table, header = self.table, self.table.horizontalHeader()
        others = sum(header.sectionSize(column) if column in (COUNT, FEWEST)
                     else max(header.sectionSizeHint(column), table.sizeHintForColumn(column))
                     for column in (SIZE, MIRROR, COUNT, FEWEST))
        return (name + others + table.verticalScrollBar().sizeHint().width()
                + 2 * table.frameWidth())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.table and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.matches(QKeySequence.StandardKey.Delete)
                and self.table.state() != QAbstractItemView.State.EditingState):
            self.delete_selected()
            return True
        return super().eventFilter(watched, event)

    # --- selection -----------------------------------------------------------------------
    def selected_piece(self) -> int | None:
        """The piece the editors edit: the current row when several are selected."""
        rows = self.selected_pieces()
        current = self.table.currentRow()
        return current if current in rows else (rows[0] if rows else None)

    def selected_pieces(self) -> list[int]:
        return sorted(index.row() for index in self.table.selectionModel().selectedRows())

    def edit_command(self, command: str) -> bool:
        """Edit > Copy, Paste or Select All with the list focused (piece_clipboard)."""
        if command == "copy":
            return copy_pieces(self.document.puzzle, self.selected_pieces()) > 0
        if command == "paste":
            before = len(self.document.puzzle.pieces)
            problem = paste_pieces(self.document, fresh_colour)
            if problem:
                self.problem.emit(problem)
            else:
                self.table.clearSelection()
                for row in range(before, len(self.document.puzzle.pieces)):
                    self.table.selectionModel().select(
                        self.table.model().index(row, NAME), SELECT_ROW)
            return True
        if command == "select_all":
            self.table.selectAll()
            return True
        return False

    def select_piece(self, index: int | None) -> None:
        if index is None or not 0 <= index < self.table.rowCount():
            self.table.clearSelection()
        else:
            self.table.selectRow(index)

    def _on_selection_changed(self) -> None:
        index = self.selected_piece()
        pieces = self.document.puzzle.pieces
        self._selected_name = pieces[index].name if index is not None else None
        has_piece = index is not None
        self.delete_button.setEnabled(has_piece)
        self.colour_button.setEnabled(has_piece)
        if index != self._announced:
            self._announced = index
            self.selection_changed.emit(index)

    def _selection_after(self, puzzle: Puzzle, previous: int | None) -> int | None:
        """Keep the selected piece: by name, or by place when it was renamed; none when it
        was deleted."""
        names = [piece.name for piece in puzzle.pieces]
        if self._selected_name in names:
            return names.index(self._selected_name)
        renamed = len(names) == self._piece_total
        return previous if renamed and previous is not None and previous < len(names) else None

    # --- showing the document ------------------------------------------------------------
    def _show(self, puzzle: Puzzle) -> None:
        previous = self.selected_piece()
        keep = self._selection_after(puzzle, previous)
        with QSignalBlocker(self.table):
            self.table.setRowCount(len(puzzle.pieces))
            for row, piece in enumerate(puzzle.pieces):
                self._show_row(row, piece, piece_colour(puzzle, row))
        self._piece_total = len(puzzle.pieces)
        with QSignalBlocker(self.table):
            self.select_piece(keep)
        self._on_selection_changed()

    def _show_row(self, row: int, piece: Piece, colour: QColor) -> None:
        name = self._item(row, NAME)
        name.setText(piece.name)
        name.setIcon(swatch(colour))
        name.setToolTip(f"{piece.name}: double-click or F2 to rename")
        size = self._item(row, SIZE)
        size.setText(str(piece.size))
        size.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        size.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        mirror = self._item(row, MIRROR)
        mirror.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                        | Qt.ItemFlag.ItemIsUserCheckable)
        mirror.setCheckState(Qt.CheckState.Checked if piece.mirror else Qt.CheckState.Unchecked)
        mirror.setToolTip("Allow mirror images of this piece")
        box = self._count_box(row)
        with QSignalBlocker(box):
            box.setValue(piece.count)
        fewest = self._count_box(row, FEWEST)
        with QSignalBlocker(fewest):
            fewest.setMaximum(piece.count)
            fewest.setValue(piece.fewest)

    def _item(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        if item is None:
            item = QTableWidgetItem()
            self.table.setItem(row, column, item)
        return item

    def _count_box(self, row: int, column: int = COUNT) -> QSpinBox:
        cell = self.table.cellWidget(row, column)
        if cell is None:
            if column == COUNT:
                box = QSpinBox()
                box.setRange(1, 99)
                box.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                box.setToolTip("How many copies of this piece the puzzle has (the most, "
                               "when Fewest is lower)")
            else:
                box = fewest_box()
            box.valueChanged.connect(lambda value, box=box, column=column:
                                     self._on_count(box, value, column))
            cell = QWidget()  # the box framed, with room around it in its cell
            layout = QHBoxLayout(cell)
            layout.setContentsMargins(*COUNT_MARGINS)
            layout.addWidget(box)
            self.table.setCellWidget(row, column, cell)
        return cell.findChild(QSpinBox)

    def count_box(self, index: int) -> QSpinBox:
        """The count spin box of piece `index` (for tests and keyboard users)."""
        return self._count_box(index)

    def fewest_box(self, index: int) -> QSpinBox:
        """The spin box of the fewest copies of piece `index` (a count range)."""
        return self._count_box(index, FEWEST)

    # --- edits ---------------------------------------------------------------------------
    def _row_of(self, box: QSpinBox, column: int) -> int:
        for row in range(self.table.rowCount()):
            if self.table.cellWidget(row, column) is box.parentWidget():
                return row
        return -1

    def _on_count(self, box: QSpinBox, value: int, column: int) -> None:
        row = self._row_of(box, column)
        if row < 0:
            return
        piece = self.document.puzzle.pieces[row]
        changed = with_count(piece, value) if column == COUNT else with_fewest(piece, value)
        if changed.has_range or piece.has_range:
            text = f"Set count of {piece.name} to {range_text(changed)}"
        else:
            text = f"Set count of {piece.name} to {value}"
        self.document.edit(text, piece_change(row, lambda _piece: changed))

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        row = item.row()
        piece = self.document.puzzle.pieces[row]
        if item.column() == NAME:
            new_name = item.text().strip()
            if not self.document.edit(f"Rename piece {piece.name} to {new_name}",
                                      replace_piece(row, name=new_name)):
                self._show(self.document.puzzle)  # refused or unchanged: show the real name
        elif item.column() == MIRROR:
            allowed = item.checkState() == Qt.CheckState.Checked
            text = f"{'Allow' if allowed else 'Forbid'} mirror images of {piece.name}"
            self.document.edit(text, replace_piece(row, mirror=allowed))

    def add_piece(self) -> None:
        """A one-cell piece with a fresh name and colour, selected for painting. Flat pieces
        may be turned over; solid polycubes cannot (a mirror image needs a fourth dimension)."""
        puzzle = self.document.puzzle
        origin = (0,) * puzzle.kind.dimensions
        piece = Piece(fresh_name(puzzle), (origin,), colour=fresh_colour(puzzle),
                      mirror=puzzle.kind.grid.flat)
        if self.document.edit(f"Add piece {piece.name}", lambda p: dataclasses.replace(
                p, pieces=p.pieces + (piece,))):
            self.select_piece(len(self.document.puzzle.pieces) - 1)

    def delete_selected(self) -> None:
        index = self.selected_piece()
        if index is None:
            return
        name = self.document.puzzle.pieces[index].name
        self.document.edit(f"Delete piece {name}", lambda p: without_piece(p, index))

    def recolour_selected(self) -> None:
        index = self.selected_piece()
        if index is None:
            return
        puzzle = self.document.puzzle
        colour = self.colour_picker(piece_colour(puzzle, index), self)
        if colour.isValid():
            self.document.edit(f"Recolour piece {puzzle.pieces[index].name}",
                               replace_piece(index, colour=colour.name()))
