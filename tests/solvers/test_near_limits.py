"""Preparing puzzles near the limits (issue 32, class 5) stays about linear: the work that was
quadratic in the copies of a piece, the rows or the board's cells is checked here on boards
big enough that it would show (24x24 monominoes, a 16x16 flood, a 16x16x8 box), by what is
done (how many additions, whole-board floods, bytes), not by how long it takes."""

from __future__ import annotations

import itertools
import math
import random
import tracemalloc
from collections import deque

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import GridKind, Piece, Puzzle
from solvers.analysis import colour_sums
from solvers.analysis.certificates import certificates
from solvers.kernels import regions
from solvers.placements import compile as compiling
from solvers.placements.compile import (_masks_of, compile_placements, fillable_sizes,
                                        items_to_masks)
from solvers.placements import pruning
from solvers.placements.pruning import uncoverable_rows
from solvers.placements.words import set_bits, unpack_bits
from solvers.search.forced import forced_rows, kernel_rows
from solvers.search.prepare import prepare_puzzle

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def square(width: int, height: int | None = None) -> tuple[tuple[int, int], ...]:
    return tuple(itertools.product(range(width), range(height or width)))


def box(x: int, y: int, z: int) -> tuple[tuple[int, int, int], ...]:
    return tuple(itertools.product(range(x), range(y), range(z)))


# --- the colouring certificate --------------------------------------------------------------
def test_the_copies_of_a_piece_are_summed_by_doubling(monkeypatch):
    """576 monominoes: a dozen additions of sets of sums per colouring, not 576."""
    additions = []
    add = colour_sums.SumSpace.add
    monkeypatch.setattr(colour_sums.SumSpace, "add",
                        lambda self, a, b: additions.append(1) or add(self, a, b))
    board = square(24)
    assert certificates(Puzzle(GridKind.SQUARE, "576", board=board,
                               pieces=(Piece("o", ((0, 0),), count=len(board)),))) == []
    assert 0 < len(additions) <= 2 * 2 * math.ceil(math.log2(len(board)))  # two colourings


