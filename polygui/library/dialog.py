"""File > Puzzle Library…: a gallery of the library's classic puzzles, filtered by grid,
piece set, difficulty and a search text; the chosen one opens as a new, unsaved puzzle.

Thumbnails are drawn a few at a time by a timer after the dialog shows (the shown entries
first), so the dialog opens at once whatever the library's size.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QHBoxLayout, QLabel,
                               QLineEdit, QListView, QListWidget, QListWidgetItem, QVBoxLayout,
                               QWidget)

from solvers import GridKind
from solvers.library import DIFFICULTIES, LibraryEntry

from .thumbnails import thumbnail

THUMB = 112
PER_TICK = 4  # thumbnails drawn per timer tick
ENTRY_ROLE = Qt.ItemDataRole.UserRole
DIFFICULTY_LABELS = {"easy": "Easy (estimate under 1 s)", "medium": "Medium (under 1 min)",
                     "hard": "Hard (a minute or more)", "unrated": "Not rated yet"}
FAMILIES = {"square": "polyominoes", "triangle": "polyiamonds", "hex": "polyhexes",
            "cube": "polycubes", "stick": "polysticks", "sphere": "polyspheres"}
# the grid filter's choices, in this order: every grid PolyGUI has, Sudoku last
GRID_LABELS = {kind: (f"{kind.value.title()} ({FAMILIES[kind.value]})"
                      if kind.value in FAMILIES else kind.value.title())
               for kind in sorted(GridKind, key=lambda kind: (
                   kind is GridKind.SUDOKU, list(FAMILIES).index(kind.value)
                   if kind.value in FAMILIES else len(FAMILIES)))}


def short_counts(entry: LibraryEntry) -> str:
    """The tile's counts line; PolyGUI's own counts marked "computed"."""
    if entry.kind is GridKind.SUDOKU or entry.uncounted:
        return entry.counts_text()
    words = {"distinct": "distinct", "rotations": "up to rotation", "all": "in all"}
    text = " · ".join(f"{count:,} {words[mode]}" for mode, count in entry.counts.items())
    return f"{text} (computed)" if entry.computed else text


class LibraryDialog(QDialog):
    def __init__(self, entries: tuple[LibraryEntry, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Puzzle Library")
        self.resize(900, 640)
        order = list(GRID_LABELS)
        self.entries = tuple(sorted(entries, key=lambda entry: order.index(entry.kind)))
        self.search = QLineEdit(placeholderText="Search titles, piece sets and sources")
        self.search.setClearButtonEnabled(True)
        self.grid_box = self._combo("Every grid", [(GRID_LABELS[k], k) for k in GRID_LABELS
                                                   if any(e.kind is k for e in self.entries)])
        sets = sorted({e.set_label for e in self.entries}, key=str.lower)
        self.set_box = self._combo("Every piece set", [(label, label) for label in sets])
        self.difficulty_box = self._combo("Any difficulty",
                                          [(DIFFICULTY_LABELS[d], d) for d in DIFFICULTIES])
        filters = QHBoxLayout()
        for widget in (self.search, self.grid_box, self.set_box, self.difficulty_box):
            filters.addWidget(widget)
        self.gallery = self._gallery()
        self.shown_label = QLabel()
        self.details = QLabel(wordWrap=True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setMinimumHeight(56)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.gallery, 1)
        layout.addWidget(self.shown_label)
        layout.addWidget(self.details)
        layout.addWidget(self.buttons)
        self.timer = QTimer(self, interval=0)
        self.timer.timeout.connect(self.draw_some)
        self.search.textChanged.connect(self.apply_filters)
        for box in (self.grid_box, self.set_box, self.difficulty_box):
            box.currentIndexChanged.connect(self.apply_filters)
        self.gallery.currentItemChanged.connect(self.show_details)
        self.gallery.itemDoubleClicked.connect(lambda _item: self.accept())
        self.apply_filters()

    def _combo(self, anything: str, choices: list[tuple[str, object]]) -> QComboBox:
        box = QComboBox()
        box.addItem(anything, None)
        for label, value in choices:
            box.addItem(label, value)
        return box

    def _gallery(self) -> QListWidget:
        gallery = QListWidget()
        gallery.setViewMode(QListView.ViewMode.IconMode)
        gallery.setIconSize(QSize(THUMB, THUMB))
        gallery.setGridSize(QSize(THUMB + 56, THUMB + 64))
        gallery.setResizeMode(QListView.ResizeMode.Adjust)
        gallery.setMovement(QListView.Movement.Static)
        gallery.setWordWrap(True)
        gallery.setUniformItemSizes(True)
        blank = QPixmap(THUMB, THUMB)
        blank.fill(Qt.GlobalColor.transparent)
        for entry in self.entries:
            item = QListWidgetItem(blank, f"{entry.title}\n{short_counts(entry)}")
            item.setData(ENTRY_ROLE, entry)
            item.setToolTip(f"{entry.title}\n{entry.counts_label}: {entry.counts_text()}\n"
                            f"Source: {entry.source}")
            gallery.addItem(item)
        return gallery

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.timer.start()

    def entry_of(self, item: QListWidgetItem) -> LibraryEntry:
        return item.data(ENTRY_ROLE)

    def matches(self, entry: LibraryEntry) -> bool:
        grid, chosen_set = self.grid_box.currentData(), self.set_box.currentData()
        difficulty = self.difficulty_box.currentData()
        words = self.search.text().lower().split()
        text = f"{entry.title} {entry.set_label} {entry.source} {entry.id}".lower()
        return ((grid is None or entry.kind == grid)
                and (chosen_set is None or entry.set_label == chosen_set)
                and (difficulty is None or entry.difficulty == difficulty)
                and all(word in text for word in words))

    def apply_filters(self) -> None:
        shown = 0
        for row in range(self.gallery.count()):
            item = self.gallery.item(row)
            hidden = not self.matches(self.entry_of(item))
            item.setHidden(hidden)
            shown += not hidden
        self.shown_label.setText(f"{shown} of {len(self.entries)} puzzles")
        current = self.gallery.currentItem()
        if current is None or current.isHidden():
            first = next((self.gallery.item(r) for r in range(self.gallery.count())
                          if not self.gallery.item(r).isHidden()), None)
            self.gallery.setCurrentItem(first)
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(shown > 0)
        self.show_details()
        if self.isVisible():
            self.timer.start()

    def shown_items(self) -> list[QListWidgetItem]:
        return [self.gallery.item(r) for r in range(self.gallery.count())
                if not self.gallery.item(r).isHidden()]

    def draw_some(self) -> None:
        """Draw the next few missing thumbnails, the shown entries first; stop when done."""
        waiting = [item for item in self.shown_items() if not item.data(ENTRY_ROLE + 1)]
        if not waiting:
            self.timer.stop()
            return
        for item in waiting[:PER_TICK]:
            item.setIcon(thumbnail(self.entry_of(item), THUMB))
            item.setData(ENTRY_ROLE + 1, True)

    def show_details(self, *_args) -> None:
        entry = self.chosen()
        if entry is None:
            self.details.setText("No puzzle matches the filters.")
            return
        rated = ("not rated yet" if entry.seconds is None
                 else f"{entry.difficulty}, the estimate's {entry.seconds:.3g} s on one thread")
        self.details.setText(f"<b>{entry.title}</b> — {entry.set_label}<br>"
                             f"{entry.counts_label}: {entry.counts_text()}<br>"
                             f"Source: {entry.source}<br>Difficulty: {rated}")

    def chosen(self) -> LibraryEntry | None:
        item = self.gallery.currentItem()
        return None if item is None or item.isHidden() else self.entry_of(item)
