"""Preparing a puzzle can be stopped at any moment: the work checks a cancel callable every
few milliseconds (bench/bench_prepare.py measures how far apart) and raises Cancelled once it
says stop, doing nothing more."""

from __future__ import annotations

from pathlib import Path

import pytest

from solvers import Cancelled, GridKind, Piece, Puzzle, prepare, solve
from solvers.placements.compile import forget_recent
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


class TripAfter:
    """A cancel check that says stop at its `trip`-th call (never, for 0) and counts calls.
    Each one made starts from no placements compiled (the same puzzle's are kept a while)."""

    def __init__(self, trip: int = 0) -> None:
        self.trip, self.calls = trip, 0
        forget_recent()

    def __call__(self) -> bool:
        self.calls += 1
        return self.calls == self.trip if self.trip else False


def large_board() -> Puzzle:
    """A 24x24 square board less a 2x2 hole (572 cells) and 143 tetrominoes: a few
    thousand placements, enough work for dozens of checks."""
    hole = {(11, 11), (11, 12), (12, 11), (12, 12)}
    board = tuple((x, y) for x in range(24) for y in range(24) if (x, y) not in hole)
    shapes = {"I": ((0, 0), (1, 0), (2, 0), (3, 0)), "O": ((0, 0), (1, 0), (0, 1), (1, 1)),
              "T": ((0, 0), (1, 0), (2, 0), (1, 1)), "L": ((0, 0), (0, 1), (0, 2), (1, 2)),
              "S": ((1, 0), (2, 0), (0, 1), (1, 1))}
    counts = {"I": 29, "O": 29, "T": 29, "L": 29, "S": 27}
    return Puzzle(GridKind.SQUARE, "tetrominoes", board=board,
                  pieces=tuple(Piece(name, cells, count=counts[name])
                               for name, cells in shapes.items()))


@pytest.mark.parametrize("puzzle", [large_board(), None], ids=["24x24", "mini-bedlam"])
def test_preparing_stops_at_whichever_check_says_so(puzzle):
    puzzle = puzzle or load_puzzle(ASSETS / "mini-bedlam.json")
    full = TripAfter()
    prepare(puzzle, "distinct", cancel=full)
    assert full.calls >= 20  # every stage checks, the long ones often
    for trip in sorted({1, 2, full.calls // 3, full.calls // 2, full.calls - 1, full.calls}):
        stop = TripAfter(trip)
        with pytest.raises(Cancelled):
            prepare(puzzle, "distinct", cancel=stop)
        assert stop.calls == trip  # nothing more was done once it said stop


def test_solve_checks_before_loading_the_kernel_and_stops_with_cancelled():
    puzzle = load_puzzle(ASSETS / "soma.json")
    prepared = TripAfter()
    prepare(puzzle, "distinct", cancel=prepared)
    with pytest.raises(Cancelled):
        list(solve(puzzle, cancel=TripAfter(prepared.calls + 1)))  # the check after preparing
