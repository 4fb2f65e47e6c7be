"""The family dock's contents: the family's name, the designer's checks in words, the table and
the picture side by side, the exports, and "Back to the family" while a member is open."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QFileDialog, QHBoxLayout, QLabel, QMessageBox, QPushButton,
                               QSplitter, QVBoxLayout, QWidget)

from solvers import PuzzleError

from ..solving.panel import symmetry_label
from .exports import KINDS, export_family
from .picture_view import FamilyPictureView
from .results import FamilyResults
from .table import FamilyTable

REDRAW_MS = 150
EXPORT_TIPS = {".csv": "Save the table (member, solutions, time) as a CSV file.",
               ".png": "Save the picture as a PNG image.",
               ".svg": "Save the picture as an SVG drawing (vector)."}


class FamilyPanel(QWidget):
    member_chosen = Signal(int)  # a row or a picture cell: open that member
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: FamilyResults | None = None
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.checks = QLabel()
        self.checks.setWordWrap(True)
        self.checks.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.back = QPushButton("Back to the Family")
        self.back.setToolTip("Open the family again, with these results.")
        self.back.hide()
        self.back.clicked.connect(self.back_requested)
        self.exports = {}
        for suffix in KINDS:
            button = QPushButton(f"Export {suffix[1:].upper()}…")
            button.setToolTip(EXPORT_TIPS[suffix])
            button.clicked.connect(lambda _=False, suffix=suffix: self.export(suffix))
            self.exports[suffix] = button
        self.table = FamilyTable()
        self.picture = FamilyPictureView()
        self.table.member_chosen.connect(self.member_chosen)
        self.picture.member_clicked.connect(self.member_chosen)
        self.ask_path = self._ask_path  # (suffix, offered name) -> path or "" (tests replace it)
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(REDRAW_MS)
        self._redraw.timeout.connect(self.redraw_now)
        self._lay_out()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.back)
        for button in self.exports.values():
            top.addWidget(button)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(self.picture)
        split.setStretchFactor(1, 2)
        split.setSizes([250, 700])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(top)
        layout.addWidget(self.checks)
        layout.addWidget(split, 1)

    def show_family(self, results: FamilyResults) -> None:
        """A family and what is known of it (no results: all rows blank)."""
        self._redraw.stop()
        self.results = results
        self.table.show_results(results)
        self.picture.set_results(results)
        self._show_checks()

    def add_result(self, result) -> None:
        """A member has ended: its row at once, the picture and the checks a moment later
        (members of a calendar end dozens a second; redrawing for each would take the
        time the run needs)."""
        if self.results is None:
            return
        self.results.add(result)
        self.table.add_result(result)
        if not self._redraw.isActive():
            self._redraw.start()

    def redraw_now(self) -> None:
        if self.results is not None:
            self.picture.update()
            self._show_checks()

    def _show_checks(self) -> None:
        """The title (with the Count mode, once members are counted) and the checks."""
        results = self.results
        family = results.family
        kind = "calendar" if family.calendar else "family"
        counted = (f", counted {symmetry_label(results.symmetry).lower()}" if results.results
                   else "")
        self.title.setText(f"<b>{escape(family.name)}</b>: a {kind} of {len(family.members)} "
                           f"members{counted}. Click one to open its solutions.")
        self.checks.setText("\n".join(results.checks()))
        for button in self.exports.values():
            button.setEnabled(bool(self.results.family.members))

    def show_member_open(self, name: str | None) -> None:
        """A member is open in the window (None: the family itself)."""
        self.back.setVisible(name is not None)
        self.back.setToolTip("Open the family again, with these results." if name is None else
                             f"Close {name} and open the family again, with these results.")

    # --- exports --------------------------------------------------------------------------
    def export(self, suffix: str) -> bool:
        """Ask where, then write the table or the picture; a failure is said, never raised."""
        self.redraw_now()
        if self.results is None or self.picture.picture is None:
            return False
        offered = f"{self.results.family.name or 'family'}{suffix}"
        chosen = self.ask_path(suffix, offered)
        if not chosen:
            return False
        path = Path(chosen)
        if not path.suffix:
            path = path.with_suffix(suffix)
        try:
            export_family(path, self.results, self.picture.picture)
        except PuzzleError as error:
            QMessageBox.warning(self, "Export failed", f"Could not export: {error}")
            return False
        window = self.window()
        if hasattr(window, "statusBar"):
            window.statusBar().showMessage(f"Exported {path}", 8_000)
        return True

    def _ask_path(self, suffix: str, offered: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self, "Export the Family", offered, KINDS[suffix])
        return path
