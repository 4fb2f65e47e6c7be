"""Design mode's say on taking a cube puzzle's assemblies apart (solvers.puzzle.
movement_rules): whether only assemblies that come apart count as solutions, and, for the
piece selected in the piece list, its group (pieces that may stay together) and its weight
(of two parts, the heavier stays put in the player and the move list).

Each change is one undoable edit of the document, refused with the reason when the puzzle
would not be valid (a group holding more copies than the piece has); what cannot even be
read ("A:x") is named here without any edit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (QCheckBox, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QSpinBox,
                               QVBoxLayout, QWidget)

from solvers import Piece, Puzzle
from solvers.puzzle.movement_rules import MAX_WEIGHT

from ..models import PuzzleDocument
from .count_range import piece_change

CHECK_TEXT = "Check that assemblies come apart (disassembly)"
CHECK_LINES = "Check that assemblies come apart\n(disassembly)"  # as shown: the panel is narrow
CHECK_TIP = ("Count as solutions only the assemblies whose pieces can be slid apart, as "
             "BurrTools does; Solve then shows each one's level and plays how it comes apart")
GROUP_TIP = ("Pieces of one group may stay together (glued, or parted only by a turn). A "
             "name gives every copy to that group; \"A:2, B:1\" gives copies to several. "
             "Empty: no group, the piece must come apart from everything")
WEIGHT_TIP = "When two parts come apart, the heavier one stays put (the other moves away)"


class GroupError(ValueError):
    """What is wrong with a group text, for the user."""


def groups_text(piece: Piece) -> str:
    """A piece's groups as the Group field shows them: "A" when one holds every copy,
    "A:2, B:1" otherwise, "" for none."""
    if len(piece.groups) == 1 and piece.groups[0][1] == piece.count:
        return piece.groups[0][0]
    return ", ".join(f"{name}:{copies}" for name, copies in piece.groups)


def parse_groups(text: str, count: int) -> tuple[tuple[str, int], ...]:
    """The groups a Group field's text gives a piece of `count` copies (see groups_text)."""
    text = text.strip()
    if not text:
        return ()
    if ":" not in text and "," not in text:
        return ((text, count),)
    groups = []
    for part in text.split(","):
        name, colon, copies = part.partition(":")
        name, copies = name.strip(), copies.strip()
        if not name:
            raise GroupError(f"“{part.strip()}”: a group needs a name before the colon")
        if not colon:
            copies = str(count)
        if not copies.isdigit():
            raise GroupError(f"“{part.strip()}”: write the group's copies as a number, as in "
                             f"{name}:1")
        groups.append((name, int(copies)))
    return tuple(groups)


class MovementBox(QGroupBox):
    """`message(str)`: something to tell the user (the editor's message line)."""

    message = Signal(str)

    def __init__(self, document: PuzzleDocument, selected: Callable[[], int | None],
                 parent: QWidget | None = None) -> None:
        super().__init__("Taking apart", parent)
        self.document, self._selected = document, selected
        self.check = QCheckBox(CHECK_LINES)
        self.check.setAccessibleName(CHECK_TEXT)
        self.check.setToolTip(CHECK_TIP)
        self.group = QLineEdit()
        self.group.setToolTip(GROUP_TIP)
        self.weight = QSpinBox()
        self.weight.setRange(0, MAX_WEIGHT)
        self.weight.setToolTip(WEIGHT_TIP)
        self.piece_label = QLabel()  # the selected piece's name
        fields = QHBoxLayout()  # one row: Piece L  Group [  ]  Weight [ 1 ]
        for widget, stretch in ((self.piece_label, 0), (QLabel("Group"), 0), (self.group, 1),
                                (QLabel("Weight"), 0), (self.weight, 0)):
            fields.addWidget(widget, stretch)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 4, 6, 4)
        column.addWidget(self.check)
        column.addLayout(fields)
        self.check.toggled.connect(self._on_check)
        self.group.editingFinished.connect(self._on_group)
        self.weight.valueChanged.connect(self._on_weight)
        self.weight.setKeyboardTracking(False)  # one edit per value typed, not per digit
        document.changed.connect(self.show_puzzle)
        self.show_puzzle(document.puzzle)

    def show_puzzle(self, puzzle: Puzzle | None = None) -> None:
        """The document's state (after an edit, an undo, or another piece selected)."""
        puzzle = puzzle or self.document.puzzle
        index = self._selected()
        piece = puzzle.pieces[index] if index is not None and index < len(puzzle.pieces) else None
        with QSignalBlocker(self.check), QSignalBlocker(self.weight):
            self.check.setChecked(puzzle.disassembly)
            self.weight.setValue(piece.weight if piece else 1)
        self.group.setText(groups_text(piece) if piece else "")
        for widget in (self.group, self.weight):
            widget.setEnabled(piece is not None)
        self.piece_label.setText(f"<b>{piece.name}</b>" if piece else "")
        self.piece_label.setToolTip("The piece selected above" if piece else "")
        self.group.setPlaceholderText("none" if piece else "select a piece")

    def _piece(self) -> tuple[int, Piece] | None:
        index = self._selected()
        pieces = self.document.puzzle.pieces
        return (index, pieces[index]) if index is not None and index < len(pieces) else None

    def _on_check(self, on: bool) -> None:
        text = "Check that assemblies come apart" if on else "Count every assembly"
        if not self.document.edit(text, lambda p: dataclasses.replace(p, disassembly=on)):
            self.show_puzzle()  # refused: the box shows what the puzzle says

    def _on_group(self) -> None:
        chosen = self._piece()
        if chosen is None:
            return
        index, piece = chosen
        try:
            groups = parse_groups(self.group.text(), piece.count)
        except GroupError as error:
            self.message.emit(f"Group of {piece.name}: {error}")
            return
        if groups == piece.groups:
            return
        what = f"Set group of {piece.name} to {self.group.text().strip()}" if groups \
            else f"Take {piece.name} out of its group"
        change = piece_change(index, lambda p: dataclasses.replace(p, groups=groups))
        if not self.document.edit(what, change):
            self.group.setText(groups_text(piece))  # refused: the piece's groups again

    def _on_weight(self, weight: int) -> None:
        chosen = self._piece()
        if chosen is None or chosen[1].weight == weight:
            return
        index, piece = chosen
        self.document.edit(f"Set weight of {piece.name} to {weight}",
                           piece_change(index, lambda p: dataclasses.replace(p, weight=weight)))
