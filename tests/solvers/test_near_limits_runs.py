"""Searching puzzles near the limits (issue 32, class 5): the general kernel compares and
counts a row over the words it uses, a run with a limit takes its tasks in the order a single
search would, the split's nodes are made from the rows they kill and keep their rows as bits,
and polygui-solve says what it is doing while it prepares."""

from __future__ import annotations

import numpy as np

from solvers import GridKind, Piece, Puzzle
from solvers.placements.words import pack_bits, word_spans
from solvers.search.solve import count_solutions


def test_a_rows_words_span_from_its_first_word_in_use_to_its_last():
    bits = np.zeros((4, 300), dtype=bool)
    bits[0, [70, 200]] = True  # words 1 and 3
    bits[2, 299] = True  # word 4
    bits[3, [0, 63, 64]] = True  # words 0 and 1
    assert word_spans(pack_bits(bits)).tolist() == [[1, 4], [0, 0], [4, 5], [0, 2]]


def straight_tromino_tilings(length: int) -> int:
    """Tilings of a 3 x length strip by 1x3 pieces: the last column holds an upright
    piece, or three lying ones end there."""
    tilings = [1, 1, 1]
    while len(tilings) <= length:
        tilings.append(tilings[-1] + tilings[-3])
    return tilings[length]


def test_the_general_kernel_counts_a_board_of_several_words():
    """3x22 (66 cells: two words, rows across the boundary) by straight trominoes."""
    board = tuple((x, y) for x in range(22) for y in range(3))
    puzzle = Puzzle(GridKind.SQUARE, "3x22", board=board,
                    pieces=(Piece("I", ((0, 0), (1, 0), (2, 0)), count=22),))
    final = count_solutions(puzzle, "all", kernel="general")
    assert final.exhausted and final.solutions == straight_tromino_tilings(22)
