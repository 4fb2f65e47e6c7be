"""The canonical check that keeps one solution per symmetry class, done by the Python side on
what the kernels buffer (solvers/search/canonical.py): numpy's check against the numba one
the probes keep and the interpreted tier's, on random row lists; and searches in each kernel
whose buffer or solution limit fills with solutions not yet checked, against a run with room:
the same solutions in the same order, the same count and nodes."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from puzzles import BURRTOOLS
from solvers import GridKind, Piece, Puzzle, solve
from solvers.kernels.canonical_check import settle
from solvers.kernels.status import C_BUFFERED, C_SOLUTIONS, C_UNCHECKED
from solvers.kernels.exact_cover import BUFFER_FULL
from solvers.placements.compile import compile_placements
from solvers.placements import symmetry as symmetry_module
from solvers.placements.symmetry import plan_symmetry
from solvers.puzzle.burrtools import load_burrtools
from solvers.puzzle.fileformat import load_puzzle
from solvers.search.bitboard import BitboardSearch
from solvers.search.canonical import canonical, needs_check
from solvers.search.exact_cover import ExactCoverSearch
from solvers.search.interpreted import _CanonicalCheck
from solvers.search.live_sets import LiveSetSearch
from test_live_sets import ASSETS, run_to_end

# a puzzle of each kernel whose distinct search meets solutions the check rejects
KERNEL_OF = {"soma.json": LiveSetSearch, "hexiamonds-6x6.json": ExactCoverSearch,
             "pentominoes-5x12.json": BitboardSearch}
DOMINOES = Puzzle(GridKind.SQUARE, "4x4", board=tuple((x, y) for x in range(4) for y in range(4)),
                  pieces=(Piece("d", ((0, 0), (1, 0)), 8),))  # no piece to restrict


def distinct_plan(puzzle: Puzzle):
    placements = compile_placements(puzzle)
    return placements, plan_symmetry(puzzle, placements, "distinct")


def random_paths(placements, plan, rng: random.Random, count: int) -> np.ndarray:
    """Row lists of one row per piece copy, in random order, each real row at most once (as
    in any solution: a real row covers cells); a piece type with a range leaves a random
    number of copies off the board. Half of them give the restricted piece a row the plan
    checks."""
    absent_start = placements.absent_start if placements.absent_start >= 0 else placements.n_rows
    checked = np.flatnonzero(np.diff(plan.check_start) > 0).tolist()
    paths = []
    for _ in range(count):
        path: list[int] = []
        for piece, copies in enumerate(placements.piece_counts.tolist()):
            rows = np.flatnonzero(placements.row_piece == piece).tolist()
            real = [row for row in rows if row < absent_start and row not in path]
            absent = [row for row in rows if row >= absent_start]
            if piece == plan.restricted_piece and checked and rng.random() < 0.5:
                real = checked
            placed = rng.randint(0, copies) if absent else copies
            path += rng.sample(real, placed) + absent[:1] * (copies - placed)
        rng.shuffle(path)
        paths.append(path)
    return np.array(paths, dtype=np.int32)


def settled(paths: np.ndarray, placements, plan) -> list[bool]:
    """Which of `paths` the compiled check (kernels/canonical_check.py) keeps: it keeps them
    in their order (equal paths get equal verdicts, so matching in order is exact)."""
    buffer = paths.copy()
    counters = np.zeros(8, dtype=np.int64)
    counters[C_BUFFERED] = counters[C_UNCHECKED] = len(paths)
    settle(counters, buffer, True, plan.restricted_piece, placements.row_piece, plan.images,
           plan.check_start, plan.check_syms, plan.allowed, placements.absent_start,
           np.zeros(2 * paths.shape[1], dtype=np.int32))
    kept = buffer[:counters[C_BUFFERED]].tolist()
    verdicts = []
    for path in paths.tolist():
        verdicts.append(bool(kept) and path == kept[0])
        if verdicts[-1]:
            kept.pop(0)
    assert not kept and counters[C_SOLUTIONS] == sum(verdicts)
    return verdicts


@pytest.mark.parametrize("puzzle", [
    *(load_puzzle(ASSETS / name) for name in KERNEL_OF), DOMINOES,
    load_burrtools(BURRTOOLS / "DemoPieceGenerator.xmpuzzle"),  # copies left off the board
], ids=[*KERNEL_OF, "dominoes", "DemoPieceGenerator"])
def test_numpy_keeps_what_the_numba_and_python_checks_keep(puzzle):
    placements, plan = distinct_plan(puzzle)
    assert needs_check(plan)
    paths = random_paths(placements, plan, random.Random(7), 400)
    kept = canonical(paths, plan, placements.row_piece, placements.absent_start).tolist()
    python = _CanonicalCheck(plan, placements.row_piece.tolist())
    assert kept == [python(path) for path in paths.tolist()] == settled(paths, placements, plan)
    assert 0 < sum(kept) < len(kept)  # both answers were given


def test_a_plan_without_symmetries_to_check_leaves_the_kernel_to_count():
    placements, plan = distinct_plan(load_puzzle(ASSETS / "meteor.json"))
    assert plan.restricted_piece >= 0 and not needs_check(plan)
    all_plan = plan_symmetry(DOMINOES, compile_placements(DOMINOES), "all")
    assert not needs_check(all_plan)
    assert canonical(np.zeros((3, 8), dtype=np.int32), all_plan,
                     np.zeros(1, dtype=np.int32)).all()


@pytest.mark.parametrize("puzzle, kind", [
    *((load_puzzle(ASSETS / name), kind) for name, kind in KERNEL_OF.items()),
    # nearly every solution a node's own (its copies left off), found as it lists children
    (load_burrtools(BURRTOOLS / "DemoPieceGenerator.xmpuzzle"), ExactCoverSearch),
], ids=[*KERNEL_OF, "DemoPieceGenerator"])
def test_unchecked_solutions_filling_buffer_or_limit_change_nothing(puzzle, kind):
    placements, plan = distinct_plan(puzzle)
    roomy = kind(placements, plan)
    expected = run_to_end(roomy)
    unchecked_plan = dataclasses.replace(plan, images=plan.images[:0])
    unchecked = kind(placements, unchecked_plan)
    run_to_end(unchecked)
    assert unchecked.solutions > roomy.solutions == len(expected)  # the check rejected some

    small = kind(placements, plan, max_solutions_buffered=2)
    found = []
    small.run(0)
    while not small.finished:
        status = small.run(10**9)
        taken = small.take_solutions()
        assert len(taken) == 2 or status != BUFFER_FULL  # full of kept solutions only
        found.extend(tuple(sorted(rows)) for rows in taken.tolist())
    assert found == expected and small.nodes == roomy.nodes

    counting = kind(placements, plan, max_solutions_buffered=1)
    while not counting.finished:
        counting.run(10**9, record=False)
    assert (counting.solutions, counting.nodes) == (roomy.solutions, roomy.nodes)

    limited, found = kind(placements, plan), []
    while not limited.finished:
        before = limited.solutions
        limited.run(10**9, solution_limit=before + 7)
        assert limited.solutions == before + 7 or limited.finished
        found.extend(tuple(sorted(rows)) for rows in limited.take_solutions().tolist())
    assert found == expected


def test_copies_left_off_the_board_are_left_out_of_the_comparison_alike():
    """Dominoes 0 to 8 and monominoes 0 to 16 on a 4x4 square: with absent rows that every
    symmetry fixes, comparing the real rows alone keeps exactly what comparing all does."""
    ranged = Puzzle(GridKind.SQUARE, "4x4", board=DOMINOES.board,
                    pieces=(Piece("d", ((0, 0), (1, 0)), 8, least=0),
                            Piece("m", ((0, 0),), 16, least=0)))
    placements, plan = distinct_plan(ranged)
    assert placements.absent_start > 0 and needs_check(plan)
    rng = random.Random(3)
    real = np.flatnonzero(np.arange(placements.n_rows) < placements.absent_start)
    absent = {piece: placements.absent_start + piece for piece in range(2)}
    paths = []
    for _ in range(400):
        path = [int(rng.choice(real)) if rng.random() < 0.3 else absent[piece]
                for piece, copies in enumerate(placements.piece_counts.tolist())
                for _ in range(copies)]
        rng.shuffle(path)
        paths.append(path)
    paths = np.array(paths, dtype=np.int32)
    whole = canonical(paths, plan, placements.row_piece)
    assert np.array_equal(canonical(paths, plan, placements.row_piece, placements.absent_start),
                          whole)
    assert 0 < whole.sum() < len(whole)


def test_a_cell_is_restricted_when_no_piece_can_be(monkeypatch):
    """SolidSixPieceBurrs: every piece has a range, so no piece can be restricted; the cells
    nearest the centre have 8 images under its 24 symmetries, so restricting one finds each
    class of assemblies 8 times rather than 24: the same count, a smaller tree."""
    puzzle = dataclasses.replace(load_burrtools(BURRTOOLS / "SolidSixPieceBurrs.xmpuzzle"),
                                 disassembly=False)
    _, plan = distinct_plan(puzzle)
    assert plan.restricted_piece < 0 and not plan.allowed.all()
    restricted = list(solve(puzzle, "distinct", count_only=True))[-1]
    monkeypatch.setattr(symmetry_module, "_restrict_an_item", lambda *args: None)
    whole = list(solve(puzzle, "distinct", count_only=True))[-1]
    assert restricted.solutions == whole.solutions > 0
    assert restricted.nodes * 2 < whole.nodes
