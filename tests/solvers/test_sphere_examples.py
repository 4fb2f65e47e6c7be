"""The shipped ball puzzles (Kanoodle's and IQ Puzzler PRO's sets, each on its 5x11 board and
in the 5-layer pyramid): each reduced to a few pieces, the others left where a solution the
engine found puts them, is counted in every mode as the oracle counts it; the files hold
twelve flat pieces of 55 balls, the two sets different. Their full counts are in
test_known_counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle import oracle_counts
from solvers import Puzzle, Solution, count_solutions, solve
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
FILES = ("kanoodle-5x11.json", "kanoodle-pyramid.json", "iq-puzzler-pro-5x11.json",
         "iq-puzzler-pro-pyramid.json")
FREE = 4  # pieces left to place in a reduced instance: the oracle's brute force stays quick


def reduced(puzzle: Puzzle) -> Puzzle:
    """The last FREE pieces of the engine's first solution, on the balls they cover there."""
    first = next(e for e in solve(puzzle, "distinct", limit=1) if isinstance(e, Solution))
    kept = sorted(first.pieces)[-FREE:]
    board = tuple(sorted(cell for _piece, cells in kept for cell in cells))
    return Puzzle(puzzle.kind, "reduced", board=board,
                  pieces=tuple(puzzle.pieces[piece] for piece, _cells in kept))


@pytest.mark.parametrize("name", FILES)
def test_a_reduced_example_counts_as_the_oracle_does_in_every_mode(name):
    puzzle = reduced(load_puzzle(ASSETS / name))
    pieces = [(list(p.cells), p.count, p.mirror) for p in puzzle.pieces]
    expected = oracle_counts("sphere", list(puzzle.board), pieces)
    assert expected["all"] >= 1
    for mode, count in expected.items():
        final = count_solutions(puzzle, mode)
        assert final.exhausted and final.solutions == count, mode


@pytest.mark.parametrize("name", FILES)
def test_the_files_hold_twelve_flat_pieces_of_55_balls(name):
    puzzle = load_puzzle(ASSETS / name)
    sizes = sorted(piece.size for piece in puzzle.pieces)
    assert sizes == [3, 4, 4, 4] + [5] * 8 and len(puzzle.board) == 55
    for piece in puzzle.pieces:  # flat: every ball in one layer, as the shop's pieces are
        assert len({cell[2] for cell in piece.cells}) == 1
    assert "Expected:" in puzzle.description


def flat_shapes(name: str) -> set[frozenset]:
    """The pieces of a file as polyominoes of balls (a, b) = ((x + y) / 2, (x - y) / 2), each
    in its first orientation of the square's 8 moved to (0, 0)."""
    shapes = set()
    for piece in load_puzzle(ASSETS / name).pieces:
        cells = [((x + y) // 2, (x - y) // 2) for x, y, _z in piece.cells]
        images = []
        for turn in range(8):
            moved = cells
            for _ in range(turn % 4):
                moved = [(-b, a) for a, b in moved]
            if turn >= 4:
                moved = [(a, -b) for a, b in moved]
            low_a, low_b = min(a for a, _ in moved), min(b for _, b in moved)
            images.append(tuple(sorted((a - low_a, b - low_b) for a, b in moved)))
        shapes.add(frozenset([min(images)]))
    return shapes


def test_the_two_sets_are_kanoodles_and_iq_puzzler_pros():
    """Nine pieces in common; Kanoodle's straight four, square and X against IQ Puzzler PRO's
    T, S and F (the board and the pyramid files of a set hold the same pieces)."""
    kanoodle, iq = flat_shapes(FILES[0]), flat_shapes(FILES[2])
    assert flat_shapes(FILES[1]) == kanoodle and flat_shapes(FILES[3]) == iq
    assert len(kanoodle) == len(iq) == 12 and len(kanoodle & iq) == 9
    straight_four = frozenset([((0, 0), (0, 1), (0, 2), (0, 3))])
    tee = frozenset([((0, 0), (0, 1), (0, 2), (1, 1))])
    assert straight_four in kanoodle - iq and tee in iq - kanoodle
