"""Piece colours: the puzzle's own, else a palette of distinct, friendly colours."""

from __future__ import annotations

from PySide6.QtGui import QColor

from solvers import Puzzle

# Twelve well separated hues (after Glasbey / Tableau), then lighter variants.
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
           "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#17becf", "#8c564b")


def palette_colour(index: int) -> QColor:
    base = QColor(PALETTE[index % len(PALETTE)])
    round_ = index // len(PALETTE)
    return base.lighter(100 + 25 * round_) if round_ else base


def copies_text(piece) -> str:
    """" ×2", " ×0–2" (a range), or nothing for one copy: how labels name a piece's copies."""
    if piece.has_range:
        return f" ×{piece.fewest}–{piece.count}"
    return f" ×{piece.count}" if piece.count > 1 else ""


def piece_colour(puzzle: Puzzle, index: int) -> QColor:
    colour = QColor(puzzle.pieces[index].colour) if puzzle.pieces[index].colour else QColor()
    return colour if colour.isValid() else palette_colour(index)


def piece_colours(puzzle: Puzzle) -> list[QColor]:
    return [piece_colour(puzzle, index) for index in range(len(puzzle.pieces))]
