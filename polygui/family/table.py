"""The family's table: one row per member (name, solutions, time), filled in as members end,
sortable by any column (numbers sort as numbers); a double-click or Enter names the member."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem,
                               QWidget)

from ..solving.panel import elapsed_text
from .results import FamilyResults, member_label

COLUMNS = ("Member", "Solutions", "Time")
INDEX_ROLE = Qt.ItemDataRole.UserRole  # the member's index, on the name's item
SORT_ROLE = Qt.ItemDataRole.UserRole + 1


class SortableItem(QTableWidgetItem):
    """Sorts by SORT_ROLE (a number, or the family's order for names); a member not solved
    yet counts as less than none."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(SORT_ROLE), other.data(SORT_ROLE)
        return (-1 if mine is None else mine) < (-1 if theirs is None else theirs)


class FamilyTable(QTableWidget):
    member_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(COLUMNS)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.setToolTip("Double-click a member (or press Enter) to open its solutions.")
        self.cellActivated.connect(lambda row, _column: self._choose(row))
        self.cellDoubleClicked.connect(lambda row, _column: self._choose(row))

    def show_results(self, results: FamilyResults) -> None:
        """Every member, with the figures of those solved."""
        self.setSortingEnabled(False)
        self.setRowCount(len(results.family.members))
        for index, member in enumerate(results.family.members):
            name = SortableItem(member_label(member))
            name.setData(INDEX_ROLE, index)
            name.setData(SORT_ROLE, index)
            self.setItem(index, 0, name)
            for column in (1, 2):
                self.setItem(index, column, SortableItem())
            self._fill(index, results.results.get(index))
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # the family's order

    def add_result(self, result) -> None:
        """A member's run has ended: its row's figures."""
        self._fill(result.index, result)

    def _row_of(self, index: int) -> int:
        for row in range(self.rowCount()):
            if self.item(row, 0).data(INDEX_ROLE) == index:
                return row
        raise KeyError(index)

    def _fill(self, index: int, result) -> None:
        if result is None:
            return
        sorting = self.isSortingEnabled()
        self.setSortingEnabled(False)  # the row would move while its items are set
        row = self._row_of(index)
        count, seconds = self.item(row, 1), self.item(row, 2)
        count.setText(f"{result.solutions:,}" + ("" if result.complete else " (stopped)"))
        count.setData(SORT_ROLE, result.solutions)
        seconds.setText(elapsed_text(result.seconds))
        seconds.setData(SORT_ROLE, result.seconds)
        count.setToolTip(getattr(result, "note", ""))  # why a member has none, without a search
        for item in (count, seconds):
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setSortingEnabled(sorting)

    def select_member(self, index: int) -> None:
        """Mark the member's row (the member open in the window)."""
        self.selectRow(self._row_of(index))

    def figures(self, row: int) -> tuple[int, str, str]:
        """(member index, solutions text, time text) of a row as shown."""
        return (self.item(row, 0).data(INDEX_ROLE), self.item(row, 1).text(),
                self.item(row, 2).text())

    def _choose(self, row: int) -> None:
        self.member_chosen.emit(self.item(row, 0).data(INDEX_ROLE))
