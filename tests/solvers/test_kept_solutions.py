"""Kept solutions: compact rows up to a bound, the rest counted, not kept; polygui-solve's
exports keep the same bound (--keep)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from solvers import Solution, solve
from solvers.cli.main import main
from solvers.output.kept import KeptSolutions
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
