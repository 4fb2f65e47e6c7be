"""The shipped ball puzzles (Kanoodle on its 5x11 board and in the 5-layer pyramid): each
reduced to a few pieces, the others left where a solution the engine found puts them, is
counted in every mode as the oracle counts it; the files hold the Kanoodle set. The full
5x11 count (371,020 in all, published) is bench/bench_spheres.py's; the pyramid's (PolyGUI's
own) is in test_known_counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle import oracle_counts
from solvers import Puzzle, Solution, count_solutions, solve
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
FILES = ("kanoodle-5x11.json", "kanoodle-pyramid.json")
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
def test_the_files_hold_the_twelve_flat_kanoodle_pieces_of_55_balls(name):
    puzzle = load_puzzle(ASSETS / name)
    sizes = sorted(piece.size for piece in puzzle.pieces)
    assert sizes == [3, 4, 4, 4] + [5] * 8 and len(puzzle.board) == 55
    for piece in puzzle.pieces:  # flat: every ball in one layer, as the shop's pieces are
        assert len({cell[2] for cell in piece.cells}) == 1
    assert "Expected:" in puzzle.description
