"""Preparing puzzles near the limits (issue 32, class 5) stays about linear: the work that was
quadratic in the copies of a piece, the rows or the board's cells is checked here on boards
big enough that it would show (24x24 monominoes, a 16x16 flood, a 16x16x8 box), by what is
done (how many additions, whole-board floods, bytes), not by how long it takes."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import GridKind, Piece, Puzzle
from solvers.analysis import colour_sums
from solvers.analysis.certificates import certificates

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def square(width: int, height: int | None = None) -> tuple[tuple[int, int], ...]:
    return tuple(itertools.product(range(width), range(height or width)))


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