def test_the_mutilated_24x24_board_still_gets_its_certificate():
    board = tuple(cell for cell in square(24) if cell not in ((0, 0), (23, 23)))
    puzzle = Puzzle(GridKind.SQUARE, "mutilated", board=board,
                    pieces=(Piece("d", ((0, 0), (1, 0)), count=len(board) // 2),))
    texts = [c.text for c in certificates(puzzle) if c.kind == "colouring"]
    assert texts[0].endswith("(a difference of 2); these pieces can make a difference of at "
                             "most 0")


def brute_sums(options: list[list[tuple]], counts: list[int], bound: tuple) -> set[tuple]:
    sums = {tuple(0 for _ in bound)}
    for choices, copies in zip(options, counts):
        for _ in range(copies):
            sums = {tuple(map(sum, zip(total, choice))) for total in sums for choice in choices
                    if all(a + b <= limit for a, b, limit in zip(total, choice, bound))}
    return sums


@FAST
@given(seed=st.integers(0, 10**9))
def test_sums_by_doubling_are_every_sum_one_copy_at_a_time(seed):
    rng = random.Random(seed)
    k = rng.choice([2, 3])
    options, counts = [], []
    for _ in range(rng.randint(1, 3)):
        size = rng.randint(1, 4)
        vectors = set()
        for _ in range(rng.randint(1, 4)):
            vector = [0] * k
            for _ in range(size):
                vector[rng.randrange(k)] += 1
            vectors.add(tuple(vector))
        options.append(sorted(vectors))
        counts.append(rng.randint(0, 9))
    bound = tuple(rng.randint(0, 20) for _ in range(k))
    found = colour_sums.reachable_sums([np.array(o) for o in options], counts, bound)
    assert set(map(tuple, found.tolist())) == brute_sums(options, counts, bound)


# --- the flood that prunes placements ---------------------------------------------------------
def flooded_dead(masks: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray) -> np.ndarray:
    """The oracle: every free cell of every row flooded, breadth first, in Python."""
    cells = unpack_bits(masks, len(neighbours))
    dead = np.zeros(len(masks), dtype=bool)
    for row, blocked in enumerate(cells):
        seen = blocked.copy()
        for start in np.flatnonzero(~seen):
            if seen[start]:
                continue
            seen[start], todo, size = True, deque([start]), 0
            while todo:
                size += 1
                for other in neighbours[todo.popleft()]:
                    if other >= 0 and not seen[other]:
                        seen[other] = True
                        todo.append(other)
            dead[row] |= not fillable[size]
    return dead


def flood_counting_whole_floods(monkeypatch, placements, fillable) -> tuple[np.ndarray, int]:
    """The kernel's Python function (its helpers compiled) with its whole-board floods
    counted, checked against the compiled kernel."""
    whole = []
    real = regions._whole_flood_dead
    monkeypatch.setattr(regions, "_whole_flood_dead",
                        lambda *arguments: whole.append(1) or real(*arguments))
    dead = regions.dead_rows.py_func(placements.masks, placements.neighbours, fillable)
    assert np.array_equal(dead, regions.dead_rows(placements.masks, placements.neighbours,
                                                  fillable))
    return dead, len(whole)


def test_a_row_is_flooded_beside_it_not_across_the_board(monkeypatch):
    """L-trominoes on 16x16 less a corner: the rows that cut a corner off die, found by
    flooding beside each row only (the board is four times the local flood's reach)."""
    board = tuple(cell for cell in square(16) if cell != (15, 15))
    puzzle = Puzzle(GridKind.SQUARE, "trominoes", board=board,
                    pieces=(Piece("L", ((0, 0), (1, 0), (0, 1)), count=len(board) // 3),))
    placements = compile_placements(puzzle, prune=False)
    fillable = fillable_sizes(puzzle)
    assert len(board) > 2 * regions.LOCAL_REGION
    dead, whole = flood_counting_whole_floods(monkeypatch, placements, fillable)
    assert whole == 0
    assert dead.any() and np.array_equal(dead, flooded_dead(placements.masks,
                                                            placements.neighbours, fillable))


def test_a_row_closing_a_corridor_between_two_rooms_is_flooded_whole(monkeypatch):
    """Two 8x8 rooms joined by a corridor: a row across it leaves two big regions the local
    floods cannot tell apart from one; those rows (and only a few) flood the board."""
    board = square(8) + tuple((x, 3) for x in range(8, 12)) + tuple(
        (x, y) for x in range(12, 20) for y in range(8))
    puzzle = Puzzle(GridKind.SQUARE, "rooms", board=board,
                    pieces=(Piece("I", ((0, 0), (0, 1), (0, 2))), Piece("o", ((0, 0),), 1)))
    placements = compile_placements(puzzle, prune=False)
    fillable = np.zeros(len(board) + 1, dtype=bool)
    fillable[::3] = True  # regions of 3k cells only: splitting the rooms unevenly is fatal
    dead, whole = flood_counting_whole_floods(monkeypatch, placements, fillable)
    assert 0 < whole < placements.n_rows // 10
    assert np.array_equal(dead, flooded_dead(placements.masks, placements.neighbours, fillable))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex"]))
def test_the_kernel_floods_random_large_boards_as_the_oracle_does(seed, kind):
    rng = random.Random(seed)
    width, height = rng.randint(9, 14), rng.randint(9, 14)
    holes = rng.choice([0, 0.05, 0.2])
    board = [cell for cell in square(width, height) if rng.random() >= holes]
    wall = rng.randrange(width)
    board = [(x, y) for x, y in board if x != wall or y in (0, height - 1) or rng.random() < 0.1]
    shapes = [((0, 0), (1, 0)), ((0, 0), (1, 0), (2, 0)), ((0, 0), (1, 0), (0, 1)),
              tuple((0, y) for y in range(6))]
    pieces = tuple(Piece(f"p{i}", shape, count=rng.randint(1, 4))
                   for i, shape in enumerate(rng.sample(shapes, rng.randint(1, 3))))
    placements = compile_placements(Puzzle(GridKind(kind), "random", board=tuple(board),
                                           pieces=pieces), prune=False)
    fillable = np.array([size == 0 or rng.random() < 0.7 for size in range(len(board) + 1)])
    assert np.array_equal(regions.dead_rows(placements.masks, placements.neighbours, fillable),
                          flooded_dead(placements.masks, placements.neighbours, fillable))


# --- the reduce step and the forced rows: never a rows x items array --------------------------
def dicubes(corner: bool = False) -> Puzzle:
    """A 16x16x8 box of dicubes (2,048 cells, 32 words a row, 5,632 placements); `corner`:
    with a piece of two walls meeting along an edge of the box (248 cells), which fits in
    four ways, all one under the box's symmetries: the search places it first and alone."""
    cells = box(16, 16, 8)
    walls = tuple(cell for cell in cells if cell[0] == 0 or cell[1] == 0) if corner else ()
    pieces = (Piece("d", ((0, 0, 0), (1, 0, 0)), count=(len(cells) - len(walls)) // 2),)
    if corner:
        pieces += (Piece("walls", walls),)
    return Puzzle(GridKind.CUBE, "dicubes", board=cells, pieces=pieces)


def peak_bytes(work) -> tuple[object, int]:
    tracemalloc.start()
    try:
        result = work()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_reduce_step_never_unpacks_every_row_over_every_item(monkeypatch):
    """Counted; by bitsets of rows (a bit a row and item) only while they stay under
    MAX_BITSET_WORDS."""
    placements = compile_placements(dicubes(), prune=False)
    dense = placements.n_rows * placements.n_items  # bytes of a rows x items bool array
    required = np.ones(placements.n_items, dtype=bool)
    least = placements.piece_counts.astype(np.int32)
    reduce = lambda rows: uncoverable_rows(  # noqa: E731
        placements.masks[:rows], placements.row_piece[:rows], required, least,
        in_numpy=False, way="counted")
    reduce(2)  # the kernel loaded (or compiled) before measuring
    dead, peak = peak_bytes(lambda: reduce(placements.n_rows))
    assert not dead.any() and peak < dense / 8, (peak, dense)
    rows, items = set_bits(placements.masks)
    assert "bitsets" in pruning._costs(placements.n_rows, rows, items, required, least)
    monkeypatch.setattr(pruning, "MAX_BITSET_WORDS", placements.n_items * (placements.n_rows // 64))
    assert "bitsets" not in pruning._costs(placements.n_rows, rows, items, required, least)
    with pytest.raises(ValueError, match="bitsets way is not offered"):
        uncoverable_rows(placements.masks, placements.row_piece, required, least,
                         in_numpy=False, way="bitsets")


def test_the_forced_rows_leave_the_masks_without_a_rows_x_items_array():
    prepared = prepare_puzzle(dicubes(corner=True))
    placements, root = prepared.placements, prepared.plan.root_rows
    assert len(forced_rows(placements, root)) == 1
    searched, peak = peak_bytes(lambda: kernel_rows(placements, root))
    assert peak < placements.n_rows * placements.n_items / 4  # the new masks take 1 / 8
    cells = unpack_bits(placements.masks, placements.n_items)  # the oracle, outside the peak
    left = ~cells[forced_rows(placements, root)].any(axis=0)
    assert np.array_equal(unpack_bits(searched.masks, int(left.sum())), cells[:, left])
    assert set(searched.root_rows.tolist()) == {
        row for row in root.tolist() if not (cells[row] & ~left).any() or row in
        forced_rows(placements, root)}


def test_set_bits_are_the_rows_items():
    rng = np.random.default_rng(3)
    bits = rng.random((300, 200)) < 0.05
    masks = items_to_masks([tuple(np.flatnonzero(row).tolist()) for row in bits], 200)
    rows, items = set_bits(masks)
    assert [rows.tolist(), items.tolist()] == [a.tolist() for a in np.nonzero(bits)]


def test_masks_are_made_alike_for_many_small_rows_and_few_large_ones():
    rng = np.random.default_rng(4)
    for rows, cells, items in ((400, 5, 4096), (2, 300, 700)):
        chosen = np.array([rng.choice(items, cells, replace=False) for _ in range(rows)])
        assert np.array_equal(_masks_of(chosen, (items + 63) // 64),
                              items_to_masks([tuple(row) for row in chosen.tolist()], items))


def test_the_certificates_placements_serve_the_search_however_large(monkeypatch):
    """Compiled once for the certificates and the search, even past the bytes the cache
    keeps in all (the newest entry is kept whatever its size)."""
    compiling.forget_recent()
    monkeypatch.setattr(compiling, "_RECENT_BYTES", 1)
    made = []
    real = compiling._every_placement
    monkeypatch.setattr(compiling, "_every_placement",
                        lambda *arguments: made.append(1) or real(*arguments))
    board = square(12)
    puzzle = Puzzle(GridKind.SQUARE, "dominoes", board=board,
                    pieces=(Piece("d", ((0, 0), (1, 0)), count=len(board) // 2),))
    assert certificates(puzzle) == []
    prepare_puzzle(puzzle)
    assert len(made) == 1
