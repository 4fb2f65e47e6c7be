"""The reduction before searching (BurrTools' "reduce"): placements beside which some cell or
needed piece has no placement left are dropped, as a pairwise brute force finds them, and
never one a solution uses; and a solution's copies left off the board cost one node."""

from __future__ import annotations

import numpy as np
import pytest

from oracle import all_solutions_secondary
from solvers import GridKind, Piece, Puzzle, solve
from solvers.analysis.certificates import certificates
from solvers.placements import pruning
from solvers.placements.compile import compile_placements
from solvers.placements.pruning import WAYS, uncoverable_rows
from solvers.placements.secondary import first_absent_row
from solvers.placements.words import set_bits
from solvers.puzzle.burrtools import load_burrtools
from puzzles import BURRTOOLS, shipped
from test_secondary_items import secondary_puzzle

BURRS = BURRTOOLS / "SolidSixPieceBurrs.xmpuzzle"


def pairwise_dead(masks: np.ndarray, row_piece: np.ndarray, required: np.ndarray,
                  least: np.ndarray) -> np.ndarray:
    """The oracle: every pair of rows compared, rows dropped until none is."""
    n_items = len(required)
    bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, :n_items]
    alive = np.ones(len(masks), dtype=bool)
    while True:
        rows = np.flatnonzero(alive)
        cells = bits[rows].astype(np.int64)
        apart = (cells @ cells.T) == 0
        reach = (apart.astype(np.int64) @ cells) > 0
        dead = (required & ~cells.astype(bool) & ~reach).any(axis=1)
        for piece in np.flatnonzero(least > 0):
            own = row_piece[rows] == piece
            dead |= ~apart[:, row_piece[rows] == piece].any(axis=1) & (least[piece] > own)
        if not dead.any():
            return ~alive
        alive[rows[dead]] = False


def real_rows(puzzle: Puzzle):
    placements = compile_placements(puzzle, prune=False)
    end = first_absent_row(placements)
    required = np.ones(placements.n_items, dtype=bool)
    required[list(placements.optional_items)] = False
    least = np.array([piece.fewest for piece in puzzle.pieces], dtype=np.int32)
    return placements.masks[:end], placements.row_piece[:end], required, least


def puzzles():
    yield load_burrtools(BURRS)
    yield shipped("meteor.json")
    yield shipped("six-piece-burr.json")
    for seed in range(12):
        yield secondary_puzzle(seed, ("square", "hex", "cube")[seed % 3])[0]


@pytest.mark.parametrize("puzzle", list(puzzles()), ids=lambda puzzle: puzzle.name)
def test_the_reduction_drops_what_a_pairwise_brute_force_drops(puzzle):
    """In each of the kernels' ways (counting the rows a row meets, comparing bitsets of
    rows) and, on one-word boards, in numpy."""
    masks, row_piece, required, least = real_rows(puzzle)
    expected = pairwise_dead(masks, row_piece, required, least)
    assert expected.any() or puzzle.name != "SolidSixPieceBurrs: Problem 1"
    for way in WAYS:
        assert np.array_equal(uncoverable_rows(masks, row_piece, required, least,
                                               in_numpy=False, way=way), expected), way
    if masks.shape[1] == 1:
        assert np.array_equal(uncoverable_rows(masks, row_piece, required, least,
                                               in_numpy=True), expected)


def test_a_burr_file_is_reduced_by_bitsets():
    """The way that made SolidSixPieceBurrs' reduce step 7x faster than the next best
    (docs/benchmarks.md, time to answer, 2026-11-28 09:45) is the one its estimate picks."""
    masks, row_piece, required, least = real_rows(load_burrtools(BURRS))
    rows, items = set_bits(masks)
    costs = pruning._costs(len(masks), rows, items, required, least)
    assert set(costs) == set(WAYS) and min(costs, key=costs.get) == "bitsets"


