"""BurrTools' sphere grid imported (issue 35 point 1): BallRoom.xmpuzzle (Stewart Coffin; GPL,
see tests/data/burrtools/COPYING) counts as BurrTools recorded it, a voxel off the lattice is
refused by name, and other grids stay refused."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from oracle import oracle_counts
from puzzles import BURRTOOLS
from solvers import GridKind, PuzzleError, count_solutions
from solvers.puzzle.burrtools import BurrToolsFile, load_burrtools
from solvers.puzzle.burrtools_write import write_burrtools
from solvers.puzzle.fileformat import load_puzzle

BALLROOM = BURRTOOLS / "BallRoom.xmpuzzle"
KEEPING_MIRRORS = [2, 2, 3]  # BurrTools' assemblies with "Keep Mirror Solutions" on


def test_ballroom_counts_as_burrtools_recorded_with_and_without_mirror_solutions():
    """BurrTools' assemblies are PolyGUI's distinct solutions (rotations and mirror images
    of the whole identified); keeping mirror solutions, they are PolyGUI's rotations."""
    file = BurrToolsFile(BALLROOM)
    assert file.kind is GridKind.SPHERE
    recorded = [summary.assemblies for summary in file.problems]
    assert recorded == [2, 1, 3]
    distinct, rotations = [], []
    for number in range(1, len(recorded) + 1):
        puzzle = file.puzzle(number)
        assert puzzle.kind is GridKind.SPHERE and not puzzle.disassembly
        distinct.append(count_solutions(puzzle, "distinct").solutions)
        rotations.append(count_solutions(puzzle, "rotations").solutions)
    assert distinct == recorded
    assert rotations == KEEPING_MIRRORS


@pytest.mark.parametrize("number", [1, 2, 3])
def test_ballroom_counts_as_the_oracle_does_in_every_mode(number):
    puzzle = load_burrtools(BALLROOM, number)
    pieces = [(list(p.cells), p.count, p.mirror) for p in puzzle.pieces]
    expected = oracle_counts("sphere", list(puzzle.board), pieces)
    for mode, count in expected.items():
        assert count_solutions(puzzle, mode).solutions == count, mode


def test_a_voxel_off_the_lattice_is_refused_by_name(tmp_path):
    text = gzip.decompress(BALLROOM.read_bytes()).decode()
    bad = text.replace('type="0">#_#_#_</voxel>', 'type="0">##__#_</voxel>')  # (1, 0, 0)
    assert bad != text
    path = tmp_path / "odd.xmpuzzle"
    path.write_bytes(gzip.compress(bad.encode()))
    with pytest.raises(PuzzleError, match=r"odd.xmpuzzle, problem 1 \(.*\): piece 'S3': cell "
                                          r"\[1, 0, 0\] is no ball of the sphere grid"):
        load_burrtools(path, 1)


def test_a_ball_puzzle_written_for_burrtools_reads_back_with_its_counts(tmp_path):
    """Kanoodle's pieces lie with an odd lowest corner: the file starts their boxes one voxel
    further, on a ball, or reading back would find cells off the lattice."""
    root = Path(__file__).resolve().parents[2]
    puzzle = load_puzzle(root / "assets" / "puzzles" / "kanoodle-pyramid.json")
    assert any(sum(min(c[a] for c in p.cells) for a in range(3)) % 2 for p in puzzle.pieces)
    path = tmp_path / "pyramid.xmpuzzle"
    write_burrtools(puzzle, path)
    assert '<gridType type="2"/>' in gzip.decompress(path.read_bytes()).decode()
    back = load_burrtools(path)
    assert back.kind is GridKind.SPHERE and not back.disassembly
    assert len(back.board) == len(puzzle.board) and len(back.pieces) == len(puzzle.pieces)
    assert count_solutions(back, "distinct").solutions == count_solutions(puzzle, "distinct").solutions
