"""Where pieces go, against brute force: the oracle's every tiling tallied by hand, and every
4x4 Sudoku grid enumerated by plain backtracking."""

from __future__ import annotations

import csv
import io
from collections import Counter

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions
from solvers import GridKind, Puzzle, SudokuGrid, solve
from solvers.analysis.statistics import (digit_statistics, piece_statistics,
                                         save_statistics_csv, statistics_csv)
from solvers.search.events import SolutionBatch
from test_engine_vs_oracle import make_puzzle


def batches(puzzle: Puzzle, symmetry: str = "all"):
    """The solver's solution blocks, and its placements."""
    found = [e for e in solve(puzzle, symmetry, batched=True) if isinstance(e, SolutionBatch)]
    placements = next((b.placements for b in found if b.placements is not None), None)
    return [b.rows for b in found], placements


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]))
def test_cover_forced_and_unused_equal_brute_force(seed, kind):
    puzzle, board, pieces = make_puzzle(seed, kind)
    tilings = all_solutions(kind, board, pieces)
    blocks, placements = batches(puzzle)
    stats = piece_statistics(puzzle, placements, blocks)
    assert stats.solutions == len(tilings)
    expected = Counter((piece, cell) for tiling in tilings for piece, cells in tiling
                       for cell in cells)
    for piece in range(len(puzzle.pieces)):
        for item, cell in enumerate(placements.cells):
            assert stats.cover[piece, item] == expected[(piece, cell)]
    rows = {(int(p), frozenset(placements.cells[i] for i in items)): row
            for row, (p, items) in enumerate(zip(placements.row_piece, placements.row_items))}
    in_every = set.intersection(*(set(t) for t in tilings))
    assert {rows[p] for p in in_every} == set(stats.forced_rows().tolist())
    used = set().union(*(set(t) for t in tilings))
    assert set(stats.unused_rows().tolist()) == {r for p, r in rows.items() if p not in used}


def test_a_pinned_piece_covers_its_cells_in_every_solution():
    from solvers import Piece
    from solvers.puzzle.pins import Pin
    tromino = ((0, 0), (1, 0), (0, 1))
    board = tuple((x, y) for x in range(3) for y in range(4))
    free = Puzzle(GridKind.SQUARE, "t", board=board, pieces=(Piece("L", tromino, 4),))
    pin = Pin("L", ((0, 0), (1, 0), (0, 1)))
    pinned = Puzzle(GridKind.SQUARE, "t", board=board, pieces=free.pieces, pins=(pin,))
    blocks, placements = batches(pinned)
    stats = piece_statistics(pinned, placements, blocks)
    assert stats.solutions > 1
    assert stats.forced_cells(0) >= set(pin.cells)
    assert len(stats.forced_rows()) >= 1


def every_4x4_grid():
    """All 288 valid 4x4 grids, by backtracking cell by cell."""
    grid = [0] * 16
    found = []

    def peers(cell):
        r, c = divmod(cell, 4)
        top, left = r // 2 * 2, c // 2 * 2
        return ({r * 4 + k for k in range(4)} | {k * 4 + c for k in range(4)}
                | {(top + i) * 4 + left + j for i in range(2) for j in range(2)}) - {cell}

    def fill(cell):
        if cell == 16:
            found.append(tuple(grid))
            return
        for value in range(1, 5):
            if all(grid[p] != value for p in peers(cell) if p < cell):
                grid[cell] = value
                fill(cell + 1)
        grid[cell] = 0

    fill(0)
    return found


@settings(max_examples=25, deadline=None)
@given(keep=st.lists(st.booleans(), min_size=16, max_size=16), pick=st.integers(0, 287))
def test_digit_counts_equal_brute_force_on_4x4(keep, pick):
    grids = every_4x4_grid()
    assert len(grids) == 288
    givens = tuple(v if k else 0 for v, k in zip(grids[pick], keep))
    puzzle = Puzzle(GridKind.SUDOKU, "4x4", sudoku=SudokuGrid(2, 2, givens))
    blocks, _ = batches(puzzle)
    stats = digit_statistics(puzzle, blocks)
    matching = [g for g in grids if all(v == 0 or v == w for v, w in zip(givens, g))]
    assert stats.solutions == len(matching)
    for digit in range(1, 5):
        expected = np.array([sum(g[cell] == digit for g in matching) for cell in range(16)])
        assert (stats.counts[digit - 1] == expected).all()


def test_csv_has_a_row_per_piece_and_cell_and_is_written_atomically(tmp_path):
    puzzle, board, pieces = make_puzzle(7, "square")
    blocks, placements = batches(puzzle)
    stats = piece_statistics(puzzle, placements, blocks)
    rows = list(csv.reader(io.StringIO(statistics_csv(stats))))
    assert rows[0] == ["piece", "x", "y", "solutions", "share", "every_solution"]
    assert len(rows) == 1 + len(puzzle.pieces) * len(puzzle.board)
    total = sum(int(row[3]) for row in rows[1:])
    assert total == stats.solutions * len(puzzle.board)  # each solution covers every cell once
    path = tmp_path / "where.csv"
    save_statistics_csv(stats, path)
    assert path.read_text() == statistics_csv(stats)
    assert [p.name for p in tmp_path.iterdir()] == ["where.csv"]
