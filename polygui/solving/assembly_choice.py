"""Beside the browser, for a puzzle whose assemblies must come apart: browse its solutions
only (the default) or every assembly, each marked; in the order found, by level or by total
moves; and what the one shown is ("comes apart: level 98.2.4.2, 108 moves")."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from solvers.kernels.status import SOLUTION

from .verdict_table import ORDERS

SHOW_CHOICES = (("Solutions only", False), ("All assemblies", True))
ORDER_CHOICES = (("As found", "found"), ("By level", "level"), ("By moves", "moves"))
assert tuple(value for _, value in ORDER_CHOICES) == ORDERS
MARK_STYLES = {True: "color: #1b5e20;", False: "color: #9a3412;"}  # comes apart, or not


class AssemblyChoice(QWidget):
    """`changed` when what is browsed, or its order, changes."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.show_box = QComboBox()
        for label, value in SHOW_CHOICES:
            self.show_box.addItem(label, value)
        self.show_box.setToolTip("Browse the solutions (the assemblies that come apart), or "
                                 "every assembly found, each marked")
        self.order_box = QComboBox()
        for label, value in ORDER_CHOICES:
            self.order_box.addItem(label, value)
        self.order_box.setToolTip("The order to browse in: as found; by level (the moves of "
                                  "the first separation, then the next..., as BurrTools "
                                  "sorts); or by the total number of moves")
        self.verdict = QLabel()
        self.verdict.setMinimumWidth(self.verdict.fontMetrics().horizontalAdvance(
            "does not come apart (locked)") + 8)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 2)
        layout.addWidget(self.show_box)
        layout.addWidget(self.order_box)
        layout.addWidget(self.verdict, 1)
        self.show_box.currentIndexChanged.connect(self.changed)
        self.order_box.currentIndexChanged.connect(self.changed)
        self.hide()

    def showing_all(self) -> bool:
        return bool(self.show_box.currentData())

    def order(self) -> str:
        return self.order_box.currentData()

    def state(self) -> tuple[bool, str]:
        return self.showing_all(), self.order()

    def set_showing_all(self, everything: bool) -> None:
        self.show_box.setCurrentIndex(self.show_box.findData(everything))

    def set_order(self, order: str) -> None:
        self.order_box.setCurrentIndex(self.order_box.findData(order))

    def show_verdict(self, number: int | None, status: int, text: str) -> None:
        """What the assembly shown (the store's `number`, from 0) is: `text`, marked by
        whether it comes apart. None: nothing shown."""
        if number is None:
            self.verdict.clear()
            return
        self.verdict.setText(f"Assembly {number + 1:,} {text}")
        self.verdict.setStyleSheet(MARK_STYLES[status == SOLUTION])
