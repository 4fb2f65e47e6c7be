"""A step's effect on a board, one definition for the solver and the scan's path: a step that
places a digit (a single, a direct technique) makes only its placement (a cell filled already
is left as it is): its eliminations are the proof, not kept, as in SE's path (keeping a direct
hidden pair's made 4 of easy200's ratings differ from SE's); any other step its eliminations."""

from __future__ import annotations

from .board import Board
from .steps import Step


def apply(board: Board, step: Step) -> None:
    if not step.placements:
        for cell, digit in step.eliminations:
            board.eliminate(cell, digit)
    for cell, digit in step.placements:
        if not board.values[cell]:
            board.place(cell, digit)
