"""Is there a solution containing the pieces placed so far, and which one?

The pieces placed become pins (solvers.puzzle.pins) of a copy of the puzzle, and the ordinary
search looks for one solution of it, counting every solution (no symmetry identifies two:
the pins break it anyway). Cancelling: `cancel()` true stops the search (Cancelled).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Iterable

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import Puzzle, PuzzleError
from ..puzzle.pins import Pin
from ..search.events import Solution
from ..search.solve import solve
from .moves import Placement


def with_placed(puzzle: Puzzle, placed: Iterable[Placement]) -> Puzzle:
    """`puzzle` with each placed piece pinned where it lies (PuzzleError if two overlap, a
    piece is placed more often than it has copies, or a shape is not its piece's)."""
    pins = tuple(Pin(puzzle.pieces[piece].name, cells) for piece, cells in placed)
    return replace(puzzle, pins=puzzle.pins + pins)


def solution_with(puzzle: Puzzle, placed: Iterable[Placement],
                  cancel: CancelCheck | None = None) -> tuple[Placement, ...] | None:
    """A solution (every copy's placement, the pinned copies and `placed` among them) that
    contains the placements `placed`, or None when there is none. `cancel()` true stops it
    (Cancelled)."""
    try:
        pinned = with_placed(puzzle, tuple(placed))
        for event in solve(pinned, "all", limit=1, cancel=cancel):
            check_cancel(cancel)  # between slices of the search too
            if isinstance(event, Solution):
                return tuple((piece, tuple(sorted(cells))) for piece, cells in event.pieces)
    except PuzzleError:  # known without searching: no solution (or an impossible placing)
        return None
    return None


def is_solved(puzzle: Puzzle, placed: Iterable[Placement]) -> bool:
    """Whether the placements (with the puzzle's pins) are a whole solution: each a legal
    place of its piece, no two overlapping, every board cell that must be filled covered,
    and every piece used as many times as the puzzle asks."""
    placed = tuple(placed)
    try:
        pinned = with_placed(puzzle, placed)  # shapes, copies and overlaps checked here
    except PuzzleError:
        return False
    covered = [cell for pin in pinned.pins for cell in pin.cells]
    board = set(puzzle.board)
    if not set(covered) <= board or len(covered) != len(set(covered)):
        return False
    if board - set(covered) - set(puzzle.optional):
        return False
    used = Counter(pin.piece for pin in pinned.pins)
    return all(piece.fewest <= used[piece.name] <= piece.count for piece in puzzle.pieces)