@pytest.mark.parametrize("seed", range(20))
def test_no_placement_a_solution_uses_is_dropped(seed):
    puzzle, board, pieces, optional = secondary_puzzle(seed, ("square", "hex", "cube")[seed % 3])
    if puzzle.problems():
        return
    kept = compile_placements(puzzle)
    index = {cell: item for item, cell in enumerate(kept.cells)}
    kept_rows = {(int(piece), frozenset(items))
                 for piece, items in zip(kept.row_piece, kept.row_items) if items}
    for solution in all_solutions_secondary(puzzle.kind.value, board, pieces, optional):
        for piece, cells in solution:
            assert (piece, frozenset(index[cell] for cell in cells)) in kept_rows


def test_most_placements_of_six_burr_pieces_go_before_searching():
    """A burr piece that fits its slot often leaves a crossing no piece can fill."""
    puzzle = load_burrtools(BURRS)
    before = first_absent_row(compile_placements(puzzle, prune=False))
    after = first_absent_row(compile_placements(puzzle))
    assert after < before / 4


def test_the_copies_left_off_the_board_are_settled_in_one_node():
    """A row of three cells, a domino and a monomino that may be placed up to k times: once
    the cells are covered, the copies left off take no node each, so the tree is the same
    for every k."""
    def solved(most: int):
        puzzle = Puzzle(GridKind.SQUARE, "row", board=((0, 0), (1, 0), (2, 0)),
                        pieces=(Piece("D", ((0, 0), (1, 0)), 1),
                                Piece("M", ((0, 0),), most, least=0)))
        return list(solve(puzzle, "all", count_only=True))[-1]

    few, many = solved(2), solved(40)
    assert few.solutions == many.solutions == 2
    assert few.nodes == many.nodes


def test_leaving_the_open_copies_off_beside_optional_cells_takes_no_node():
    """Beside optional cells a monomino could still take, leaving every copy still open off
    the board is a node's own solution, not a child, nor a chain of one node per copy left
    off (DemoPieceGenerator: 7,819 nodes -> 1,763): the tree of the row (a domino on two of
    its cells, monominoes on a subset of the rest) is the same however many copies wait."""
    cells = [(x, 0) for x in range(5)]
    domino, monomino = [(0, 0), (1, 0)], [(0, 0)]

    def solved(most: int):
        puzzle = Puzzle(GridKind.SQUARE, "row", board=tuple(cells), optional=tuple(cells[2:]),
                        pieces=(Piece("D", tuple(domino), 1), Piece("M", tuple(monomino), most,
                                                                   least=0)))
        return list(solve(puzzle, "all", count_only=True))[-1]

    few, many = solved(4), solved(40)
    expected = all_solutions_secondary("square", cells, [(domino, (1, 1), True),
                                                         (monomino, (0, 4), True)], cells[2:])
    assert few.solutions == many.solutions == len(expected) > 4
    assert few.nodes == many.nodes


def test_an_optional_cell_no_piece_reaches_is_no_reason_for_no_solution():
    """A domino on two cells, and a cell apart that may stay empty."""
    puzzle = Puzzle(GridKind.SQUARE, "apart", board=((0, 0), (1, 0), (3, 0)),
                    optional=((3, 0),), pieces=(Piece("D", ((0, 0), (1, 0)), 1),))
    assert not [c for c in certificates(puzzle) if c.kind == "uncoverable"]
    assert list(solve(puzzle, "all", count_only=True))[-1].solutions == 1


def test_a_reduction_that_leaves_a_piece_nowhere_is_left_to_the_search():
    """Five T-tetrominoes in a 4x5 box one cube high: the reduction would drop every place
    of the T. The puzzle is searched instead (no solution), so that Why-no-solution can name
    the reason (the checkerboard) rather than a piece that cannot go anywhere."""
    t_shape = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0))
    puzzle = Puzzle(GridKind.CUBE, "five Ts", board=tuple(
        (x, y, 0) for x in range(5) for y in range(4)), pieces=(Piece("T", t_shape, 5),))
    masks, row_piece, required, least = real_rows(puzzle)
    assert uncoverable_rows(masks, row_piece, required, least).all()
    assert first_absent_row(compile_placements(puzzle)) > 0  # not applied
    final = list(solve(puzzle, "distinct", count_only=True))[-1]
    assert final.exhausted and final.solutions == 0
