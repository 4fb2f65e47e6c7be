"""Kept solutions: compact rows up to a bound, the rest counted, not kept; polygui-solve's
exports keep the same bound (--keep)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from solvers import GridKind, Piece, Puzzle, Solution, solve
from solvers.cli.main import main
from solvers.output.kept import KeptSolutions, kept_dtype
from solvers.placements.compile import compile_placements
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


def meteor_solutions(limit: int = 0) -> tuple:
    puzzle = load_puzzle(ASSETS / "meteor.json")
    found = [e for e in solve(puzzle, "all", limit=limit) if isinstance(e, Solution)]
    return puzzle, found


def test_solutions_past_the_bound_are_counted_not_kept():
    puzzle, found = meteor_solutions()
    kept = KeptSolutions(puzzle, max_kept=1000)
    for solution in found:
        kept.add(solution)
    assert len(kept) == 1000 and kept.dropped == len(found) - 1000 == 1098
    assert kept.counted == 2098 and kept.full
    assert [kept[i].rows for i in (0, 499, 999)] == [found[i].rows for i in (0, 499, 999)]
    assert kept[999].pieces == found[999].pieces
    with pytest.raises(IndexError):
        kept.raw(1000)


def test_batches_are_cut_at_the_bound_and_stored_compactly():
    puzzle, found = meteor_solutions(limit=300)
    rows = np.array([s.rows for s in found], dtype=np.int32)
    kept = KeptSolutions(puzzle, max_kept=250, placements=found[0].placements)
    for start in range(0, 300, 64):
        kept.extend(rows[start:start + 64])
    assert len(kept) == 250 and kept.dropped == 50
    assert (kept.array() == rows[:250]).all()
    assert kept.nbytes == 250 * rows.shape[1] * 2  # int16: meteor has 2,158 placements


def test_exports_from_the_command_line_keep_at_most_keep(tmp_path, capsys):
    out = tmp_path / "meteor.json"
    code = main([str(ASSETS / "meteor.json"), "--symmetry", "all", "--show", "0",
                 "--keep", "100", "--export-json", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    assert "2098 solutions" in printed and "the other 1,998 were counted, not kept" in printed
    record = json.loads(out.read_text())
    assert record["count"] == 100 == len(record["solutions"])


def test_rows_are_kept_in_the_smallest_type_their_values_fit():
    """Placement numbers and Sudoku values in one byte when they fit (the 8x8 domino tilings
    have 112 placements: 10 million of them in 305 MiB, not 610), else two, else four."""
    board = [(x, y) for x in range(8) for y in range(8)]
    dominoes = Puzzle(GridKind.SQUARE, "dominoes", board=tuple(board),
                      pieces=(Piece("domino", ((0, 0), (1, 0)), count=32),))
    placements = compile_placements(dominoes)
    assert placements.n_rows == 112 and kept_dtype(dominoes, placements) is np.uint8
    meteor = load_puzzle(ASSETS / "meteor.json")
    assert kept_dtype(meteor, compile_placements(meteor)) is np.int16
    sudoku = load_puzzle(ASSETS / "sudoku-16x16.json")
    assert kept_dtype(sudoku, None) is np.uint8
    kept = KeptSolutions(meteor)  # no placements yet: the values decide
    for largest, kind in ((255, np.uint8), (256, np.int16), (40_000, np.int32)):
        kept.extend(np.array([[0, largest]], dtype=np.int32))
        assert kept._chunks[-1].dtype == kind
    assert kept.array().tolist() == [[0, 255], [0, 256], [0, 40_000]]
    grids = [event for event in solve(load_puzzle(ASSETS / "sudoku-4x4-empty.json"))
             if isinstance(event, Solution)]
    store = KeptSolutions(load_puzzle(ASSETS / "sudoku-4x4-empty.json"))
    for grid in grids:
        store.add(grid)
    assert store[287].grid == grids[287].grid and store.nbytes == len(grids) * 16
