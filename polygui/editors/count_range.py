"""A piece's count as a range in the piece list: the Count box holds the most copies, the
Fewest box the fewest a solution uses (0 lets a solution leave the piece out). Equal, they
mean exactly that many copies, as a plain count does.

Each change is one undoable edit; lowering Count below Fewest lowers Fewest with it, so the
range stays a range."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from solvers import Piece, Puzzle

FEWEST_TIP = ("The fewest copies of this piece a solution uses (0: it may be left out); "
              "equal to Count for exactly Count copies")


def with_count(piece: Piece, count: int) -> Piece:
    """`piece` with at most `count` copies; its fewest follows it down, and a group holding
    every copy goes on holding every copy."""
    least = None if piece.least is None else min(piece.least, count)
    return dataclasses.replace(piece, count=count, least=least, groups=_groups(piece, count))


def with_fewest(piece: Piece, fewest: int) -> Piece:
    """`piece` with at least `fewest` copies (Count rises to it if it was lower)."""
    count = max(piece.count, fewest)
    return dataclasses.replace(piece, count=count, least=fewest, groups=_groups(piece, count))


def _groups(piece: Piece, count: int) -> tuple[tuple[str, int], ...]:
    if len(piece.groups) == 1 and piece.groups[0][1] == piece.count:
        return ((piece.groups[0][0], count),)
    return piece.groups


def piece_change(index: int, change: Callable[[Piece], Piece]) -> Callable[[Puzzle], Puzzle]:
    """An edit of piece `index` by `change`."""
    def edit(puzzle: Puzzle) -> Puzzle:
        pieces = list(puzzle.pieces)
        pieces[index] = change(pieces[index])
        return dataclasses.replace(puzzle, pieces=tuple(pieces))
    return edit


def range_text(piece: Piece) -> str:
    """"2" or "0–2": how many copies, for labels and undo texts."""
    return f"{piece.fewest}–{piece.count}" if piece.has_range else str(piece.count)


def fewest_box() -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, 99)
    box.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    box.setToolTip(FEWEST_TIP)
    return box
