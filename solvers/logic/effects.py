"""A step's effect on a board: its eliminations, then its placements (a cell filled already
is left as it is). One definition for the solver and the scan's path."""

from __future__ import annotations

from .board import Board
from .steps import Step


def apply(board: Board, step: Step) -> None:
    for cell, digit in step.eliminations:
        board.eliminate(cell, digit)
    for cell, digit in step.placements:
        if not board.values[cell]:
            board.place(cell, digit)
